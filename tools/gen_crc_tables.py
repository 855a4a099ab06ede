#!/usr/bin/env python3
"""Generates the lookup tables of the `fast` CRC implementations.

The tables live as `static const` arrays inside src/algorithms/crc/*_fast.c
(ROM on the consoles), between the marker lines

    /* BEGIN GENERATED TABLE <name>: tools/gen_crc_tables.py, do not edit */
    /* END GENERATED TABLE <name> */

Usage (from the repository root):

    python3 tools/gen_crc_tables.py            # rewrite the tables in place
    python3 tools/gen_crc_tables.py --check    # exit 1 if a table is stale
    python3 tools/gen_crc_tables.py --print    # print every table to stdout

Every table is computed bit by bit from the catalogue parameters in
docs/ROSTER.md and then checked: the table-driven CRC of "123456789" must
equal the catalogue's check value before anything is written.

Table layouts (T[0] is the classic byte-at-a-time table; T[k] advances a
byte by k more zero bytes, which is what slicing-by-N needs):
  crc8      uint8_t  T[8][256]  MSB first, slicing-by-8 (2 KiB)
  crc16     uint16_t T[8][256]  MSB first, slicing-by-8 (4 KiB)
  crc32     uint32_t T[8][256]  reflected, slicing-by-8 (8 KiB)
  crc32c    uint32_t T[8][256]  reflected, slicing-by-8 (8 KiB)
  crc64     hb_u64   T[4][256]  MSB first, slicing-by-4 (8 KiB; HB_U64_INIT,
                                so the same text builds with -DHB_U64_PAIR)
  crc64_xz  hb_u64   T[4][256]  reflected, slicing-by-4 (8 KiB)
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SRC = os.path.join(ROOT, "src", "algorithms", "crc")

CHECK = b"123456789"

# name: (width, poly, init, reflected, xorout, check, slices, file)
SPECS = {
    "crc8": (8, 0x07, 0x00, False, 0x00, 0xF4, 8, "crc8_fast.c"),
    "crc16": (16, 0x1021, 0x0000, False, 0x0000, 0x31C3, 8, "crc16_fast.c"),
    "crc32": (32, 0x04C11DB7, 0xFFFFFFFF, True, 0xFFFFFFFF, 0xCBF43926, 8, "crc32_fast.c"),
    "crc32c": (32, 0x1EDC6F41, 0xFFFFFFFF, True, 0xFFFFFFFF, 0xE3069283, 8, "crc32c_fast.c"),
    "crc64": (64, 0x42F0E1EBA9EA3693, 0, False, 0, 0x6C40DF5F0B497347, 4, "crc64_fast.c"),
    "crc64_xz": (64, 0x42F0E1EBA9EA3693, (1 << 64) - 1, True, (1 << 64) - 1,
                 0x995DC9BBDF1939FA, 4, "crc64_xz_fast.c"),
}


def reflect(v, width):
    r = 0
    for _ in range(width):
        r = (r << 1) | (v & 1)
        v >>= 1
    return r


def make_tables(width, poly, reflected, slices):
    mask = (1 << width) - 1
    t0 = []
    if reflected:
        rpoly = reflect(poly, width)
        for b in range(256):
            c = b
            for _ in range(8):
                c = (c >> 1) ^ rpoly if c & 1 else c >> 1
            t0.append(c)
    else:
        top = 1 << (width - 1)
        for b in range(256):
            c = b << (width - 8)
            for _ in range(8):
                c = ((c << 1) ^ poly) & mask if c & top else (c << 1) & mask
            t0.append(c)
    tables = [t0]
    for _ in range(1, slices):
        prev = tables[-1]
        if reflected:
            tables.append([(v >> 8) ^ t0[v & 0xFF] for v in prev])
        elif width == 8:
            tables.append([t0[v] for v in prev])
        else:
            tables.append([((v << 8) & mask) ^ t0[v >> (width - 8)] for v in prev])
    return tables


def table_crc(spec, tables, data):
    """Byte-at-a-time CRC with T[0], and slicing with every table, both
    checked against each other (and, by the caller, the catalogue)."""
    width, poly, init, reflected, xorout, check, slices, _ = spec
    mask = (1 << width) - 1
    t0 = tables[0]
    crc = init
    for b in data:
        if reflected:
            crc = t0[(crc ^ b) & 0xFF] ^ (crc >> 8)
        else:
            crc = ((crc << 8) & mask) ^ t0[((crc >> (width - 8)) ^ b) & 0xFF]
    bytewise = crc ^ xorout
    # slicing over whole groups of `slices` bytes, then bytewise
    crc = init
    n = len(data) - len(data) % slices
    for i in range(0, n, slices):
        grp = data[i:i + slices]
        if reflected:
            v = crc ^ int.from_bytes(grp, "little")
            rest = v >> (8 * slices)
            v &= (1 << (8 * slices)) - 1
            acc = rest
            for k in range(slices):
                acc ^= tables[slices - 1 - k][(v >> (8 * k)) & 0xFF]
        else:
            if width >= 8 * slices:
                v = crc ^ (int.from_bytes(grp, "big") << (width - 8 * slices))
                acc = (v << (8 * slices)) & mask
                for k in range(slices):
                    acc ^= tables[slices - 1 - k][(v >> (width - 8 - 8 * k)) & 0xFF]
            else:  # the whole register is consumed by the first width/8 bytes
                top = crc.to_bytes(width // 8, "big")
                acc = 0
                for k in range(slices):
                    b = grp[k] ^ (top[k] if k < width // 8 else 0)
                    acc ^= tables[slices - 1 - k][b]
        crc = acc
    for b in data[n:]:
        if reflected:
            crc = t0[(crc ^ b) & 0xFF] ^ (crc >> 8)
        else:
            crc = ((crc << 8) & mask) ^ t0[((crc >> (width - 8)) ^ b) & 0xFF]
    sliced = crc ^ xorout
    if sliced != bytewise:
        raise SystemExit("internal error: slicing and bytewise disagree")
    return bytewise


def c_text(name, spec, tables):
    width, poly, init, reflected, xorout, check, slices, _ = spec
    ctype = {8: "uint8_t", 16: "uint16_t", 32: "uint32_t", 64: "hb_u64"}[width]
    if width == 8:
        fmt, per_line = (lambda v: "0x%02Xu" % v), 8
    elif width == 16:
        fmt, per_line = (lambda v: "0x%04Xu" % v), 8
    elif width == 32:
        fmt, per_line = (lambda v: "0x%08XUL" % v), 4
    else:
        fmt, per_line = (lambda v: "HB_U64_INIT(0x%08XUL, 0x%08XUL)" % (v >> 32, v & 0xFFFFFFFF)), 2
    lines = ["static const %s %s_table[%d][256] = {" % (ctype, name, slices)]
    for k, t in enumerate(tables):
        lines.append("    {")
        for i in range(0, 256, per_line):
            row = ", ".join(fmt(v) for v in t[i:i + per_line])
            last = i + per_line >= 256
            lines.append("        " + row + ("" if last else ","))
        lines.append("    }" + ("," if k + 1 < len(tables) else ""))
    lines.append("};")
    return "\n".join(lines) + "\n"


def begin_marker(name):
    return "/* BEGIN GENERATED TABLE %s: tools/gen_crc_tables.py, do not edit */\n" % name


def end_marker(name):
    return "/* END GENERATED TABLE %s */" % name


def main(argv):
    mode = "write"
    if "--check" in argv:
        mode = "check"
    elif "--print" in argv:
        mode = "print"
    stale = 0
    for name, spec in SPECS.items():
        width, poly, init, reflected, xorout, check, slices, fname = spec
        tables = make_tables(width, poly, reflected, slices)
        got = table_crc(spec, tables, CHECK)
        if got != check:
            raise SystemExit("%s: check value %x, catalogue says %x" % (name, got, check))
        text = c_text(name, spec, tables)
        if mode == "print":
            sys.stdout.write(begin_marker(name) + text + end_marker(name) + "\n\n")
            continue
        path = os.path.join(SRC, fname)
        with open(path) as f:
            src = f.read()
        pat = re.compile(re.escape(begin_marker(name)) + r".*?" + re.escape(end_marker(name)),
                         re.S)
        if not pat.search(src):
            raise SystemExit("%s: markers for table %s not found" % (path, name))
        new = pat.sub(lambda m: begin_marker(name) + text + end_marker(name), src)
        if new != src:
            if mode == "check":
                print("stale: %s (table %s)" % (os.path.relpath(path, ROOT), name))
                stale += 1
            else:
                with open(path, "w") as f:
                    f.write(new)
                print("wrote %s (table %s)" % (os.path.relpath(path, ROOT), name))
    if mode == "check":
        print("%d tables stale" % stale if stale else "all CRC tables up to date")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

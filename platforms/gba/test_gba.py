#!/usr/bin/env python3
"""The GBA ROM's checks: two headless runs in mGBA (each with two passes),
then

  - the results record validates against docs/schema/results.schema.json;
  - all 40 algorithms are there, every implementation the host registry
    has in portable C (portable, fast), both builds (Thumb in ROM, ARM in
    IWRAM), all three sizes, with cycle-exact timing at 16.78 MHz and the
    WAITCNT setting recorded;
  - every digest equals the host's: tests/vectors/workload-digests.txt at
    1024 bytes, `build/hashbench sum` of the same workload at 64 and 256;
  - cycle counts repeat exactly: between the two passes of one run and
    between the two runs;
  - the screenshots are not blank, differ from view to view, repeat exactly
    between passes and runs, and the table screens show the title, the
    header, the algorithm names in roster order and the digest column,
    rendered with the ROM's own font (read from font5x7.c) exactly where the
    ROM draws them.

Ends with "N passed, N failed".  Run from the repository root, after
`make roms` and the runner are built (make test-gba does both).
"""
import json
import os
import re
import struct
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
os.chdir(ROOT)

passed = failed = 0


def check(ok, what, detail=""):
    global passed, failed
    if ok:
        passed += 1
        print(f"ok   {what}")
    else:
        failed += 1
        print(f"FAIL {what}" + (f": {detail}" if detail else ""))
    return ok


def make_cmd():
    """make with the platform targets (the top Makefile may not include them)."""
    top = (ROOT / "Makefile").read_text()
    if "platforms/platforms.mk" in top:
        return ["make", "-s"]
    return ["make", "-s", "-f", "Makefile", "-f", "platforms/platforms.mk"]


def run(out_dir):
    out_dir.mkdir(parents=True, exist_ok=True)
    proc = subprocess.run(make_cmd() + ["build/hashbench", "retro-gba", f"GBA_RETRO={out_dir}"], stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True)
    check(proc.returncode == 0, f"headless run into {out_dir}", proc.stdout[-2000:])
    path = out_dir / "results.json"
    if not path.exists():
        return None
    return json.loads(path.read_text())


def read_png(path):
    """(width, height, rows of RGB bytes) of an 8-bit RGB PNG with filter 0 rows."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        crc = struct.unpack(">I", data[pos + 8 + n:pos + 12 + n])[0]
        assert zlib.crc32(kind + body) == crc, f"bad CRC in {kind}"
        if kind == b"IHDR":
            width, height, depth, ctype = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and ctype == 2, "expected 8-bit RGB"
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    stride = width * 3 + 1
    rows = []
    for y in range(height):
        assert raw[y * stride] == 0, "expected filter type 0"
        rows.append(raw[y * stride + 1:(y + 1) * stride])
    return width, height, rows


def load_font():
    src = (ROOT / "platforms/gba/font5x7.c").read_text()
    chars = re.search(r'font5x7_chars\[\] = "(.*)";', src).group(1)
    glyphs = re.findall(r'^\s*((?:"[.#]{5}"\s*){7}),', src, re.M)
    font = {}
    for ch, g in zip(chars, glyphs):
        font[ch] = "".join(re.findall(r'"([.#]{5})"', g))
    return font


FONT = load_font()
CELL_W, CELL_H = 6, 8


def cell_matches(img, col, row, ch):
    """The 6x8 cell shows glyph ch: lit pixels share one colour, the rest
    share the background colour, and the two differ."""
    _, _, rows = img
    ch = ch.upper()
    if ch not in FONT:
        return False
    glyph = FONT[ch]
    bg = rows[CELL_H - 1][0:3]             # a cell's eighth pixel row is always background
    fg = None
    for y in range(CELL_H):
        line = rows[row * CELL_H + y]
        for x in range(CELL_W):
            px = line[(col * CELL_W + x) * 3:(col * CELL_W + x) * 3 + 3]
            lit = y < 7 and x < 5 and glyph[y * 5 + x] == "#"
            if lit:
                if fg is None:
                    fg = px
                if px != fg or px == bg:
                    return False
            elif px != bg:
                return False
    return True


def text_at(img, col, row, text):
    return all(cell_matches(img, col + i, row, c) for i, c in enumerate(text))


def best_impl(results, algo, build):
    names = {r["implementation"] for r in results if r["algorithm"] == algo and r["implementation"].endswith("@" + build)}
    return f"fast@{build}" if f"fast@{build}" in names else f"portable@{build}"


def check_table_screen(img, title_build, label, results, ids):
    ok = text_at(img, 0, 0, "HASHBENCH GBA") and text_at(img, 15, 0, label) and text_at(img, 1, 2, "ALGORITHM")
    check(ok, f"{title_build}: title and header drawn in the ROM's font")
    digest = {(r["algorithm"], r["implementation"]): r["digest"] for r in results if r["size"] == 1024}
    bad = []
    for i, algo in enumerate(ids[:16]):          # page 1, category order = roster order
        row = 3 + i
        if not text_at(img, 1, row, algo.upper()):
            bad.append(f"row {row}: {algo}")
            continue
        d = digest[(algo, best_impl(results, algo, title_build))][:4].upper().ljust(4, "0")
        if not text_at(img, 34, row, d):
            bad.append(f"row {row}: digest column {d}")
    check(not bad, f"{title_build}: 16 rows show the roster's algorithms and their digests' first bytes",
          "; ".join(bad[:5]))


def host_sum(algo, impl, path):
    out = subprocess.run(["build/hashbench", "sum", "-a", algo, "--impl", impl, str(path)],
                         stdout=subprocess.PIPE, text=True, check=True).stdout
    return out.split()[0]


def main():
    work = ROOT / "build/retro/gba-test"
    r1 = run(work / "run1")
    r2 = run(work / "run2")
    if r1 is None or r2 is None:
        print(f"{passed} passed, {failed + 1} failed")
        return 1

    # the record
    try:
        import jsonschema
        schema = json.loads((ROOT / "docs/schema/results.schema.json").read_text())
        errors = [e.message for e in jsonschema.Draft202012Validator(schema).iter_errors(r1)]
        check(not errors, "results validate against the schema", "; ".join(errors[:3]))
    except ImportError:
        check(False, "results validate against the schema", "jsonschema missing (sh tools/setup.sh test)")
    ctx = r1["context"]
    check(ctx["platform"] == "gba" and ctx["clock_hz"] == 16777216 and ctx["console"]["waitcnt"] == "0x4317",
          "context: platform gba, 16.78 MHz, WAITCNT 0x4317 recorded", json.dumps(ctx)[:300])
    check(r1["warnings"] == [], "no run-wide warnings", "; ".join(r1["warnings"][:3]))
    res = r1["results"]
    check(all(r["timing_fidelity"] == "cycle-exact" and r["cycles_per_byte"] > 0 and r["iterations_per_sample"] >= 1
              for r in res), "every result cycle-exact with a positive cycle count")

    # all 40, every implementation, both builds, all sizes
    host = json.loads(subprocess.run(["build/hashbench", "list", "--format", "json"], stdout=subprocess.PIPE,
                                     text=True, check=True).stdout)
    ids = [a["id"] for a in host]
    check(len(ids) == 40 and sorted({r["algorithm"] for r in res}) == sorted(ids),
          "all 40 algorithms of the roster are in the results")
    want = set()
    for a in host:
        for impl in a["implementations"]:
            if impl["name"] in ("portable", "fast"):
                for build in ("thumb-rom", "arm-iwram"):
                    for size in (64, 256, 1024):
                        want.add((a["id"], f"{impl['name']}@{build}", size))
    have = {(r["algorithm"], r["implementation"], r["size"]) for r in res}
    check(want == have, f"every implementation x build x size present ({len(want)} results)",
          f"missing {sorted(want - have)[:5]}, extra {sorted(have - want)[:5]}")

    # digests against the host
    ref = {}
    for line in (ROOT / "tests/vectors/workload-digests.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            algo, digest = line.split()
            ref[algo] = digest
    with tempfile.TemporaryDirectory() as tmp:
        files = {}
        for n in (64, 256):
            files[n] = Path(tmp) / f"workload{n}"
            files[n].write_bytes(bytes((i * 31 + 7) & 0xFF for i in range(n)))
        for algo in ids:
            expect = {1024: ref[algo]}
            for n in (64, 256):
                expect[n] = host_sum(algo, "portable", files[n])
            bad = [f"{r['implementation']} {r['size']}: {r['digest']} != {expect[r['size']]}"
                   for r in res if r["algorithm"] == algo and r["digest"] != expect[r["size"]]]
            check(not bad, f"{algo}: digests equal the host's at 64, 256, 1024 bytes", "; ".join(bad[:3]))

    # repeatability
    within = [f"{r['algorithm']} {r['implementation']} {r['size']}" for r in res
              if len(r["samples_ticks"]) != 2 or r["samples_ticks"][0] != r["samples_ticks"][1]]
    check(not within, "cycle counts identical in pass 1 and pass 2 of a run", "; ".join(within[:3]))
    t2 = {(r["algorithm"], r["implementation"], r["size"]): r["samples_ticks"] for r in r2["results"]}
    across = [f"{r['algorithm']} {r['implementation']} {r['size']}" for r in res
              if t2.get((r["algorithm"], r["implementation"], r["size"])) != r["samples_ticks"]]
    check(not across, "cycle counts identical between two runs", "; ".join(across[:3]))

    # screenshots
    shots = sorted((work / "run1").glob("*.png"))
    imgs = {p.name: read_png(p) for p in shots}
    check(len(imgs) == 7, "seven screenshots written", ", ".join(imgs))
    blank = [n for n, (_, _, rows) in imgs.items() if len({bytes(row[i:i + 3]) for row in rows
                                                          for i in range(0, len(row), 3)}) < 3]
    check(not blank and all(w == 240 and h == 160 for w, h, _ in imgs.values()),
          "screenshots are 240x160 and not blank", ", ".join(blank))
    views = [n for n in imgs if n != "2-thumb-rom-rerun.png"]
    distinct = len({b"".join(imgs[n][2]) for n in views}) == len(views)
    check(distinct, "each view (sort, size sweep, build) looks different")
    check(imgs["1-thumb-rom.png"][2] == imgs["2-thumb-rom-rerun.png"][2],
          "the table after the rerun (B) is pixel-identical to the first")
    same_runs = [p.name for p in shots if read_png(work / "run2" / p.name)[2] != imgs[p.name][2]]
    check(not same_runs, "screenshots identical between the two runs", ", ".join(same_runs))
    check_table_screen(imgs["1-thumb-rom.png"], "thumb-rom", "THUMB ROM", res, ids)
    check_table_screen(imgs["final.png"], "arm-iwram", "ARM IWRAM", res, ids)

    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

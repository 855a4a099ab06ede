#!/usr/bin/env python3
"""Counts the NES ROM's own code in sim65: the same bytes at the same
addresses Nestopia runs, so the two counts can be compared to the cycle.

Why: a 6502 takes one cycle more for a taken branch into another page and
for an indexed load across a page, so a count belongs to one layout of the
code.  The sim65 programs of this folder are linked differently from the
ROM; moving their code by 37 to 211 bytes changed some counts by up to 3%
(docs/consoles/nes-sim65.md).  This script builds, per implementation and
size, a sim65 program out of the ROM image instead:

  - the fixed bank at $C000 and the implementation's bank at $8000 (the
    ROM's own table nes_bank_table says which), its DATA copied to RAM as
    the ROM's start-up does, the canonical workload in hbt_msg;
  - hbt_timer_start/stop patched to return at once (they wait for a video
    frame, which sim65 has not; they run once per measurement, outside the
    loop, and cancel below);
  - a 40-byte entry at $0200 that calls the ROM's hbt_measure(impl,
    hbt_msg, size, calls, hbt_digest, &hbt_ctx) through cc65's calling
    convention, writes the digest to stdout and exits (sim65's paravirtual
    write and exit at $FFF7 and $FFF9).

Each is run with 1 and with 2 calls: the difference is one pass of the ROM's
timed loop (init, update, final through its registry adapters) and must
repeat with 3 calls.  Symbols come from the ROM's label file (ld65 -Ln).

    rom_sim65.py [--rom FILE] [--sym FILE] [--out FILE] [--jobs N]

writes OUT (default build/sim65/rom-cycles.json): [{"algorithm", "implementation",
"size", "cycles", "digest"}, ...].  Exit 1 on any failed or inexact run.
"""
import argparse
import concurrent.futures
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
SIZES = (64, 256, 1024)
BANK = 0x4000
LOAD = 0x0200                   # where the image starts and the entry runs
MEASURE_SP = 0x0700             # hbt_measure's arguments; its stack grows down from here
WRITE_SP = 0x07F0               # write()'s arguments, out of the way of the above
PV_WRITE, PV_EXIT = 0xFFF7, 0xFFF9
IMAGE_END = 0xFFE0              # below the vectors and sim65's paravirtual entries


def symbols(path):
    table = {}
    for line in Path(path).read_text().splitlines():
        f = line.split()
        if len(f) == 3 and f[0] == "al":
            table[f[2].lstrip(".")] = int(f[1], 16)
    return table


def need(sym, name):
    if name not in sym:
        sys.exit(f"rom_sim65: the ROM's label file has no {name}")
    return sym[name]


def le16(v):
    return bytes((v & 0xFF, v >> 8))


class Rom:
    def __init__(self, rom_path, sym_path):
        data = Path(rom_path).read_bytes()
        if data[:4] != b"NES\x1a":
            sys.exit(f"rom_sim65: {rom_path} is not an iNES file")
        n_banks = data[4]
        self.banks = [data[16 + k * BANK:16 + (k + 1) * BANK] for k in range(n_banks)]
        self.sym = symbols(sym_path)
        s = self.sym
        self.sp = need(s, "sp")
        if self.sp > 0xFE:
            sys.exit("rom_sim65: the C stack pointer is not in zero page")
        self.fixed = self.banks[-1]
        # nes_bank_table: {const hb_impl *impl; unsigned char bank;} x nes_bank_count, in the fixed bank
        count = self.byte(need(s, "_nes_bank_count"))
        table = need(s, "_nes_bank_table")
        impl_at = {addr: name[len("_hb_impl_"):] for name, addr in s.items() if name.startswith("_hb_impl_")}
        self.impls = []
        for i in range(count):
            ptr = self.word(table + 3 * i)
            bank = self.byte(table + 3 * i + 2)
            if bank == 0xFF:
                continue                        # not in the ROM: the ROM records it as not run
            if ptr not in impl_at:
                sys.exit(f"rom_sim65: nes_bank_table[{i}] points at {ptr:#06x}, no hb_impl_* there")
            ident, impl = re.fullmatch(r"(\w+?)_(portable|fast)", impl_at[ptr]).groups()
            self.impls.append((ident.replace("_", "-"), impl, ptr, bank))

    def byte(self, addr):
        if addr < 0xC000:
            sys.exit(f"rom_sim65: {addr:#06x} is not in the fixed bank")
        return self.fixed[addr - 0xC000]

    def word(self, addr):
        return self.byte(addr) | self.byte(addr + 1) << 8

    def image(self, impl_ptr, bank, size, calls, digest_size):
        """The sim65 program: header and memory from LOAD to IMAGE_END."""
        s = self.sym
        mem = bytearray(0x10000)
        mem[0x8000:0xC000] = self.banks[bank]
        mem[0xC000:0x10000] = self.fixed
        run, load, n = need(s, "__DATA_RUN__"), need(s, "__DATA_LOAD__"), need(s, "__DATA_SIZE__")
        mem[run:run + n] = mem[load:load + n]
        msg = need(s, "_hbt_msg")
        mem[msg:msg + size] = bytes((i * 31 + 7) & 0xFF for i in range(size))
        for name in ("_hbt_timer_start", "_hbt_timer_stop"):
            mem[need(s, name)] = 0x60                                   # rts
        digest, ctx, measure = need(s, "_hbt_digest"), need(s, "_hbt_ctx"), need(s, "_hbt_measure")
        # cc65 passes the last argument in A/X and the others on its own
        # stack, pushed left to right (so the first is highest)
        args = le16(digest) + le16(calls) + le16(size) + le16(msg) + le16(impl_ptr)
        mem[MEASURE_SP:MEASURE_SP + len(args)] = args
        wargs = le16(digest) + le16(1)                                  # write(1, digest, n)
        mem[WRITE_SP:WRITE_SP + len(wargs)] = wargs
        sp = self.sp
        code = bytes([0xD8, 0xA2, 0xFF, 0x9A,                           # cld; ldx #$ff; txs (sim65 leaves S unset)
                      0xA9, MEASURE_SP & 0xFF, 0x85, sp, 0xA9, MEASURE_SP >> 8, 0x85, sp + 1,
                      0xA9, ctx & 0xFF, 0xA2, ctx >> 8, 0x20]) + le16(measure) + bytes([
                      0xA9, WRITE_SP & 0xFF, 0x85, sp, 0xA9, WRITE_SP >> 8, 0x85, sp + 1,
                      0xA9, digest_size, 0xA2, 0x00, 0x20]) + le16(PV_WRITE) + bytes([
                      0xA9, 0x00, 0xA2, 0x00, 0x4C]) + le16(PV_EXIT)
        mem[LOAD:LOAD + len(code)] = code
        # header: magic, version 2, 6502, the C stack pointer's zero-page
        # address (for the paravirtual calls), load and start address
        header = b"sim65" + bytes([2, 0, sp]) + le16(LOAD) + le16(LOAD)
        return header + bytes(mem[LOAD:IMAGE_END])


def run(path, digest_size):
    """(cycles, digest bytes): the program writes the raw digest, then sim65 its count."""
    proc = subprocess.run(["sim65", "-c", str(path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    m = re.fullmatch(rb"\n?(\d+) cycles\n?", proc.stdout[digest_size:])
    if proc.returncode != 0 or not m:
        raise RuntimeError(f"{path}: sim65 exit {proc.returncode}: {proc.stderr.decode(errors='replace').strip()}")
    return int(m.group(1)), proc.stdout[:digest_size]


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rom", default="build/roms/hashbench.nes")
    ap.add_argument("--sym", default=None, help="ld65 label file (default ROM.sym)")
    ap.add_argument("--out", default="build/sim65/rom-cycles.json")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    args = ap.parse_args(argv[1:])
    os.chdir(ROOT)
    rom = Rom(args.rom, args.sym or args.rom + ".sym")
    # digest sizes: from the sim65 record (make sim65 comes first)
    sizes = {r["algorithm"]: len(r["digest"]) // 2
             for r in json.loads(Path("build/sim65/results.json").read_text())["results"]}
    problems, results = [], []
    with tempfile.TemporaryDirectory() as tmp:
        def one(job):
            algo, impl, ptr, bank, size = job
            counts, outs = [], []
            for calls in (1, 2, 3):
                path = Path(tmp) / f"{algo}-{impl}-{size}-{calls}.sim"
                path.write_bytes(rom.image(ptr, bank, size, calls, sizes[algo]))
                c, out = run(path, sizes[algo])
                path.unlink()
                counts.append(c)
                outs.append(out)
            d1, d2 = counts[1] - counts[0], counts[2] - counts[1]
            err = []
            if d1 != d2 or d1 <= 0:
                err.append(f"{algo} {impl} {size}: not exact: {d1} then {d2}")
            if len(set(outs)) != 1 or len(outs[0]) != sizes[algo]:
                err.append(f"{algo} {impl} {size}: the digests differ between runs or have the wrong length")
            return {"algorithm": algo, "implementation": impl, "size": size, "bank": bank, "cycles": d1,
                    "digest": outs[0].hex()}, err
        jobs = [(a, i, p, b, s) for a, i, p, b in rom.impls for s in SIZES]
        jobs.sort(key=lambda j: -j[4])
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            for f in [pool.submit(one, j) for j in jobs]:
                try:
                    r, err = f.result()
                except (RuntimeError, KeyError) as e:
                    problems.append(str(e))
                    continue
                results.append(r)
                problems.extend(err)
    results.sort(key=lambda r: (r["algorithm"], r["implementation"], r["size"]))
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    rom_sha256 = hashlib.sha256(Path(args.rom).read_bytes()).hexdigest()
    Path(args.out).write_text(json.dumps({"rom": args.rom, "rom_sha256": rom_sha256, "results": results},
                                         indent=1) + "\n")
    for p in problems:
        print(f"rom_sim65: {p}", file=sys.stderr)
    print(f"rom_sim65: {len(results)} counts of the ROM's code, {len(problems)} problems -> {args.out}",
          file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

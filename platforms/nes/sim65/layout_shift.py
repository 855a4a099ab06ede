#!/usr/bin/env python3
"""How much a 6502 cycle count depends on where the code sits.

Relinks every sim65 program of `make sim65` with SHIFT bytes of padding
before its code (a block in the ONCE segment, which ld65 places before
CODE: nothing runs it), counts every implementation at 64 and 1024 bytes
again (N and 2N calls) and compares with build/sim65/results.json.  A taken
branch into another page and an indexed load across a page each cost one
cycle more, so moved code can cost more or less; the figures this prints
are the ones in docs/consoles/nes-sim65.md.  A measurement tool, not a test.

    layout_shift.py SHIFT [SHIFT...]     e.g. layout_shift.py 37 128 211
"""
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
B = Path("build/sim65")
CFG = "platforms/nes/sim65/sim65.cfg"


def count(program, impl_index, size):
    c = []
    for calls in (1, 2):
        out = subprocess.run(["sim65", "-c", str(program), str(impl_index), str(size), str(calls)],
                             stdout=subprocess.PIPE, text=True, check=True).stdout
        c.append(int(out.split()[-2]))
    return c[1] - c[0]


def main(argv):
    shifts = [int(a) for a in argv[1:]]
    if not shifts or min(shifts) < 1:
        sys.exit("usage: layout_shift.py SHIFT [SHIFT...]  (bytes, at least 1)")
    os.chdir(ROOT)
    ref = {(r["algorithm"], r["implementation"], r["size"]): r["samples_ticks"][0]
           for r in json.loads((B / "results.json").read_text())["results"]}
    for shift in shifts:
        with tempfile.TemporaryDirectory() as tmp:
            pad = Path(tmp) / "pad.s"
            pad.write_text(f'        .segment "ONCE"\n        .res {shift}\n')
            subprocess.run(["ca65", "-o", str(pad.with_suffix(".o")), str(pad)], check=True)
            jobs = []
            for man in sorted((B / "bin").glob("*.json")):
                m = json.loads(man.read_text())
                ident = m["algorithm"]
                for impl, prog in m["programs"].items():
                    exe = Path(tmp) / Path(prog).name
                    if not exe.exists():
                        subprocess.run(["ld65", "-C", CFG, "-o", str(exe), str(B / "main" / f"{ident}.o"),
                                        str(B / "hbt_measure.o"), str(B / "stubs" / (Path(prog).stem + ".o")),
                                        str(pad.with_suffix(".o")), str(B / "hashbench.lib"), "sim6502.lib"],
                                       check=True)
                    for size in (64, 1024):
                        jobs.append((exe, ident.replace("_", "-"), impl, size))
            with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as pool:
                got = list(pool.map(lambda j: count(j[0], 0 if j[2] == "portable" else 1, j[3]), jobs))
        devs = sorted(((abs(c - ref[(a, i, s)]) / ref[(a, i, s)], a, i, s) for (_, a, i, s), c in zip(jobs, got)),
                      reverse=True)
        print(f"code moved by {shift} bytes: largest change {devs[0][0] * 100:.2f}% "
              f"({devs[0][1]} {devs[0][2]} {devs[0][3]}); over 1%: {sum(d[0] > 0.01 for d in devs)}, "
              f"over 0.5%: {sum(d[0] > 0.005 for d in devs)} of {len(devs)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

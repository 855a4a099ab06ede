#!/usr/bin/env python3
"""The N64 side by side, as a Markdown table for docs/consoles/n64.md:
per algorithm, mupen64plus's instruction count, cen64's cycles, the cycles
per instruction they imply, and the original suite's ares figure
(data/reference/published.csv) as cycles per byte.

(tools/console_docs.py writes it into the doc; this prints it.)

    tools/n64-compare.py [--mupen build/retro/n64/results.json]
                         [--cen64 build/retro/n64-cen64/results.json] [--build n32] [--size 1024]

One row per algorithm, both implementations (one build: n32 by default,
the original suite's build used 64-bit registers too); the ares figure,
published in kB/s for "portable C", is turned into cycles per byte at
93.75 MHz (kB = 1000 bytes) and set against our best (fewer cycles).  The NOR column counts `nor` instructions in the
implementation's code (objdump of the ELF): cen64 charges 57 cycles for
each NOR executed (vr4300/functions.c), where the VR4300 takes one.
"""
import argparse
import csv
import json
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CLOCK = 93.75e6
ELF = {"o32": ROOT / "build/n64/hashbench.elf", "n32": ROOT / "build/n64/n32/image.elf"}


def ticks(path):
    rec = json.loads(Path(path).read_text())
    return rec, {(r["algorithm"], r["implementation"], r["size"]): r["samples_ticks"][0] for r in rec["results"]}


def nor_counts(elf):
    """{function name: nor instructions} from the cross objdump (empty when it is missing)."""
    try:
        out = subprocess.run(["mips64-linux-gnuabi64-objdump", "-d", "--no-show-raw-insn", str(elf)],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return {}
    counts, fn = {}, None
    for line in out.splitlines():
        m = re.match(r"^[0-9a-f]+ <(.+)>:$", line)
        if m:
            fn = m.group(1)
        elif fn and re.search(r"\tnor\t", line):
            counts[fn] = counts.get(fn, 0) + 1
    return counts


def nor_of(counts, algo, impl):
    """nor instructions in the functions that look like this implementation's
    (hb_<algo>_..._<impl>, and the shared Keccak and RIPEMD-160 helpers)."""
    stem = algo.replace("-", "_")
    stems = {stem}
    if algo.startswith("sha3-"):
        stems = {"keccakf1600", "sha3"}
    if algo == "sha384":
        stems = {"sha512"}
    if algo == "ripemd160" and impl == "portable":
        stems.add("rmd")
    if algo.startswith("hmac") or algo.startswith("pbkdf2"):
        stems = {"sha256"}
    total = 0
    for fn, n in counts.items():
        name = fn.removeprefix("hb_")
        if any(name.startswith(s) for s in stems) and (name.endswith("_" + impl) or not name.endswith(("_fast", "_portable"))):
            if "final" in name or "init" in name:
                continue
            total += n
    return total


def published(path):
    out = {}
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            if row["source"].startswith("hash-bench-n64 README") and row["size_bytes"] == "1024":
                out[row["algorithm"]] = float(row["throughput_kB_per_s"])
    return out


HEADER = ["| algorithm | instr/B portable | instr/B fast | cycles/B portable | cycles/B fast | CPI portable | "
          "CPI fast | NOR portable / fast | ares cycles/B (kB/s) | ares / cen64 best |",
          "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]


def table(mrec, mupen, cen, pub, nors, build, n):
    """The table's lines: one row per algorithm of the mupen64plus record
    (mrec), both implementations of one build at n bytes; mupen and cen are
    ticks() maps, pub published(), nors nor_counts() of that build's ELF."""
    algos = []
    for r in mrec["results"]:
        if r["algorithm"] not in algos:
            algos.append(r["algorithm"])
    lines = list(HEADER)
    for a in algos:
        row = [a]
        got = {}
        for impl in ("portable", "fast"):
            k = (a, f"{impl}@{build}", n)
            if k in cen and k in mupen:
                got[impl] = (mupen[k], 2 * cen[k])
        row += [f"{got[i][0] / n:.1f}" if i in got else "—" for i in ("portable", "fast")]
        row += [f"{got[i][1] / n:.1f}" if i in got else "—" for i in ("portable", "fast")]
        row += [f"{got[i][1] / got[i][0]:.2f}" if i in got else "—" for i in ("portable", "fast")]
        row.append(" / ".join(str(nor_of(nors, a, i)) if i in got else "—" for i in ("portable", "fast"))
                   if nors else "?")
        if a in pub and got:
            ares_cpb = CLOCK / (pub[a] * 1000)
            best = min(c for _, c in got.values()) / n
            row += [f"{ares_cpb:.1f} ({pub[a]:,.0f})", f"{ares_cpb / best:.2f}"]
        else:
            row += ["", ""]
        lines.append("| " + " | ".join(row) + " |")
    return lines


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mupen", default=str(ROOT / "build/retro/n64/results.json"))
    ap.add_argument("--cen64", default=str(ROOT / "build/retro/n64-cen64/results.json"))
    ap.add_argument("--build", default="n32", choices=("o32", "n32"))
    ap.add_argument("--size", type=int, default=1024)
    ap.add_argument("--published", default=str(ROOT / "data/reference/published.csv"))
    args = ap.parse_args()
    mrec, mupen = ticks(args.mupen)
    _, cen = ticks(args.cen64)
    print("\n".join(table(mrec, mupen, cen, published(args.published), nor_counts(ELF[args.build]),
                          args.build, args.size)))


if __name__ == "__main__":
    main()

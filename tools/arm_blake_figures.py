#!/usr/bin/env python3
"""The 32-bit ARM BLAKE2s / BLAKE3 figures of docs/impl-blake.md
("32-bit ARM (NEON)"), from runs, written between its markers.

Needs the armv7 cross build (`cross/run_cross.py armv7`: build/cross/armv7/,
Thumb-2, -mcpu=cortex-a8) and the tools/qemu-insn plugin it builds.

  instruction counts: the cross harness's `count` at 1 KiB and 64 KiB on
    qemu-arm -cpu cortex-a8 (the cross tier counts only up to 1 KiB, too
    short for BLAKE3's four chunks side by side), per byte, for portable,
    fast and neon (and BLAKE3's mt);
  llvm-mca: each kernel's hot loop as gcc compiled it (the objects of the
    armv7 build, objdump), cycles per byte by llvm-mca-14's models.  LLVM
    has no Cortex-A8 model llvm-mca can use (it has only itineraries, which
    llvm-mca refuses); Cortex-A9's is the nearest ARMv7-A core with NEON it
    has, and Cortex-A72's is a Raspberry Pi 4 running armhf.

    python3 tools/arm_blake_figures.py            print the tables
    python3 tools/arm_blake_figures.py --write    and replace them in the doc
"""
import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

import arm_neon_table  # the armv7 harness's instruction counts at any size
import mca_loop  # the loop finding and llvm-mca runs of tools/mca_loop.py

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build" / "cross" / "armv7"
# llvm-mca reads the ARM-mode build (armv7-arm): Thumb-2 IT blocks and CBZ do
# not survive objdump -> llvm-mca
BUILD_ARM = ROOT / "build" / "cross" / "armv7-arm"
PLUGIN = ROOT / "build" / "qemu-insn" / "libqemu_insn.so"
DOC = ROOT / "docs" / "impl-blake.md"
BEGIN, END = "<!-- arm32-blake-figures:begin -->", "<!-- arm32-blake-figures:end -->"
SIZES = [1024, 65536]
ALGOS = {"blake2s": ["portable", "fast", "neon"], "blake2b": ["portable", "fast", "neon"], "blake3": ["portable", "fast", "neon", "mt"]}
MCA_CPUS = ["cortex-a9", "cortex-a72"]
OBJ = BUILD_ARM / "obj" / "src" / "algorithms"
# (algorithm, impl, object, function, form, bytes one iteration hashes, what it is);
# form: "inner" the largest innermost loop, "outer" the largest loop (the block
# loop, around short inner ones), "whole" the function's straight-line body
LOOPS = [
    ("blake2s", "fast", OBJ / "blake2" / "blake2s_fast.o", "hb_blake2s_compress_fast", "inner", 64,
     "one block (10 rounds)"),
    ("blake2s", "neon", OBJ / "blake2" / "arm" / "blake2s_neon.o", "hb_blake2s_compress_neon", "inner", 6.4,
     "one round (a tenth of a block)"),
    ("blake3", "fast", OBJ / "blake3" / "blake3_fast.o", "hb_blake3_compress_core_fast", "whole", 64,
     "one compress (7 rounds), straight"),
    ("blake3", "neon", OBJ / "blake3" / "arm" / "blake3_neon.o", "hb_blake3_hash_many_neon", "inner", 256,
     "one block of four chunks (7 rounds)"),
    ("blake2b", "fast", OBJ / "blake2" / "blake2b_fast.o", "hb_blake2b_compress_fast", "outer", 128,
     "one block (12 rounds)"),
    ("blake2b", "neon", OBJ / "blake2" / "arm" / "blake2b_neon.o", "hb_blake2b_compress_neon", "outer", 128,
     "one block (12 rounds)"),
]


def counts():
    """{(algo, impl, size): instructions per byte}: arm_neon_table's count
    runs (two plugin runs of the armv7 harness, equal), these algorithms'."""
    return {k: v for k, v in arm_neon_table.count_sizes(SIZES).items() if k[0] in ALGOS}


def disassemble(obj):
    """{function: [instruction text, ...]} of an object (ARM mode), comments dropped."""
    out = subprocess.run(["arm-linux-gnueabihf-objdump", "-d", "--no-show-raw-insn", str(obj)],
                         capture_output=True, text=True, check=True).stdout
    funcs, cur = {}, None
    for line in out.splitlines():
        m = re.match(r"^[0-9a-f]+ <(\S+)>:$", line)
        if m:
            cur = funcs.setdefault(m.group(1), [])
            continue
        m = re.match(r"^\s*([0-9a-f]+):\s+(.*\S)\s*$", line)
        if m and cur is not None and not m.group(2).startswith("."):
            cur.append((int(m.group(1), 16), re.sub(r"\s*[@;].*$", "", m.group(2))))
    return funcs


BRANCH = r"^b(?:eq|ne|cs|cc|hs|lo|mi|pl|hi|ls|ge|lt|gt|le)?\s+([0-9a-f]+)\b"
FRAME = r"^(push|pop|vpush|vpop|stmdb\s+sp!|ldmia?\s+sp!|bx\s+lr)\b"


def branch_target(text):
    """The address an ARM-mode branch goes to, or None."""
    m = re.match(BRANCH, text)
    return int(m.group(1), 16) if m else None


def body(funcs, func):
    """A function without its frame and branches, with its calls to functions of
    the same object spliced in (blake2s_fast.c's out-of-line round, blake3_fast.c's
    hb_blake3_compress_core_fast): one straight pass, as the loop that calls it runs it."""
    lines = []
    for _, text in funcs[func]:
        call = re.match(r"^bl\s+[0-9a-f]+\s+<(\S+)>", text)
        if call and call.group(1) in funcs:
            lines += body(funcs, call.group(1))
        elif not re.match(FRAME, text) and not re.match(BRANCH, text) and not text.startswith("bl"):
            lines.append(re.sub(r"\s*<[^>]*>", "", text))
    return lines


def loop_asm(obj, func, form):
    """llvm-mca input and its instruction count: the function's straight-line
    body ("whole"), or its innermost backward branch with the most
    instructions ("inner"), or its largest loop ("outer"); calls to the
    object's own functions spliced in, calls to others (blake2b fast's
    memcpy of each block) left out: llvm-mca cannot follow them."""
    funcs = disassemble(obj)
    if form == "whole":
        lines = body(funcs, func)
    else:
        insns = funcs[func]
        inner, found = mca_loop.loops(insns, branch_target)
        start, end = max(inner if form == "inner" else found, key=lambda l: l[1] - l[0])
        lines = []
        for _, text in insns[start:end + 1]:
            call = re.match(r"^bl\s+[0-9a-f]+\s+<(\S+)>", text)
            if call and call.group(1) in funcs:
                lines += body(funcs, call.group(1))
                continue
            if not re.match(BRANCH, text) and not text.startswith("bl"):  # branches: falling through
                lines.append(re.sub(r"\s*<[^>]*>", "", text))
        lines.append("bne .Lloop")
    return ".syntax unified\n.arm\n.Lloop:\n" + "".join(f"\t{l}\n" for l in lines), len(lines)


def split_multiple(asm):
    """LDM/STM (increment after or before) as one LDR/STR per register, and an ADD for
    the write-back: llvm-mca-14's Cortex-A9 model cannot schedule the
    multiple forms ("unable to resolve scheduling class"); the same memory
    accesses, one issue slot each (VLDM/VSTM of d registers likewise)."""
    def one(m):
        op, mode, base, wb = m.group(1), m.group(2), m.group(3), m.group(4)
        regs = [r.strip() for r in m.group(5).split(",")]
        first = 4 if mode == "ib" else 0    # increment before: from base + 4
        out = [f"\t{op}r\t{r}, [{base}, #{first + 4 * k}]" for k, r in enumerate(regs)]
        if wb:
            out.append(f"\tadd\t{base}, {base}, #{4 * len(regs)}")
        return "\n".join(out)
    def vone(m):                        # VLDM/VSTM of d registers: VLDR/VSTR
        op, base, wb = m.group(1), m.group(2), m.group(3)
        regs = []
        for part in m.group(4).split(","):
            lo, _, hi = part.strip().partition("-")
            regs += [f"d{k}" for k in range(int(lo[1:]), int((hi or lo)[1:]) + 1)]
        out = [f"\tv{op}r\t{r}, [{base}, #{8 * k}]" for k, r in enumerate(regs)]
        if wb:
            out.append(f"\tadd\t{base}, {base}, #{8 * len(regs)}")
        return "\n".join(out)
    asm = re.sub(r"^\tv(ld|st)mia\s+(\w+)(!?), \{(d[^}]*)\}$", vone, asm, flags=re.M)
    return re.sub(r"^\t(ld|st)m(ia|ib)?\s+(\w+)(!?), \{([^}]*)\}$", one, asm, flags=re.M)


def mca(asm, cpu):
    """Cycles per iteration of the loop, by llvm-mca's model of cpu."""
    args = ("-mtriple=armv7a-linux-gnueabihf", "-mattr=+neon")
    return mca_loop.run_mca(split_multiple(asm), cpu, 200, args)[0][1]


def tables():
    # the revision the cross run built from (its results record), not the tree's now
    results = ROOT / "build" / "cross" / "results" / "qemu-armv7-cortex-a8.json"
    rev = json.loads(results.read_text())["context"]["hashbench_build"] if results.exists() else "unknown"
    c = counts()
    out = [f"Instructions per byte, `harness count` on qemu-arm -cpu cortex-a8 (armv7 cross build: "
           f"Thumb-2, gcc -O2 -mcpu=cortex-a8; built from {rev}; tools/arm_blake_figures.py):", "",
           "| algorithm | size | portable | fast | neon | mt | fast / neon |",
           "|---|---:|---:|---:|---:|---:|---:|"]
    for algo, impls in ALGOS.items():
        for size in SIZES:
            cell = {i: c.get((algo, i, size)) for i in impls}
            fmt = {i: (f"{v:.2f}" if v is not None else "-") for i, v in cell.items()}
            ratio = f"{cell['fast'] / cell['neon']:.2f}x" if cell.get("neon") else "-"
            out.append(f"| {algo} | {size // 1024} KiB | {fmt['portable']} | {fmt['fast']} | {fmt['neon']} | "
                       f"{fmt.get('mt', '-')} | {ratio} |")
    out += ["", "llvm-mca-14 on the hot loop as gcc compiled it (same build), cycles per byte of the "
            "loop's steady state; at 1 GHz, cycles per byte are nanoseconds per byte:", "",
            "| algorithm | impl | loop | instructions | " + " | ".join(f"{c} cyc/B" for c in MCA_CPUS) + " |",
            "|---|---|---|---:|" + "---:|" * len(MCA_CPUS)]
    for algo, impl, obj, func, form, nbytes, what in LOOPS:
        asm, n = loop_asm(obj, func, form)
        cells = [f"{mca(asm, cpu) / nbytes:.2f}" for cpu in MCA_CPUS]
        out.append(f"| {algo} | {impl} | {what} | {n} | " + " | ".join(cells) + " |")
    return "\n".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    ap.add_argument("--write", action="store_true", help=f"replace the tables between the markers of {DOC.name}")
    args = ap.parse_args(argv)
    if not (BUILD / "harness").exists() or not PLUGIN.exists():
        raise SystemExit("arm_blake_figures: no armv7 cross build: run cross/run_cross.py armv7 first")
    text = tables()
    print(text)
    if args.write:
        doc = DOC.read_text()
        if BEGIN not in doc or END not in doc:
            raise SystemExit(f"arm_blake_figures: {DOC} has no {BEGIN} ... {END} markers")
        head, rest = doc.split(BEGIN, 1)
        DOC.write_text(head + BEGIN + "\n" + text + "\n" + END + rest.split(END, 1)[1])
    return 0


if __name__ == "__main__":
    sys.exit(main())

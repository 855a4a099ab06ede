#!/usr/bin/env python3
"""A 32-bit ARM loop's cycles per iteration by two pipeline models, for a
core we cannot run (the BeagleBone Black's Cortex-A8): the loop of one
function as the cross compiler builds it.

    tools/arm_loop_model.py -c src/algorithms/adler/arm/adler32_neon.c \
        -f hb_adler32_update_neon --bytes 32

The source is compiled as the cross tier's armv7 target builds it
(arm-linux-gnueabihf-gcc -O2 -mcpu=cortex-a8 -mthumb, and for *_neon.c the
Makefile's -mfpu=neon; --cflags replaces the target flags).

  - gcc's Cortex-A8 pipeline description (gcc/config/arm/cortex-a8.md and
    cortex-a8-neon.md, what -mcpu=cortex-a8 schedules with): the
    compiler's own list schedule of the loop's basic block (a block that
    branches back to itself), from -fdump-rtl-sched2; one iteration takes
    the issue cycle of its last instruction plus one.  An in-order model
    of one iteration, stalls included; it does not overlap iterations.
  - llvm-mca-14, for the cores it has a scheduling model of in AArch32
    state (-m, default cortex-a57, which LLVM also uses for the A72 of a
    Raspberry Pi 4 running armhf): the innermost backward branch with the
    most instructions in the object's disassembly, in steady state.
    llvm-mca has no Cortex-A8 model (LLVM describes that core only by
    itineraries, which llvm-mca does not read).

With --bytes (bytes one iteration consumes) both print cycles per byte,
which at a 1 GHz clock is nanoseconds per byte.  Models, not measurements
(docs/impl-arm32.md).

    tools/arm_loop_model.py --table docs/impl-arm32.md

models every loop of LOOPS (below: each NEON kernel and the fast C it is
measured against) and writes the table between the markers
<!-- arm-loop-table:begin --> and <!-- arm-loop-table:end --> in the file.
"""
import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import mca_loop  # the loop finding and llvm-mca runs of the x86-64 loops, for ARM's too

ROOT = Path(__file__).resolve().parents[1]
CC = "arm-linux-gnueabihf-gcc"
OBJDUMP = "arm-linux-gnueabihf-objdump"
TARGET_FLAGS = "-O2 -mcpu=cortex-a8 -mthumb"       # cross/targets.py, armv7
NEON_FLAGS = "-mfpu=neon"           # the Makefile's, for *_neon.c on an ARMv7 target
BRANCH = re.compile(r"^(b(?:eq|ne|cs|cc|hs|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le)?)(?:\.[nw])?\s+([0-9a-f]+)\b")


def branch_target(text):
    """The address an ARM or Thumb-2 branch (objdump's text) goes to, or None."""
    m = BRANCH.match(text)
    return int(m.group(2), 16) if m else None


def loop_asm(insns, span, thumb):
    lines = [".syntax unified", ".thumb" if thumb else ".arm", ".Lloop:"]
    for _, text in insns[span[0]:span[1] + 1]:
        text = re.sub(r"\s*@.*$", "", text)
        m = BRANCH.match(text)
        if m:
            text = f"{m.group(1)} .Lloop"        # every branch in the loop: back to its start
        text = re.sub(r"\s*<[^>]*>", "", text)
        text = text.replace(" :", ":")           # [r1 :64] -> [r1:64], as llvm-mc spells it
        # the width suffix objdump writes (ldr.w r6, [r3, #-60]) is one llvm-mc
        # refuses where only one encoding exists: let it choose
        text = re.sub(r"^([a-z]+)\.[wn](?=\s)", r"\1", text)
        lines.append("\t" + text)
    return "\n".join(lines) + "\n"


def compile_source(source, cflags, tmp):
    """The object and the sched2 dump of source, built as the armv7 target builds it."""
    flags = cflags.split() + (NEON_FLAGS.split() if source.name.endswith("_neon.c") else [])
    obj = Path(tmp) / "loop.o"
    cmd = [CC, "-std=c99", "-D_GNU_SOURCE", *flags, "-I", str(ROOT / "include"), "-I", str(ROOT / "src"),
           "-c", str(source), "-o", str(obj), "-fdump-rtl-sched2", "-fsched-verbose=2",
           "-dumpdir", f"{tmp}/"]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"arm_loop_model: {' '.join(cmd)}\n{proc.stderr}")
    dumps = sorted(Path(tmp).glob("*.sched2"))
    if not dumps:
        raise SystemExit("arm_loop_model: gcc wrote no sched2 dump")
    return obj, dumps[0].read_text()


def gcc_self_loops(dump, func):
    """(instructions, cycles) of each basic block of func that branches to
    itself, in gcc's Cortex-A8 schedule, largest first."""
    m = re.search(r"^;; Function " + re.escape(func) + r" \(.*?(?=^;; Function |\Z)", dump, re.M | re.S)
    if not m:
        raise SystemExit(f"arm_loop_model: no function {func} in gcc's dump")
    text = m.group(0)
    label_bb = {int(u): int(b) for u, b in re.findall(r"^\(code_label (\d+) \d+ \d+ (\d+)", text, re.M)}
    loops = set()
    for jm in re.finditer(r"^\(jump_insn(?::TI)? \d+ \d+ \d+ (\d+) (.*?)(?=^\(|\Z)", text, re.M | re.S):
        for ref in re.findall(r"label_ref(?::SI)? (\d+)", jm.group(2)):
            if label_bb.get(int(ref)) == int(jm.group(1)):
                loops.add(int(jm.group(1)))
    found = []
    for bm in re.finditer(r";;   -- basic block (\d+) from .*? -- after reload(.*?);;   total time = (\d+)",
                          text, re.S):
        if int(bm.group(1)) in loops:
            insns = len(re.findall(r"^;;\s+\d+--> ", bm.group(2), re.M))
            found.append((insns, int(bm.group(3)) + 1))
    return sorted(found, reverse=True)


# (algorithm, implementation, source, function, bytes an iteration consumes):
# the loops --table models; the NEON kernels and the fast C beside them
LOOPS = [
    ("adler32", "fast", "src/algorithms/adler/adler32_fast.c", "hb_adler32_update_fast", 16),
    ("adler32", "neon", "src/algorithms/adler/arm/adler32_neon.c", "hb_adler32_update_neon", 32),
    ("fletcher32", "fast", "src/algorithms/fletcher/fletcher32_fast.c", "hb_fletcher32_update_fast", 16),
    ("fletcher32", "neon", "src/algorithms/fletcher/arm/fletcher32_neon.c", "hb_fletcher32_update_neon", 32),
    ("xxh32", "fast", "src/algorithms/xxh/xxh32_fast.c", "xxh32_stripes", 16),
    ("xxh32", "neon", "src/algorithms/xxh/arm/xxh32_neon.c", "hb_xxh32_update_neon", 16),
    # XXH3: both loops are one 64-byte stripe (the scramble every 1024 bytes
    # is outside them)
    ("xxh3", "fast", "src/algorithms/xxh/xxh3_fast.c", "stripes_fast", 64),
    ("xxh3", "neon", "src/algorithms/xxh/arm/xxh3_neon.c", "stripes_neon", 64),
]
BEGIN, END = "<!-- arm-loop-table:begin -->", "<!-- arm-loop-table:end -->"


def model_loop(source, func, cflags, mcpu, iterations, loop=0, show=False):
    """[(model, instructions, cycles per iteration, note)] of one loop."""
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        obj, dump = compile_source(Path(source), cflags, tmp)
        gloops = gcc_self_loops(dump, func)
        if loop < len(gloops):
            rows.append(("gcc cortex-a8", gloops[loop][0], gloops[loop][1], "one iteration's schedule"))
        insns = mca_loop.objdump_function(obj, func, objdump=OBJDUMP, options=())
        inner, _ = mca_loop.loops(insns, branch_target)
        if loop >= len(inner):
            raise SystemExit(f"arm_loop_model: {func}: no loop {loop} in the disassembly")
        span = inner[loop]
        if loop < len(gloops):          # the disassembly's loop of the same length, if any
            span = next((l for l in inner if l[1] - l[0] + 1 == gloops[loop][0]), span)
        thumb = "-marm" not in cflags.split()
        asm = loop_asm(insns, span, thumb)
        if show:
            print(asm)
        triple = "thumbv7a-linux-gnueabihf" if thumb else "armv7a-linux-gnueabihf"
        for cpu in filter(None, mcpu.split(",")):
            _, per_iter, _, ipc = mca_loop.run_mca(asm, cpu, iterations, (f"-mtriple={triple}",))[0]
            rows.append((f"llvm-mca {cpu}", span[1] - span[0] + 1, per_iter, f"steady state, IPC {ipc:.2f}"))
    return rows


def write_table(doc, cflags, mcpu, iterations):
    # the revision of the sources modelled (a doc edited since does not count)
    rev = subprocess.run(["git", "describe", "--always"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    if subprocess.run(["git", "diff", "--quiet", "HEAD", "--", "src", "include"], cwd=ROOT).returncode != 0:
        rev += " with uncommitted changes to src/ or include/"
    cc = subprocess.run([CC, "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    models = ["gcc cortex-a8"] + [f"llvm-mca {c}" for c in filter(None, mcpu.split(","))]
    lines = [f"Cycles per iteration and per byte of each loop by the models (at 1 GHz a cycle per byte "
             f"is a ns per byte; gcc's instruction count is of its RTL, where one insn may be two instructions); "
             f"sources of `{rev}`, {cc}, `{cflags}` (neon files: `{NEON_FLAGS}`). "
             f"Generated by `tools/arm_loop_model.py --table`.", "",
             "| algorithm | impl | function | bytes/iter | " +
             " | ".join(f"{m}: insns, cyc/iter, **cyc/B**" for m in models) + " |",
             "|---|---|---|---:|" + "---|" * len(models)]
    for algo, impl, source, func, nbytes in LOOPS:
        got = {m: (n, c) for m, n, c, _ in model_loop(ROOT / source, func, cflags, mcpu, iterations)}
        cells = [f"{got[m][0]}, {got[m][1]:.1f}, **{got[m][1] / nbytes:.3f}**" if m in got else "(no loop)"
                 for m in models]
        lines.append(f"| {algo} | {impl} | `{func}` | {nbytes} | " + " | ".join(cells) + " |")
    text = Path(doc).read_text()
    m = re.search(re.escape(BEGIN) + r".*?" + re.escape(END), text, re.S)
    if not m:
        raise SystemExit(f"arm_loop_model: {doc} has no {BEGIN} ... {END} markers")
    Path(doc).write_text(text[:m.start()] + BEGIN + "\n" + "\n".join(lines) + "\n" + END + text[m.end():])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    ap.add_argument("-c", "--source", help="a C file of the 32-bit ARM build")
    ap.add_argument("-f", "--function", help="the function whose loop to model")
    ap.add_argument("--table", metavar="DOC", help="model every loop of LOOPS into DOC's table")
    ap.add_argument("--cflags", default=TARGET_FLAGS, help=f"target flags (default: {TARGET_FLAGS})")
    ap.add_argument("--loop", type=int, default=0, help="which loop, largest first (default 0)")
    ap.add_argument("-m", "--mcpu", default="cortex-a57",
                    help="llvm-mca core models, comma-separated (default cortex-a57; '' for none)")
    ap.add_argument("--bytes", type=float, help="bytes one iteration consumes: prints cycles per byte too")
    ap.add_argument("--iterations", type=int, default=500, help="iterations llvm-mca simulates (default 500)")
    ap.add_argument("--show", action="store_true", help="print the assembly handed to llvm-mca")
    args = ap.parse_args(argv)

    if args.table:
        write_table(args.table, args.cflags, args.mcpu, args.iterations)
        return 0
    if not (args.source and args.function):
        ap.error("give -c SOURCE and -f FUNCTION, or --table DOC")
    print(f"{'model':<22} {'insns':>5} {'cyc/iter':>9}" + (f" {'cyc/byte':>9}" if args.bytes else ""))
    for model, n, cycles, note in model_loop(args.source, args.function, args.cflags, args.mcpu,
                                             args.iterations, args.loop, args.show):
        line = f"{model:<22} {n:5d} {cycles:9.2f}"
        if args.bytes:
            line += f" {cycles / args.bytes:9.3f}"
        print(line + f"  ({note})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

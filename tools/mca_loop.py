#!/usr/bin/env python3
"""A loop's steady state on cores we cannot run, by llvm-mca's models.

Two ways to give it the loop (docs/measuring.md, "Cores we cannot run"):

  from a built object: the loop of one function, as gcc compiled it
    tools/mca_loop.py -o build/obj/src/algorithms/crc/x86/crc_fold_clmul.o -f hb_crc32_fold_clmul
  (the innermost backward branch with the most instructions; --loop N picks
  another, --list shows them all).  The object may be a shared library or a
  Rust archive too (a peer's: build/libhashbench_rust_peers.so,
  build/hashbench-peers.so, an .rlib under build/rust-target/release/deps);
  -f takes the symbol's linkage name or, when that is not one, the part of a
  demangled name to look for (--symbols lists the matches and stops):
    tools/mca_loop.py -o build/libhashbench_rust_peers.so --symbols xxh3
    tools/mca_loop.py -o build/libhashbench_rust_peers.so -f 'xxh3::accumulate_512' --mca llvm-mca-19

  which llvm-mca: --mca llvm-mca-14 (the default, which the docs' figures
  came from: znver1-3, Intel cores, no Zen 4) or --mca llvm-mca-19, whose
  default cores are znver4, znver5, icelake-server and sapphirerapids.
  LLVM 19's znver5 is the Zen 4 scheduling model under another name (its
  resources are Zn4*): it is said so beside every znver5 line.  --cpus (or
  -m) names other cores.

  from a C file, between markers in the source, compiled by clang-14:
    __asm__ volatile("# LLVM-MCA-BEGIN fold");  ...loop body...  __asm__ volatile("# LLVM-MCA-END fold");
    tools/mca_loop.py -c src/algorithms/crc/x86/crc_fold_clmul.c --cflags "-mpclmul -msse4.1"

Prints, per core model, llvm-mca's cycles per iteration (total cycles over
iterations, steady state), its block reciprocal throughput, the IPC and,
with --bytes (bytes one iteration consumes), cycles per byte.  A model, not
a measurement: the final word is `hashbench bench`.
"""
import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# the default cores of each llvm-mca (--mca); LLVM 14 has no Zen 4 or 5
CPUS_BY_MCA = {
    "llvm-mca-14": ["znver2", "znver3", "alderlake", "icelake-client", "skylake"],
    "llvm-mca-19": ["znver4", "znver5", "icelake-server", "sapphirerapids"],
}
CPUS = CPUS_BY_MCA["llvm-mca-14"]
MCA = "llvm-mca-14"
# models that are another core's under a new name, said beside their lines
MODEL_NOTES = {
    ("llvm-mca-19", "znver5"): "LLVM 19's znver5 uses the Zen 4 model (Zn4* resources)",
}
CLANG = "clang-14"


def function_symbols(obj, nm="nm"):
    """[(linkage name, demangled name)] of the functions (text symbols) in
    obj: an object, a shared library (its symbol table, else its dynamic
    one) or an archive (.a, .rlib)."""
    found = {}
    for dynamic in ((), ("-D",)):
        proc = subprocess.run([nm, *dynamic, "--defined-only", str(obj)], capture_output=True, text=True)
        if proc.returncode != 0 and not found:
            if dynamic:
                raise SystemExit(f"mca_loop: nm {obj}: {proc.stderr.strip() or 'failed'}")
            continue
        for line in proc.stdout.splitlines():
            parts = line.split()
            if len(parts) == 3 and parts[1] in "tTiWw":
                found.setdefault(parts[2], None)
        if found:
            break
    names = list(found)
    demangled = subprocess.run(["c++filt"], input="\n".join(names), capture_output=True, text=True).stdout.splitlines()
    if len(demangled) != len(names):
        demangled = names
    return list(zip(names, demangled))


def resolve_function(obj, func, nm="nm"):
    """func's linkage name in obj: func itself when it is one, else the one
    function whose demangled name contains func (an error naming the
    candidates when there are several or none)."""
    syms = function_symbols(obj, nm)
    if any(name == func for name, _ in syms):
        return func
    hits = [(n, d) for n, d in syms if func in d]
    if len(hits) == 1:
        return hits[0][0]
    if not hits:
        raise SystemExit(f"mca_loop: no function {func} in {obj} (--symbols PART lists its functions)")
    exact = [(n, d) for n, d in hits if re.sub(r"::h[0-9a-f]{16}$", "", d).endswith(func)]
    if len(exact) == 1:
        return exact[0][0]
    listing = "\n  ".join(d for _, d in hits[:20])
    raise SystemExit(f"mca_loop: {len(hits)} functions in {obj} match {func}; give more of the name "
                     f"or the linkage name (--symbols {func}):\n  {listing}")


def objdump_function(obj, func, objdump="objdump", options=("-M", "att")):
    """[(address, instruction text)] of func in obj; the cross tools pass
    their own objdump (tools/arm_loop_model.py, tools/arm_blake_figures.py)."""
    proc = subprocess.run([objdump, "-d", "--no-show-raw-insn", *options, "--disassemble=" + func, str(obj)],
                          capture_output=True, text=True)
    insns = []
    for line in proc.stdout.splitlines():
        m = re.match(r"^\s*([0-9a-f]+):\s+(.*\S)\s*$", line)
        if m:
            insns.append((int(m.group(1), 16), m.group(2)))
    if not insns and proc.returncode != 0:
        raise SystemExit(f"mca_loop: {objdump} {obj}: {proc.stderr.strip() or 'failed'}")
    if not insns:
        raise SystemExit(f"mca_loop: no function {func} in {obj} (objdump -t {obj} lists them)")
    return insns


def x86_jump_target(text):
    """The address an x86 jump (objdump's AT&T text) goes to, or None."""
    m = re.match(r"^j\w+\s+([0-9a-f]+)\b", text)
    return int(m.group(1), 16) if m else None


def loops(insns, branch_target=x86_jump_target):
    """(innermost loops largest first, every loop): (start index, end index)
    of each backward branch within the function; branch_target(text) is the
    address a branch instruction goes to (None for any other instruction)."""
    addr_index = {a: i for i, (a, _) in enumerate(insns)}
    found = []
    for i, (_, text) in enumerate(insns):
        target = branch_target(text)
        if target is not None and target in addr_index and addr_index[target] <= i:
            found.append((addr_index[target], i))
    # innermost: no other loop strictly inside
    inner = [l for l in found if not any(o != l and l[0] <= o[0] and o[1] <= l[1] for o in found)]
    return sorted(inner, key=lambda l: l[1] - l[0], reverse=True), found


def loop_asm(insns, span):
    start, end = span
    lines = [".Lloop:"]
    for _, text in insns[start:end + 1]:
        text = re.sub(r"\s+#.*$", "", text)
        if re.match(r"^(cs\s+)?nop", text) or text.startswith("data16"):
            continue                    # alignment padding: not part of the loop's work
        m = re.match(r"^(j\w+)\s+[0-9a-f]+\b.*$", text)
        if m:
            text = f"{m.group(1)} .Lloop"   # every jump inside the loop: taken back to its start
        text = re.sub(r"\s*<[^>]*>", "", text)
        lines.append("\t" + text)
    return "\n".join(lines) + "\n"


def from_c(path, cflags):
    with tempfile.TemporaryDirectory() as tmp:
        asm = Path(tmp) / "out.s"
        cmd = [CLANG, "-O2", "-S", "-D_GNU_SOURCE", "-I", str(ROOT / "include"), "-I", str(ROOT / "src"),
               "-I", str(ROOT / "build" / "gen"), *cflags.split(), str(path), "-o", str(asm)]
        subprocess.run(cmd, check=True)
        text = asm.read_text()
    if "LLVM-MCA-BEGIN" not in text:
        raise SystemExit(f"mca_loop: {path}: no LLVM-MCA-BEGIN marker survived compilation "
                         "(__asm__ volatile(\"# LLVM-MCA-BEGIN name\") before the loop body, -END after)")
    return text


def run_mca(asm, cpu, iterations, mca_args=(), mca=None):
    """[(region, cycles per iteration, block reciprocal throughput, IPC)];
    mca_args: further llvm-mca options (a target's -mtriple, -mattr);
    mca: the llvm-mca program (default MCA, llvm-mca-14)."""
    mca = mca or MCA
    try:
        proc = subprocess.run([mca, *mca_args, f"-mcpu={cpu}", f"-iterations={iterations}", "-all-stats=false",
                               "-resource-pressure=false", "-instruction-info=false"],
                              input=asm, capture_output=True, text=True)
    except FileNotFoundError:
        raise SystemExit(f"mca_loop: {mca} not found (apt-get install {mca.replace('llvm-mca', 'llvm')})")
    if proc.returncode != 0:
        raise SystemExit(f"mca_loop: {mca} ({cpu}) failed:\n{proc.stderr}")
    regions = []
    for block in re.split(r"\n(?=\[\d+\] Code Region)", "\n" + proc.stdout):
        name = re.search(r"Code Region - (\S+)", block)
        it = re.search(r"Iterations:\s+(\d+)", block)
        cyc = re.search(r"Total Cycles:\s+(\d+)", block)
        rthr = re.search(r"Block RThroughput:\s+([\d.]+)", block)
        ipc = re.search(r"IPC:\s+([\d.]+)", block)
        if it and cyc:
            regions.append((name.group(1) if name else "loop", int(cyc.group(1)) / int(it.group(1)),
                            float(rthr.group(1)) if rthr else float("nan"), float(ipc.group(1)) if ipc else 0.0))
    return regions


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    src = ap.add_mutually_exclusive_group(required=True)
    src.add_argument("-o", "--object", help="a built object, shared library or archive (build/obj/..., a peer's .so or .rlib)")
    src.add_argument("-c", "--source", help="a C file with LLVM-MCA-BEGIN/END markers (compiled by clang-14 -O2 -S)")
    ap.add_argument("-f", "--function", help="the function whose loop to model (with --object): its linkage name, "
                    "or a part of its demangled name that only it has")
    ap.add_argument("--symbols", metavar="PART", help="with --object: list the functions whose demangled name "
                    "contains PART ('' for all) and stop")
    ap.add_argument("--loop", type=int, default=0, help="which innermost loop, largest first (default 0)")
    ap.add_argument("--list", action="store_true", help="list the function's loops and stop")
    ap.add_argument("--cflags", default="-mavx2 -mbmi2", help="clang flags for --source (default: -mavx2 -mbmi2)")
    ap.add_argument("--mca", default=MCA, help=f"the llvm-mca to run (default {MCA}; llvm-mca-19 has znver4/znver5)")
    ap.add_argument("-m", "--mcpu", "--cpus", dest="cpus",
                    help="comma-separated core models (default: " +
                    "; ".join(f"{k}: {','.join(v)}" for k, v in CPUS_BY_MCA.items()) + ")")
    ap.add_argument("--bytes", type=float, help="bytes one iteration consumes: prints cycles per byte too")
    ap.add_argument("--iterations", type=int, default=500, help="iterations llvm-mca simulates (default 500)")
    ap.add_argument("--show", action="store_true", help="print the assembly handed to llvm-mca")
    args = ap.parse_args(argv)
    if args.bytes is not None and not args.bytes > 0:
        ap.error("--bytes must be above 0")
    if args.iterations < 1:
        ap.error("--iterations must be at least 1")
    if args.cpus is None:
        mca_name = Path(args.mca).name
        if mca_name not in CPUS_BY_MCA:
            ap.error(f"--mca {args.mca}: no default cores known for it; name them with --cpus")
        cpus = CPUS_BY_MCA[mca_name]
    else:
        cpus = [c for c in args.cpus.split(",") if c]
        if not cpus:
            ap.error("--cpus: no core named")

    if args.object:
        if not Path(args.object).is_file():
            ap.error(f"--object {args.object}: no such file")
        if args.symbols is not None:
            for name, demangled in function_symbols(args.object):
                if args.symbols in demangled or args.symbols in name:
                    print(name if name == demangled else f"{name}\t{demangled}")
            return 0
        if not args.function:
            ap.error("--object needs --function")
        func = resolve_function(args.object, args.function)
        insns = objdump_function(args.object, func)
        inner, _ = loops(insns)
        if not inner:
            raise SystemExit(f"mca_loop: {args.function} has no backward branch (no loop)")
        if args.list:
            for k, (s, e) in enumerate(inner):
                print(f"loop {k}: {e - s + 1} instructions at 0x{insns[s][0]:x}..0x{insns[e][0]:x}")
            return 0
        if args.loop >= len(inner):
            ap.error(f"--loop {args.loop}: the function has {len(inner)} innermost loop(s)")
        asm = loop_asm(insns, inner[args.loop])
    else:
        if args.symbols is not None:
            ap.error("--symbols needs --object")
        asm = from_c(args.source, args.cflags)
    if args.show:
        print(asm)

    mca_name = Path(args.mca).name
    print(f"{'core':<16} {'region':<14} {'cyc/iter':>9} {'RThru':>7} {'IPC':>5}" + ("  cyc/byte" if args.bytes else ""))
    notes = []
    for cpu in cpus:
        note = MODEL_NOTES.get((mca_name, cpu))
        if note and note not in notes:
            notes.append(note)
        for name, per_iter, rthr, ipc in run_mca(asm, cpu, args.iterations, mca=args.mca):
            line = f"{cpu:<16} {name:<14} {per_iter:9.2f} {rthr:7.2f} {ipc:5.2f}"
            if args.bytes:
                line += f"  {per_iter / args.bytes:8.3f}"
            if note:
                line += "  (*)"
            print(line)
    print(f"({mca_name})" + "".join(f"\n(*) {n}" for n in notes))
    return 0


if __name__ == "__main__":
    sys.exit(main())

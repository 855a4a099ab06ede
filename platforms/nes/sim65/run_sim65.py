#!/usr/bin/env python3
"""Runs every algorithm's sim65 program and writes build/sim65/results.json.

For each algorithm of the roster, each implementation (portable, fast) and
each size (64, 256, 1024 bytes of the canonical workload), the program runs
three times under `sim65 -c`, with N, 2N and 3N calls (N = 1).  sim65
prints the cycles of the whole run; start-up, argument parsing and printing
cost the same in every run, so

    cycles for N calls = c(2N) - c(N)

exactly, and c(3N) - c(2N) must be the same number to the cycle (checked:
a run whose cost outside the timed loop depended on N would show here).
The digest every run prints must equal the host's `hashbench sum` of the
same bytes.  An implementation that does not fit sim65's memory
(bin/<ident>.json, from link_sim65.py) is recorded as not run, with why.

The record is written by sim65-record (tools/retro-run's results writer),
then its context gets the facts of this method.  Jobs run in parallel.

    run_sim65.py [--jobs N] [--out FILE] [--build DIR] [--hashbench PATH]
                 [--compiler-flags S] [--build-rev S] [--compact-rows S]

Exit status 0 when every measurement is there, exact and its digest right;
1 otherwise (each problem printed); 2 bad usage.
"""
import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
SIZES = (64, 256, 1024)
N = 1                          # calls in the shorter run; the others make 2N and 3N
CLOCK_HZ = 1789773


def workload(n):
    return bytes((i * 31 + 7) & 0xFF for i in range(n))


def roster(hashbench):
    """The roster ids in order, from `hashbench list`."""
    out = subprocess.run([hashbench, "list"], stdout=subprocess.PIPE, text=True, check=True).stdout
    ids = [line.split()[0] for line in out.splitlines()[1:] if line.strip()]
    if len(ids) < 2:
        sys.exit(f"run_sim65: `{hashbench} list` printed no roster")
    return ids


def host_digests(hashbench, algo, files):
    out = subprocess.run([hashbench, "sum", "-a", algo, "--impl", "portable"] + [str(f) for f in files],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if out.returncode != 0:
        sys.exit(f"run_sim65: hashbench sum -a {algo} failed: {out.stderr.strip()}")
    digests = [line.split()[0] for line in out.stdout.splitlines()]
    if len(digests) != len(files):
        sys.exit(f"run_sim65: hashbench sum -a {algo} printed {len(digests)} lines for {len(files)} files")
    return digests


def run_program(program, impl_index, size, calls):
    """(cycles, the line the program printed) of one sim65 run; raises RuntimeError."""
    cmd = ["sim65", "-c", program, str(impl_index), str(size), str(calls)]
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines = proc.stdout.splitlines()
    m = re.fullmatch(r"(\d+) cycles", lines[-1].strip()) if lines else None
    if proc.returncode != 0 or not m or len(lines) != 2:
        why = "a stub of another algorithm was called" if proc.returncode == 3 else proc.stderr.strip()
        raise RuntimeError(f"{' '.join(cmd)}: exit {proc.returncode}: {why or proc.stdout.strip()}")
    return int(m.group(1)), lines[0].split()


def measure(program, algo, impl, impl_index, size):
    """One entry: cycles for N calls, the digest, and any problem."""
    runs = [run_program(program, impl_index, size, k * N) for k in (1, 2, 3)]
    cycles = [c for c, _ in runs]
    printed = [p for _, p in runs]
    problems = []
    for p in printed:
        if p[:3] != [algo, impl, str(size)] or len(p) != 4:
            problems.append(f"{algo} {impl} {size}: the program printed {' '.join(p)!r}")
    digests = set(p[-1] for p in printed)
    if len(digests) != 1:
        problems.append(f"{algo} {impl} {size}: the digest changed with the number of calls: {sorted(digests)}")
    d1, d2 = cycles[1] - cycles[0], cycles[2] - cycles[1]
    if d1 != d2 or d1 <= 0:
        problems.append(f"{algo} {impl} {size}: not exact: c(2N)-c(N) = {d1}, c(3N)-c(2N) = {d2}")
    return {"algorithm": algo, "implementation": impl, "size": size, "cycles": d1, "calls": N,
            "digest": printed[0][-1], "runs": cycles, "problems": problems}


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--build", default="build/sim65", help="where make put bin/ and sim65-record")
    ap.add_argument("--out", default=None, help="results file (default BUILD/results.json)")
    ap.add_argument("--hashbench", default="build/hashbench")
    ap.add_argument("--compiler-flags", default="")
    ap.add_argument("--build-rev", default="unknown")
    ap.add_argument("--compact-rows", default="",
                    help="the rows that are compact forms (flags.mk, compact.mk): recorded as compact")
    args = ap.parse_args(argv[1:])
    if args.jobs < 1:
        ap.error("--jobs must be at least 1")
    os.chdir(ROOT)
    build = Path(args.build)
    out = Path(args.out) if args.out else build / "results.json"
    record_tool = build / "sim65-record"
    for need in (Path(args.hashbench), record_tool):
        if not need.exists():
            sys.exit(f"run_sim65: {need} is missing (make sim65 builds it)")
    started = time.time()

    algos = roster(args.hashbench)
    manifests, jobs, not_run = {}, [], []
    for algo in algos:
        path = build / "bin" / f"{algo.replace('-', '_')}.json"
        if not path.exists():
            sys.exit(f"run_sim65: {path} is missing (make sim65-progs links it)")
        man = json.loads(path.read_text())
        manifests[algo] = man
        names = sorted(set(man["programs"]) | set(man["not_run"]), key=lambda n: (n != "portable", n))
        for index, impl in enumerate(names):
            for size in SIZES:
                if impl in man["programs"]:
                    jobs.append((man["programs"][impl], algo, impl, index, size))
                else:
                    not_run.append((algo, impl, size, man["not_run"][impl]))
    # the longest first, so the last job to start is a short one
    jobs.sort(key=lambda j: (-algos.index(j[1]), -j[4]))

    problems, entries = [], []
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(measure, *j) for j in jobs]
        for f in futures:
            try:
                e = f.result()
            except RuntimeError as err:
                problems.append(str(err))
                continue
            problems.extend(e["problems"])
            entries.append(e)

    # every digest against the host's, per algorithm and size
    with tempfile.TemporaryDirectory() as tmp:
        files = []
        for size in SIZES:
            files.append(Path(tmp) / f"workload-{size}.bin")
            files[-1].write_bytes(workload(size))
        host = {a: dict(zip(SIZES, host_digests(args.hashbench, a, files))) for a in algos}
    for e in entries:
        want = host[e["algorithm"]][e["size"]]
        if e["digest"] != want:
            problems.append(f"{e['algorithm']} {e['implementation']} {e['size']}: digest {e['digest']}, "
                            f"the host's is {want}")

    # the record, through tools/retro-run's writer
    lines = [f"{e['algorithm']} {e['implementation']} {e['size']} {e['cycles']} {e['calls']} {e['digest']}"
             for e in entries]
    lines += [f"{a} {i} {s} 0 0 -" for a, i, s, _ in not_run]
    version = subprocess.run(["sim65", "--version"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             text=True).stdout.strip()
    cc65 = subprocess.run(["cc65", "--version"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True).stdout.strip()
    out.parent.mkdir(parents=True, exist_ok=True)
    proc = subprocess.run([str(record_tool), "--json", str(out), "--compiler", cc65,
                           "--compiler-flags", args.compiler_flags, "--build-rev", args.build_rev,
                           "--compact-rows", args.compact_rows,
                           "--emulator", version, "--build-file", str(build / "hashbench.lib")], input="\n".join(lines) + "\n", text=True)
    if proc.returncode != 0:
        problems.append(f"sim65-record failed (exit {proc.returncode})")
    else:
        rec = json.loads(out.read_text())
        # the build id sim65-record wrote (--build-file) stays with the rest
        build_id = rec["context"].get("console", {}).get("build_sha256")
        rec["context"]["console"] = {
            "method": "sim65 -c prints the cycles of a whole run; each measurement runs N, 2N and 3N "
                      "calls of hbt_measure's loop (init, update, final through the registry) in "
                      "separate runs: cycles = c(2N) - c(N), and c(3N) - c(2N) is checked equal",
            "calls_per_run": [N, 2 * N, 3 * N],
            "clock": f"KB/s and ns at the NTSC NES CPU clock, {CLOCK_HZ} Hz; cycles are exact",
            "programs": "one sim65 program per algorithm (per implementation where both do not fit)",
            "samples_ns": "derived from the cycle counts at clock_hz",
        }
        if build_id:
            rec["context"]["console"]["build_sha256"] = build_id
        rec["warnings"] += [f"{a} {i}, {s} bytes: not run: {why}" for a, i, s, why in not_run
                            if s == SIZES[0]]
        out.write_text(json.dumps(rec, indent=1) + "\n")

    for p in problems:
        print(f"run_sim65: {p}", file=sys.stderr)
    print(f"run_sim65: {len(entries)} measurements ({3 * len(jobs)} sim65 runs, {args.jobs} at a time), "
          f"{len(not_run)} not run, {len(problems)} problems, {time.time() - started:.1f} s -> {out}",
          file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

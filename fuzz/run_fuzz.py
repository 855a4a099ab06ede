#!/usr/bin/env python3
"""Runs the libFuzzer targets built by fuzz/fuzz.mk, one at a time (`make
fuzz` and the test tier "fuzz smoke"; docs/fuzzing.md).

Each target build/fuzz/fuzz_<name> runs for --seconds over its seed corpus
fuzz/corpus/<name>/, which it only reads: the inputs it finds go to a
scratch corpus in build/fuzz/corpus/<name>/ (kept between runs, so longer
runs build on earlier ones), crashes and leaks to build/fuzz/findings/<name>/.
A target passes when libFuzzer ends without a finding.  Its options: the
target source's "// fuzz-options:" line.

Prints per target its executions, time, coverage (libFuzzer's final cov:
edges and ft: features) and result, then "N passed, N failed".

    python3 fuzz/run_fuzz.py [--seconds 60] [--build build/fuzz] [--logs DIR] [NAME ...]
"""
import argparse
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DONE = re.compile(r"#(\d+)\s+DONE\s+cov: (\d+) ft: (\d+)")
# the last status line, for a run that ended on a finding (no DONE line)
STATUS = re.compile(r"#(\d+)\s+\w+\s+cov: (\d+) ft: (\d+)")
EXECS = re.compile(r"stat::number_of_executed_units: (\d+)")


def options_of(source):
    for line in source.read_text(encoding="utf-8", errors="replace").splitlines():
        m = re.match(r"\s*//\s*fuzz-options:(.*)", line)
        if m:
            return m.group(1).split()
    return []


def run_one(binary, name, seconds, build, logs):
    seed = ROOT / "fuzz" / "corpus" / name
    scratch = build / "corpus" / name
    findings = build / "findings" / name
    for d in (scratch, findings):
        d.mkdir(parents=True, exist_ok=True)
    seed.mkdir(parents=True, exist_ok=True)
    log = logs / f"{name}.log"
    cmd = [str(binary), f"-max_total_time={seconds}", "-print_final_stats=1",
           f"-artifact_prefix={findings}/", *options_of(ROOT / "fuzz" / f"fuzz_{name}.c"),
           str(scratch), str(seed)]
    before = set(findings.iterdir())
    started = time.monotonic()
    with open(log, "w") as f:
        f.write(" ".join(cmd) + "\n")
        f.flush()
        rc = subprocess.call(cmd, stdout=f, stderr=subprocess.STDOUT, cwd=ROOT)
    elapsed = time.monotonic() - started
    text = log.read_text(encoding="utf-8", errors="replace")
    done = DONE.findall(text) or STATUS.findall(text)
    execs = EXECS.findall(text)
    runs, cov, ft = done[-1] if done else ("?", "?", "?")
    artifacts = sorted(set(findings.iterdir()) - before)
    ok = rc == 0 and not artifacts
    print(f"{'ok  ' if ok else 'FAIL'} {name}: {execs[-1] if execs else runs} executions in {elapsed:.0f} s, "
          f"cov {cov}, ft {ft}" + ("" if ok else f", exit {rc}, findings: "
                                  + (", ".join(str(p) for p in artifacts) or "none saved")) + f"  (log {log})",
          flush=True)
    return ok


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=int, default=60)
    ap.add_argument("--build", default="build/fuzz")
    ap.add_argument("--logs", default=None, help="where each target's log goes (default BUILD/logs)")
    ap.add_argument("names", nargs="*", help="targets (without fuzz_), default: every one built")
    args = ap.parse_args(argv)
    build = (ROOT / args.build).resolve()
    logs = Path(args.logs).resolve() if args.logs else build / "logs"
    logs.mkdir(parents=True, exist_ok=True)
    names = args.names or [p.stem[len("fuzz_"):] for p in sorted((ROOT / "fuzz").glob("fuzz_*.c"))]
    passed = failed = 0
    for name in names:
        binary = build / f"fuzz_{name}"
        if not binary.exists():
            print(f"FAIL {name}: {binary} is not built (make fuzz-build)", flush=True)
            failed += 1
        elif run_one(binary, name, args.seconds, build, logs):
            passed += 1
        else:
            failed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
"""Runs every test tier of `make test` and adds up what they report.

Each tier is a command that ends its output with the project's summary line
"N passed, N failed[, N skipped]" (pytest's own summary is understood too).
A tier that exits non-zero without a failure in its summary, or prints no
summary at all, counts as one failure: a crash is never a pass.

The last line is the total: "N passed, N failed" (", N skipped" and the
reasons above it when anything was skipped).

    python tests/run_tiers.py            all tiers
    python tests/run_tiers.py verify     only tiers whose name contains "verify"

On a host that is not x86-64 (an ARM board, or an ARM Debian root run
through qemu-user by `make test-arm`) the tiers that cannot apply there are
reported as skipped with their reason, and the ARM feature masks take the
place of the x86-64 ones (host_tiers.py).
"""
import os
import platform
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import host_tiers

ROOT = Path(__file__).resolve().parent.parent
os.chdir(ROOT)
JOBS = str(os.cpu_count() or 2)
SANITIZE = "-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
PY = str(ROOT / ".venv" / "bin" / "python")
# clang's UBSan (the clang tier): it reports what gcc's does not, NULL + 0 among
# them (update(ctx, NULL, 0) in 34 implementations, issue 30).  UBSan alone:
# the gcc tier has ASan, and clang's ASan would double this tier's build time
CLANG = shutil.which("clang-14") or "clang"
CLANG_UBSAN = "-fsanitize=undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
# clang 14 runs for tens of minutes on these with UBSan (4 s without): built
# without it in the clang tier (ASan-free too; the gcc tier instruments them)
CLANG_NO_UBSAN = "src/algorithms/blake3/x86/blake3_avx512.o src/algorithms/blake3/x86/blake3_rows_avx2.o"
# the core tunings and the feature masks of tests/python/test_dispatch.py's
# X86_MASKS (bar 0) under which the dispatcher reaches every implementation
CORES = ("zen4", "zen5", "other")
X86_MASKS = (0xFC00, 0x63C00, 0xFC80, 0xC230, 0xFFFFFFFE, 0xFFFFFFFF)

SUMMARY = re.compile(r"^\W*(?:\w+:\s*)?(\d+) passed(?:, (\d+) failed)?(?:, (\d+) skipped)?", re.M)
# pytest's closing line, with or without its "=====" frame: "2 failed, 48 passed in 11.3s"
PYTEST = re.compile(r"^=*\s*((?:\d+ \w+(?:, )?)+) in [\d.]+s", re.M)


def make(build, cflags="", extra=()):
    cmd = ["make", "-s", f"-j{JOBS}", f"BUILD={build}"]
    if cflags:
        cmd.append(f"VARIANT_CFLAGS={cflags}")
    return cmd + list(extra)


def unit_tests(build):
    """One command per tests/unit program (each prints its own summary), and
    on ARM hosts the NEON kernels' (tests/unit/neon/, built there only)."""
    srcs = sorted((ROOT / "tests" / "unit").glob("*.c"))
    if os.uname().machine.startswith(("aarch64", "arm")):
        srcs += sorted((ROOT / "tests" / "unit" / "neon").glob("*.c"))
    return [[f"{build}/tests/{p.stem}"] for p in srcs]


def each_path(cmd):
    """cmd once per core tuning and once per feature mask: every dispatcher path."""
    return ([["env", f"HB_X86_CORE={core}"] + cmd for core in CORES]
            + [["env", f"HB_X86_MASK={mask}"] + cmd for mask in X86_MASKS])


def docs_check(console):
    """the console's generated doc tables against the records its tier's runs
    just wrote: a figure beyond the console's run-to-run variation fails"""
    return [PY, "tools/console_docs.py", "--check", console, "--from", "test"]


def tiers():
    asan = "build/asan"
    pair = "build/pair"
    compact = "build/compact"
    ubsan = "build/ubsan-clang"
    t = [
        ("build", [make("build", extra=["all", "unit-tests", "differential"])]),
        # docs/architecture.md's rules; after the build: the call relation reads its objects
        ("structure: includes, calls, imports, names, weak symbols, function length",
         [[PY, "tests/structure/check_layout.py"],
          [PY, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/structure"]]),
        ("portability: cc65, sdcc, arm-none-eabi-gcc, gcc -pedantic", [["sh", "tools/portability.sh"]]),
        # every implementation, the per-core settings' rows (SHA-512's round forms, XXH's
        # limits, BLAKE3's row-wise kernels) included: a core tuning only ranks them
        ("verify: built-in vectors, native 64-bit", [["build/hashbench", "verify"]]),
        ("unit tests, native", unit_tests("build")),
        # the differential and self-differential tests: every implementation, each
        # per-core setting its own row (the x86-64 core tuning changes ranks only)
        ("differential vs OpenSSL, zlib, libxxhash, libsodium, ISA-L",
         [["build/tests/differential"]]),
        ("self-differential: every implementation vs portable", [["build/tests/selfdiff"]]),
        # a benchmark-style check, not a timed test: ratios of interleaved rounds
        # (tests/bench/peer_call_cost.c says why it is stable on a shared machine)
        ("peer call cost: in-harness figure vs a loop calling the library, 64 B",
         [["build/tests/peer_call_cost"]]),
        ("build: two-word 64-bit (HB_U64_PAIR)", [make(pair, "-DHB_U64_PAIR", ["all", "unit-tests"])]),
        ("verify: built-in vectors, two-word 64-bit", [[f"{pair}/hashbench", "verify"]]),
        ("unit tests, two-word 64-bit", unit_tests(pair)),
        # the consoles' compact forms (src/algorithms/*/*_compact.c, docs/writing-an-algorithm.md
        # "Compact forms") built in place of their fast files, two-word 64-bit as on the NES
        # and Game Boy: every vector, and each implementation against portable, over them
        ("build: the compact forms (COMPACT=all), two-word 64-bit",
         [make(compact, "-DHB_U64_PAIR", ["COMPACT=all", "all", f"{compact}/tests/selfdiff"])]),
        ("verify and self-differential: the compact forms, two-word 64-bit",
         [[f"{compact}/hashbench", "verify"], [f"{compact}/tests/selfdiff"]]),
        ("build: ASan + UBSan", [make(asan, SANITIZE, ["OPT=-O1", "all", "unit-tests", "differential"])]),
        ("verify under ASan + UBSan", [[f"{asan}/hashbench", "verify"]]),
        ("unit tests under ASan + UBSan", unit_tests(asan)),
        ("differential under ASan + UBSan", [["env", "HB_DIFF_BIG=2", "HB_DIFF_MAXLEN=1100",
                                               f"{asan}/tests/differential"],
                                              [f"{asan}/tests/selfdiff"]]),
        # fuzz/ (docs/fuzzing.md): the libFuzzer targets built with clang, then each run
        # briefly over its seed corpus (make fuzz runs them longer); one pass per target
        ("build: fuzz targets (clang, libFuzzer, ASan + UBSan)", [make("build", extra=["fuzz-build"])]),
        ("fuzz smoke: each target a few seconds", [[PY, "fuzz/run_fuzz.py", "--seconds", "5"]]),
        # BLAKE3 mt's thread pool under ThreadSanitizer (gcc's; setarch -R: without
        # address randomisation TSan's fixed memory layout fits on any kernel):
        # mt = fast for many sizes and four concurrent callers, and fork() with the pool
        # running; halt_on_error makes a report fail the run (exit 66)
        ("build: ThreadSanitizer (BLAKE3 mt tests)",
         [make("build/tsan", "-fsanitize=thread",
               ["OPT=-O1", "build/tsan/tests/blake3_threads", "build/tsan/tests/blake3_fork"])]),
        ("threads under ThreadSanitizer: BLAKE3 mt = fast, concurrent callers, fork",
         [["env", "TSAN_OPTIONS=halt_on_error=1 exitcode=66", "setarch", os.uname().machine, "-R",
           f"build/tsan/tests/{prog}"] for prog in ("blake3_threads", "blake3_fork")]),
        # the API contract (tests/differential/contract.c) of every implementation the
        # dispatcher can reach: each core tuning, then each feature mask of
        # tests/python/test_dispatch.py's X86_MASKS (bar 0), then under ASan + UBSan
        ("contract (SUPERCOP-style): every implementation, each core tuning and feature mask",
         each_path(["build/tests/contract"])),
        ("contract under ASan + UBSan", [[f"{asan}/tests/contract"]]),
        # the same under clang's UBSan (see CLANG_UBSAN): the contract (its null-update
        # check passes NULL to update and the one-shots) and the unit tests on every path
        ("build: clang UBSan (contract, unit tests)",
         [make(ubsan, CLANG_UBSAN, [f"CC={CLANG}", "OPT=-O1", f"NO_UBSAN={CLANG_NO_UBSAN}",
                                    "unit-tests", f"{ubsan}/tests/contract"])]),
        ("contract and unit tests under clang UBSan, each core tuning and feature mask",
         [c for cmd in [[f"{ubsan}/tests/contract"]] + unit_tests(ubsan) for c in each_path(cmd)]),
        ("cross: QEMU targets, digests, vectors, instruction counts", [[PY, "cross/run_cross.py"]]),
        # each console tier then checks the console's doc tables against the records its
        # runs just wrote (tools/console_docs.py: stale figures fail, docs/consoles/README.md)
        ("gba: ROM in mGBA, digests, cycles, screenshots",
         [[PY, "platforms/gba/test_gba.py"], docs_check("gba")]),
        ("gb: ROM in gambatte and mGBA (MBC5), digests, the two within 1%, rerun, screenshots",
         [[PY, "platforms/gb/test_gb.py"], docs_check("gb")]),
        ("n64: ROM in mupen64plus and cen64 (o32 and n32 builds), digests, instruction counts, cycles, screenshots",
         [[PY, "platforms/n64/test_n64.py"], docs_check("n64")]),
        ("nes: ROM in Nestopia (MMC1 SUROM, 512 KB), digests, rerun, timer, screenshots",
         [[PY, "platforms/nes/test_nes.py"]]),
        ("nes-sim65: exact 6502 cycles in sim65, digests, the NES ROM's counts within 1%",
         [[PY, "platforms/nes/sim65/test_cycles.py"], docs_check("sim65"),
          # nes.md compares the Nestopia run with sim65's count of the ROM: both
          # records exist only once this tier has run after the nes tier
          docs_check("nes")]),
        ("nds: ROM in DeSmuME, results read from the screen, digests, header CRCs, screenshots",
         [[PY, "platforms/nds/test_nds.py"], docs_check("nds")]),
        ("valgrind (memcheck, helgrind): verify, sum, bench, quality, index threads", [["sh", "tests/valgrind_check.sh", "build/hashbench"]]),
        ("report: store on SQLite and PostgreSQL, compare, HTML in headless Chromium",
         [[PY, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider", "report/tests"]]),
        ("rust peers: the program's records, the library loaded into hashbench bench (make peers)",
         [[PY, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider", "peers/tests"]]),
        # hashbench quality's small battery on the whole roster: complete, every width, the
        # crypto hashes passing and the known-weak ones failing, within its time budget
        ("quality: hashbench quality --quick, all 40 algorithms", [[PY, "tests/quality_quick.py"]]),
        ("python: CLI behaviour, dispatch paths, Python-package differentials",
         [[PY, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/python"]]),
    ]
    # the quality battery's statistics proven on random oracles, and weak functions
    # failing what they should (tests/quality/calibrate.c, docs/quality.md "Calibration")
    t.append(("quality calibration: random oracles and weak functions",
              [make("build", extra=["build/tests/calibrate"]),
               ["build/tests/calibrate", "--json", "build/quality-calibration.json"]]))
    if platform.machine() != "x86_64":
        t = host_tiers.adapt(t)
    return t


def parse(output):
    """(passed, failed, skipped) from the last summary line, or None."""
    found = None
    for m in SUMMARY.finditer(output):
        found = tuple(int(g or 0) for g in m.groups())
    pm = list(PYTEST.finditer(output))
    if pm:
        counts = dict((k, 0) for k in ("passed", "failed", "skipped", "error", "errors"))
        for num, word in re.findall(r"(\d+) (\w+)", pm[-1].group(1)):
            counts[word] = counts.get(word, 0) + int(num)
        found = (counts["passed"], counts["failed"] + counts["error"] + counts["errors"], counts["skipped"])
    return found


def run_tier(name, commands):
    if isinstance(commands, host_tiers.Skip):
        return 0, 0, 1, [f"skipped: {commands.reason}"]
    passed = failed = skipped = 0
    notes = []
    for cmd in commands:
        start = time.time()
        try:
            proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                  errors="replace")
        except OSError as e:            # e.g. the binary was never built
            proc = subprocess.CompletedProcess(cmd, 127, f"cannot run {cmd[0]}: {e}\n")
        out = proc.stdout
        counts = parse(out)
        is_build = cmd[0] == "make"
        if is_build:
            counts = (1, 0, 0) if proc.returncode == 0 else (0, 1, 0)
        if counts is None:
            counts = (0, 1, 0)
            notes.append(f"{' '.join(cmd)}: no summary line (exit {proc.returncode})")
        elif proc.returncode != 0 and counts[1] == 0:
            counts = (counts[0], 1, counts[2])
            notes.append(f"{' '.join(cmd)}: exit {proc.returncode} although nothing was reported failed")
        if counts[1] or proc.returncode != 0:
            # show what went wrong: the failure lines, or the tail of the output
            lines = [l for l in out.splitlines() if re.match(r"\s*(FAIL|ERROR|E |.*error)", l)]
            shown = lines[:40] if lines else out.splitlines()[-40:]
            notes.extend(shown)
        if counts[2]:
            notes.extend(l for l in out.splitlines() if "SKIP" in l or "skipped" in l.lower())
        passed, failed, skipped = passed + counts[0], failed + counts[1], skipped + counts[2]
        dur = time.time() - start
        if dur > 60:
            notes.append(f"({' '.join(cmd[:2])} took {dur:.0f} s)")
    return passed, failed, skipped, notes


def main(argv):
    want = argv[1] if len(argv) > 1 else ""
    total = [0, 0, 0]
    for name, commands in tiers():
        if want and want not in name:
            continue
        start = time.time()
        p, f, s, notes = run_tier(name, commands)
        status = "FAIL" if f else ("SKIP" if s and not p else "ok  ")
        print(f"{status} {name}: {p} passed, {f} failed" + (f", {s} skipped" if s else "")
              + f"  [{time.time() - start:.0f} s]", flush=True)
        for n in notes:
            print(f"       {n}")
        total[0] += p
        total[1] += f
        total[2] += s
    line = f"{total[0]} passed, {total[1]} failed"
    if total[2]:
        line += f", {total[2]} skipped"
    print(line)
    return 1 if total[1] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

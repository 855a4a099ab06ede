#!/usr/bin/env python3
"""make cross: builds hashbench for every QEMU target of cross/targets.py,
runs it under qemu-user, and checks and measures it.

For every target and pinned CPU:
  - build: the library (and the command line, cli=True) with the target's
    Debian cross compiler, through the top Makefile; the cross harness
    (cross/harness) linked against it;
  - vectors: `harness check` runs every built-in vector on every
    implementation, one-shot and streamed;
  - workload digests: the canonical workload digest of every algorithm and
    implementation (from the harness and, cli=True, from `hashbench sum`)
    must equal tests/vectors/workload-digests.txt;
  - verify (cli=True): `hashbench verify`;
  - self-differential (cli=True): every implementation the CPU can run
    against `portable` on random lengths, odd addresses and random split
    points (tests/differential/selfdiff.c);
  - dispatcher (targets with an entry in T.DISPATCH, aarch64): verify, the
    picks of `hashbench list` and their workload digests with CPU feature
    bits masked (HB_ARM_MASK), see check_dispatch and docs/impl-aarch64.md;
  - the CPU view (targets in CPU_VIEW, aarch64 and armv7): `info`, `list`
    and `bench` show the HWCAP features, the dispatcher's view, the core and
    the emulation, and the MIDR table names real machines' cores
    (check_cpu_view, docs/tune.md "Emulation");
  - instruction counts (CPUs marked for counting): `harness count` under the
    tools/qemu-insn plugin, twice: both runs must give identical counts;
    the results go to build/cross/results/*.json.
A toolchain or emulator that is missing makes the target SKIPPED with the
Debian packages to install (never passed).  Ends with
"N passed, N failed[, N skipped]".

    python3 cross/run_cross.py [NAMES]    NAMES: comma-separated targets or
                                          their prefixes (aarch64, armv4t ...)
    python3 cross/run_cross.py --list     the targets
    --expected=FILE                       compare with FILE instead of
                                          tests/vectors/workload-digests.txt
                                          (to see the failure path work)
"""
import concurrent.futures
import datetime
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import targets as T  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "build" / "cross"
PLUGIN = ROOT / "build" / "qemu-insn" / "libqemu_insn.so"
WORKLOAD = OUT / "workload-1024.bin"
EXPECTED = ROOT / "tests" / "vectors" / "workload-digests.txt"
SIZES = [64, 256, 1024]
TIMEOUT = 900
HARNESS_SRCS = ["cross/harness/harness.c", "cross/harness/out.c"]
FS_SRCS = ["cross/freestanding/platform_fs.c", "cross/freestanding/libc_shim.c",
           "cross/freestanding/arm_runtime.c"]


def run(cmd, timeout=TIMEOUT, **kw):
    """(returncode, combined output); a timeout or a missing program is a failure."""
    try:
        p = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True, errors="replace", timeout=timeout, **kw)
        return p.returncode, p.stdout
    except subprocess.TimeoutExpired:
        return 124, f"timed out after {timeout} s: {' '.join(map(str, cmd))}"
    except OSError as e:
        return 127, f"{cmd[0]}: {e}"


class Tally:
    def __init__(self, name):
        self.name, self.passed, self.failed, self.skipped, self.lines = name, 0, 0, 0, []

    def ok(self, what):
        self.passed += 1
        self.lines.append(f"ok   {self.name}: {what}")

    def fail(self, what, detail=""):
        self.failed += 1
        self.lines.append(f"FAIL {self.name}: {what}")
        if detail:
            self.lines.extend("     " + l for l in detail.rstrip().splitlines()[-30:])

    def skip(self, what):
        self.skipped += 1
        self.lines.append(f"SKIP {self.name}: {what}")


def expected_digests(path):
    out = {}
    for line in Path(path).read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            algo, hexd = line.split()[:2]
            out[algo] = hexd.lower()
    return out


def missing_tools(t):
    """Debian packages a target lacks (empty when it can be built and run)."""
    need = []
    cc = f"{t['prefix']}-gcc"
    if not shutil.which(cc):
        need += T.PACKAGES[t["prefix"]] if t["kind"] == "glibc" else T.PACKAGES[t["prefix"]][:1]
    elif t["kind"] == "glibc" and not Path(f"/usr/{t['prefix']}/include/stdio.h").exists():
        need.append(T.PACKAGES[t["prefix"]][1])
    if not shutil.which(t["qemu"]):
        need.append(T.QEMU_PACKAGE)
    return need


def target_cflags(t):
    flags = "-O2 " + t["flags"]
    if t["kind"] == "freestanding":
        flags += " " + T.FREESTANDING
    return flags.strip()


def header_flags(t):
    """Freestanding builds see no C library header: gcc's own (stddef.h,
    stdint.h) and cross/freestanding/include (string.h) only."""
    if t["kind"] != "freestanding":
        return ""
    rc, gcc_inc = run([f"{t['prefix']}-gcc", "-print-file-name=include"], timeout=60)
    return f"-nostdinc -isystem {gcc_inc.strip()} -Icross/freestanding/include"


def build(t, tally):
    """Builds the library (and CLI) and the harness; returns True on success."""
    b = OUT / t["name"]
    cc, ar = f"{t['prefix']}-gcc", f"{t['prefix']}-ar"
    cflags = target_cflags(t)
    headers = header_flags(t)
    goals = [f"build/cross/{t['name']}/libhashbench.a"]
    if t["cli"]:
        goals += [f"build/cross/{t['name']}/hashbench", f"build/cross/{t['name']}/tests/selfdiff"]
    if t["name"] in NEON_TARGETS:
        goals += [f"build/cross/{t['name']}/tests/{u}" for u in NEON_UNITS + ["contract"]]
    rc, out = run(["make", "-s", f"BUILD=build/cross/{t['name']}", f"CC={cc}", f"AR={ar}",
                   f"CFLAGS={cflags} {headers}".strip(), "LDFLAGS=-static",
                   "LDLIBS_PEERS="] + goals)  # no peer libraries on the targets
    if rc != 0:
        tally.fail(f"build ({cc} {cflags})", out)
        return False
    cmd = [cc, "-std=c99", "-Wall", "-Wextra"] + cflags.split() + headers.split() + [
        "-Iinclude", "-Isrc", "-Icross/harness", "-o", str(b / "harness")] + HARNESS_SRCS + [
        str(OUT / "gen" / "table_vectors_data.c")]
    if t["kind"] == "glibc":
        cmd += ["cross/harness/platform_libc.c", str(b / "libhashbench.a"), "-static"]
    else:
        cmd += [T.START[t["prefix"]]] + FS_SRCS + [str(b / "libhashbench.a"), "-static", "-nostdlib",
                                                   "-no-pie", "-Wl,--build-id=none"]
        cmd += t.get("ldflags", "").split()
    rc, out = run(cmd)
    if rc != 0:
        tally.fail("build: harness", out)
        return False
    tally.ok(f"build ({cc} {cflags})")
    return True


def qemu(t, cpu, *args, plugin_out=None):
    cmd = [t["qemu"], "-cpu", cpu]
    if plugin_out:
        cmd += ["-plugin", f"{PLUGIN},out={plugin_out}"]
    return run(cmd + [str(a) for a in args])


def check_digests(tally, what, got, expected):
    """got: {(algo, impl): hex}.  Every algorithm needs a digest; every one must match."""
    bad = []
    for (algo, impl), hexd in sorted(got.items()):
        want = expected.get(algo)
        if want is None:
            bad.append(f"{algo}/{impl}: no canonical digest in {EXPECTED.name}")
        elif hexd != want:
            bad.append(f"{algo}/{impl} on {tally.name}: expected {want} got {hexd}")
    missing = sorted(set(expected) - {a for a, _ in got})
    if missing:
        bad.append("no digest at all for: " + " ".join(missing))
    if bad:
        tally.fail(f"{what}: {len(bad)} mismatch(es)", "\n".join(bad))
    else:
        tally.ok(f"{what}: {len(got)} algorithm/implementation pairs equal {EXPECTED.name}")


def check_cpu(t, cpu, tally, expected):
    b = OUT / t["name"]
    rc, out = qemu(t, cpu, b / "harness", "check")
    m = re.search(r"^check: (\d+) passed, (\d+) failed", out, re.M)
    if rc == 0 and m and int(m.group(2)) == 0 and int(m.group(1)) > 0:
        tally.ok(f"{cpu}: harness vectors, {m.group(1)} passed")
    else:
        tally.fail(f"{cpu}: harness vectors (exit {rc})",
                   "\n".join(l for l in out.splitlines() if not l.startswith("digest ")))
    got = {}
    for line in out.splitlines():
        f = line.split()
        if len(f) == 4 and f[0] == "digest":
            got[(f[1], f[2])] = f[3]
    check_digests(tally, f"{cpu}: workload digests (harness)", got, expected)
    if not t["cli"]:
        return
    rc, out = qemu(t, cpu, b / "hashbench", "verify")
    last = out.strip().splitlines()[-1] if out.strip() else ""
    if rc == 0 and re.match(r"\d+ passed, 0 failed", last):
        tally.ok(f"{cpu}: hashbench verify, {last}")
    else:
        tally.fail(f"{cpu}: hashbench verify (exit {rc})", out)
    check_selfdiff(t, cpu, tally)
    sums = {}
    for algo, impl in sorted(got):
        rc, out = qemu(t, cpu, b / "hashbench", "sum", "-a", algo, "--impl", impl, WORKLOAD)
        f = out.split()
        sums[(algo, impl)] = f[0] if rc == 0 and len(f) == 2 and f[1] == str(WORKLOAD) else \
            f"(exit {rc}: {out.strip()[:80]})"
    check_digests(tally, f"{cpu}: workload digests (hashbench sum)", sums, expected)
    for case in T.DISPATCH.get(t["name"], {}).get("cases", []):
        if case[0] == cpu:
            check_dispatch(t, cpu, case[1], case[2], tally, expected)


def check_selfdiff(t, cpu, tally):
    """Every implementation this CPU model can run against `portable`
    (tests/differential/selfdiff.c): random lengths, odd addresses, random
    split points.  Shorter than on the host: QEMU runs it 10-50x slower."""
    env = dict(os.environ, HB_SELFDIFF_MAXLEN="600", HB_SELFDIFF_BIG="2")
    rc, out = run([t["qemu"], "-cpu", cpu, str(OUT / t["name"] / "tests" / "selfdiff")], env=env)
    lines = out.strip().splitlines()
    last = lines[-1] if lines else ""
    m = re.match(r"(\d+) passed, (\d+) failed", last)
    if rc == 0 and m and m.group(2) == "0" and int(m.group(1)) > 0:
        tally.ok(f"{cpu}: every implementation vs portable ({lines[0].split(',')[0]}), {last}")
    else:
        tally.fail(f"{cpu}: every implementation vs portable (exit {rc})",
                   "\n".join(l for l in lines if l.startswith(("FAIL", "selfdiff"))) or out[-2000:])


def check_dispatch(t, cpu, mask, picks, tally, expected):
    """With CPU feature bits masked (T.DISPATCH): hashbench verify passes,
    `hashbench list` picks the implementations the case names, and what
    it picks computes the canonical workload digest."""
    b = OUT / t["name"]
    var = T.DISPATCH[t["name"]]["env"]
    env = dict(os.environ, **{var: mask})
    what = f"{cpu}, {var}={mask}"
    rc, out = run([t["qemu"], "-cpu", cpu, str(b / "hashbench"), "verify"], env=env)
    last = out.strip().splitlines()[-1] if out.strip() else ""
    if rc == 0 and re.match(r"\d+ passed, 0 failed", last):
        tally.ok(f"{what}: hashbench verify, {last}")
    else:
        tally.fail(f"{what}: hashbench verify (exit {rc})", out)
    rc, out = run([t["qemu"], "-cpu", cpu, str(b / "hashbench"), "list", "--format", "json"], env=env)
    try:
        best = {a["id"]: a["best"] for a in json.loads(out)} if rc == 0 else {}
    except ValueError:
        best = {}
    bad = [f"{algo}: picked {best.get(algo)}, expected {impl}"
           for algo, impl in sorted(picks.items()) if best.get(algo) != impl]
    sums = {}
    for algo in sorted(picks):
        rc, out = run([t["qemu"], "-cpu", cpu, str(b / "hashbench"), "sum", "-a", algo, str(WORKLOAD)],
                      env=env)
        f = out.split()
        sums[(algo, "best")] = f[0] if rc == 0 and len(f) == 2 else f"(exit {rc}: {out.strip()[:80]})"
    bad += [f"{algo}: best computes {h}, expected {expected.get(algo)}"
            for (algo, _), h in sorted(sums.items()) if h != expected.get(algo)]
    if bad:
        tally.fail(f"{what}: dispatcher picks / digests", "\n".join(bad))
    else:
        tally.ok(f"{what}: dispatcher picks {len(picks)} as expected, their digests equal")


# `hashbench info`, `list` and `bench` on ARM under qemu-user (issue 29;
# src/arch/cpu_view.h, docs/tune.md "Emulation"): per target, the CPUs run
# and what they must show: the HWCAP names, the dispatcher's view (and with
# a feature masked), the core (aarch64 reads the emulated MIDR with MRS;
# 32-bit ARM cannot), the emulation named, `bench` warning, the record's
# fields.  Then the MIDR table, through kernel files of real machines shown
# with HB_PROC_ROOT (tests/python/test_cpu_view_emulation.py has the x86 side).
CPU_VIEW = {
    "aarch64": dict(mask=("HB_ARM_MASK", "0x4", "pmull"), cpus={
        "cortex-a53": dict(core="ARM Cortex-A53 r0p4 (MIDR 0x410fd034; read with MRS",
                           features="fp asimd aes pmull sha1 sha2 crc32 cpuid",
                           dispatch="asimd aes pmull sha1 sha2 crc32", signals=["/proc/sys/kernel/arch"]),
        "max": dict(core="QEMU max, software-defined (implementer 0x00, part 0x051 'Q')",
                    features="fp asimd aes pmull sha1 sha2 crc32 atomics",
                    dispatch="asimd aes pmull sha1 sha2 crc32 sha3 sha512",
                    signals=["/proc/sys/kernel/arch", "MIDR_EL1 0x000f0510"])}),
    "armv7": dict(mask=("HB_ARM32_MASK", "0x1", "neon"), cpus={
        "cortex-a8": dict(core="not shown", features="swp half thumb fastmult vfp edsp thumbee neon vfpv3 tls vfpd32",
                          dispatch="neon", signals=["/proc/sys/kernel/arch"])}),
}

# (kernel machine, [(implementer, variant, part, revision, count)], the
# core line's names in order): ARM kernels' /proc/cpuinfo, made up of the
# MIDR fields real machines report
MIDR_CASES = {
    "aarch64": [
        ("aarch64", [(0x41, 2, 0xd05, 0, 4), (0x41, 4, 0xd0b, 0, 4)],
         ["ARM Cortex-A55 r2p0 x4", "ARM Cortex-A76 r4p0 x4", "MIDR 0x412fd050, 0x414fd0b0"]),
        ("aarch64", [(0x41, 0, p, 4, 1) for p in (0xd03, 0xd07, 0xd08, 0xd09, 0xd41, 0xd44, 0xd0c, 0xd49)],
         ["Cortex-A53", "Cortex-A57", "Cortex-A72", "Cortex-A73", "Cortex-A78", "Cortex-X1", "Neoverse N1",
          "Neoverse N2"]),
        ("aarch64", [(0x41, 1, 0xd40, 1, 1), (0x41, 0, 0xd4f, 1, 1), (0x61, 1, 0x032, 1, 4), (0x61, 1, 0x039, 1, 8),
                     (0x41, 0, 0xfff, 0, 1), (0x12, 0, 0x345, 0, 1)],
         ["ARM Neoverse V1 r1p1", "ARM Neoverse V2 r0p1", "Apple M2 Blizzard r1p1 x4", "Apple M2 Max Avalanche r1p1 x8",
          "ARM part 0xfff r0p0 (not in hashbench's table)", "implementer 0x12 part 0x345 r0p0"]),
    ],
    "armv7": [
        ("armv7l", [(0x41, 3, 0xc08, 2, 1)], ["ARM Cortex-A8 r3p2 (MIDR 0x413fc082; the kernel's /proc/cpuinfo)"]),
        ("aarch64", [(0x41, 0, 0xc07, 5, 4), (0x41, 3, 0xc09, 0, 2), (0x41, 2, 0xc0f, 3, 2)],
         ["ARM Cortex-A7 r0p5 x4", "ARM Cortex-A9 r3p0 x2", "ARM Cortex-A15 r2p3 x2"]),
    ],
}

# kernels before 6.1 have no /proc/sys/kernel/arch: the cpuinfo format
# decides.  An old SMP arm kernel's file (3.7 and earlier: the Features and
# CPU lines once, after every processor's block): native; the x86 host's:
# emulated.
OLD_ARM_SMP_CPUINFO = ("Processor\t: ARMv7 Processor rev 10 (v7l)\nprocessor\t: 0\nBogoMIPS\t: 790.52\n\n"
                       "processor\t: 1\nBogoMIPS\t: 790.52\n\nFeatures\t: swp half thumb fastmult vfp edsp neon "
                       "vfpv3 tls\nCPU implementer\t: 0x41\nCPU architecture: 7\nCPU variant\t: 0x2\n"
                       "CPU part\t: 0xc09\nCPU revision\t: 10\n\nHardware\t: Freescale i.MX 6Quad\n")


def fake_arm_proc(folder, machine, cores):
    """a /proc stand-in for HB_PROC_ROOT: an ARM kernel's cpuinfo and kernel/arch"""
    (folder / "sys" / "kernel").mkdir(parents=True, exist_ok=True)
    (folder / "sys" / "kernel" / "arch").write_text(machine + "\n")
    blocks, n = [], 0
    for impl, var, part, rev, count in cores:
        for _ in range(count):
            blocks.append(f"processor\t: {n}\nBogoMIPS\t: 50.00\nFeatures\t: fp asimd\nCPU implementer\t: 0x{impl:02x}\n"
                          f"CPU architecture: 8\nCPU variant\t: 0x{var:x}\nCPU part\t: 0x{part:03x}\n"
                          f"CPU revision\t: {rev}\n\n")
            n += 1
    (folder / "cpuinfo").write_text("".join(blocks))
    return folder


def info_fields(out):
    """`hashbench info`'s lines: {label: value}"""
    return {l[:15].strip(): l[15:] for l in out.splitlines() if len(l) > 15}


def check_cpu_view(t, tally):
    view = CPU_VIEW.get(t["name"])
    if not view or not t["cli"]:
        return
    exe = OUT / t["name"] / "hashbench"
    env = {k: v for k, v in os.environ.items() if k not in ("HB_PROC_ROOT", view["mask"][0])}
    for cpu, want in view["cpus"].items():
        rc, out = run([t["qemu"], "-cpu", cpu, str(exe), "info"], env=env)
        f, bad = info_fields(out), []
        if rc != 0:
            bad.append(f"exit {rc}")
        if not f.get("cpu core", "").startswith(want["core"]):
            bad.append(f"cpu core: {f.get('cpu core')!r}, expected {want['core']!r}...")
        if not f.get("cpu features", "").startswith(want["features"]) or \
                not f.get("cpu features", "").endswith("(AT_HWCAP/AT_HWCAP2)") or "sse2" in out:
            bad.append(f"cpu features: {f.get('cpu features')!r}, expected {want['features']!r}... (AT_HWCAP/AT_HWCAP2)")
        if f.get("dispatch sees") != want["dispatch"]:
            bad.append(f"dispatch sees: {f.get('dispatch sees')!r}, expected {want['dispatch']!r}")
        emu = f.get("emulation", "")
        if not emu.endswith("the times are the emulator's") or not all(s in emu for s in want["signals"]):
            bad.append(f"emulation: {emu!r}, expected {want['signals']}")
        var, mask, gone = view["mask"]
        rc, out = run([t["qemu"], "-cpu", cpu, str(exe), "info"], env=dict(env, **{var: mask}))
        masked = info_fields(out)
        if gone in masked.get("dispatch sees", "").split() or gone not in masked.get("cpu features", "").split():
            bad.append(f"{var}={mask}: dispatch sees {masked.get('dispatch sees')!r} (without {gone}), "
                       f"features {masked.get('cpu features')!r} (with it)")
        rc, out = run([t["qemu"], "-cpu", cpu, str(exe), "list"], env=env)
        lines = out.splitlines()
        if rc != 0 or len(lines) < 5 or not lines[0].startswith("ID ") or \
                not lines[3].strip().startswith("dispatch sees  " + want["dispatch"]) or \
                not lines[4].strip().startswith("emulation"):
            bad.append("list: its header lines\n" + "\n".join(lines[:5]))
        record = OUT / t["name"] / f"cpu-view-{cpu}.json"
        rc, out = run([t["qemu"], "-cpu", cpu, str(exe), "bench", "-a", "crc32", "-s", "64", "--budget", "2",
                       "--repeat", "1", "--format", "json", "-o", str(record)], env=env)
        if not [l for l in out.splitlines() if l.startswith("hashbench bench: warning: emulated CPU, the times are the "
                                                            "emulator's")]:
            bad.append(f"bench (exit {rc}) did not warn:\n{out[-1500:]}")
        try:
            ctx = json.loads(record.read_text())["context"]
            if not (ctx["emulation"] and ctx["cpu_dispatch"] == want["dispatch"] and
                    ctx["cpu_flags"].startswith(want["features"]) and
                    ctx.get("cpu_core", "not shown").startswith(want["core"])):
                bad.append(f"record context: {json.dumps({k: ctx.get(k) for k in ('cpu_flags', 'cpu_core', 'cpu_dispatch', 'emulation')})}")
        except (OSError, ValueError, KeyError) as e:
            bad.append(f"record {record}: {e}")
        if bad:
            tally.fail(f"{cpu}: info, list, bench show the ARM CPU and the emulation", "\n".join(bad))
        else:
            tally.ok(f"{cpu}: info, list, bench show the ARM CPU ({f['cpu core'][:40]}...) and the emulation")
    # the MIDR table, through ARM kernels' files (a CPU with an ordinary MIDR,
    # so that only the files speak: they say native)
    cpu = next(iter(view["cpus"]))
    for i, (machine, cores, names) in enumerate(MIDR_CASES.get(t["name"], [])):
        root = fake_arm_proc(OUT / t["name"] / f"fake-proc-{i}", machine, cores)
        rc, out = run([t["qemu"], "-cpu", cpu, str(exe), "info"], env=dict(env, HB_PROC_ROOT=str(root)))
        f = info_fields(out)
        core, at = f.get("cpu core", ""), 0
        for name in names:
            at = core.find(name, at)
            if at < 0:
                break
        if rc == 0 and at >= 0 and core.endswith("the kernel's /proc/cpuinfo)") and \
                f.get("emulation") == "none detected":
            tally.ok(f"MIDR table: {', '.join(n.split(' (')[0] for n in names)}")
        else:
            tally.fail(f"MIDR table: {machine} kernel files, expected {names} in order and no emulation",
                       f"exit {rc}\ncpu core: {core}\nemulation: {f.get('emulation')}")
    old = OUT / t["name"] / "fake-proc-old"
    (old / "sys" / "kernel").mkdir(parents=True, exist_ok=True)
    (old / "sys" / "kernel" / "arch").unlink(missing_ok=True)
    cases = [("the x86 host's", Path("/proc/cpuinfo").read_text(), "/proc/cpuinfo is not an")]
    if t["name"] == "armv7":
        cases.append(("an old SMP arm kernel's", OLD_ARM_SMP_CPUINFO, None))
    for what, text, signal in cases:
        (old / "cpuinfo").write_text(text)
        rc, out = run([t["qemu"], "-cpu", cpu, str(exe), "info"], env=dict(env, HB_PROC_ROOT=str(old)))
        emu = info_fields(out).get("emulation", "")
        good = (signal in emu and "kernel/arch" not in emu) if signal else emu == "none detected"
        if signal is None:
            good = good and info_fields(out).get("cpu core", "").startswith("ARM Cortex-A9 r2p10 (MIDR 0x412fc09a")
        if rc == 0 and good:
            tally.ok(f"no kernel/arch, {what} cpuinfo: emulation {'named' if signal else 'none'}")
        else:
            tally.fail(f"no kernel/arch, {what} cpuinfo: expected {signal or 'none detected'}",
                       f"exit {rc}\n{out[-1500:]}")


# ---- tune and bench on the target (issue 29: `hashbench tune` died with
# SIGSEGV on armhf, where no cross check had ever run it) ----

# Where the profile is required: these targets' jansson comes from Debian
# multiarch (libjansson-dev:ARCH, tools/setup.sh cross); elsewhere a build
# without jansson must refuse `tune` cleanly.
PROFILE_TARGETS = {"armv7": "armhf", "i686": "i386", "aarch64": "arm64"}
# As short as tune allows: two algorithms with several implementations each,
# two sizes, the smallest budget (calibration's 1 ms floor sets the time).
TUNE_ALGOS, TUNE_SIZES, TUNE_REPEAT, TUNE_BUDGET_MS = ["crc32", "sha256"], [64, 1024], 3, 1
GIB = 1 << 30


def links_jansson(t):
    """The Makefile's HB_JSON probe for this target: does its compiler link
    jansson statically?"""
    probe = OUT / t["name"] / "jansson-probe"
    probe.parent.mkdir(parents=True, exist_ok=True)
    rc, _ = run([f"{t['prefix']}-gcc"] + target_cflags(t).split() +
                ["-static", "-x", "c", "-", "-ljansson", "-o", str(probe)],
                timeout=120, input="int main(void){return 0;}\n")
    probe.unlink(missing_ok=True)
    return rc == 0


def check_tune_bench(t, cpu, tally, expected):
    """`hashbench tune` (short), then `hashbench bench` following the profile
    it wrote: both exit 0, the profile holds what was asked (its settings
    went through jansson's variadic json_pack, where a 64-bit argument read
    as an int shifted every later one on 32-bit targets), bench records
    that it followed that profile and its 1 KiB digests are the canonical
    workload's.  A target whose build has no jansson must refuse `tune` with
    its reason, not crash."""
    b = OUT / t["name"]
    cache = b / "tune-cache"            # XDG_CACHE_HOME: the profile's default place
    shutil.rmtree(cache, ignore_errors=True)
    cache.mkdir(parents=True)
    env = dict(os.environ, XDG_CACHE_HOME=str(cache))
    hb = [t["qemu"], "-cpu", cpu, str(b / "hashbench")]
    sizes = ",".join(map(str, TUNE_SIZES))
    profile = None
    if links_jansson(t):
        profile = check_tune(t, cpu, tally, hb, env, sizes)
        if profile:
            check_profile_sizes(t, cpu, tally, hb, profile)
    elif t["name"] in PROFILE_TARGETS:
        pkg = f"libjansson-dev:{PROFILE_TARGETS[t['name']]}"
        tally.skip(f"{cpu}: hashbench tune: no jansson for this target (dpkg --add-architecture "
                   f"{PROFILE_TARGETS[t['name']]}; apt-get install {pkg}, or sh tools/setup.sh cross)")
    else:
        rc, out = run(hb + ["tune", "-a", TUNE_ALGOS[0], "-s", "64"], env=env)
        if rc == 1 and "no JSON library" in out:
            tally.ok(f"{cpu}: hashbench tune without jansson refuses with its reason")
        else:
            tally.fail(f"{cpu}: hashbench tune without jansson: expected exit 1 and its reason, got exit {rc}",
                       out)
    check_bench(t, cpu, tally, hb, env, sizes, profile, expected)


def check_tune(t, cpu, tally, hb, env, sizes):
    """Returns the profile's path when tune wrote a sane one, else None."""
    what = (f"{cpu}: hashbench tune -a {','.join(TUNE_ALGOS)} -s {sizes} --repeat {TUNE_REPEAT} "
            f"--budget {TUNE_BUDGET_MS}")
    start = time.time()
    rc, out = run(hb + ["tune", "-a", ",".join(TUNE_ALGOS), "-s", sizes, "--repeat", str(TUNE_REPEAT),
                        "--budget", str(TUNE_BUDGET_MS)], env=env)
    took = time.time() - start
    m = re.search(r"^hashbench tune: (\d+) algorithms at (\d+) sizes in [\d.]+ s: (\S+)$", out, re.M)
    bad = []
    if rc != 0 or not m:
        tally.fail(f"{what} (exit {rc})", out)
        return None
    path = Path(m.group(3))
    try:
        doc = json.loads(path.read_text())
        figures = json.loads(path.with_name(path.name.replace("profile-", "figures-", 1)).read_text())
    except (OSError, ValueError) as e:
        tally.fail(f"{what}: its profile and figures do not read back", str(e))
        return None
    settings = doc.get("settings", {})
    if (int(m.group(1)), int(m.group(2))) != (len(TUNE_ALGOS), len(TUNE_SIZES)):
        bad.append(f"it says {m.group(1)} algorithms at {m.group(2)} sizes")
    if Path(env["XDG_CACHE_HOME"]) not in path.parents:
        bad.append(f"profile written to {path}, not under XDG_CACHE_HOME")
    if doc.get("format") != "hashbench-profile" or doc.get("format_version") != 2:
        bad.append(f"format {doc.get('format')!r} version {doc.get('format_version')!r}")
    if settings.get("rounds") != TUNE_REPEAT or settings.get("budget_ms") != TUNE_BUDGET_MS or \
            not str(settings.get("protocol", "")).startswith("one-shot"):
        bad.append(f"settings {settings} (asked: rounds {TUNE_REPEAT}, budget_ms {TUNE_BUDGET_MS})")
    if doc.get("algorithms") != TUNE_ALGOS or doc.get("sizes") != TUNE_SIZES:
        bad.append(f"algorithms {doc.get('algorithms')} at sizes {doc.get('sizes')}")
    for a in figures.get("algorithms", []):
        for s in a.get("sizes", []):
            figs = s.get("mb_per_s", {})
            if not figs or s.get("pick") not in figs or \
                    not all(f.get("best", 0) > 0 and f.get("median", 0) > 0 for f in figs.values()):
                bad.append(f"{a.get('id')} at {s.get('size')}: figures {figs}, pick {s.get('pick')}")
    if [a.get("id") for a in figures.get("algorithms", [])] != TUNE_ALGOS:
        bad.append(f"figures for {[a.get('id') for a in figures.get('algorithms', [])]}")
    rc, out = run(hb + ["tune", "--check"], env=env)
    if rc != 0:
        bad.append(f"tune --check afterwards: exit {rc}: {out.strip()}")
    if bad:
        tally.fail(f"{what}: the profile is not what was asked", "\n".join(bad))
        return None
    tally.ok(f"{what}: exit 0, profile reads back ({took:.0f} s)")
    return path


def check_profile_sizes(t, cpu, tally, hb, profile):
    """The profile tune wrote, its last size moved 4 GiB up (and no
    overrides, so nothing else refers to it): a 64-bit build uses it, a
    32-bit one refuses it with its reason instead of reading the size
    modulo 4 GiB (1 KiB again) and using it."""
    doc = json.loads(profile.read_text())
    doc["sizes"][-1] += 4 * GIB
    doc["overrides"] = []
    cache = OUT / t["name"] / "tune-cache-4g"
    shutil.rmtree(cache, ignore_errors=True)
    (cache / "hashbench").mkdir(parents=True)
    (cache / "hashbench" / profile.name).write_text(json.dumps(doc, indent=1) + "\n")
    rc, out = run(hb + ["tune", "--check"], env=dict(os.environ, XDG_CACHE_HOME=str(cache)))
    what = f"{cpu}: a profile with a size of {doc['sizes'][-1]} bytes"
    if is_32bit(t):
        good = rc == 1 and "past what this build addresses" in out
        expect = "refused with its reason (exit 1)"
    else:
        good, expect = rc == 0, "used (exit 0)"
    if good:
        tally.ok(f"{what}: {expect}")
    else:
        tally.fail(f"{what}: expected {expect}, got exit {rc}", out)
    shutil.rmtree(cache, ignore_errors=True)


def check_bench(t, cpu, tally, hb, env, sizes, profile, expected):
    """A short `hashbench bench` as `make bench` runs it (best and the peers,
    none of which a static cross build loads), saved as JSON."""
    saved = OUT / t["name"] / "bench-run.json"
    saved.unlink(missing_ok=True)
    what = f"{cpu}: hashbench bench -a {','.join(TUNE_ALGOS)} -s {sizes}"
    start = time.time()
    rc, out = run(hb + ["bench", "-a", ",".join(TUNE_ALGOS), "--impl", "best,peers", "-s", sizes,
                        "--repeat", "3", "--budget", "2", "--save", str(saved)], env=env)
    took = time.time() - start
    if rc != 0:
        tally.fail(f"{what} (exit {rc})", out)
        return
    try:
        doc = json.loads(saved.read_text())
    except (OSError, ValueError) as e:
        tally.fail(f"{what}: its saved run does not read", str(e))
        return
    bad = []
    used = (doc.get("context", {}).get("profile") or {}).get("path")
    if profile and used != str(profile):
        bad.append(f"followed profile {used!r}, not the one tune wrote ({profile})")
    ours = [r for r in doc.get("results", []) if not r.get("peer")]
    got = {(r.get("algorithm"), r.get("size")) for r in ours}
    want = {(a, s) for a in TUNE_ALGOS for s in TUNE_SIZES}
    if got != want:
        bad.append(f"results for {sorted(got, key=str)}, expected {sorted(want)}")
    for r in ours:
        if not r.get("bytes_per_second", 0) > 0:
            bad.append(f"{r.get('algorithm')} {r.get('implementation')} at {r.get('size')}: "
                       f"{r.get('bytes_per_second')} bytes/s")
        if r.get("size") == 1024 and r.get("digest") != expected.get(r.get("algorithm")):
            bad.append(f"{r.get('algorithm')} {r.get('implementation')}: digest {r.get('digest')}, "
                       f"expected {expected.get(r.get('algorithm'))}")
    if bad:
        tally.fail(f"{what}: the run is not sane", "\n".join(bad))
    else:
        tally.ok(f"{what}: exit 0, {len(ours)} results, 1 KiB digests canonical"
                 f"{', profile followed' if profile else ''} ({took:.0f} s)")


# ---- 32-bit sizes: the size parser, files past 2 and 4 GiB, BLAKE3's
# threads (issue 29's audit of 32-bit assumptions) ----

# the 32-bit cli targets that read files past 2 and 4 GiB: one ARM, one x86
LARGE_FILE_TARGETS = ("armv7", "i686")


def is_32bit(t):
    return t["cli"] and t["arch"] in ("arm", "i386")


# The targets whose CPUs run the ARM kernels (NEON, ARMv8 crypto): there
# the NEON kernels' own unit tests (tests/unit/neon/, built for ARM only:
# what whole messages cannot reach, BLAKE3's lane counters across 2^32) and
# the API contract of every implementation (tests/differential/contract.c:
# input unchanged, nothing written around the digest, every start offset,
# update(NULL, 0) ...), which the host tiers run for x86-64's kernels
NEON_TARGETS = ("aarch64", "armv7")
NEON_UNITS = sorted(p.stem for p in (ROOT / "tests" / "unit" / "neon").glob("*.c"))


def check_neon_units(t, cpu, tally):
    rc, out = qemu(t, cpu, OUT / t["name"] / "tests" / "contract")
    last = out.strip().splitlines()[-1] if out.strip() else ""
    if rc == 0 and re.match(r"[1-9]\d* passed, 0 failed$", last):
        tally.ok(f"{cpu}: contract, every implementation this CPU runs, {last}")
    else:
        tally.fail(f"{cpu}: contract (tests/differential/contract.c, exit {rc})",
                   "\n".join(l for l in out.splitlines() if "FAIL" in l)[-3000:] or out[-2000:])
    for unit in NEON_UNITS:
        rc, out = qemu(t, cpu, OUT / t["name"] / "tests" / unit)
        last = out.strip().splitlines()[-1] if out.strip() else ""
        if rc == 0 and re.match(r"[1-9]\d* passed, 0 failed$", last):
            tally.ok(f"{cpu}: tests/unit/neon/{unit}, {last}")
        else:
            tally.fail(f"{cpu}: tests/unit/neon/{unit} (exit {rc})", out[-2000:])


def check_units_32(t, cpu, tally):
    """tests/unit/units_sizes.c built for the target: with a memory that
    allows it, a size past half a 32-bit address space is refused, never
    wrapped (5G was read as 1 GiB, 4G+64 as 64 bytes)."""
    exe = OUT / t["name"] / "tests" / "units_sizes"
    exe.parent.mkdir(parents=True, exist_ok=True)
    rc, out = run([f"{t['prefix']}-gcc", "-D_GNU_SOURCE", "-std=c99", "-Wall", "-Wextra"] + target_cflags(t).split() +
                  ["-Iinclude", "-Isrc", "-Itests/unit", "-o", str(exe), "tests/unit/units_sizes.c", "-static", "-lm"],
                  timeout=300)
    if rc == 0:
        rc, out = run([t["qemu"], "-cpu", cpu, str(exe)], timeout=120)
    last = out.strip().splitlines()[-1] if out.strip() else ""
    m = re.match(r"(\d+) passed, 0 failed", last)
    if rc == 0 and m and "32-bit:" in out:
        tally.ok(f"{cpu}: size parser at a 32-bit size_t (tests/unit/units_sizes.c), {last}")
    else:
        tally.fail(f"{cpu}: size parser at a 32-bit size_t (tests/unit/units_sizes.c, exit {rc})", out)


def check_size_parser_32(t, cpu, tally):
    """The command line says it too: a size past a 32-bit address space is
    a usage error with its reason (here the memory QEMU reports may already
    refuse it: check_units_32 sets the memory)."""
    hb = [t["qemu"], "-cpu", cpu, str(OUT / t["name"] / "hashbench")]
    bad = []
    for size in ("5G", str(4 * GIB + 64), "3G"):
        rc, out = run(hb + ["bench", "-a", "crc32", "-s", size, "--repeat", "1", "--budget", "1",
                            "--format", "csv"], timeout=120)
        if rc != 2 or "too large" not in out:
            bad.append(f"-s {size}: exit {rc}, expected 2 and 'too large': {out.strip()[-300:]}")
    if bad:
        tally.fail(f"{cpu}: sizes past a 32-bit address space", "\n".join(bad))
    else:
        tally.ok(f"{cpu}: sizes past a 32-bit address space refused (5G, 4G+64, 3G)")


def check_threads_32(t, cpu, tally):
    """More copies than a 32-bit address space has room for thread stacks
    (bench --threads 1024; 8 MiB each): an error that says so, not a crash."""
    hb = [t["qemu"], "-cpu", cpu, str(OUT / t["name"] / "hashbench")]
    rc, out = run(hb + ["bench", "-a", "crc32", "-s", "64", "--threads", "1024", "--repeat", "1", "--budget", "1",
                        "--no-profile", "--format", "csv"], timeout=300)
    if rc == 1 and "--threads copies could start" in out:
        tally.ok(f"{cpu}: bench --threads 1024: exit 1, the threads named")
    else:
        tally.fail(f"{cpu}: bench --threads 1024: expected exit 1 naming the threads, got exit {rc}", out[-2000:])


def marked_sparse_file(path, size, marks):
    """A sparse file with 4 KiB of bytes that differ by place at each mark:
    a read at a truncated offset gets other bytes, and another digest."""
    with open(path, "wb") as f:
        f.truncate(size)
        for off in marks:
            f.seek(off)
            f.write(bytes((off // 4096 * 131 + i * 31 + 7) & 0xFF for i in range(4096)))


def large_file_dir(t):
    """Sparse files' place: tmpfs (/dev/shm) reads holes as the zero page,
    neither disk nor memory; else build/cross."""
    shm = Path("/dev/shm")
    base = shm if shm.is_dir() and os.access(shm, os.W_OK) else OUT
    d = base / f"hashbench-cross-{t['name']}-{os.getpid()}"
    d.mkdir(parents=True, exist_ok=True)
    return d


def reference_digest(tool, path):
    rc, out = run(tool + [str(path)], timeout=600)
    f = out.split()
    return f[0] if rc == 0 and f else None


def check_large_files_32(t, cpu, tally):
    """`hashbench sum` of files past 4 GiB (read) and 2 GiB (mmap windows of
    64 MiB in a 3 GiB address space) and BLAKE3's threads reading their
    parts with pread, against the host's xxhsum and b3sum."""
    missing = [pkg for tool, pkg in (("xxhsum", "xxhash"), ("b3sum", "b3sum")) if not shutil.which(tool)]
    if missing:
        tally.skip(f"{cpu}: files past 4 GiB: needs Debian packages {' '.join(missing)}")
        return
    hb = [t["qemu"], "-cpu", cpu, str(OUT / t["name"] / "hashbench"), "sum"]
    shm = large_file_dir(t)
    # mmap: tmpfs would allocate every hole a page is mapped over; the disk's
    # page cache holds them instead, and lets them go
    disk = OUT / t["name"] / "large-files"
    disk.mkdir(parents=True, exist_ok=True)
    cases = [  # (what, file, size, marks, sum arguments, reference tool)
        ("past 4 GiB, read", shm / "past-4g", 4 * GIB + 3 * 4096 + 100,
         [0, 2 * GIB - 2048, 4 * GIB - 2048, 4 * GIB + 2 * 4096], ["-a", "xxh32", "--io", "read"], ["xxhsum", "-H0"]),
        ("BLAKE3 mt, 8 threads, pread", shm / "blake3-72m", 72 << 20, [0, (64 << 20) - 2048, (72 << 20) - 4096],
         ["-a", "blake3", "--impl", "mt", "--threads", "8", "--io", "pread"], ["b3sum"]),
    ]
    if t["name"] == "armv7":
        cases.append(("past 2 GiB, mmap", disk / "past-2g", 2 * GIB + 2 * 4096 + 100,
                      [0, 2 * GIB - 2048, 2 * GIB + 4096], ["-a", "xxh32", "--io", "mmap"], ["xxhsum", "-H0"]))
    try:
        for what, path, size, marks, args, tool in cases:
            start = time.time()
            marked_sparse_file(path, size, marks)
            want = reference_digest(tool, path)
            rc, out = run(hb + args + [str(path)])
            f = out.split()
            got = f[0] if rc == 0 and len(f) == 2 else f"(exit {rc}: {out.strip()[-200:]})"
            if want and got == want:
                tally.ok(f"{cpu}: hashbench sum {' '.join(args)}, {size} bytes: {tool[0]}'s digest "
                         f"({time.time() - start:.0f} s)")
            else:
                tally.fail(f"{cpu}: hashbench sum {' '.join(args)}, {size} bytes",
                           f"expected {want} ({' '.join(tool)}), got {got}")
            path.unlink(missing_ok=True)
    finally:
        shutil.rmtree(shm, ignore_errors=True)
        shutil.rmtree(disk, ignore_errors=True)


# The program's own sources, for the target: the project's warnings and the
# format checks (-Wformat=2; printf-like functions carry the format
# attribute), where a 32-bit `long` or a missing architecture branch
# shows (clock.c called an aarch64-only function on 32-bit ARM).
# (src/rng: hashbench rng's engine, with the target's random-number
# instructions: the Makefile's RNG_ARCH)
CLI_WARN_SRCS = ["src/cli/*.c", "src/bench/*.c", "src/files/*.c", "src/profile/*.c", "src/rng/*.c", "src/read/*.c",
                 "src/text/*.c"]


def check_cli_warnings(t, tally):
    rng_arch = "aarch64" if t["arch"] == "aarch64" else "generic"
    srcs = sorted(str(p.relative_to(ROOT)) for g in CLI_WARN_SRCS + [f"src/rng/{rng_arch}/*.c"]
                  for p in ROOT.glob(g))
    if not links_jansson(t):     # the Makefile's HB_JSON: the stand-in instead of the jansson files
        srcs = [s for s in srcs if not s.endswith(("profile_load.c", "profile_write.c"))] + \
               ["src/profile/no_json/profile_io_none.c"]
    rc, out = run([f"{t['prefix']}-gcc", "-fsyntax-only", "-D_GNU_SOURCE", "-std=c99", "-Wall", "-Wextra",
                   "-Wshadow", "-pedantic", "-Wformat=2", "-Wno-format-nonliteral"] + target_cflags(t).split() +
                  ["-Iinclude", "-Isrc"] + srcs, timeout=600)
    warnings = [l for l in out.splitlines() if "warning:" in l or "error:" in l]
    if rc == 0 and not warnings:
        tally.ok(f"{len(srcs)} sources of src/cli, src/bench, src/files, src/profile, src/rng, src/read, "
                 "src/text: no warning (-Wformat=2)")
    else:
        tally.fail(f"src/cli, src/bench, src/files, src/profile, src/rng, src/read, src/text for this target: {len(warnings)} warning(s) (exit {rc})",
                   out)


def check_32bit(t, cpu, tally):
    if not is_32bit(t):
        return
    check_units_32(t, cpu, tally)
    check_size_parser_32(t, cpu, tally)
    if t["name"] == "i686":           # the same code on every 32-bit target: one (QEMU starts threads slowly on ARM)
        check_threads_32(t, cpu, tally)
    if t["name"] in LARGE_FILE_TARGETS:
        check_large_files_32(t, cpu, tally)


def parse_counts(text):
    counts, errors = {}, []
    for line in text.splitlines():
        f = line.split()
        if f and f[0] == "hbinsn" and len(f) == 3:
            counts[int(f[1])] = int(f[2])
        elif f and f[0] == "hbinsn-error":
            errors.append(line)
    return counts, errors


def count_cpu(t, cpu, tally, expected, versions):
    """Two plugin runs; identical counts; results record."""
    b = OUT / t["name"]
    runs = []
    for k in (1, 2):
        pout = b / f"counts-{safe(cpu)}-{k}.txt"
        rc, out = qemu(t, cpu, b / "harness", "count", *SIZES, plugin_out=pout)
        text = pout.read_text() if pout.exists() else ""
        counts, errors = parse_counts(text)
        if rc != 0 or errors or 0 not in counts:
            tally.fail(f"{cpu}: instruction count run {k} (exit {rc})", out + "\n".join(errors))
            return
        runs.append((out, counts))
    records = []
    for line in runs[0][0].splitlines():
        f = line.split()
        if len(f) == 7 and f[0] == "record" and f[1] != "0":
            records.append(dict(id=int(f[1]), algo=f[2], impl=f[3], size=int(f[4]), tier=f[5], digest=f[6]))
    same = runs[0][1] == runs[1][1]
    complete = records and all(r["id"] in runs[0][1] for r in records)
    if same and complete:
        tally.ok(f"{cpu}: instruction counts of {len(records)} regions identical in two runs")
    else:
        diff = [f"record {i}: {runs[0][1].get(i)} vs {runs[1][1].get(i)}"
                for i in sorted(set(runs[0][1]) | set(runs[1][1])) if runs[0][1].get(i) != runs[1][1].get(i)]
        tally.fail(f"{cpu}: instruction counts differ between two runs or are incomplete",
                   "\n".join(diff[:20]))
        return
    # the 1024-byte digests of the measured runs are checked too
    got = {(r["algo"], r["impl"]): r["digest"] for r in records if r["size"] == 1024}
    check_digests(tally, f"{cpu}: workload digests (measured runs)", got, expected)
    write_results(t, cpu, records, runs[0][1], versions)


def safe(text):
    return re.sub(r"[^A-Za-z0-9.+-]+", "_", text)


def write_results(t, cpu, records, counts, versions):
    """A results record (docs/schema/results.schema.json, see docs/cross.md for
    the fields an instruction count cannot fill)."""
    overhead = counts[0]
    hb_version = re.search(r'#define HB_VERSION "([^"]+)"', (ROOT / "include" / "hashbench.h").read_text())
    rev = run(["git", "describe", "--always", "--dirty"])[1].strip()
    results = []
    for r in records:
        insns = counts[r["id"]] - overhead
        results.append({
            "algorithm": r["algo"], "tier": r["tier"], "implementation": r["impl"], "size": r["size"],
            "timing_fidelity": "instruction-count", "iterations_per_sample": 1,
            "instructions": insns, "instructions_per_byte": round(insns / r["size"], 3),
            "digest": r["digest"], "warnings": [],
        })
    doc = {
        "schema": "hashbench-results", "schema_version": 1,
        "context": {
            "platform": f"qemu-{t['name']}", "arch": t["arch"], "cpu_model": cpu,
            "compiler": versions["cc"], "compiler_flags": target_cflags(t),
            "hashbench_version": hb_version.group(1) if hb_version else "unknown",
            "hashbench_build": rev or "unknown",
            "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "emulator": f"{versions['qemu']}; tools/qemu-insn plugin (API 1): guest instructions "
                        f"between the markers, less the {overhead} of an empty region",
        },
        "settings": {"sizes": SIZES, "mode": "throughput", "impl": "all", "aligned": True},
        "warnings": [],
        "results": results,
    }
    dest = OUT / "results" / f"qemu-{t['name']}-{safe(cpu)}.json"
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_text(json.dumps(doc, indent=1) + "\n")
    console = t.get("console")
    if console and console["cpu"] == cpu:
        write_console_record(doc, console)


def console_record(doc, console):
    """The same counts as the console whose CPU the QEMU model stands for (the
    3DS: no 3DS emulator here): its platform and nominal clock, fidelity still
    instruction-count, so the report's console column shows instructions per
    byte, labelled, and never a time."""
    ctx = dict(doc["context"], platform=console["platform"], cpu_model=console["cpu_model"],
               clock_hz=console["clock_hz"])
    ctx["emulator"] += (f"; QEMU -cpu {console['cpu']} standing for the {console['platform']}'s CPU: "
                        f"instruction counts, not cycles or time")
    return dict(doc, context=ctx)


def write_console_record(doc, console):
    dest = OUT / "results" / f"{console['platform']}-{safe(console['cpu'])}.json"
    dest.write_text(json.dumps(console_record(doc, console), indent=1) + "\n")


def first_line(cmd):
    rc, out = run(cmd, timeout=60)
    return out.splitlines()[0].strip() if rc == 0 and out else "unknown"


def do_target(t, expected):
    start = time.time()
    tally = Tally(t["name"])
    try:
        return check_target(t, expected, tally)
    finally:
        tally.lines.append(f"     ({t['name']}: {time.time() - start:.0f} s)")


def check_target(t, expected, tally):
    need = missing_tools(t)
    if need:
        tally.skip(f"needs Debian packages: {' '.join(need)}  "
                   f"(apt-get install --no-install-recommends {' '.join(need)}, or make deps)")
        return tally
    if not build(t, tally):
        return tally
    versions = {"cc": first_line([f"{t['prefix']}-gcc", "--version"]),
                "qemu": first_line([t["qemu"], "--version"])}
    if t["name"] in PROFILE_TARGETS:   # the two 32-bit ABIs and aarch64: the rest add little but time
        check_cli_warnings(t, tally)
    for cpu, counted in t["cpus"]:
        check_cpu(t, cpu, tally, expected)
        if t["name"] in NEON_TARGETS and cpu == t["cpus"][-1][0]:
            check_neon_units(t, cpu, tally)
        if t["cli"] and cpu == t["cpus"][-1][0]:
            check_tune_bench(t, cpu, tally, expected)
            check_32bit(t, cpu, tally)
        if counted:
            if PLUGIN.exists():
                count_cpu(t, cpu, tally, expected, versions)
            else:
                tally.fail(f"{cpu}: instruction counts: the plugin did not build")
    check_cpu_view(t, tally)
    return tally


def prepare(tally):
    """Host-side pieces: the vector table, the workload file and the plugin."""
    (OUT / "gen").mkdir(parents=True, exist_ok=True)
    WORKLOAD.write_bytes(bytes((i * 31 + 7) & 0xFF for i in range(1024)))
    # a host library of its own: portable implementations only, no peer libraries
    h = "build/cross/host"
    jobs = f"-j{max(1, min(2, os.cpu_count() or 1))}"
    rc, out = run(["make", "-s", jobs, f"BUILD={h}", "LDLIBS_PEERS=", "ARCH_DIR=generic", f"{h}/libhashbench.a",
                   f"{h}/obj/src/cli/vectors.o", f"{h}/obj/src/text/hex.o", f"{h}/obj/gen/vectors_data.o"])
    gen = OUT / "gen" / "gen_vectors"
    if rc == 0:
        rc, out = run(["cc", "-O1", "-std=c99", "-Wall", "-Wextra", "-Iinclude", "-Isrc", "-o", str(gen),
                       "cross/harness/gen_vectors.c", f"{h}/obj/src/cli/vectors.o",
                       f"{h}/obj/src/text/hex.o", f"{h}/obj/gen/vectors_data.o", f"{h}/libhashbench.a"])
    if rc == 0:
        try:
            with open(OUT / "gen" / "table_vectors_data.c", "w") as f:
                p = subprocess.run([str(gen)], cwd=ROOT, stdout=f, stderr=subprocess.PIPE, text=True)
            rc, out = p.returncode, p.stderr
        except OSError as e:
            rc, out = 1, str(e)
    if rc != 0:
        tally.fail("vector table for the harness", out)
        return False
    PLUGIN.parent.mkdir(parents=True, exist_ok=True)
    rc, out = run(["make", "-s", "-f", "cross/cross.mk", str(PLUGIN.relative_to(ROOT))])
    if rc != 0:
        PLUGIN.unlink(missing_ok=True)
        tally.fail("tools/qemu-insn plugin", out)
    else:
        tally.ok("vector table and tools/qemu-insn plugin built")
    return True


def select(names):
    if not names:
        return T.TARGETS
    chosen = []
    for n in names.split(","):
        hits = [t for t in T.TARGETS if t["name"] == n or t["name"].startswith(n + "-")]
        if not hits:
            print(f"run_cross: no target '{n}'; targets: {' '.join(t['name'] for t in T.TARGETS)}",
                  file=sys.stderr)
            sys.exit(2)
        chosen += [t for t in hits if t not in chosen]
    return chosen


def main(argv):
    if len(argv) > 1 and argv[1] in ("-h", "--help"):
        print(__doc__)
        return 0
    if len(argv) > 1 and argv[1] == "--list":
        for t in T.TARGETS:
            print(f"{t['name']:14} {t['kind']:13} {t['prefix']}-gcc {t['flags']:50} "
                  f"{t['qemu']} -cpu {', '.join(c for c, _ in t['cpus'])}")
        return 0
    args = [a for a in argv[1:] if not a.startswith("--expected=")]
    exp_file = next((a.split("=", 1)[1] for a in argv[1:] if a.startswith("--expected=")), EXPECTED)
    chosen = select(args[0] if args else "")
    host = Tally("host")
    tallies = [host]
    if prepare(host):
        expected = expected_digests(exp_file)
        workers = max(1, min(2, os.cpu_count() or 1))
        with concurrent.futures.ThreadPoolExecutor(workers) as pool:
            tallies += list(pool.map(lambda t: do_target(t, expected), chosen))
    for ta in tallies:
        for line in ta.lines:
            print(line)
    p, f, s = (sum(getattr(ta, k) for ta in tallies) for k in ("passed", "failed", "skipped"))
    print(f"{p} passed, {f} failed" + (f", {s} skipped" if s else ""))
    return 1 if f else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

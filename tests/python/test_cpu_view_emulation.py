"""Emulation is named (src/arch/cpu_view.h, docs/tune.md "Emulation").

The x86-64 build on this machine (bare metal or a hardware-assisted VM
such as KVM) must not warn; shown another kernel's files through the test
hook HB_PROC_ROOT (DIR/cpuinfo, DIR/sys/kernel/arch read instead of
/proc's), it must: `info` says why, bench/tune/files/rng warn on standard
error, the record's context.emulation says it, and tune's profile key is
marked so that a run outside emulation never uses it.  Under qemu-x86_64
(QEMU's TCG in user mode, when installed) the CPUID hypervisor leaf must
be seen.  The ARM side (the core from the MIDR, HWCAP names) runs in the
cross tier (cross/run_cross.py check_cpu_view).
"""
import json
import os
import shutil
import subprocess
from pathlib import Path

import jsonschema
import pytest

from conftest import BUILD, ROOT

EXE = str(BUILD / "hashbench")
SCHEMA = json.loads((ROOT / "docs" / "schema" / "results.schema.json").read_text())
WARNING = "warning: emulated CPU, the times are the emulator's"

# an arm64 kernel's /proc/cpuinfo (a Raspberry Pi 4's Cortex-A72, two CPUs)
ARM64_CPUINFO = "".join(
    f"processor\t: {i}\nBogoMIPS\t: 108.00\nFeatures\t: fp asimd evtstrm crc32 cpuid\n"
    "CPU implementer\t: 0x41\nCPU architecture: 8\nCPU variant\t: 0x0\nCPU part\t: 0xd08\n"
    "CPU revision\t: 3\n\n" for i in range(2))


def fake_root(tmp_path, cpuinfo=None, kernel_arch=None):
    """a /proc stand-in: the real cpuinfo unless given, kernel/arch if given"""
    root = tmp_path / "proc"
    (root / "sys" / "kernel").mkdir(parents=True)
    (root / "cpuinfo").write_text(cpuinfo if cpuinfo is not None else Path("/proc/cpuinfo").read_text())
    if kernel_arch is not None:
        (root / "sys" / "kernel" / "arch").write_text(kernel_arch + "\n")
    return root


def run(*args, root=None, cache=None, check=0, exe=None):
    env = dict(os.environ)
    env.pop("HB_PROC_ROOT", None)
    if root is not None:
        env["HB_PROC_ROOT"] = str(root)
    if cache is not None:
        env["XDG_CACHE_HOME"] = str(cache)
    cmd = (exe or [EXE]) + [str(a) for a in args]
    p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300)
    if check is not None:
        assert p.returncode == check, (p.returncode, p.stdout[-2000:], p.stderr[-2000:])
    return p


def info_lines(p):
    return {l[:15].strip(): l[15:] for l in p.stdout.splitlines() if len(l) > 15}


def bench_record(tmp_path, root=None):
    out = tmp_path / "bench.json"
    p = run("bench", "-a", "crc32", "-s", "64", "--budget", "2", "--repeat", "1", "--format", "json", "-o", out,
            root=root)
    record = json.loads(out.read_text())
    jsonschema.validate(record, SCHEMA)
    return p, record


def test_this_host_is_not_emulated(tmp_path):
    """x86-64 on bare metal or KVM: no warning, no emulation line, null in the record"""
    p = run("info")
    assert "emulation" not in info_lines(p), p.stdout
    p, record = bench_record(tmp_path)
    assert WARNING not in p.stderr
    assert record["context"]["emulation"] is None
    assert record["context"]["cpu_dispatch"], "the dispatcher's view is in the record"


@pytest.mark.parametrize("case, cpuinfo, kernel_arch, signals", [
    # qemu-user on a 6.1+ kernel: kernel/arch says it (the cpuinfo is then not read)
    ("arm64 host", ARM64_CPUINFO, "aarch64", ["/proc/sys/kernel/arch"]),
    # an emulator that fakes cpuinfo (FEX does) is still seen by the kernel's arch
    ("arm64 host, faked cpuinfo", None, "aarch64", ["/proc/sys/kernel/arch"]),
    # a kernel before 6.1 has no kernel/arch: the cpuinfo format alone
    ("arm64 host, old kernel", ARM64_CPUINFO, None, ["/proc/cpuinfo"]),
])
def test_another_kernel_is_emulation(tmp_path, case, cpuinfo, kernel_arch, signals):
    root = fake_root(tmp_path, cpuinfo, kernel_arch)
    line = info_lines(run("info", root=root)).get("emulation", "")
    assert line.endswith("the times are the emulator's"), (case, line)
    for s in signals:
        assert s in line, (case, s, line)
    for s in {"/proc/sys/kernel/arch", "/proc/cpuinfo"} - set(signals):
        assert s not in line, (case, s, line)
    p, record = bench_record(tmp_path, root)
    warnings = [l for l in p.stderr.splitlines() if WARNING in l]
    assert len(warnings) == 1 and warnings[0].startswith("hashbench bench: "), p.stderr
    assert record["context"]["emulation"] and all(s in record["context"]["emulation"] for s in signals)


@pytest.mark.parametrize("kernel_arch, cpuinfo", [
    ("x86_64", None),
    ("i686", None),             # the same family
    ("x86_64", ARM64_CPUINFO),  # the kernel's own word outweighs a file in another format
])
def test_own_family_is_native(tmp_path, kernel_arch, cpuinfo):
    """an x86 kernel: no emulation"""
    root = fake_root(tmp_path, cpuinfo, kernel_arch)
    assert "emulation" not in info_lines(run("info", root=root))
    p, record = bench_record(tmp_path, root)
    assert WARNING not in p.stderr and record["context"]["emulation"] is None


def test_rng_and_files_warn(tmp_path):
    root = fake_root(tmp_path, ARM64_CPUINFO, "aarch64")
    p = run("rng", "--sources", "urandom", "--sizes", "4K", "--repeat", "1", "-q", "--format", "json", "-o",
            tmp_path / "rng.json", root=root, check=None)
    assert p.returncode == 0, p.stderr[-2000:]
    assert [l for l in p.stderr.splitlines() if l.startswith("hashbench rng: " + WARNING)], p.stderr
    assert json.loads((tmp_path / "rng.json").read_text())["context"]["emulation"]
    p = run("files", "-a", "crc32", "--sizes", "64K", "--repeat", "1", "--cache", "warm", "-q", "--save",
            tmp_path / "files.json", "--dir", tmp_path, root=root, check=None)
    assert p.returncode == 0, p.stderr[-2000:]
    assert [l for l in p.stderr.splitlines() if l.startswith("hashbench files: " + WARNING)], p.stderr
    assert json.loads((tmp_path / "files.json").read_text())["context"]["emulation"]


def profiles(cache):
    return sorted((cache / "hashbench").glob("profile-*.json"))


def test_tune_marks_its_profile_and_a_native_run_ignores_it(tmp_path):
    cache = tmp_path / "cache"
    root = fake_root(tmp_path, None, "aarch64")
    p = run("tune", "-a", "crc32", "-s", "64", "--budget", "1", "--repeat", "1", "-q", root=root, cache=cache)
    assert [l for l in p.stderr.splitlines() if l.startswith("hashbench tune: " + WARNING)
            and "a run outside emulation never uses it" in l], p.stderr
    [emulated] = profiles(cache)
    key = json.loads(emulated.read_text())["key"]
    assert key["features"].startswith("emulated x86-64 0x"), key
    # the same emulation finds and follows it ...
    assert str(emulated) in run("list", root=root, cache=cache).stdout.splitlines()[0]
    # ... a native run does not: no profile for this machine, and no warning about a foreign one
    p = run("list", cache=cache)
    assert str(emulated) not in p.stdout and "none for this machine" in p.stdout.splitlines()[0], p.stdout[:400]
    assert p.stderr == ""
    # and a native tune writes a file of its own beside it, unmarked
    run("tune", "-a", "crc32", "-s", "64", "--budget", "1", "--repeat", "1", "-q", cache=cache)
    native = [f for f in profiles(cache) if f != emulated]
    assert len(native) == 1 and not json.loads(native[0].read_text())["key"]["features"].startswith("emulated")


def test_record_emulation_must_be_text_or_null(tmp_path):
    _, record = bench_record(tmp_path)
    record["context"]["emulation"] = True
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(record, SCHEMA)


@pytest.mark.skipif(not shutil.which("qemu-x86_64"), reason="qemu-x86_64 is not installed (Debian qemu-user)")
def test_qemu_tcg_is_seen_by_cpuid():
    """qemu-x86_64 on this x86-64 host: the kernel and cpuinfo are the real
    ones, only CPUID's hypervisor leaf (TCGTCGTCGTCG) tells"""
    line = info_lines(run("info", exe=["qemu-x86_64", EXE])).get("emulation", "")
    assert "QEMU TCG" in line and "TCGTCGTCGTCG" in line, line
    assert "/proc/sys/kernel/arch" not in line

"""hashbench rng: the table, the JSON record (schema kind "rng"), sources
skipped with their reason, the sanity checks failing on broken sources fed
through --device, and every bad option.  Small sizes and few repeats;
nothing here asserts a speed.  /dev/hwrng is pointed at a missing device
(HB_RNG_HWRNG) where the test is not about it: a virtual one gives ~10 kB/s."""
import copy
import json
import os
import platform
import random
import re

import jsonschema
import pytest
from conftest import ROOT

SCHEMA = json.loads((ROOT / "docs" / "schema" / "results.schema.json").read_text())
QUICK = ["-s", "64K,256K", "-r", "2", "--max-time", "2"]
MISSING = "/nonexistent/hashbench-test-device"
ALL_IDS = ["urandom", "random", "getrandom", "hwrng", "rdrand", "rdseed", "rndr", "openssl", "sodium", "openssl-rand"]


@pytest.fixture(autouse=True)
def no_hwrng(monkeypatch):
    monkeypatch.setenv("HB_RNG_HWRNG", MISSING)


@pytest.fixture(scope="module")
def full_json(hashbench):
    """Every source once, as JSON (module-wide: one run serves several tests)."""
    env = dict(os.environ, HB_RNG_HWRNG=MISSING)
    p = hashbench("rng", *QUICK, "--format", "json", env=env)
    assert p.returncode in (0, 1), p.stderr
    return p, json.loads(p.stdout)


def entries(data):
    return {e["source"]: e for e in data["rng"]}


def test_full_run_validates_and_lists_every_source(full_json):
    p, data = full_json
    jsonschema.validate(data, SCHEMA)
    assert data["kind"] == "rng" and data["results"] == []
    assert [e["source"] for e in data["rng"]] == ALL_IDS
    assert data["settings"]["sizes"] == [65536, 262144] and data["settings"]["repeat"] == 2
    # the kernel's generators are on every Linux machine, and they pass
    for sid in ("urandom", "random", "getrandom"):
        e = entries(data)[sid]
        assert e["status"] == "measured" and e["check"]["verdict"] == "pass", e
        assert [c["size"] for c in e["sizes"]] == [65536, 262144]
        for c in e["sizes"]:
            assert c["status"] == "measured" and len(c["samples_ns"]) == 2
            assert c["min_bytes_per_second"] <= c["bytes_per_second"] <= c["max_bytes_per_second"]
            assert c["bytes_per_second"] == pytest.approx(c["bytes"] / (c["median_ns"] * 1e-9), rel=1e-4)
        # the probe and one sample of each size were checked
        assert e["check"]["bytes"] == 65536 + 65536 + 262144
    assert p.returncode == 0, p.stderr


def test_skipped_sources_carry_their_reason(full_json):
    _, data = full_json
    by = entries(data)
    for e in data["rng"]:
        if e["status"] != "measured":
            assert e.get("reason"), e
            assert "sizes" not in e or all(c.get("reason") for c in e["sizes"])
    assert by["hwrng"]["status"] == "skipped" and "no such device" in by["hwrng"]["reason"]
    assert by["hwrng"]["label"] == MISSING
    if platform.machine() == "x86_64":
        assert by["rndr"]["status"] == "skipped" and "aarch64" in by["rndr"]["reason"]
    else:
        assert by["rdrand"]["status"] == "skipped" and "x86" in by["rdrand"]["reason"]


def test_peer_libraries_measured_or_said_absent(full_json):
    _, data = full_json
    for sid in ("openssl", "sodium"):
        e = entries(data)[sid]
        if e["status"] == "skipped":
            assert "without the peer libraries" in e["reason"]
        else:
            assert e["status"] == "measured" and e["detail"] and e["check"]["verdict"] == "pass"


@pytest.mark.skipif(platform.machine() != "x86_64",
                    reason="RDRAND/RDSEED are x86-64 instructions (and under qemu-user /proc/cpuinfo is the host's)")
def test_cpu_instructions_match_cpuinfo(full_json):
    """RDRAND/RDSEED are measured exactly when /proc/cpuinfo lists them."""
    _, data = full_json
    try:
        flags = open("/proc/cpuinfo").read().split()
    except OSError:
        pytest.skip("no /proc/cpuinfo")
    for sid in ("rdrand", "rdseed"):
        e = entries(data)[sid]
        assert (e["status"] != "skipped") == (sid in flags), e


# The kernel's word on RDRAND/RDSEED, shown through a faked /proc/cpuinfo
# (HB_PROC_ROOT, src/arch/cpu_view_proc.h): Linux on AMD Zen 5 leaves
# rdseed out of the flags ("RDSEED32 is broken") while CPUID, as a program
# sees it, may still list it; a mask of CPUID bits cannot show that case.

def fake_proc(tmp_path, drop, amd_family=None):
    """this machine's /proc/cpuinfo without the flag drop (in every block);
    amd_family: the vendor and family lines of another CPU"""
    text = re.sub(rf"^(flags\s*:.*?) {drop}\b", r"\1", open("/proc/cpuinfo").read(), flags=re.M)
    if amd_family is not None:
        text = re.sub(r"^vendor_id\s*:.*$", "vendor_id\t: AuthenticAMD", text, flags=re.M)
        text = re.sub(r"^cpu family\s*:.*$", f"cpu family\t: {amd_family}", text, flags=re.M)
    root = tmp_path / "proc"
    root.mkdir()
    (root / "cpuinfo").write_text(text)
    assert re.search(r"^flags\s*:", text, re.M) and not re.search(rf"^flags\s*:.*\b{drop}\b", text, re.M)
    return root


def cpu_json(hashbench, proc_root):
    env = dict(os.environ, HB_PROC_ROOT=str(proc_root))
    p = hashbench("rng", "--sources", "rdrand,rdseed", "-s", "64K", "-r", "1", "--format", "json", env=env)
    jsonschema.validate(json.loads(p.stdout), SCHEMA)
    return p, entries(json.loads(p.stdout))


@pytest.fixture(scope="module")
def cpuid_says(hashbench, tmp_path_factory):
    """{rdrand: bool, rdseed: bool}: CPUID's answer, asked with no
    /proc/cpuinfo to read (then CPUID alone decides)"""
    if platform.machine() != "x86_64" or not os.path.exists("/proc/cpuinfo"):
        pytest.skip("RDRAND/RDSEED and /proc/cpuinfo's flags: x86-64 Linux")
    p, by = cpu_json(hashbench, tmp_path_factory.mktemp("no-proc"))
    assert p.returncode == 0, p.stderr
    for sid in ("rdrand", "rdseed"):
        assert by[sid]["status"] == "measured" or "CPUID" in by[sid]["reason"], by[sid]
    return {sid: by[sid]["status"] == "measured" for sid in ("rdrand", "rdseed")}


@pytest.mark.parametrize("drop, amd_family, named", [
    ("rdseed", 26, "AMD Zen 5 RDSEED erratum, AMD-SB-7055"),   # Zen 5: the erratum named
    ("rdseed", 25, "the kernel disabled RDSEED"),              # Zen 4: no erratum of its own
    ("rdrand", None, "the kernel disabled RDRAND"),
])
def test_instruction_the_kernel_disabled_is_skipped(hashbench, tmp_path, cpuid_says, drop, amd_family, named):
    p, by = cpu_json(hashbench, fake_proc(tmp_path, drop, amd_family))
    # skipped for a reason: not a failure, exit 0
    assert p.returncode == 0, p.stderr
    e = by[drop]
    assert e["status"] == "skipped", e
    assert all(c["status"] == "skipped" for c in e.get("sizes", [])), e
    if cpuid_says[drop]:
        assert named in e["reason"] and "/proc/cpuinfo" in e["reason"], e
        assert ("AMD-SB-7055" in e["reason"]) == (amd_family == 26), e
    else:
        # the kernel cannot give what CPUID lacks: CPUID's reason stands
        assert "CPUID" in e["reason"] and "clear" in e["reason"], e
    # the other instruction, still listed, is measured as CPUID allows
    other = by[{"rdseed": "rdrand", "rdrand": "rdseed"}[drop]]
    assert (other["status"] == "measured") == cpuid_says[other["source"]], other


def test_instruction_the_kernel_lists_is_measured_on_zen5_too(hashbench, tmp_path, cpuid_says):
    """Family 0x1A alone does not skip RDSEED: a fixed microcode keeps the flag"""
    p, by = cpu_json(hashbench, fake_proc(tmp_path, "no-such-flag", amd_family=26))
    assert p.returncode == 0, p.stderr
    for sid in ("rdrand", "rdseed"):
        assert (by[sid]["status"] == "measured") == cpuid_says[sid], by[sid]


def test_table(hashbench):
    p = hashbench("rng", *QUICK, "--sources", "urandom,getrandom,hwrng", check=0)
    out = p.stdout.decode()
    lines = out.splitlines()
    header = next(l for l in lines if l.startswith("source"))
    assert "64 KiB" in header and "256 KiB" in header and header.rstrip().endswith("check")
    row = next(l for l in lines if l.startswith("/dev/urandom"))
    # a median and its spread per size, then the verdict
    assert row.count("..") == 2 and row.rstrip().endswith("pass")
    assert any(l.startswith("getrandom()") for l in lines)
    assert f"{MISSING}" in out and "skipped: " in out and "no such device" in out
    assert "chi-square" in out and "monobit" in out


def test_missing_openssl_program_is_skipped(hashbench):
    env = dict(os.environ, HB_RNG_OPENSSL="/nonexistent/openssl")
    p = hashbench("rng", *QUICK, "--sources", "openssl-rand", "--format", "json", env=env, check=0)
    e = json.loads(p.stdout)["rng"][0]
    assert e["status"] == "skipped" and "not found" in e["reason"]


def test_openssl_rand_as_a_process(hashbench):
    import shutil
    if not shutil.which("openssl"):
        pytest.skip("no openssl program")
    p = hashbench("rng", *QUICK, "--sources", "openssl-rand", "--format", "json", check=0)
    e = json.loads(p.stdout)["rng"][0]
    assert e["status"] == "measured" and e["detail"].startswith("OpenSSL")
    assert e["check"]["verdict"] == "pass"


def test_openssl_rand_failing_is_reported(hashbench, tmp_path):
    """A program that exits non-zero: the source FAILED, exit status 1."""
    fake = tmp_path / "openssl"
    fake.write_text('#!/bin/sh\nif [ "$1" = version ]; then echo "Fake 1.0"; exit 0; fi\nhead -c 100 /dev/zero\nexit 3\n')
    fake.chmod(0o755)
    env = dict(os.environ, HB_RNG_OPENSSL=str(fake))
    p = hashbench("rng", *QUICK, "--sources", "openssl-rand", "--format", "json", env=env)
    assert p.returncode == 1
    e = json.loads(p.stdout)["rng"][0]
    assert e["status"] == "failed" and "exited with status 3" in e["reason"]
    assert b"failed" in p.stderr


# ---- broken sources: --device -------------------------------------------------

def device_json(hashbench, *paths, sizes="64K,1M"):
    args = [a for path in paths for a in ("--device", path)]
    p = hashbench("rng", *args, "-s", sizes, "-r", "2", "--format", "json")
    data = json.loads(p.stdout)
    jsonschema.validate(data, SCHEMA)
    return p, data


def test_dev_zero_fails(hashbench):
    p, data = device_json(hashbench, "/dev/zero")
    assert p.returncode == 1
    e = data["rng"][0]
    assert e["check"]["verdict"] == "FAIL"
    assert e["check"]["chi_square_verdict"] == "FAIL" and e["check"]["monobit_verdict"] == "FAIL"
    assert e["check"]["monobit_ones"] == 0
    assert b"/dev/zero: sanity check FAILED" in p.stderr


def test_counter_file_fails_on_the_low_tail(hashbench, tmp_path):
    counter = tmp_path / "counter.bin"
    counter.write_bytes(bytes(i & 0xFF for i in range(1 << 20)))
    p, data = device_json(hashbench, str(counter))
    assert p.returncode == 1
    c = data["rng"][0]["check"]
    # every byte value equally often: chi-square 0, far too even to be random; the bits balance
    assert c["chi_square"] == 0 and c["chi_square_p_low"] < 1e-6 and c["chi_square_verdict"] == "FAIL"
    assert c["monobit_verdict"] == "pass" and c["verdict"] == "FAIL"
    # the file is read from its start at every size; only its longest read is checked
    assert c["bytes"] == 1 << 20


def test_biased_file_fails_and_a_good_one_passes(hashbench, tmp_path):
    rnd = random.Random(20)
    biased = tmp_path / "biased.bin"
    biased.write_bytes(bytes(sum((rnd.random() < 0.53) << b for b in range(8)) for _ in range(200000)))
    good = tmp_path / "good.bin"
    good.write_bytes(os.urandom(1 << 20))
    p, data = device_json(hashbench, str(biased), str(good), sizes="64K,128K")
    assert p.returncode == 1
    bad_e, good_e = data["rng"]
    assert bad_e["label"] == str(biased) and bad_e["check"]["verdict"] == "FAIL"
    assert bad_e["check"]["monobit_verdict"] == "FAIL" and bad_e["check"]["monobit_z"] > 0
    assert good_e["check"]["verdict"] == "pass"
    assert [c["bytes"] for c in bad_e["sizes"]] == [65536, 131072]
    p, _ = device_json(hashbench, str(good))
    assert p.returncode == 0, p.stderr


def test_table_shows_fail(hashbench, tmp_path):
    p = hashbench("rng", "--device", "/dev/zero", "-s", "64K", "-r", "2")
    assert p.returncode == 1
    row = next(l for l in p.stdout.decode().splitlines() if l.startswith("/dev/zero"))
    assert row.rstrip().endswith("FAIL")


@pytest.mark.parametrize("path, why", [(MISSING, b"No such file"), ("/", b"is a directory")])
def test_unreadable_device_is_an_error(hashbench, path, why):
    p = hashbench("rng", "--device", path, "-s", "64K", "-r", "1")
    assert p.returncode == 1
    assert why in p.stderr


def test_device_that_ends_fails(hashbench):
    p, data = device_json(hashbench, "/dev/null")
    assert p.returncode == 1
    e = data["rng"][0]
    assert e["status"] == "failed" and "end of file" in e["reason"]


def test_short_file_is_not_judged(hashbench, tmp_path):
    f = tmp_path / "short.bin"
    f.write_bytes(os.urandom(1000))
    p, data = device_json(hashbench, str(f), sizes="1000")
    assert data["rng"][0]["status"] == "measured" and data["rng"][0]["sizes"][0]["bytes"] == 1000
    assert data["rng"][0]["check"]["verdict"] == "too short"
    assert p.returncode == 0, p.stderr


@pytest.mark.parametrize("length, sizes, short_of", [
    (10, None, 1 << 20),                     # the defaults 1M,10M,50M: issue 30's 10-byte file
    (10, "64K", 65536),
    (200000, "64K,1M", 1 << 20),             # the smaller size fits: the file still fails
])
def test_file_shorter_than_a_size_fails(hashbench, tmp_path, length, sizes, short_of):
    """Nothing is timed under a size's name that the file does not hold."""
    f = tmp_path / "short.bin"
    f.write_bytes(os.urandom(length))
    p = hashbench("rng", "--device", f, *(["-s", sizes] if sizes else []), "-r", "1", "--format", "json")
    assert p.returncode == 1, p.stderr
    data = json.loads(p.stdout)
    jsonschema.validate(data, SCHEMA)
    e = data["rng"][0]
    assert e["status"] == "failed", e
    assert all(c["status"] == "skipped" and c["reason"] == "source failed" for c in e["sizes"]), e
    for text in (e["reason"], p.stderr.decode()):
        assert str(f) in text and f"holds {length} bytes" in text and f"({short_of} bytes)" in text, text
    # the table says it too, with no figure in any size's column
    p = hashbench("rng", "--device", f, *(["-s", sizes] if sizes else []), "-r", "1")
    assert p.returncode == 1
    row = next(l for l in p.stdout.decode().splitlines() if l.startswith(str(f)))
    assert not re.search(r"\d \(", row), row


# ---- records: --save, -o, the schema -------------------------------------------

def test_save_and_output(hashbench, tmp_path):
    out, save = tmp_path / "t.txt", tmp_path / "r.json"
    hashbench("rng", "--sources", "getrandom", "-s", "64K", "-r", "1", "-o", out, "--save", save, check=0)
    assert out.read_text().startswith("hashbench rng:")
    data = json.loads(save.read_text())
    jsonschema.validate(data, SCHEMA)
    assert data["rng"][0]["source"] == "getrandom"
    p = hashbench("rng", "--sources", "getrandom", "-s", "64K", "-o", out, "--save", out)
    assert p.returncode == 2 and b"same file" in p.stderr


def test_schema_refuses_broken_rng_records(full_json):
    _, data = full_json
    skipped = next(i for i, e in enumerate(data["rng"]) if e["status"] == "skipped")
    measured = next(i for i, e in enumerate(data["rng"]) if e["status"] == "measured")
    mutations = []
    d = copy.deepcopy(data); del d["rng"][skipped]["reason"]; mutations.append(d)
    d = copy.deepcopy(data); del d["rng"][measured]["check"]; mutations.append(d)
    d = copy.deepcopy(data); del d["rng"]; mutations.append(d)
    d = copy.deepcopy(data); d["rng"][measured]["check"]["verdict"] = "ok"; mutations.append(d)
    d = copy.deepcopy(data); del d["rng"][measured]["sizes"][0]["samples_ns"]; mutations.append(d)
    d = copy.deepcopy(data); d["results"] = [{"algorithm": "x"}]; mutations.append(d)
    d = copy.deepcopy(data); del d["kind"]; mutations.append(d)   # rng entries in a bench record
    for m in mutations:
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(m, SCHEMA)


# ---- bad command lines: exit 2 with a message ---------------------------------

@pytest.mark.parametrize("args, message", [
    (["-s", "0"], b"--sizes"),
    (["-s", "lots"], b"--sizes"),
    (["-r", "0"], b"--repeat"),
    (["-r", "101"], b"--repeat"),
    (["--sources", "urandom,nope"], b"unknown source 'nope'"),
    (["--sources", ""], b"unknown source"),
    (["--format", "xml"], b"--format"),
    (["--max-time", "-1"], b"--max-time"),
    (["--max-time", "soon"], b"--max-time"),
    (["--device", "/dev/zero", "--sources", "urandom"], b"cannot be combined"),
    (["extra"], b"unexpected argument"),
    (["--bogus"], b"unrecognized option"),
])
def test_bad_options_exit_2(hashbench, args, message):
    p = hashbench("rng", *args)
    assert p.returncode == 2, (args, p.stderr)
    assert message in p.stderr, p.stderr
    assert p.stdout == b""


def test_help(hashbench):
    p = hashbench("rng", "--help", check=0)
    text = p.stdout.decode()
    assert "--device" in text and "Exit status" in text
    assert b"rng" in hashbench("--help", check=0).stdout


@pytest.mark.parametrize("fmt", ["table", "json"])
def test_full_disk_and_closed_stdout_fail_with_message(hashbench, fmt):
    import subprocess
    from conftest import BUILD
    args = [str(BUILD / "hashbench"), "rng", "--sources", "getrandom", "-s", "64K", "-r", "1", "--format", fmt]
    with open("/dev/full", "wb") as full:
        p = subprocess.run(args, stdout=full, stderr=subprocess.PIPE)
    assert p.returncode == 1 and b"No space left on device" in p.stderr
    p = subprocess.run(args, stderr=subprocess.PIPE, preexec_fn=lambda: os.close(1))
    assert p.returncode == 1 and b"write error" in p.stderr


def limit_file_size():
    """ulimit -f: writes past 600 bytes fail, SIGXFSZ as a shell leaves it"""
    import resource
    import signal
    signal.signal(signal.SIGXFSZ, signal.SIG_DFL)
    resource.setrlimit(resource.RLIMIT_FSIZE, (600, 600))


@pytest.mark.parametrize("where", ["-o", "--save", "stdout"])
def test_file_size_limit_is_file_too_large(tmp_path, where):
    """Not killed by SIGXFSZ: "File too large" naming the file, exit 1, the
    old file intact and no temporary file left."""
    import subprocess
    from conftest import BUILD
    old = "an old complete result\n"
    out = tmp_path / "rng.json"
    out.write_text(old)
    args = [str(BUILD / "hashbench"), "rng", "--sources", "getrandom", "-s", "64K", "-r", "1", "--format", "json"]
    if where == "stdout":
        with open(tmp_path / "stdout.json", "wb") as f:
            p = subprocess.run(args, stdout=f, stderr=subprocess.PIPE, preexec_fn=limit_file_size)
        assert p.returncode == 1 and b"File too large" in p.stderr, (p.returncode, p.stderr)
        return
    p = subprocess.run(args + [where, str(out)], capture_output=True, preexec_fn=limit_file_size)
    assert p.returncode == 1, (p.returncode, p.stderr)
    assert b"File too large" in p.stderr and str(out).encode() in p.stderr, p.stderr
    assert out.read_text() == old
    assert sorted(x.name for x in tmp_path.iterdir()) == ["rng.json"]

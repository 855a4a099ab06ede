"""hashbench files (issue 20 items 2 and 6): a small run gives a table and
schema-valid records whose digests Python recomputes on its own copy of
the test file; a missing tool is named once; a tool that prints a wrong
digest, or fails, is an error and not a timing; Ctrl-C / SIGTERM, a full
folder, an unusable --dir and bad sizes end with a message, the right exit
status and nothing left behind.  Nothing here asserts a speed."""
import glob
import hashlib
import json
import os
import resource
import shutil
import signal
import subprocess
import time
from pathlib import Path

import jsonschema
import pytest
from conftest import BUILD, ROOT

EXE = str(BUILD.resolve() / "hashbench")
SCHEMA = json.loads((ROOT / "docs" / "schema" / "results.schema.json").read_text())
SYSTEM_TOOLS = ["md5sum", "sha1sum", "sha256sum", "sha512sum", "b3sum", "xxhsum", "openssl", "rhash"]


def written_file_bytes(size):
    """The test file hashbench files writes (src/files/files_temp.c: xorshift64*
    seeded with the size), made again here so that Python checks every digest."""
    mask = (1 << 64) - 1
    x = 0x9E3779B97F4A7C15 ^ size
    out = bytearray()
    for _ in range((size + 7) // 8):
        x ^= x >> 12
        x = (x ^ (x << 25)) & mask
        x ^= x >> 27
        out += ((x * 0x2545F4914F6CDD1D) & mask).to_bytes(8, "little")
    return bytes(out[:size])


def python_digest(algo, data):
    if algo in ("md5", "sha1", "sha256", "sha512"):
        return hashlib.new(algo, data).hexdigest()
    if algo == "blake3":
        import blake3
        return blake3.blake3(data).hexdigest()
    import xxhash
    return {"xxh64": xxhash.xxh64, "xxh3-64": xxhash.xxh3_64}[algo](data).hexdigest()


def run_files(*args, env=None, **kw):
    return subprocess.run([EXE, "files", *map(str, args)], capture_output=True, text=True, env=env, timeout=600,
                          **kw)


def leftovers(folder):
    return glob.glob(str(Path(folder) / "hashbench-files.*"))


def fake_path(tmp_path, tools, scripts=None):
    """A PATH folder with links to the real tools named, plus shell scripts."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for t in tools:
        real = shutil.which(t)
        if real:
            os.symlink(real, bin_dir / t)
    for name, body in (scripts or {}).items():
        p = bin_dir / name
        p.write_text("#!/bin/sh\n" + body)
        p.chmod(0o755)
    env = dict(os.environ, PATH=str(bin_dir))
    return env


def test_small_run_table_json_and_every_digest(tmp_path):
    save = tmp_path / "files.json"
    p = run_files("-s", "64K,1M", "--repeat", "2", "--dir", tmp_path, "--format", "json", "--save", save)
    assert p.returncode == 0, p.stderr
    record = json.loads(p.stdout)
    assert json.loads(save.read_text()) == record
    jsonschema.validate(record, SCHEMA)
    assert record["kind"] == "files" and record["results"] == []
    assert record["settings"]["sizes"] == [65536, 1 << 20] and record["settings"]["repeat"] == 2
    entries = record["files"]
    found = {t for t in SYSTEM_TOOLS if shutil.which(t)}
    data = {size: written_file_bytes(size) for size in (65536, 1 << 20)}
    for e in entries:
        assert len(e["samples_ns"]) == 2 and e["min_ns"] <= e["median_ns"] <= e["max_ns"]
        assert e["bytes_per_second"] == pytest.approx(e["size"] / e["median_ns"] * 1e9, rel=1e-6)
        assert e["digest"] == python_digest(e["algorithm"], data[e["size"]]), e
    # every default algorithm, for both sizes, by hashbench sum and by each tool found on PATH
    for algo, tool in [("md5", "md5sum"), ("sha1", "sha1sum"), ("sha256", "sha256sum"), ("sha512", "sha512sum"),
                       ("blake3", "b3sum"), ("xxh64", "xxhsum -H1"), ("xxh3-64", "xxhsum -H3"),
                       ("sha256", "openssl dgst -sha256"), ("sha512", "rhash --sha512")]:
        for size in data:
            assert any(e["algorithm"] == algo and e["size"] == size and e["ours"] for e in entries)
            if tool.split()[0] in found:
                mine = [e for e in entries if e["algorithm"] == algo and e["tool"] == tool and e["size"] == size]
                assert mine and all(e["compared_with"] == "hashbench sum" and e["ours_ratio"] > 0 for e in mine)
    # cold measurements on a disk's file system; elsewhere (tmpfs, an overlay) cold may be unavailable, but said
    fs = record["settings"]["filesystem"]
    if fs in ("ext4", "xfs", "btrfs"):
        assert "cold" in record["settings"]["cache"], p.stderr
    if "cold" in record["settings"]["cache"]:
        assert {e["cache"] for e in entries} == {"warm", "cold"}
    else:
        assert "cold page cache unavailable" in p.stderr and {e["cache"] for e in entries} == {"warm"}
    assert not leftovers(tmp_path)

    table = run_files("-a", "sha256", "-s", "64K", "--repeat", "1", "--cache", "warm", "--dir", tmp_path)
    assert table.returncode == 0, table.stderr
    lines = [l for l in table.stdout.splitlines() if l.startswith("sha256 ")]
    assert any(" hashbench sum " in l for l in lines)
    if "sha256sum" in found:
        assert any(" sha256sum " in l for l in lines)
    assert all("64 KiB" in l and " warm " in l for l in lines)
    assert not leftovers(tmp_path)


def test_ours_ratio_is_computed_from_the_figures_shown(tmp_path):
    """Issue 30 item 10: one statistic per comparison.  `x ours` (and the
    JSON's ours_ratio) is hashbench sum's median MB/s over the tool's, the
    two figures beside it, so the table can never say 1.12 beside 3159
    against 3814 MB/s.  Four runs (an even count: a median of the runs'
    ratios would match a ratio of medians only by coincidence) of several
    tools, the table and the same run's record (--save)."""
    save = tmp_path / "files.json"
    p = run_files("-a", "sha256,xxh3-64,md5", "-s", "64K", "--repeat", "4", "--cache", "warm", "--dir", tmp_path,
                  "--save", save)
    assert p.returncode == 0, p.stderr
    entries = json.loads(save.read_text())["files"]
    ours = {(e["algorithm"], e["size"], e["cache"]): e for e in entries if e["ours"]}
    compared = [e for e in entries if "ours_ratio" in e]
    assert compared, "no tool was compared (none on PATH?)"
    for e in compared:
        o = ours[(e["algorithm"], e["size"], e["cache"])]
        assert e["ours_ratio"] == pytest.approx(o["bytes_per_second"] / e["bytes_per_second"], rel=1e-6), e
    # the table: the ratio is the quotient of the MB/s printed on the two rows
    # (to their rounding: 0.05 MB/s each, 0.005 in the ratio)
    mbs, shown = {}, []
    for line in p.stdout.splitlines():
        cols = line.split()
        if len(cols) < 7 or cols[0] not in ("sha256", "xxh3-64", "md5"):
            continue
        at = next(i for i, c in enumerate(cols) if c.startswith("(") and ".." in c)
        algo, rate = cols[0], float(cols[at - 1])
        if " hashbench sum " in line:
            mbs[algo] = rate
        else:
            shown.append((algo, rate, float(cols[at + 1]), line))
    assert len(shown) == len(compared)
    for algo, rate, ratio, line in shown:
        exact = mbs[algo] / rate
        slack = 0.005 + exact * (0.05 / mbs[algo] + 0.05 / rate)
        assert abs(ratio - exact) <= slack, f"x ours {ratio} beside {mbs[algo]} and {rate} MB/s: {line}"
    assert "both as shown" in p.stdout


def test_missing_tool_is_named_once(tmp_path):
    env = fake_path(tmp_path, ["md5sum", "sha1sum", "sha256sum", "openssl"])
    p = run_files("-a", "md5,sha1,sha256", "-s", "64K", "--repeat", "1", "--cache", "warm", "--dir", tmp_path,
                  "--format", "json", env=env)
    assert p.returncode == 0, p.stderr
    # rhash would hash all three: one line, not three
    assert p.stderr.count("rhash: not found on PATH") == 1, p.stderr
    record = json.loads(p.stdout)
    jsonschema.validate(record, SCHEMA)
    assert sum("rhash not found" in w for w in record["warnings"]) == 1
    assert not any(e["tool"].startswith("rhash") for e in record["files"])
    assert {e["tool"] for e in record["files"] if e["algorithm"] == "md5"} == {"hashbench sum", "md5sum",
                                                                               "openssl dgst -md5"}


def test_every_missing_tool_is_named(tmp_path):
    env = fake_path(tmp_path, [])
    p = run_files("-s", "64K", "--repeat", "1", "--cache", "warm", "--dir", tmp_path, env=env)
    assert p.returncode == 0, p.stderr
    for tool in SYSTEM_TOOLS:
        assert p.stderr.count(f"{tool}: not found on PATH") == 1, (tool, p.stderr)
    # hashbench sum alone is still timed, for every default algorithm (the tool column: src/cli/files_output.c)
    rows = [(line.split()[0], line[26:54].strip()) for line in p.stdout.splitlines()[4:]]
    assert sorted(a for a, tool in rows if tool == "hashbench sum") == sorted(
        ["md5", "sha1", "sha256", "sha512", "blake3", "xxh64", "xxh3-64"]), p.stdout
    assert {tool for _, tool in rows} <= {"hashbench sum", "hashbench sum --threads 1"}


def test_wrong_digest_and_failing_tool_are_errors(tmp_path):
    zeros = "0" * 64
    env = fake_path(tmp_path, ["openssl"], scripts={
        "sha256sum": f'echo "{zeros}  $1"\n',
        "md5sum": 'echo "md5sum: $1: Input/output error" >&2\nexit 1\n',
        "sha1sum": 'echo "not a digest"\n',
    })
    p = run_files("-a", "sha256,md5,sha1", "-s", "64K", "--repeat", "2", "--cache", "warm", "--dir", tmp_path,
                  "--format", "json", env=env)
    assert p.returncode == 1, p.stderr
    assert f"error: sha256sum on the 64 KiB file (sha256): printed {zeros}, but hashbench's own digest" in p.stderr
    assert "error: md5sum on the 64 KiB file (md5): exit status 1: md5sum:" in p.stderr
    assert "error: sha1sum on the 64 KiB file (sha1): printed no digest" in p.stderr
    assert "3 tools failed or disagreed" in p.stderr
    record = json.loads(p.stdout)
    jsonschema.validate(record, SCHEMA)
    tools = {e["tool"] for e in record["files"]}
    # the failing tools have no timings; the others, and hashbench sum, do
    assert not tools & {"sha256sum", "md5sum", "sha1sum"}
    assert {"hashbench sum", "openssl dgst -sha256", "openssl dgst -md5"} <= tools
    assert sum(w.startswith("error: ") for w in record["warnings"]) == 3
    assert not leftovers(tmp_path)


def _children(pid):
    """The processes whose parent is pid (from /proc/*/stat)."""
    kids = []
    for stat in glob.glob("/proc/[0-9]*/stat"):
        try:
            fields = Path(stat).read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            kids.append(int(stat.split("/")[2]))
    return kids


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
@pytest.mark.parametrize("when", ["writing", "tool-running"])
def test_interrupt_removes_everything(tmp_path, sig, when):
    save = tmp_path / "out.json"
    # SIGINT as a terminal's Ctrl-C finds it: a test runner started in the
    # background (nohup, a CI job) ignores SIGINT, and hashbench files, like a
    # shell's background job, leaves an ignored signal ignored
    p = subprocess.Popen([EXE, "files", "-s", "64M", "--repeat", "50", "--dir", str(tmp_path), "--save", str(save)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    child = None
    deadline = time.monotonic() + 120
    try:
        while time.monotonic() < deadline:
            if when == "writing" and leftovers(tmp_path):
                break
            if when == "tool-running" and leftovers(tmp_path):
                kids = _children(p.pid)
                if kids:
                    child = kids[0]
                    break
            if p.poll() is not None:
                break
            time.sleep(0.002)
        assert p.poll() is None, "hashbench files ended before the signal"
        p.send_signal(sig)
        out, err = p.communicate(timeout=60)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    assert p.returncode == 128 + sig, (p.returncode, err)
    name = {signal.SIGINT: "SIGINT (Ctrl-C)", signal.SIGTERM: "SIGTERM"}[sig]
    assert f"stopped by {name}: the temporary folder" in err and "is removed" in err, err
    assert out == ""                          # nothing measured is passed off as a result
    assert not leftovers(tmp_path), os.listdir(tmp_path)
    assert sorted(os.listdir(tmp_path)) == []  # no --save file, nor its temporary file
    if child is not None:
        assert not Path(f"/proc/{child}").exists(), "the tool that was running outlived the run"


def test_full_folder_through_the_file_size_limit(tmp_path):
    """A full folder, unprivileged: RLIMIT_FSIZE (ulimit -f) makes the write
    fail with EFBIG as a full disk fails with ENOSPC; hashbench ignores
    SIGXFSZ so that the error is reported rather than fatal."""
    def limit():
        resource.setrlimit(resource.RLIMIT_FSIZE, (512 * 1024, 512 * 1024))
    p = run_files("-a", "sha256", "-s", "64K,1M", "--repeat", "1", "--dir", tmp_path, preexec_fn=limit)
    assert p.returncode == 1, p.stderr
    assert "the 1 MiB test file cannot be written in" in p.stderr and "File too large" in p.stderr, p.stderr
    assert "ulimit -f" in p.stderr
    assert p.stdout == ""
    assert not leftovers(tmp_path)


def test_full_folder_on_a_tiny_tmpfs(tmp_path):
    """A real full file system: a 1 MiB tmpfs (needs root and a kernel that lets it mount)."""
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    mnt = tmp_path / "tiny"
    mnt.mkdir()
    m = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mnt)], capture_output=True, text=True)
    if m.returncode:
        pytest.skip(f"cannot mount a tmpfs here: {m.stderr.strip()}")
    try:
        p = run_files("-a", "sha256", "-s", "64K,2M", "--repeat", "1", "--dir", mnt)
        assert p.returncode == 1, p.stderr
        assert "has 1.0 MiB free; the 2 MiB test file does not fit" in p.stderr, p.stderr
        assert p.stdout == ""
        assert os.listdir(mnt) == []
    finally:
        subprocess.run(["umount", str(mnt)])


def test_cold_cache_unavailable_on_tmpfs_is_said(tmp_path):
    shm = Path("/dev/shm")
    if not shm.is_dir() or subprocess.run(["stat", "-f", "-c", "%T", str(shm)], capture_output=True,
                                           text=True).stdout.strip() != "tmpfs":
        pytest.skip("no tmpfs at /dev/shm")
    p = run_files("-a", "sha256", "-s", "64K,128K", "--repeat", "1", "--dir", shm, "--format", "json")
    assert p.returncode == 0, p.stderr
    assert p.stderr.count("cold page cache unavailable") == 1, p.stderr
    assert "keeps files in memory only" in p.stderr
    record = json.loads(p.stdout)
    jsonschema.validate(record, SCHEMA)
    assert record["settings"]["cache"] == ["warm"]
    assert {e["cache"] for e in record["files"]} == {"warm"}
    assert not leftovers(shm)


def test_unusable_dir(tmp_path):
    a_file = tmp_path / "plain"
    a_file.write_text("x")
    cases = [(tmp_path / "missing", "No such file or directory"), (a_file, "Not a directory")]
    if os.geteuid() == 0:
        cases.append((Path("/sys"), "Operation not permitted"))   # root writes anywhere else
    else:
        ro = tmp_path / "ro"
        ro.mkdir(mode=0o555)
        cases.append((ro, "Permission denied"))
    for folder, why in cases:
        p = run_files("-a", "sha256", "-s", "64K", "--dir", folder)
        assert p.returncode == 2, (folder, p.stderr)
        assert f"cannot make a temporary folder in {folder}: {why}" in p.stderr, p.stderr
        assert p.stdout == ""


@pytest.mark.parametrize("sizes,why", [
    ("0", "is zero"), ("-1", "is negative"), ("1X", "unknown suffix"), ("", "empty list"),
    ("1M,,2M", "empty or overlong item"), ("99999999G", "too large"), ("ten", "not a number"),
])
def test_bad_sizes(tmp_path, sizes, why):
    p = run_files("-s", sizes, "--dir", tmp_path)
    assert p.returncode == 2
    assert "hashbench files: --sizes:" in p.stderr and why in p.stderr, p.stderr
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize("args,why", [
    (["-a", "crc8"], "no system tool hashes crc8"),
    (["-a", "nope"], "valid algorithms"),
    (["--repeat", "0"], "--repeat"),
    (["--cache", "lukewarm"], "--cache: unknown mode"),
    (["--format", "csv"], "--format: unknown format"),
    (["--dir", ""], "--dir: empty folder name"),
    (["extra"], "unexpected argument"),
])
def test_bad_options(tmp_path, args, why):
    p = run_files(*args, "--dir", tmp_path) if "--dir" not in args else run_files(*args)
    assert p.returncode == 2
    assert why in p.stderr, p.stderr
    assert os.listdir(tmp_path) == []


def test_blake3_one_thread_pair_or_a_note(tmp_path):
    """b3sum uses every core; where hashbench sum takes --threads, the one-thread
    pair is timed too, else a note says it is left out (never silently)."""
    if not shutil.which("b3sum"):
        pytest.skip("b3sum is not installed")
    p = run_files("-a", "blake3", "-s", "64K", "--repeat", "1", "--cache", "warm", "--dir", tmp_path,
                  "--format", "json")
    assert p.returncode == 0, p.stderr
    tools = {e["tool"]: e for e in json.loads(p.stdout)["files"]}
    takes_threads = subprocess.run([EXE, "sum", "--threads", "1", "-a", "blake3", "/dev/null"],
                                   capture_output=True).returncode == 0
    if takes_threads:
        assert tools["b3sum --num-threads 1"]["compared_with"] == "hashbench sum --threads 1"
        assert tools["b3sum --num-threads 1"]["threads"] == 1
    else:
        assert "takes no --threads: the 1-thread pair of blake3 is left out" in p.stderr, p.stderr
        assert set(tools) == {"hashbench sum", "b3sum"}

"""Special files where hashbench reads or writes (issue 30, points 2, 3, 4
and 7): `tune -o` to a device or FIFO, a FIFO where the profile goes, the
file size limit (ulimit -f) on `tune` and `files --save`, and file names
with escape sequences in the messages on standard error.

The device nodes are made in the test's own folder (mknod, as root): a
hashbench that renamed its output over /dev/null would break the machine
for everyone else, so the tests never give it the real one."""
import os
import resource
import signal
import stat
import subprocess
import threading

import pytest

from conftest import BUILD, workload, workload_digests

EXE = str(BUILD.resolve() / "hashbench")
TUNE = ["tune", "-a", "crc32", "-s", "64", "--budget", "1", "--repeat", "1"]
TIMEOUT = 60


def env_for(cache):
    e = dict(os.environ, XDG_CACHE_HOME=str(cache), HB_RUST_PEERS="none")
    e.pop("HB_NO_PROFILE", None)
    return e


def run(cache, *args, **kw):
    kw.setdefault("timeout", TIMEOUT)
    return subprocess.run([EXE, *map(str, args)], capture_output=True, env=env_for(cache), **kw)


def device(folder, name, minor):
    """a character device of the memory driver (1, minor: 3 null, 7 full) in folder"""
    path = folder / name
    try:
        os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, minor))
    except OSError as e:
        pytest.skip(f"cannot make a device node here: {e}")
    return path


# ---- 2. tune -o PATH: a device or FIFO is written in place, nothing beside it ----

def test_tune_to_a_null_device_writes_in_place(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    null = device(out, "null", 3)
    p = run(tmp_path, *TUNE, "-o", null)
    assert p.returncode == 0, p.stderr
    assert stat.S_ISCHR(os.stat(null).st_mode), "the device was replaced by a regular file"
    assert sorted(os.listdir(out)) == ["null"]          # no figures-null, no temporary file
    assert b"the figures measured are not written" in p.stderr, p.stderr


def test_tune_to_a_full_device_says_no_space(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    full = device(out, "full", 7)
    p = run(tmp_path, *TUNE, "-o", full)
    assert p.returncode == 1, p.stderr
    assert b"No space left on device" in p.stderr, p.stderr
    assert stat.S_ISCHR(os.stat(full).st_mode), "the device was replaced by a regular file"
    assert sorted(os.listdir(out)) == ["full"]


def test_tune_to_a_fifo_writes_the_profile_through_it(tmp_path):
    fifo = tmp_path / "profile-pipe.json"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()
    p = run(tmp_path, *TUNE, "-o", fifo)
    reader.join(TIMEOUT)
    assert p.returncode == 0, p.stderr
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert got and b'"format": "hashbench-profile"' in got[0]
    assert sorted(os.listdir(tmp_path)) == ["profile-pipe.json"]


def test_tune_to_a_regular_file_still_writes_the_figures_beside_it(tmp_path):
    p = run(tmp_path, *TUNE, "-o", tmp_path / "profile-mine.json")
    assert p.returncode == 0, p.stderr
    assert sorted(os.listdir(tmp_path)) == ["figures-mine.json", "profile-mine.json"]


# ---- 3. a FIFO where the profile goes: refused at once, not waited on ----

@pytest.fixture
def fifo_profile(tmp_path):
    """a cache whose profile for this machine is a FIFO with no writer"""
    cache = tmp_path / "cache"
    p = run(cache, *TUNE)
    assert p.returncode == 0, p.stderr
    (path,) = (cache / "hashbench").glob("profile-*.json")
    path.unlink()
    os.mkfifo(path)
    return cache, path


@pytest.mark.parametrize("args", [["sum", "-a", "sha256", "DATA"], ["list"],
                                  ["bench", "-a", "crc32", "-s", "64", "--budget", "1", "--repeat", "1"]])
def test_a_fifo_profile_is_refused_without_waiting(tmp_path, fifo_profile, args):
    cache, path = fifo_profile
    data = tmp_path / "data"
    data.write_bytes(workload(1024))
    args = [str(data) if a == "DATA" else a for a in args]
    try:
        p = run(cache, *args, timeout=20)
    except subprocess.TimeoutExpired:
        pytest.fail(f"hashbench {' '.join(args)} waited on the FIFO at {path}")
    assert p.returncode == 0, p.stderr
    warnings = [l for l in p.stderr.decode().splitlines() if "warning: profile" in l]
    assert len(warnings) == 1, p.stderr
    assert f"profile {path} ignored: a FIFO, not a regular file; using the static ranks" in warnings[0]
    if args[0] == "sum":
        assert p.stdout.split()[0].decode() == workload_digests()["sha256"]


@pytest.mark.parametrize("which", ["profile", "figures"])
def test_tune_replaces_a_fifo_in_the_cache(fifo_profile, which):
    cache, path = fifo_profile
    if which == "figures":
        os.unlink(path)
        path = path.with_name(path.name.replace("profile-", "figures-", 1))
        path.unlink()
        os.mkfifo(path)
    p = run(cache, *TUNE, timeout=20)
    assert p.returncode == 0, p.stderr
    assert f"{path} is a FIFO, not a file of ours: replaced".encode() in p.stderr
    assert stat.S_ISREG(os.stat(path).st_mode)
    assert run(cache, "tune", "--check", timeout=20).returncode == 0


# ---- 4. the file size limit: "File too large", exit 1, nothing left behind ----

def file_size_limit(limit):
    """as `ulimit -f` in a shell: SIGXFSZ at its default action, which kills"""
    def set_limit():
        signal.signal(signal.SIGXFSZ, signal.SIG_DFL)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return set_limit


@pytest.mark.parametrize("existing", [False, True])
def test_tune_under_the_file_size_limit(tmp_path, existing):
    out = tmp_path / "profile-x.json"
    if existing:
        out.write_text("old\n")
    p = run(tmp_path, *TUNE, "-o", out, preexec_fn=file_size_limit(300))
    assert p.returncode == 1, (p.returncode, p.stderr)
    assert b"File too large" in p.stderr, p.stderr
    assert sorted(os.listdir(tmp_path)) == (["profile-x.json"] if existing else [])
    if existing:
        assert out.read_text() == "old\n"


def test_files_save_under_the_file_size_limit(tmp_path):
    """the 1 KiB test file fits under the limit, the --save record does not"""
    save = tmp_path / "run.json"
    p = run(tmp_path, "files", "-a", "sha256", "-s", "1K", "--repeat", "1", "--cache", "warm", "--save", save,
            "--dir", tmp_path, preexec_fn=file_size_limit(2000), timeout=300)
    assert p.returncode == 1, (p.returncode, p.stderr)
    assert b"write error on" in p.stderr and b"File too large" in p.stderr, p.stderr
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize("flag", ["-o", "--save"])
def test_rng_output_under_the_file_size_limit(tmp_path, flag):
    """the same writer (cli/outfile.c), the same SIGXFSZ ignored in main()"""
    out = tmp_path / "rng.json"
    p = run(tmp_path, "rng", "-s", "4K", "--sources", "urandom", flag, out, "--format", "json",
            preexec_fn=file_size_limit(300))
    assert p.returncode == 1, (p.returncode, p.stderr)
    assert b"write error on" in p.stderr and b"File too large" in p.stderr, p.stderr
    assert os.listdir(tmp_path) == []


# ---- 7. a file name's escape sequences never reach the terminal raw ----

ESC_NAME = "a\x1b[31mred\x07"
SHOWN = "\\a\\033[31mred\\007"


def test_sum_verbose_escapes_the_name(tmp_path):
    (tmp_path / ESC_NAME).write_bytes(b"x")
    p = run(tmp_path, "sum", "-a", "sha256", "-v", "--", ESC_NAME, cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    err = p.stderr.decode()
    assert "\x1b" not in err and "\x07" not in err, repr(err)
    assert err.startswith(f"hashbench: {SHOWN}: read"), repr(err)


def test_sum_errors_and_progress_escape_the_name(tmp_path):
    (tmp_path / ESC_NAME).write_bytes(b"x")
    missing = "gone\x1b]0;title\x07"
    p = run(tmp_path, "sum", "-a", "sha256", "--progress", "--", ESC_NAME, missing, cwd=tmp_path)
    assert p.returncode == 1, p.stderr
    err = p.stderr.decode()
    assert "\x1b" not in err and "\x07" not in err, repr(err)
    assert "hashbench: \\gone\\033]0;title\\007: No such file or directory" in err, repr(err)
    assert SHOWN + "  [" in err, repr(err)        # the progress bar's name


@pytest.mark.parametrize("name, shown", [
    ("caf\u00e9 \u20ac", "caf\u00e9 \u20ac"),                      # printable UTF-8: as it is
    ("back\\slash", "back\\slash"),                                # backslashes only: as it is
    ("c1\u009bx", "\\c1\\302\\233x"),                              # a C1 control (CSI)
    ("bad\udcffutf8", "\\bad\\377utf8"),                           # a byte that is not UTF-8
    ("nl\nand\\", "\\nl\\nand\\\\"),                               # newline; the backslash doubled
])
def test_names_are_shown_alike(tmp_path, name, shown):
    p = run(tmp_path, "sum", "-a", "sha256", "--", name, cwd=tmp_path)
    assert p.returncode == 1
    assert p.stderr.decode("utf-8", "surrogateescape") == f"hashbench: {shown}: No such file or directory\n"


def test_other_messages_escape_the_name(tmp_path):
    """bench's two outputs that are one file, and an output that cannot be
    written (cli/outfile.c, for bench, tune, files and rng alike)"""
    p = run(tmp_path, "bench", "-a", "crc32", "-s", "64", "-o", ESC_NAME, "--save", "./" + ESC_NAME, cwd=tmp_path)
    assert p.returncode == 2, p.stderr
    assert b"\x1b" not in p.stderr and f"-o {SHOWN} and --save \\./{SHOWN[1:]} are the same file".encode() in p.stderr
    p = run(tmp_path, *TUNE, "-o", tmp_path / "no-such-dir" / ESC_NAME)
    assert p.returncode == 1, p.stderr
    assert b"\x1b" not in p.stderr and f"cannot write \\{tmp_path}/no-such-dir/{SHOWN[1:]}".encode() in p.stderr

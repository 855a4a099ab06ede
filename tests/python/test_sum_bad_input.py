"""`hashbench sum` on bad input (issue 20 item 6, the sum part): a missing
file, a directory, a FIFO, a file that shrinks or grows while it is read, a
read error.  Each gives a message naming the file and exit status 1, and
no digest line for that file -- in the list or in -c -- while the other
files are still hashed.

Shrinking, growing and read errors are made to happen at a chosen byte by
tests/python/sum_fault_shim.c, preloaded (LD_PRELOAD, no root needed): its
read() fails with EIO or changes the file once enough bytes went by, and
its pread() (BLAKE3's threads reading their own parts) does the same, and
its mmap() maps an empty file in the target's place (touching it raises
SIGBUS, as a disk error under a mapping does) or truncates the file under
a real mapping."""
import os
import shutil
import subprocess
import threading

import pytest
from conftest import BUILD
from references import REFERENCES

EXE = str(BUILD.resolve() / "hashbench")
SHIM_SRC = os.path.join(os.path.dirname(__file__), "sum_fault_shim.c")
MiB = 1 << 20
IO_MODES = [["--io", "read"], ["--io", "mmap"], ["--io", "mmap", "-a", "blake3", "--threads", "2"],
            ["--io", "read", "-a", "blake3", "--threads", "2"], ["--io", "pread", "-a", "blake3", "--threads", "2"]]


def sha(data, algo="sha256"):
    return REFERENCES[algo](data).hex()


def run(*args, input=None, env=None):
    return subprocess.run([EXE, *map(str, args)], input=input, capture_output=True, env=env)


def algo_of(args):
    return args[args.index("-a") + 1] if "-a" in args else "sha256"


def with_algo(args):
    return args if "-a" in args else ["-a", "sha256", *args]


@pytest.fixture(scope="module")
def shim(tmp_path_factory):
    cc = shutil.which(os.environ.get("CC", "cc")) or shutil.which("gcc")
    if not cc:
        pytest.skip("no C compiler to build the fault-injection shim")
    out = tmp_path_factory.mktemp("shim") / "sum_fault_shim.so"
    subprocess.run([cc, "-O1", "-shared", "-fPIC", "-o", str(out), SHIM_SRC, "-ldl", "-pthread"], check=True)
    return str(out)


def shim_env(shim, target, action, after=0):
    env = dict(os.environ)
    env.update(LD_PRELOAD=shim, HB_SHIM_FILE=str(target), HB_SHIM_ACTION=action, HB_SHIM_AFTER=str(after))
    # an ASan build wants its runtime first; the shim only wraps read/pread/mmap
    env["ASAN_OPTIONS"] = (env.get("ASAN_OPTIONS", "") + ":verify_asan_link_order=0").lstrip(":")
    return env


def files_around(tmp_path, size):
    good1, bad, good2 = tmp_path / "good1", tmp_path / "bad", tmp_path / "good2"
    good1.write_bytes(b"before")
    good2.write_bytes(b"after")
    data = os.urandom(size)
    bad.write_bytes(data)
    return good1, bad, good2, data


def assert_only_good_lines(p, algo, good1, good2):
    assert p.returncode == 1, (p.returncode, p.stderr)
    assert p.stdout.decode() == f"{sha(b'before', algo)}  {good1}\n{sha(b'after', algo)}  {good2}\n"


# ---- the shim itself must work, or the tests below prove nothing ---------------------

def test_shim_injects_for_real(shim, tmp_path):
    f = tmp_path / "f"
    f.write_bytes(b"x" * 100000)
    # under the shim a plain `cat` fails too: the fault is the shim's, not hashbench's
    p = subprocess.run(["cat", str(f)], capture_output=True, env=shim_env(shim, f, "eio"))
    assert p.returncode != 0 and b"Input/output error" in p.stderr
    # and pread(), as BLAKE3's threads call it
    import sys
    p = subprocess.run([sys.executable, "-c", "import os, sys; os.pread(os.open(sys.argv[1], os.O_RDONLY), 10, 5)",
                        str(f)], capture_output=True, env=shim_env(shim, f, "eio"))
    assert p.returncode != 0 and b"Input/output error" in p.stderr, p.stderr
    subprocess.run(["cat", str(f)], capture_output=True, env=shim_env(shim, f, "shrink", 65536))
    assert f.stat().st_size == 32768


# ---- missing, directory ----------------------------------------------------------

@pytest.mark.parametrize("io", IO_MODES)
def test_missing_and_directory(tmp_path, io):
    algo = algo_of(io)
    good1, _, good2, _ = files_around(tmp_path, 10)
    missing, d = tmp_path / "missing", tmp_path / "dir"
    d.mkdir()
    p = run("sum", *with_algo(io), good1, missing, d, good2)
    assert_only_good_lines(p, algo, good1, good2)
    err = p.stderr.decode()
    assert f"hashbench: {missing}: No such file or directory\n" in err
    assert f"hashbench: {d}: Is a directory\n" in err


# ---- a FIFO: read as a stream, as sha256sum does ----------------------------------

@pytest.mark.parametrize("io", IO_MODES)
def test_fifo_is_hashed_as_a_stream(tmp_path, io):
    algo = algo_of(io)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    data = os.urandom(3 * MiB + 17)

    def writer():
        with open(fifo, "wb") as f:
            for i in range(0, len(data), 100000):
                f.write(data[i:i + 100000])

    t = threading.Thread(target=writer)
    t.start()
    p = run("sum", "-v", *with_algo(io), fifo)
    t.join()
    assert p.returncode == 0, p.stderr
    assert p.stdout.decode() == f"{sha(data, algo)}  {fifo}\n"
    assert b": read (stream)," in p.stderr


# ---- a file that shrinks or grows while it is read ----------------------------------

@pytest.mark.parametrize("io", IO_MODES)
@pytest.mark.parametrize("action", ["shrink", "grow"])
def test_file_changing_while_read_has_no_digest(shim, tmp_path, io, action):
    algo = algo_of(io)
    good1, bad, good2, data = files_around(tmp_path, 20 * MiB + 5)
    p = run("sum", *with_algo(io), good1, bad, good2, env=shim_env(shim, bad, action, 2 * MiB))
    assert_only_good_lines(p, algo, good1, good2)
    err = p.stderr.decode()
    assert f"hashbench: {bad}: file changed while it was read" in err, err
    want_after = (2 * MiB) // 2 if action == "shrink" else len(data) + 4096
    assert f"{len(data)} bytes when opened, {want_after} after" in err, err
    # and under -c: FAILED, counted as unreadable, exit 1
    bad.write_bytes(data)
    lst = tmp_path / "list"
    lst.write_text(f"{sha(data, algo)}  {bad}\n{sha(b'before', algo)}  {good1}\n")
    p = run("sum", *with_algo(io), "-c", lst, env=shim_env(shim, bad, action, 2 * MiB))
    assert p.returncode == 1, p.stderr
    assert p.stdout.decode() == f"{bad}: FAILED open or read\n{good1}: OK\n"
    assert b"1 listed file could not be read" in p.stderr


def test_unchanged_file_under_the_shim_is_fine(shim, tmp_path):
    # the shim with nothing to do (its trigger past the file's end) changes
    # nothing: the failures above are the changes', not the preload's
    _, bad, _, data = files_around(tmp_path, 3 * MiB)
    for io in IO_MODES:
        p = run("sum", *with_algo(io), bad, env=shim_env(shim, bad, "shrink", 1 << 40))
        assert p.returncode == 0, (io, p.stderr)
        assert p.stdout.decode() == f"{sha(data, algo_of(io))}  {bad}\n"


def test_file_shrinking_under_stdin_redirect(shim, tmp_path):
    _, bad, _, data = files_around(tmp_path, 5 * MiB)
    with open(bad, "rb") as fin:
        p = subprocess.run([EXE, "sum", "-a", "sha256"], stdin=fin, capture_output=True,
                           env=shim_env(shim, bad, "shrink", MiB))
    assert p.returncode == 1 and p.stdout == b""
    assert b"hashbench: -: file changed while it was read" in p.stderr


def test_pseudo_files_are_not_changes(tmp_path):
    # /proc says 0 bytes, sysfs 4096, whatever they hold: hashed as sha256sum does
    for f in ("/proc/version", "/sys/kernel/mm/transparent_hugepage/enabled"):
        if not os.path.exists(f):
            continue
        with open(f, "rb") as fin:
            data = fin.read()
        for io in IO_MODES:
            p = run("sum", *with_algo(io), f)
            assert p.returncode == 0, (f, io, p.stderr)
            assert p.stdout.decode() == f"{sha(data, algo_of(io))}  {f}\n"


# ---- read errors --------------------------------------------------------------------

@pytest.mark.parametrize("io", IO_MODES)
@pytest.mark.parametrize("after", [0, 3 * MiB])
def test_read_error_has_no_digest(shim, tmp_path, io, after):
    algo = algo_of(io)
    good1, bad, good2, data = files_around(tmp_path, 70 * MiB + 3)
    p = run("sum", "-v", *with_algo(io), good1, bad, good2, env=shim_env(shim, bad, "eio", after))
    assert_only_good_lines(p, algo, good1, good2)
    assert f"hashbench: {bad}: Input/output error\n".encode() in p.stderr
    assert f"hashbench: {bad}: read".encode() not in p.stderr      # no --verbose line for it
    lst = tmp_path / "list"
    lst.write_text(f"{sha(b'before', algo)}  {good1}\n{sha(data, algo)}  {bad}\n")
    p = run("sum", *with_algo(io), "-c", lst, env=shim_env(shim, bad, "eio", after))
    assert p.returncode == 1
    assert p.stdout.decode() == f"{good1}: OK\n{bad}: FAILED open or read\n"
    p = run("sum", *with_algo(io), "-c", "--status", lst, env=shim_env(shim, bad, "eio", after))
    assert p.returncode == 1 and p.stdout == b""


def test_read_error_on_stdin(shim, tmp_path):
    _, bad, _, _ = files_around(tmp_path, MiB)
    with open(bad, "rb") as fin:
        p = subprocess.run([EXE, "sum", "-a", "md5", "-"], stdin=fin, capture_output=True,
                           env=shim_env(shim, bad, "eio", 200000))
    assert p.returncode == 1 and p.stdout == b""
    assert p.stderr == b"hashbench: -: Input/output error\n"

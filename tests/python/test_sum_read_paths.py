"""`hashbench sum` at full speed (issue 20 items 1 and 7): the digests of
files equal independent references (tests/python/references.py) on every
read path -- read() into a buffer, mmap windows, pread() on every
thread, a pipe -- across the
buffer, window and thread boundaries, for several thread counts; standard
input and several files as sha256sum has them; --verbose, --threads, --io
and the progress bar.

The buffer and window sizes are read from `sum --verbose`, so the sizes
tested follow them if they change.  Files past 16 MiB are sparse: holes,
with random bytes across every MiB boundary and at the end, so that a
window hashed twice or skipped changes the digest."""
import os
import pty
import re
import select
import subprocess
import threading
import time

import pytest
from conftest import BUILD
from references import REFERENCES

EXE = str(BUILD.resolve() / "hashbench")
MiB = 1 << 20
VERBOSE = re.compile(rb"hashbench: (.*): (read|mmap|pread|read \(stream\)), (\d+) (KiB|MiB) (buffer|windows|spans), "
                     rb"([\w-]+)/([\w-]+), (\d+) threads?(?: \(the pool hashed \d+ of the last job's \d+ parts\))?: "
                     rb"(\d+) bytes in")


def run(*args, input=None, **kw):
    return subprocess.run([EXE, *map(str, args)], input=input, capture_output=True, **kw)


def verbose_lines(stderr):
    """{name: (path, unit bytes, impl, threads, bytes)} from --verbose"""
    out = {}
    for m in VERBOSE.finditer(stderr):
        unit = int(m.group(3)) << (20 if m.group(4) == b"MiB" else 10)
        out[m.group(1).decode()] = (m.group(2).decode(), unit, m.group(7).decode(), int(m.group(8)),
                                    int(m.group(9)))
    return out


@pytest.fixture(scope="module")
def units(tmp_path_factory):
    """the read buffer (one thread and several), the mmap window, the span
    each pread() call of the threads covers"""
    d = tmp_path_factory.mktemp("units")
    f, big = d / "one", d / "big"
    f.write_bytes(b"x")
    with open(big, "wb") as out:
        out.truncate(5 * MiB)       # threads pread their own parts from 4 MiB on
    got = {}
    for key, args in (("read", ["-a", "sha256", "--io", "read"]),
                      ("threaded", ["-a", "blake3", "--threads", "2", "--io", "read"]),
                      ("window", ["-a", "sha256", "--io", "mmap"]),
                      ("span", ["-a", "blake3", "--threads", "2", "--io", "pread"])):
        name = big if key == "span" else f
        p = run("sum", "-v", *args, name)
        assert p.returncode == 0, p.stderr
        got[key] = verbose_lines(p.stderr)[str(name)][1]
    assert 4096 <= got["read"] <= got["window"], got
    assert got["window"] % 4096 == 0 and got["read"] % 1024 == 0 and got["span"] % 1024 == 0
    return got


def content(size, seed):
    """random bytes up to 16 MiB; beyond, a sparse pattern of random 4 KiB
    islands across every MiB boundary and at the end"""
    rnd = __import__("random").Random(seed)
    if size <= 16 * MiB:
        return None, rnd.randbytes(size)
    islands = {}
    for edge in range(MiB, size, MiB):
        islands[edge - 2048] = rnd.randbytes(min(4096, size - (edge - 2048)))
    islands[max(0, size - 100)] = rnd.randbytes(min(100, size))
    return islands, None


def make_file(path, size, seed):
    islands, data = content(size, seed)
    if data is not None:
        path.write_bytes(data)
        return data
    with open(path, "wb") as f:
        f.truncate(size)
        for off, chunk in islands.items():
            f.seek(off)
            f.write(chunk)
    return path.read_bytes()


def check_sums(algo, files, args, want):
    """one process for every file: each line is the reference digest"""
    p = run("sum", "-a", algo, *args, *files)
    assert p.returncode == 0, (args, p.stderr[-2000:])
    lines = p.stdout.decode().splitlines()
    assert len(lines) == len(files), (args, lines)
    for f, line in zip(files, lines):
        assert line == f"{want[f]}  {f}", (algo, args, f.stat().st_size, line)


def reference(algo, data):
    return REFERENCES[algo](data).hex()


def sizes_around(*edges):
    out = {0, 1}
    for e in edges:
        out.update({e - 1, e, e + 1})
    return sorted(s for s in out if s >= 0)


# ---- 1. one thread: every algorithm family, both paths, around the buffer ----------

@pytest.mark.parametrize("algo", ["sha256", "md5", "sha1", "sha512", "xxh64", "xxh3-64", "crc32c", "blake2b",
                                  "blake3", "sha3-256"])
def test_buffer_and_window_edges(units, tmp_path, algo):
    r = units["read"]
    sizes = sizes_around(64, 1024, r, 2 * r, 3 * r + 1000)
    files, want = [], {}
    for i, n in enumerate(sizes):
        f = tmp_path / f"f{n}"
        want[f] = reference(algo, make_file(f, n, i))
        files.append(f)
    for io in ("auto", "read", "mmap"):
        check_sums(algo, files, ["--io", io, "--threads", "1"], want)


# ---- 2. BLAKE3 on threads: chunk, subtree and buffer edges --------------------------

@pytest.mark.parametrize("threads", [1, 2, 3, 4, 0])
def test_blake3_threads_match_reference(units, tmp_path, threads):
    t = units["threaded"]
    # chunks (1 KiB), the threaded tree's smallest job (128 chunks), powers
    # of two where the tree's nodes close, the threaded buffer, and sizes
    # that end mid-chunk after many whole subtrees
    sizes = sizes_around(1024, 128 * 1024, 256 * 1024, MiB, 4 * MiB, t, 2 * t) + [3 * t + 12345, 5 * MiB + 1023]
    files, want = [], {}
    for i, n in enumerate(sizes):
        f = tmp_path / f"b{n}"
        want[f] = reference("blake3", make_file(f, n, 100 + i))
        files.append(f)
    for io in ("auto", "read", "mmap", "pread"):
        check_sums("blake3", files, ["--threads", threads, "--io", io], want)


# ---- 3. past the mmap window: a few hundred MB, sparse ------------------------------

@pytest.fixture(scope="module")
def large_files(units, tmp_path_factory):
    w = units["window"]
    d = tmp_path_factory.mktemp("large")
    files, data = [], {}
    for i, n in enumerate([w - 1, w + 1, 3 * w + units["read"] + 7]):
        f = d / f"L{n}"
        data[f] = make_file(f, n, 200 + i)
        files.append(f)
    return files, data


@pytest.mark.parametrize("threads,io", [(1, "read"), (1, "mmap"), (2, "read"), (2, "mmap"), (3, "mmap"),
                                        (2, "pread"), (3, "pread"), (0, "auto")])
def test_blake3_past_the_window(large_files, threads, io):
    files, data = large_files
    want = {f: reference("blake3", d) for f, d in data.items()}
    check_sums("blake3", files, ["--threads", threads, "--io", io], want)


@pytest.mark.parametrize("algo", ["sha256", "xxh3-64"])
def test_one_thread_past_the_window(large_files, algo):
    files, data = large_files
    want = {f: reference(algo, d) for f, d in data.items()}
    for io in ("read", "mmap"):
        check_sums(algo, files, ["--io", io], want)


# Linux carries a process's peak RSS across fork and execve, so a child of
# this test (which holds the files' bytes) would start with the test's; a
# fresh small interpreter in between starts hashbench afresh and reports
# its child's peak alone.
SPAWN = ("import os, resource, sys\n"
         "st = os.spawnv(os.P_WAIT, sys.argv[1], sys.argv[1:])\n"
         "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
         "sys.exit(st)\n")


def peak_rss(args):
    """(exit status, stderr, peak resident set in bytes) of one hashbench run"""
    import sys
    p = subprocess.run([sys.executable, "-c", SPAWN, EXE, *map(str, args)], capture_output=True)
    return p.returncode, p.stderr, int(p.stdout.split()[-1]) * 1024


def test_large_file_in_bounded_memory(large_files, units):
    # the largest file (over three windows), mapped or read, on threads or
    # not: the peak resident set stays well below the file's size (one
    # window mapped at a time, or one buffer)
    files, _ = large_files
    big = max(files, key=lambda f: f.stat().st_size)
    size = big.stat().st_size
    for args in (["-a", "blake3", "--io", "mmap"], ["-a", "blake3", "--io", "read"],
                 ["-a", "blake3", "--threads", "2", "--io", "pread"],
                 ["-a", "sha256", "--io", "mmap"], ["-a", "sha256", "--io", "read"]):
        rc, err, rss = peak_rss(["sum", *args, big])
        assert rc == 0, err
        assert rss < units["window"] + 64 * MiB < size, (args, rss, size)


# ---- 4. standard input and several files -------------------------------------------

@pytest.mark.parametrize("algo,args", [("sha256", []), ("blake3", ["--threads", "2"]),
                                       ("blake3", ["--threads", "1"]), ("xxh3-128", [])])
def test_stdin_pipe_across_buffers(units, algo, args):
    data = make_file_bytes(2 * units["threaded"] + 3 * units["read"] + 5, 7)
    want = reference(algo, data)
    for name in ([], ["-"]):
        p = run("sum", "-a", algo, *args, "-v", *name, input=data)
        assert p.returncode == 0, p.stderr
        assert p.stdout.decode() == f"{want}  -\n"
        assert verbose_lines(p.stderr)["-"][0] == "read (stream)"


def make_file_bytes(n, seed):
    return __import__("random").Random(seed).randbytes(n)


@pytest.mark.parametrize("algo,args", [("sha256", []), ("xxh3-64", []), ("blake3", ["--threads", "2"]),
                                       ("blake3", ["--threads", "1"])])
def test_the_probe_follows_the_page_cache(tmp_path, algo, args):
    # one file written in 4 KiB pieces (4 KiB folios: read, or pread on
    # threads), one in a single write (large folios where the file system
    # makes them: then mapped); the digest is the same either way, below
    # 4 MiB nothing is probed, and --io overrides the probe
    data = make_file_bytes(12 * MiB + 5, 21)
    want = reference(algo, data)
    small, whole, tiny = tmp_path / "small", tmp_path / "whole", tmp_path / "tiny"
    write_in_pages(small, data)
    whole.write_bytes(data)
    tiny.write_bytes(data[:4 * MiB - 1])
    threaded = "2" in args
    for f in (small, whole):
        p = run("sum", "-v", "-a", algo, *args, f)
        assert p.returncode == 0 and p.stdout.decode() == f"{want}  {f}\n", p.stderr
        said, path = probe_said(p.stderr), verbose_lines(p.stderr)[str(f)][0]
        assert said in ("small", "large"), p.stderr
        if said == "large":
            assert path == "mmap", p.stderr
        else:
            assert path == ("pread" if threaded else "read"), p.stderr
    assert probe_said(run("sum", "-v", "-a", algo, *args, small).stderr) == "small"
    p = run("sum", "-v", "-a", algo, *args, tiny)
    assert probe_said(p.stderr) is None and p.returncode == 0
    for io in ("read", "mmap"):
        p = run("sum", "-v", "-a", algo, *args, "--io", io, whole)
        assert probe_said(p.stderr) is None and verbose_lines(p.stderr)[str(whole)][0] == io, p.stderr


def test_stdin_redirected_from_a_file(units, tmp_path):
    data = make_file_bytes(units["read"] * 3 + 1, 8)
    f = tmp_path / "in"
    f.write_bytes(data)
    with open(f, "rb") as fin:
        p = subprocess.run([EXE, "sum", "-a", "sha256", "-v"], stdin=fin, capture_output=True)
    assert p.stdout.decode() == f"{reference('sha256', data)}  -\n"
    assert verbose_lines(p.stderr)["-"][0] == "read"


def test_stdin_from_the_middle_of_a_file(tmp_path):
    # as sha256sum: standard input is hashed from where it stands
    data = make_file_bytes(300000, 9)
    f = tmp_path / "in"
    f.write_bytes(data)
    with open(f, "rb") as fin:
        fin.seek(1000)
        p = subprocess.run([EXE, "sum", "-a", "blake3", "--io", "mmap"], stdin=fin, capture_output=True)
    assert p.stdout.decode() == f"{reference('blake3', data[1000:])}  -\n"


def test_several_files_and_dash_in_order(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    a.write_bytes(b"first")
    b.write_bytes(b"second" * 50000)
    p = run("sum", "-a", "blake3", a, "-", b, "-", input=b"piped")
    assert p.returncode == 0
    assert p.stdout.decode().splitlines() == [
        f"{reference('blake3', b'first')}  {a}",
        f"{reference('blake3', b'piped')}  -",
        f"{reference('blake3', b'second' * 50000)}  {b}",
        f"{reference('blake3', b'')}  -",     # stdin already read to its end, as sha256sum
    ]


def test_check_mode_uses_the_same_paths(large_files, tmp_path):
    files, data = large_files
    lst = tmp_path / "list"
    lst.write_text("".join(f"{reference('blake3', data[f])}  {f}\n" for f in files))
    for args in (["--threads", "2", "--io", "mmap"], ["--threads", "2", "--io", "pread"],
                 ["--threads", "1", "--io", "read"]):
        p = run("sum", "-a", "blake3", *args, "-c", lst)
        assert p.returncode == 0, p.stderr
        assert p.stdout.decode() == "".join(f"{f}: OK\n" for f in files)


# ---- 5. what --verbose, --threads and --io say and do ------------------------------

def usable_cpus():
    """the CPUs of this process's affinity mask: sum's default thread count"""
    return len(os.sched_getaffinity(0))


def best_impl(algo):
    import json
    rows = json.loads(run("list", "--format", "json").stdout)
    return next(a["best"] for a in rows if a["id"] == algo)


def write_in_pages(path, data):
    """data written 4 KiB at a time: the page cache holds it in 4 KiB
    folios, whatever the file system could do with larger writes"""
    with open(path, "wb") as f:
        for i in range(0, len(data), 4096):
            f.write(data[i:i + 4096])


def probe_said(stderr):
    """what the probe of hashbench sum -v said of a file: 'large', 'small' or None"""
    if b"holds it in large folios: mapped" in stderr:
        return "large"
    if b"holds it in small pages: not mapped" in stderr:
        return "small"
    return None


def test_verbose_says_path_impl_and_threads(units, tmp_path):
    f = tmp_path / "f"
    write_in_pages(f, make_file_bytes(8 * MiB + 3, 10))
    v = lambda *a: verbose_lines(run("sum", "-v", *a, f).stderr)[str(f)]
    assert v("-a", "sha256") [:3] == ("read", units["read"], best_impl("sha256"))
    assert v("-a", "sha256", "--io", "mmap")[:2] == ("mmap", units["window"])
    # BLAKE3: one thread is the dispatcher's pick; more is the mt tree
    assert v("-a", "blake3", "--threads", "1")[2:4] == (best_impl("blake3"), 1)
    mt = v("-a", "blake3", "--threads", "2")
    assert mt[2:4] == ("mt", 2), mt
    # an 8 MiB file on threads: each thread preads its own parts
    assert mt[:2] == ("pread", units["span"]), mt
    # a pread of one thread is the plain read; a pipe or a file below 4 MiB too
    assert v("-a", "blake3", "--threads", "1", "--io", "pread")[0] == "read"
    small = tmp_path / "small"
    small.write_bytes(make_file_bytes(4 * MiB - 1, 11))
    assert verbose_lines(run("sum", "-v", "-a", "blake3", "--threads", "2", "--io", "pread", small).stderr)[
        str(small)][0] == "read"
    assert v("-a", "blake3")[3] == usable_cpus()
    # more threads than CPUs, as b3sum --num-threads allows (the pool grows, to 32 at most)
    assert v("-a", "blake3", "--threads", "3")[3] == 3
    assert usable_cpus() <= v("-a", "blake3", "--threads", "1000")[3] <= 32
    # the bytes counted are the file's
    assert mt[4] == f.stat().st_size
    # the probe found small pages, and said so
    assert probe_said(run("sum", "-v", "-a", "sha256", f).stderr) == "small"
    # an implementation named with --impl is kept
    assert v("-a", "blake3", "--impl", "portable", "--threads", "2")[2:4] == ("portable", 1)
    # no digest line moves to stderr, no verbose line to stdout
    p = run("sum", "-v", "-a", "md5", f)
    assert p.stdout.decode() == f"{reference('md5', f.read_bytes())}  {f}\n"


def test_auto_path_is_read_for_one_thread_in_small_pages(units, tmp_path):
    # the measured choice (docs/sum.md): read() at every size for one
    # thread, unless the page cache holds the file in large folios
    f = tmp_path / "f"
    write_in_pages(f, make_file_bytes(units["window"] // 4, 11))
    for algo in ("sha256", "xxh3-64", "crc32"):
        assert verbose_lines(run("sum", "-v", "-a", algo, f).stderr)[str(f)][0] == "read"


@pytest.mark.parametrize("bad", ["-1", "x", "2x", "", "99999"])
def test_threads_must_be_a_count(bad):
    p = run("sum", "-a", "blake3", "--threads", bad, input=b"")
    assert p.returncode == 2 and b"--threads" in p.stderr and not p.stdout


def test_io_must_be_a_known_mode():
    p = run("sum", "-a", "sha256", "--io", "splice", input=b"")
    assert p.returncode == 2 and b"--io" in p.stderr and not p.stdout


# ---- 6. the progress bar: stderr only ---------------------------------------------

def test_progress_forced_goes_to_stderr_only(tmp_path):
    f = tmp_path / "f"
    data = make_file_bytes(3 * MiB, 12)
    f.write_bytes(data)
    p = run("sum", "-a", "sha256", "--progress", f)
    assert p.stdout.decode() == f"{reference('sha256', data)}  {f}\n"
    assert b"100%" in p.stderr and str(f).encode() in p.stderr
    assert p.stderr.endswith(b"\n")
    # unknown size (a pipe): bytes and rate, no percentage
    p = run("sum", "-a", "sha256", "--progress", input=data)
    assert b"B/s" in p.stderr and b"%" not in p.stderr
    assert p.stdout.decode() == f"{reference('sha256', data)}  -\n"


def test_no_progress_off_a_terminal_nor_when_refused(tmp_path):
    f = tmp_path / "f"
    f.write_bytes(make_file_bytes(3 * MiB, 13))
    assert run("sum", "-a", "sha256", f).stderr == b""
    assert run("sum", "-a", "sha256", "--progress", "--no-progress", f).stderr == b""


def slow_run_on_a_terminal(*args, seconds=1.2, pieces=12):
    """hashbench with stderr on a pseudo-terminal, stdin a pipe fed slowly;
    returns (stdout bytes, what the terminal received, exit status)"""
    master, slave = pty.openpty()
    proc = subprocess.Popen([EXE, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=slave)
    os.close(slave)
    tty = bytearray()

    def feed():
        for i in range(pieces):
            proc.stdin.write(b"x" * 65536)
            proc.stdin.flush()
            time.sleep(seconds / pieces)
        proc.stdin.close()

    t = threading.Thread(target=feed)
    t.start()
    out = bytearray()
    while True:
        r, _, _ = select.select([master, proc.stdout], [], [], 5)
        if not r:
            break
        if master in r:
            try:
                chunk = os.read(master, 4096)
            except OSError:
                chunk = b""
            tty += chunk
        if proc.stdout in r:
            chunk = os.read(proc.stdout.fileno(), 4096)
            if not chunk:
                break
            out += chunk
    t.join()
    proc.wait(timeout=30)
    try:
        while select.select([master], [], [], 0.2)[0]:
            chunk = os.read(master, 4096)
            if not chunk:
                break
            tty += chunk
    except OSError:
        pass
    os.close(master)
    return bytes(out), bytes(tty), proc.returncode


def test_progress_on_a_terminal_for_a_slow_input():
    want = reference("sha256", b"x" * 65536 * 12)
    out, tty, rc = slow_run_on_a_terminal("sum", "-a", "sha256")
    assert rc == 0 and out.decode() == f"{want}  -\n"
    assert b"B/s" in tty, tty      # drawn once the input took a while
    assert tty.rstrip(b" ").endswith(b"\r"), tty[-200:]   # and erased at the end
    out, tty, rc = slow_run_on_a_terminal("sum", "-a", "sha256", "--no-progress")
    assert rc == 0 and out.decode() == f"{want}  -\n" and tty == b""

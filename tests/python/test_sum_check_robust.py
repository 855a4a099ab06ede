"""hashbench sum -c against hostile and unusual check lists (issue 22), and
side by side with coreutils' sha256sum/md5sum on the same lists wherever
hashbench claims to behave the same: same exit status, same OK/FAILED lines.
Where hashbench deliberately differs (README "Using it"), a test pins it."""
import hashlib
import os
import shutil
import subprocess
import threading

import conftest
import pytest

# these tests run the binary from inside tmp_path (relative names in lists):
# HB_BUILD may be relative to the repository, so pin it down first
conftest.BUILD = conftest.BUILD.resolve()
BUILD = conftest.BUILD
SHA256SUM = shutil.which("sha256sum")
MD5SUM = shutil.which("md5sum")
needs_coreutils = pytest.mark.skipif(not SHA256SUM, reason="coreutils sha256sum not installed")


def sha(data):
    return hashlib.sha256(data).hexdigest()


@pytest.fixture
def files(tmp_path):
    """Two small files in tmp_path, and their digests."""
    (tmp_path / "a").write_bytes(b"hello\n")
    (tmp_path / "b").write_bytes(b"world\n")
    return {"a": sha(b"hello\n"), "b": sha(b"world\n")}


def both(hashbench, tmp_path, listbytes, *opts, algo="sha256", tool=None):
    """Runs hashbench sum -c and the coreutils tool on the same list; returns both."""
    lst = tmp_path / "LIST"
    lst.write_bytes(listbytes)
    ours = hashbench("sum", "-a", algo, "-c", *opts, "LIST", cwd=tmp_path)
    theirs = subprocess.run([tool or SHA256SUM, "-c", *opts, "LIST"], cwd=tmp_path, capture_output=True)
    return ours, theirs


def assert_same(ours, theirs):
    assert (ours.returncode, ours.stdout) == (theirs.returncode, theirs.stdout), (ours.stderr, theirs.stderr)


# ---- 1. a read error on the list itself --------------------------------------

def run_with_failing_stdin(cmd, head, cwd):
    """Runs cmd with the first lines of a list on a non-blocking pipe whose
    writer stays open: after `head` the next read fails (EAGAIN), a read error
    in the middle of the list."""
    r, w = os.pipe()
    os.set_blocking(r, False)
    os.write(w, head)
    try:
        return subprocess.run(cmd, stdin=r, capture_output=True, cwd=cwd, timeout=60)
    finally:
        os.close(r)
        os.close(w)


def many_files(tmp_path, n=200):
    lines = []
    for i in range(n):
        data = b"file %d\n" % i
        (tmp_path / f"f{i}").write_bytes(data)
        lines.append(f"{sha(data)}  f{i}\n".encode())
    return lines


@pytest.mark.parametrize("extra", [[], ["--status"]])
def test_read_error_midway_through_list_fails(hashbench, tmp_path, extra):
    lines = many_files(tmp_path)
    p = run_with_failing_stdin([str(BUILD / "hashbench"), "sum", "-a", "sha256", "-c", *extra],
                               b"".join(lines[:56]), tmp_path)
    assert p.returncode == 1, (p.stdout[-300:], p.stderr)
    assert b"read error" in p.stderr
    if not extra:
        assert p.stdout.count(b": OK\n") == 56


@needs_coreutils
def test_read_error_midway_matches_sha256sum(hashbench, tmp_path):
    lines = many_files(tmp_path, 60)
    head = b"".join(lines[:56])
    ours = run_with_failing_stdin([str(BUILD / "hashbench"), "sum", "-a", "sha256", "-c"], head, tmp_path)
    theirs = run_with_failing_stdin([SHA256SUM, "-c"], head, tmp_path)
    assert_same(ours, theirs)


def test_list_that_is_a_directory_is_a_read_error(hashbench, tmp_path):
    for extra in ([], ["--status"]):
        p = hashbench("sum", "-a", "sha256", "-c", *extra, tmp_path, check=1)
        assert b"Is a directory" in p.stderr and b"read error" in p.stderr
        assert b"no properly formatted" not in p.stderr


# ---- 2. names are escaped in the -c output --------------------------------------

def test_crafted_name_cannot_forge_an_ok_line(hashbench, tmp_path):
    name = "x\nforged: OK"
    (tmp_path / name).write_bytes(b"real content")
    lst = tmp_path / "LIST"
    lst.write_bytes(b"\\" + b"0" * 64 + b"  x\\nforged: OK\n")
    p = hashbench("sum", "-a", "sha256", "-c", "LIST", cwd=tmp_path, check=1)
    assert p.stdout == b"\\x\\nforged: OK: FAILED\n"
    assert b"\nforged: OK\n" not in b"\n" + p.stdout


@pytest.mark.parametrize("mode", ["sum", "check", "list"])
def test_crafted_name_cannot_forge_an_error_line(hashbench, tmp_path, mode):
    """The messages on stderr escape such a name too: a missing file, or a
    list, named "x\nforged: OK" prints one line, not a forged second one."""
    name = "x\nforged: OK"
    if mode == "sum":
        p = hashbench("sum", "-a", "sha256", name, cwd=tmp_path, check=1)
    elif mode == "check":
        (tmp_path / "LIST").write_bytes(b"\\" + b"0" * 64 + b"  x\\nforged: OK\n")
        p = hashbench("sum", "-a", "sha256", "-c", "--status", "LIST", cwd=tmp_path, check=1)
    else:
        p = hashbench("sum", "-a", "sha256", "-c", name, cwd=tmp_path, check=1)
    lines = p.stderr.splitlines()
    assert lines and all(l.startswith(b"hashbench: ") for l in lines), p.stderr
    assert b"hashbench: \\x\\nforged: OK: No such file or directory" in lines, p.stderr


@needs_coreutils
@pytest.mark.parametrize("name", ["x\nforged: OK", "back\\slash", "new\nline\\both"])
def test_escaped_names_in_check_output_match_sha256sum(hashbench, tmp_path, name):
    (tmp_path / name).write_bytes(b"data")
    good = subprocess.run([SHA256SUM, name], cwd=tmp_path, capture_output=True, check=True).stdout
    bad = good.replace(sha(b"data").encode(), b"f" * 64)
    missing = good.replace(name.replace("\\", "\\\\").replace("\n", "\\n").encode(),
                           name.replace("\\", "\\\\").replace("\n", "\\n").encode() + b"-gone")
    ours, theirs = both(hashbench, tmp_path, good + bad + missing)
    assert_same(ours, theirs)
    assert ours.stdout.count(b"\n") == 3


# ---- 5. line forms sha256sum -c accepts -----------------------------------------

def L(fmt, files):
    return fmt.format(**files).encode()


@needs_coreutils
@pytest.mark.parametrize("fmt, opts", [
    ("{a} a\n", []),                                       # one space: the "BSD reversed" form
    ("{a}\ta\n", []),                                      # a tab
    ("  {a}  a\n\t{b}  b\n", []),                          # leading white space
    ("{a} *a\n", []),                                      # binary marker
    ("SHA256 (a) = {a}\nSHA256 (b) = {b}\n", []),          # sha256sum --tag
    ("SHA256(a)= {a}\nSHA256 (b) ={b}\n", []),
    ("SHA256 (a) = {a} \n", []),                           # trailing blank after the digest: malformed
    ("\\SHA256 (a) = {a}\n", []),
    ("\n#comment\n{a}  a\n\n", ["--strict"]),              # blank and comment lines are not malformed
    ("   \n{a}  a\n", ["--strict"]),                       # a line of blanks is
    (" #comment\n{a}  a\n", ["--strict"]),                 # so is an indented '#'
    ("{a}  a\r\n{b}  b\r\n\r\n", ["--strict"]),            # CRLF list
    ("{a} a\n{b}  b\n", []),                               # the first line fixes the layout ...
    ("{a}  a\n{b} b\n", []),                               # ... either way
    ("{a}  a\n{a}  missing\n", ["--ignore-missing"]),
    ("{a}  missing\n", ["--ignore-missing"]),              # nothing verified: fails
    ("{a}  missing\n", ["--ignore-missing", "--status"]),
    ("{a}  a\n{a}  b\nbad\n", ["--status", "--warn"]),     # the last of --status/--warn/--quiet wins
    ("{a}  a\n{a}  b\nbad\n", ["--warn", "--status"]),
    ("{a}  a\n{a}  b\nbad\n", ["--warn", "--quiet"]),
    ("{a}  a\n{a}  b\nbad\n", ["--status", "--quiet"]),
    ("{a}  a\n{a}  b\nbad\n", ["--quiet", "--warn"]),
    ("{a}  a\\b\n", []),                                   # backslash kept when not escaped
    ("\\{a}  a\\x\n", []),                                 # a bad escape: malformed
    ("{a}  a\n" + "0" * 63 + "  b\n", ["--strict"]),       # short digest
])
def test_line_forms_match_sha256sum(hashbench, tmp_path, files, fmt, opts):
    ours, theirs = both(hashbench, tmp_path, L(fmt, files), *opts)
    assert_same(ours, theirs)


@needs_coreutils
def test_escaped_carriage_return_name_matches_sha256sum(hashbench, tmp_path):
    name = "c\rd"
    (tmp_path / name).write_bytes(b"x")
    lst = subprocess.run([SHA256SUM, name], cwd=tmp_path, capture_output=True, check=True).stdout
    assert lst.startswith(b"\\")       # coreutils 9 writes it as c\rd
    ours, theirs = both(hashbench, tmp_path, lst)
    assert ours.returncode == theirs.returncode == 0
    # coreutils 9.1 prints the CR raw in -c output; hashbench escapes it (README)
    assert ours.stdout == b"\\c\\rd: OK\n"
    # a raw CR inside a name is accepted too
    ours, theirs = both(hashbench, tmp_path, f"{sha(b'x')}  c\rd\n".encode())
    assert ours.returncode == theirs.returncode == 0


@needs_coreutils
def test_list_on_stdin_cannot_name_stdin(hashbench, tmp_path, files):
    lst = f"{files['a']}  -\n".encode()
    ours = hashbench("sum", "-a", "sha256", "-c", input=lst)
    theirs = subprocess.run([SHA256SUM, "-c"], input=lst, capture_output=True)
    assert_same(ours, theirs)
    assert ours.returncode == 1


@pytest.mark.skipif(not MD5SUM, reason="coreutils md5sum not installed")
def test_md5_tag_lines_match_md5sum(hashbench, tmp_path, files):
    lst = subprocess.run([MD5SUM, "--tag", "a", "b"], cwd=tmp_path, capture_output=True, check=True).stdout
    ours, theirs = both(hashbench, tmp_path, lst, algo="md5", tool=MD5SUM)
    assert_same(ours, theirs)
    assert ours.stdout == b"a: OK\nb: OK\n"


def test_hashbench_ids_work_as_tags_for_every_algorithm(hashbench, tmp_path):
    """Deliberate superset: `ID (NAME) = HEX` with the hashbench id, for every
    algorithm (coreutils knows only its own upper-case tags)."""
    (tmp_path / "a").write_bytes(b"hello\n")
    roster = hashbench("list", "--format", "json", check=0)
    import json
    for algo in json.loads(roster.stdout):
        hexd = hashbench("sum", "-a", algo["id"], "a", cwd=tmp_path, check=0).stdout.split()[0].decode()
        lst = tmp_path / "LIST"
        lst.write_text(f"{algo['id']} (a) = {hexd}\n")
        p = hashbench("sum", "-a", algo["id"], "-c", "LIST", cwd=tmp_path)
        assert (p.returncode, p.stdout) == (0, b"a: OK\n"), (algo["id"], p.stderr)


def test_tag_of_another_algorithm_is_malformed(hashbench, tmp_path, files):
    lst = tmp_path / "LIST"
    lst.write_text(f"SHA512 (a) = {files['a']}\n")
    p = hashbench("sum", "-a", "sha256", "-c", "LIST", cwd=tmp_path, check=1)
    assert b"no properly formatted" in p.stderr


def test_ignore_missing_only_with_check(hashbench):
    p = hashbench("sum", "-a", "sha256", "--ignore-missing", check=2)
    assert b"only go with --check" in p.stderr


@needs_coreutils
def test_usage_errors_exit_2_unlike_coreutils(hashbench):
    """Deliberate difference (README): every hashbench command exits 2 on a
    bad command line; coreutils exits 1."""
    assert subprocess.run([SHA256SUM, "--bogus"], capture_output=True).returncode == 1
    assert hashbench("sum", "-a", "sha256", "--bogus").returncode == 2
    assert subprocess.run([SHA256SUM, "--status"], capture_output=True).returncode == 1
    assert hashbench("sum", "-a", "sha256", "--status").returncode == 2


@needs_coreutils
@pytest.mark.parametrize("name", ["c\rd", "n\nl", "b\\s", "plain name", " lead"])
def test_sum_output_escapes_like_sha256sum_and_checks_back(hashbench, tmp_path, name):
    (tmp_path / name).write_bytes(b"x")
    ours = hashbench("sum", "-a", "sha256", name, cwd=tmp_path, check=0).stdout
    theirs = subprocess.run([SHA256SUM, name], cwd=tmp_path, capture_output=True, check=True).stdout
    assert ours == theirs
    (tmp_path / "LIST").write_bytes(ours)
    assert hashbench("sum", "-a", "sha256", "-c", "LIST", cwd=tmp_path, check=0).stdout.endswith(b": OK\n")

"""Every write checked (issue 22): a full disk or a closed standard output
gives a message and a non-zero exit from every command, and `bench -o` /
`--save` never leave a truncated or half-written file where a complete one
was, nor a temporary file beside it."""
import csv
import io
import os
import resource
import signal
import subprocess

import pytest
from conftest import BUILD

QUICK = ["--budget", "5", "--repeat", "5"]
EXE = str(BUILD.resolve() / "hashbench")


def env():
    e = dict(os.environ)
    e["HB_RUST_PEERS"] = "none"
    return e


def commands(tmp_path):
    f = tmp_path / "data"
    f.write_bytes(b"hello\n")
    lst = tmp_path / "LIST"
    lst.write_text("5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03  data\n")
    return [
        ["list"],
        ["list", "--format", "json"],
        ["info"],
        ["verify", "-a", "crc32"],
        ["sum", "-a", "sha256", "data"],
        ["sum", "-a", "sha256", "-c", "LIST"],
        ["bench", "-a", "crc8", "-s", "64", *QUICK],
        ["bench", "-a", "crc8", "-s", "64", "--format", "json", *QUICK],
        ["--help"],
        ["--version"],
        ["sum", "--help"],
    ]


@pytest.mark.parametrize("i", range(11))
def test_full_disk_on_stdout_fails_with_message(tmp_path, i):
    args = commands(tmp_path)[i]
    with open("/dev/full", "wb") as full:
        p = subprocess.run([EXE, *args], stdout=full, stderr=subprocess.PIPE, cwd=tmp_path, env=env())
    assert p.returncode == 1, (args, p.returncode, p.stderr)
    assert b"write error" in p.stderr and b"No space left on device" in p.stderr, (args, p.stderr)


@pytest.mark.parametrize("i", range(11))
def test_closed_stdout_fails_with_message(tmp_path, i):
    args = commands(tmp_path)[i]
    p = subprocess.run([EXE, *args], stderr=subprocess.PIPE, cwd=tmp_path, env=env(),
                       preexec_fn=lambda: os.close(1))
    assert p.returncode == 1, (args, p.returncode, p.stderr)
    assert b"write error" in p.stderr, (args, p.stderr)


def test_check_status_with_closed_stdout_writes_nothing_and_succeeds(tmp_path):
    # nothing to write, so nothing fails (as with sha256sum --status >&-)
    args = commands(tmp_path)[5]
    p = subprocess.run([EXE, *args, "--status"], stderr=subprocess.PIPE, cwd=tmp_path, env=env(),
                       preexec_fn=lambda: os.close(1))
    assert (p.returncode, p.stderr) == (0, b"")


def test_closed_std_fds_do_not_leak_into_output_file(tmp_path):
    # with fds 1 and 2 closed, the next file opened would get them: warnings
    # and the table must not land in the -o file, and the run still succeeds
    out = tmp_path / "out.csv"
    p = subprocess.run([EXE, "bench", "-a", "crc8,crc16", "-s", "64,128", "--format", "csv", "-o", out, *QUICK],
                       env=env(), preexec_fn=lambda: (os.close(1), os.close(2)))
    assert p.returncode == 0
    rows = list(csv.reader(io.StringIO(out.read_text())))
    assert len(rows) == 5 and len({len(r) for r in rows}) == 1, rows
    assert rows[0][0] == "algorithm" and {r[0] for r in rows[1:]} == {"crc8", "crc16"}
    assert leftovers(tmp_path, {"out.csv"}) == []


# ---- bench -o / --save: validate first, replace only when complete --------------

OLD = "a complete earlier run\n"


def bench(*args, **kw):
    return subprocess.run([EXE, "bench", "-a", "crc8", "-s", "64", *QUICK, *map(str, args)],
                          capture_output=True, env=env(), **kw)


def leftovers(d, keep):
    return sorted(p.name for p in d.iterdir() if p.name not in keep)


def test_bad_pin_leaves_output_untouched(tmp_path):
    out = tmp_path / "out.txt"
    out.write_text(OLD)
    p = bench("-o", out, "--pin", "1000")
    assert p.returncode == 2 and b"--pin 1000" in p.stderr
    assert out.read_text() == OLD
    assert leftovers(tmp_path, {"out.txt"}) == []


def test_unwritable_save_leaves_output_untouched(tmp_path):
    out = tmp_path / "out.txt"
    out.write_text(OLD)
    p = bench("-o", out, "--save", tmp_path / "no" / "such" / "dir.json")
    assert p.returncode == 2 and b"cannot write" in p.stderr
    assert out.read_text() == OLD
    assert leftovers(tmp_path, {"out.txt"}) == []


@pytest.mark.parametrize("how", ["same", "dotslash", "hardlink", "symlink"])
def test_output_and_save_to_the_same_file_refused(tmp_path, how):
    out = tmp_path / "run.json"
    out.write_text(OLD)
    other = {"same": out, "dotslash": tmp_path / "." / "run.json"}.get(how)
    if how == "hardlink":
        other = tmp_path / "link.json"
        os.link(out, other)
    if how == "symlink":
        other = tmp_path / "sym.json"
        other.symlink_to(out)
    p = bench("-o", out, "--save", other)
    assert p.returncode == 2, p.stderr
    assert b"same file" in p.stderr
    assert out.read_text() == OLD


def test_output_and_save_to_the_same_new_file_refused(tmp_path):
    p = bench("-o", tmp_path / "new.json", "--save", tmp_path / "." / "new.json")
    assert p.returncode == 2 and b"same file" in p.stderr
    assert leftovers(tmp_path, set()) == []


def limit_file_size():
    # a "disk" that fills up after 600 bytes; SIGXFSZ at its default action
    # as a shell leaves it: hashbench itself must ignore it to see EFBIG
    signal.signal(signal.SIGXFSZ, signal.SIG_DFL)
    resource.setrlimit(resource.RLIMIT_FSIZE, (600, 600))


@pytest.mark.parametrize("flag", ["-o", "--save"])
def test_disk_full_keeps_the_complete_old_file(tmp_path, flag):
    out = tmp_path / "run.json"
    out.write_text(OLD)
    extra = ["--format", "json"] if flag == "-o" else []
    p = bench(flag, out, *extra, preexec_fn=limit_file_size)
    assert p.returncode == 1, p.stderr
    assert b"write error" in p.stderr and str(out).encode() in p.stderr
    assert out.read_text() == OLD
    assert leftovers(tmp_path, {"run.json"}) == []


def test_output_replaced_only_when_complete(tmp_path):
    out = tmp_path / "run.json"
    save = tmp_path / "save.json"
    out.write_text(OLD)
    os.chmod(out, 0o640)
    p = bench("-o", out, "--format", "json", "--save", save)
    assert p.returncode == 0, p.stderr
    import json
    assert json.loads(out.read_text())["results"][0]["algorithm"] == "crc8"
    assert json.loads(save.read_text())["results"][0]["algorithm"] == "crc8"
    assert leftovers(tmp_path, {"run.json", "save.json"}) == []
    assert os.stat(out).st_mode & 0o777 == 0o640          # an existing file keeps its mode
    # a new file gets the usual permissions (umask), not a temporary file's 0600
    um = os.umask(0)
    os.umask(um)
    assert os.stat(save).st_mode & 0o777 == 0o666 & ~um


def test_output_to_a_device_is_written_in_place(tmp_path):
    p = bench("-o", "/dev/null")
    assert p.returncode == 0, p.stderr
    assert os.path.exists("/dev/null") and not os.path.isfile("/dev/null")
    p = bench("-o", "/dev/full")
    assert p.returncode == 1 and b"write error" in p.stderr

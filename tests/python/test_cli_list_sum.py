"""hashbench list / sum / verify as a user meets them: formats, digests,
sha256sum-compatible checking, and every kind of bad input."""
import json
import resource

import pytest
from conftest import ROOT, workload, workload_digests

ROSTER = list(workload_digests())


def test_roster_matches_docs():
    # 40 algorithms, in docs/ROSTER.md's order
    assert len(ROSTER) == 40


def test_list_table_shows_every_algorithm(hashbench):
    out = hashbench("list", check=0).stdout.decode()
    rows = [l.split()[0] for l in out.splitlines()[1:]]
    assert rows == ROSTER
    assert all("*" in l for l in out.splitlines()[1:]), "every algorithm shows the dispatcher's pick"


def test_list_json_structure(hashbench):
    data = json.loads(hashbench("list", "--format", "json", check=0).stdout)
    assert [a["id"] for a in data] == ROSTER
    for a in data:
        assert a["tier"] in ("checksum", "non-crypto", "crypto")
        assert isinstance(a["digest_size"], int) and a["digest_size"] * 2 == len(workload_digests()[a["id"]])
        names = [i["name"] for i in a["implementations"]]
        assert names[0] == "portable"
        assert len(names) == len(set(names))
        assert all(isinstance(i["available"], bool) for i in a["implementations"])
        assert a["best"] in names


def test_list_rejects_unknown_format(hashbench):
    p = hashbench("list", "--format", "xml", check=2)
    assert b"unknown format" in p.stderr


@pytest.mark.parametrize("algo", ROSTER)
def test_sum_workload_every_impl(hashbench, tmp_path, algo):
    f = tmp_path / "workload.bin"
    f.write_bytes(workload())
    impls = [i["name"] for a in json.loads(hashbench("list", "--format", "json").stdout)
             if a["id"] == algo for i in a["implementations"] if i["available"]]
    for impl in impls:
        out = hashbench("sum", "-a", algo, "--impl", impl, f, check=0).stdout.decode()
        assert out == f"{workload_digests()[algo]}  {f}\n", impl


def test_sum_stdin_and_dash(hashbench):
    want = workload_digests()["sha256"]
    assert hashbench("sum", "-a", "sha256", input=workload(), check=0).stdout.decode() == f"{want}  -\n"
    assert hashbench("sum", "-a", "sha256", "-", input=workload(), check=0).stdout.decode() == f"{want}  -\n"


def test_sum_unreadable_and_directory_still_hash_the_rest(hashbench, tmp_path):
    good = tmp_path / "good"
    good.write_bytes(workload())
    p = hashbench("sum", "-a", "crc32", tmp_path / "missing", tmp_path, good, check=1)
    assert p.stdout.decode() == f"{workload_digests()['crc32']}  {good}\n"
    err = p.stderr.decode()
    assert f"{tmp_path / 'missing'}: No such file or directory" in err
    assert f"{tmp_path}: Is a directory" in err


def test_sum_escapes_odd_names_like_sha256sum(hashbench, tmp_path):
    f = tmp_path / "a\\b\nc"
    f.write_bytes(b"abc")
    out = hashbench("sum", "-a", "md5", f, check=0).stdout.decode()
    assert out.startswith("\\900150983cd24fb0d6963f7d28e17f72  ")
    assert out.endswith("a\\\\b\\nc\n")
    # and -c reads it back
    lst = tmp_path / "list"
    lst.write_text(out)
    assert hashbench("sum", "-a", "md5", "-c", lst, check=0).stdout.decode().endswith(": OK\n")


def test_sum_large_input_constant_memory(hashbench):
    # 300 MiB through stdin under a 64 MiB address-space limit: only a
    # fixed-size chunk buffer can pass
    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (64 << 20, 64 << 20))

    data = b"\0" * (300 << 20)
    p = hashbench("sum", "-a", "xxh64", input=data, preexec_fn=limit, check=0)
    import hashlib  # a second, independent look at the same bytes
    assert len(p.stdout.split()[0]) == 16
    p2 = hashbench("sum", "-a", "sha1", input=data, preexec_fn=limit, check=0)
    assert p2.stdout.split()[0].decode() == hashlib.sha1(data).hexdigest()


def make_list(tmp_path, algo, entries):
    lines = []
    for name, content, good in entries:
        f = tmp_path / name
        f.write_bytes(content)
        d = workload_digests()[algo] if good else "0" * len(workload_digests()[algo])
        lines.append(f"{d}  {f}")
    return lines


def test_check_ok_failed_and_summary(hashbench, tmp_path):
    lines = make_list(tmp_path, "sha1", [("one", workload(), True), ("two", workload(), False)])
    lst = tmp_path / "SUMS"
    lst.write_text("\n".join(lines) + "\nthis line is malformed\n")
    p = hashbench("sum", "-a", "sha1", "-c", lst, check=1)
    out = p.stdout.decode()
    assert f"{tmp_path / 'one'}: OK" in out and f"{tmp_path / 'two'}: FAILED" in out
    err = p.stderr.decode()
    assert "1 line is improperly formatted" in err
    assert "1 computed checksum did NOT match" in err


def test_check_quiet_status_strict(hashbench, tmp_path):
    lines = make_list(tmp_path, "blake2s", [("one", workload(), True)])
    lst = tmp_path / "SUMS"
    lst.write_text("\n".join(lines) + "\n")
    assert hashbench("sum", "-a", "blake2s", "-c", "--quiet", lst, check=0).stdout == b""
    lst.write_text("\n".join(lines) + "\ngarbage\n")
    p = hashbench("sum", "-a", "blake2s", "-c", "--status", lst, check=0)
    assert p.stdout == b"" and p.stderr == b""
    hashbench("sum", "-a", "blake2s", "-c", "--strict", lst, check=1)
    p = hashbench("sum", "-a", "blake2s", "-c", "--warn", lst, check=0)
    assert b"2: improperly formatted" in p.stderr


def test_check_missing_file_and_no_valid_lines(hashbench, tmp_path):
    lst = tmp_path / "SUMS"
    lst.write_text(f"{workload_digests()['crc32']}  {tmp_path / 'gone'}\n")
    p = hashbench("sum", "-a", "crc32", "-c", lst, check=1)
    assert b"gone: FAILED open or read" in p.stdout
    lst.write_text("nothing here\n")
    p = hashbench("sum", "-a", "crc32", "-c", lst, check=1)
    assert b"no properly formatted" in p.stderr
    # a digest of the wrong length for the algorithm is malformed, not a mismatch
    lst.write_text(f"{workload_digests()['sha256']}  {tmp_path / 'x'}\n")
    assert b"no properly formatted" in hashbench("sum", "-a", "crc32", "-c", lst, check=1).stderr


@pytest.mark.parametrize("args, message", [
    (["sum", "-a", "sha257"], b"unknown algorithm 'sha257'"),
    (["sum", "-a", "sha256", "--impl", "turbo"], b"has no implementation 'turbo'"),
    (["sum"], b"-a ID is required"),
    (["sum", "-a", "sha256", "--quiet"], b"only go with --check"),
    (["sum", "--bogus"], b"unrecognized option"),
    (["verify", "-a", "nope"], b"unknown algorithm 'nope'"),
    (["verify", "-a", "sha256", "--impl", "turbo"], b"has no implementation 'turbo'"),
    (["verify", "-a", ""], b"empty algorithm list"),
    (["frobnicate"], b"unknown command"),
    (["list", "extra"], b"unexpected argument"),
])
def test_bad_input_exits_2_with_message(hashbench, args, message):
    p = hashbench(*args, check=2)
    assert message in p.stderr, p.stderr


def test_unknown_algorithm_lists_valid_ones(hashbench):
    err = hashbench("sum", "-a", "sha257", check=2).stderr.decode()
    assert all(a in err for a in ROSTER)


def test_verify_summary_line(hashbench):
    p = hashbench("verify", "-a", "sha256,md5", check=0)
    last = p.stdout.decode().strip().splitlines()[-1]
    passed, failed = last.replace(",", "").split()[0::2][:2]
    assert int(passed) > 10 and int(failed) == 0


def test_no_crash_on_odd_arguments(hashbench, tmp_path):
    for args in (["sum", "-a"], ["verify", "--impl"], ["list", "--format"], ["sum", "-a", "md5", "-c", tmp_path],
                 ["sum", "-a", "md5", "-c", "/dev/null"], ["--version"], ["help"]):
        p = hashbench(*args)
        assert p.returncode in (0, 1, 2), (args, p.returncode)

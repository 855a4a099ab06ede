"""The Rust peers (peers/rust): the records hashbench-rust-peers writes, its
command line, and how `hashbench bench --impl ...,peers` merges them.
Nothing here asserts a speed."""
import csv
import io
import json
import os
import statistics
import subprocess
import sys

import jsonschema
import pytest
from rust_peers_support import ROOT, RUST_BIN, cargo, workload, workload_digests

SCHEMA = json.loads((ROOT / "docs" / "schema" / "results.schema.json").read_text())
QUICK = ["--budget", "5", "--repeat", "5"]


def listing(rust_peers):
    return [tuple(l.split("\t")) for l in rust_peers("--list", check=0).stdout.decode().splitlines()]


def test_cargo_unit_tests(rust_peers):
    """Statistics, workload, command line, and the refusal of a wrong digest."""
    if cargo() is None:
        pytest.skip("cargo not found: the crate's own tests cannot run")
    p = subprocess.run([cargo(), "test", "--release", "--locked", "-q"], cwd=ROOT / "peers" / "rust",
                       capture_output=True, text=True,
                       env={**os.environ, "CARGO_TARGET_DIR": str(RUST_BIN.parent / "rust-target")})
    assert p.returncode == 0, p.stdout[-3000:] + p.stderr[-3000:]
    assert " 0 failed" in p.stdout and "passed" in p.stdout


# ---- the program on its own --------------------------------------------------

@pytest.fixture(scope="module")
def record(rust_peers):
    p = rust_peers("-s", "64,1K", *QUICK, check=0)
    return json.loads(p.stdout)


def test_lists_the_crates_the_issue_names(rust_peers):
    pairs = listing(rust_peers)
    names = {i for _, i in pairs}
    for crate in ("blake3", "crc-fast", "crc32fast", "xxhash-rust", "sha1", "sha2", "sha3", "md-5", "md4", "ripemd",
                  "blake2", "siphasher", "adler2", "simd-adler32", "hmac", "pbkdf2"):
        assert f"rust-{crate}" in names, crate
    assert ("xxh3-128", "rust-xxhash-rust") in pairs and ("crc64-xz", "rust-crc-fast") in pairs
    assert len(pairs) == len(set(pairs))


def test_record_validates_and_covers_every_crate_and_size(rust_peers, record):
    jsonschema.validate(record, SCHEMA)
    got = {(r["algorithm"], r["implementation"], r["size"]) for r in record["results"]}
    assert got == {(a, i, s) for a, i in listing(rust_peers) for s in (64, 1024)}
    assert all(r["peer"] is True and r["timing_fidelity"] == "measured" for r in record["results"])
    ctx = record["context"]
    assert ctx["compiler"].startswith("rustc ") and "target-cpu=native" in ctx["compiler_flags"]
    assert ctx["rust_crates"]["blake3"] and ctx["rust_crates"]["sha2"]
    assert record["settings"]["sizes"] == [64, 1024] and record["settings"]["repeat"] == 5


def test_digests_in_the_roster_conventions(hashbench, record, tmp_path):
    """At 1024 bytes the published digests; at 64 bytes what hashbench's own
    best implementation gives (`hashbench sum`)."""
    want = workload_digests()
    w64 = tmp_path / "w64"
    w64.write_bytes(workload(64))
    ours64 = {}
    for r in record["results"]:
        if r["size"] == 1024:
            assert r["digest"] == want[r["algorithm"]], (r["algorithm"], r["implementation"])
        else:
            a = r["algorithm"]
            if a not in ours64:
                ours64[a] = hashbench("sum", "-a", a, w64, check=0).stdout.decode().split()[0]
            assert r["digest"] == ours64[a], (a, r["implementation"])


def test_statistics_follow_the_protocol(record):
    resolution = record["context"]["timer"]["resolution_ns"]
    for r in record["results"]:
        assert len(r["samples_ns"]) == 5
        per_call = sorted(s / r["iterations_per_sample"] for s in r["samples_ns"])
        assert per_call[2] == pytest.approx(r["median_ns"], rel=1e-9)
        assert (per_call[0], per_call[-1]) == (pytest.approx(r["min_ns"]), pytest.approx(r["max_ns"]))
        assert r["spread"] == pytest.approx((per_call[3] - per_call[1]) / per_call[2], rel=1e-9, abs=1e-12)
        assert r["bytes_per_second"] == pytest.approx(r["size"] / (r["median_ns"] * 1e-9), rel=1e-9)
        # each sample lasted at least 1000 timer steps (calibrated to 1.5 ms at
        # least, so a busy machine's faster sample still clears 1000 steps)
        assert min(r["samples_ns"]) >= 1000 * resolution * 0.999
        assert ("spread above 5%" in " ".join(r["warnings"])) == (r["spread"] > 0.05)


def test_options_and_output_file(rust_peers, tmp_path):
    out = tmp_path / "r.json"
    p = rust_peers("-a", "sha256,crc32", "-s", "100", "--budget", "3", "--repeat", "3", "--latency", "--unaligned",
                   "-o", out, check=0)
    assert p.stdout == b""
    data = json.loads(out.read_text())
    jsonschema.validate(data, SCHEMA)
    assert [(r["algorithm"], r["implementation"]) for r in data["results"]] == [
        ("sha256", "rust-sha2"), ("crc32", "rust-crc-fast"), ("crc32", "rust-crc32fast")]
    assert data["settings"]["mode"] == "latency" and data["settings"]["aligned"] is False
    assert all(len(r["samples_ns"]) == 3 and r["size"] == 100 for r in data["results"])


@pytest.mark.parametrize("args, message", [
    (["-a", "djb2"], b"no Rust crate here implements 'djb2'"),
    (["-a", "sha256,nonesuch"], b"'nonesuch'"),
    (["-s", "0"], b"is zero"),
    (["-s", "1Q"], b"unknown suffix"),
    (["-s", "64,,1K"], b"empty item"),
    (["--budget", "-5"], b"--budget"),
    (["--budget", "abc"], b"--budget"),
    (["--repeat", "0"], b"--repeat"),
    (["--repeat"], b"--repeat needs a value"),
    (["--frobnicate"], b"unknown option '--frobnicate'"),
])
def test_bad_command_lines(rust_peers, args, message):
    p = rust_peers(*args, check=2)
    assert message in p.stderr and b"usage:" in p.stderr and p.stdout == b""


def test_unwritable_output(rust_peers, tmp_path):
    p = rust_peers("-a", "crc32", "-s", "64", "--budget", "2", "--repeat", "1", "-o", tmp_path / "no" / "r.json",
                   check=1)
    assert b"cannot write" in p.stderr


# ---- merged into hashbench bench ------------------------------------------------

MERGE_ALGOS = "crc32,sha256,blake3,djb2"


@pytest.fixture(scope="module")
def merged(hashbench, rust_peers):
    p = hashbench("bench", "-a", MERGE_ALGOS, "--impl", "best,peers", "-s", "64,1K", "--format", "json", *QUICK,
                  check=0)
    return json.loads(p.stdout)


def test_merged_record_marks_the_rust_cells(hashbench, rust_peers, merged):
    jsonschema.validate(merged, SCHEMA)
    pairs = listing(rust_peers)
    rust = [r for r in merged["results"] if r.get("separate_process")]
    expect = {(a, i, s) for a, i in pairs if a in MERGE_ALGOS.split(",") for s in (64, 1024)}
    assert {(r["algorithm"], r["implementation"], r["size"]) for r in rust} == expect
    assert all(r["peer"] is True for r in rust)
    # hashbench's own and the C peers are never marked
    others = [r for r in merged["results"] if "separate_process" in r and not r["separate_process"]]
    assert others == [] and all(not r["implementation"].startswith("rust-")
                                for r in merged["results"] if "separate_process" not in r)
    assert all("separate process" in " ".join(r["warnings"]) for r in rust)
    assert "rustc" in merged["context"]["rust_peers"]["compiler"]
    assert "blake3" in merged["context"]["rust_peers"]["crates"]
    assert merged["context"]["rust_peers"]["call_overhead_ns"] > 0
    for r in rust:
        if r["size"] == 1024:
            assert r["digest"] == workload_digests()[r["algorithm"]]


def test_merged_cells_sit_in_their_group_after_hashbench(merged):
    """Cells of one algorithm and size stay adjacent, the Rust ones last."""
    keys = [(r["algorithm"], r["size"]) for r in merged["results"]]
    for k in set(keys):
        idx = [i for i, x in enumerate(keys) if x == k]
        assert idx == list(range(idx[0], idx[-1] + 1)), k
        flags = [bool(merged["results"][i].get("separate_process")) for i in idx]
        assert flags == sorted(flags), k


def test_merged_statistics_are_recomputed_from_the_raw_samples(merged):
    for r in merged["results"]:
        if r.get("separate_process"):
            per_call = sorted(s / r["iterations_per_sample"] for s in r["samples_ns"])
            assert per_call[2] == pytest.approx(r["median_ns"], rel=1e-5)
            assert r["bytes_per_second"] == pytest.approx(r["size"] / (r["median_ns"] * 1e-9), rel=1e-5)


def test_comparisons_take_the_fastest_peer_and_say_whether_interleaved(merged):
    comps = {(c["algorithm"], c["size"]): c for c in merged["peer_comparisons"]}
    assert set(comps) == {(a, s) for a in ("crc32", "sha256", "blake3") for s in (64, 1024)}
    for (algo, size), c in comps.items():
        group = [r for r in merged["results"] if r["algorithm"] == algo and r["size"] == size]
        fastest = max((r for r in group if r["peer"]), key=lambda r: r["bytes_per_second"])
        assert c["peer"] == fastest["implementation"]
        assert c["interleaved"] == (not fastest.get("separate_process", False))
        if c["interleaved"]:
            # rounds pair up: the median of the per-round ratios
            ours = next(r for r in group if r["implementation"] == c["implementation"])
            rounds = [(q / fastest["iterations_per_sample"]) / (o / ours["iterations_per_sample"])
                      for o, q in zip(ours["samples_ns"], fastest["samples_ns"])]
            assert c["ratio"] == pytest.approx(statistics.median(rounds), rel=1e-4)
        else:
            assert c["ratio"] == pytest.approx(c["bytes_per_second"] / c["peer_bytes_per_second"], rel=1e-4)
    # blake3 has no C peer: its only peer is the Rust crate
    assert comps[("blake3", 1024)]["peer"] == "rust-blake3" and comps[("blake3", 1024)]["interleaved"] is False


def test_table_legend_and_rows(hashbench, rust_peers):
    out = hashbench("bench", "-a", "sha256,xxh3-64", "--impl", "best,peers", "-s", "64", *QUICK,
                    check=0).stdout.decode()
    rows = [l for l in out.splitlines() if l[:2] in (". ", "* ", "# ")]
    assert {l.split()[3] for l in rows} >= {"rust-sha2", "rust-xxhash-rust", "openssl", "xxhash"}
    assert "rust-* in a separate process right after it" in out
    assert "NOT interleaved" in out.split("markers:")[1]


def test_csv_and_md_say_separate_process(hashbench, rust_peers):
    out = hashbench("bench", "-a", "adler32", "--impl", "best,peers", "-s", "64", "--format", "csv", *QUICK,
                    check=0).stdout.decode()
    rows = list(csv.DictReader(io.StringIO(out)))
    rust = [r for r in rows if r["implementation"].startswith("rust-")]
    assert rust and all(r["peer"] == "1" and "separate process" in r["warnings"] for r in rust)
    md = hashbench("bench", "-a", "adler32", "--impl", "best,peers", "-s", "64", "--format", "md", *QUICK,
                   check=0).stdout.decode()
    assert "the Rust crates (rust-*) in a separate process" in md


def test_only_when_peers_are_asked_for_and_switchable(hashbench, rust_peers):
    def impls(*args, env=None):
        p = hashbench("bench", "-a", "sha256", "-s", "64", "--format", "json", *QUICK, *args, env=env, check=0)
        return {r["implementation"] for r in json.loads(p.stdout)["results"]}
    assert not any(i.startswith("rust-") for i in impls("--impl", "all"))
    assert "rust-sha2" in impls("--impl", "peers")
    assert impls("--impl", "best,peers", env={"HB_RUST_PEERS": "none"}) == impls("--impl", "best,peers",
                                                                                  env={"HB_RUST_PEERS": ""})
    assert "rust-sha2" not in impls("--impl", "best,peers", env={"HB_RUST_PEERS": "none"})
    assert "rust-sha2" not in impls("--impl", "best,peers", env={"HB_RUST_PEERS": "/nonexistent/program"})
    assert "rust-sha2" in impls("--impl", "best,peers", env={"HB_RUST_PEERS": str(RUST_BIN)})


# ---- merging what a misbehaving program writes -------------------------------------

def fake_program(tmp_path, record_text, status=0):
    """A stand-in for hashbench-rust-peers: lists crc32/rust-crc-fast, logs its
    arguments, writes record_text and exits with status."""
    rec = tmp_path / "record.json"
    rec.write_text(record_text)
    log = tmp_path / "args.log"
    prog = tmp_path / "fake-peers"
    prog.write_text(f"""#!{sys.executable}
import sys
if sys.argv[1:] == ["--list"]:
    print("crc32\\trust-crc-fast")
    print("nonesuch\\trust-ghost")
    sys.exit(0)
open({str(log)!r}, "w").write("\\n".join(sys.argv[1:]))
sys.stdout.write(open({str(rec)!r}).read())
sys.exit({status})
""")
    prog.chmod(0o755)
    return prog, log


@pytest.fixture(scope="module")
def real_crc32_record(rust_peers):
    return json.loads(rust_peers("-a", "crc32", "-s", "64", "--budget", "2", "--repeat", "3", check=0).stdout)


def run_with(hashbench, prog, *extra):
    p = hashbench("bench", "-a", "crc32,djb2", "--impl", "best,peers", "-s", "64", "--budget", "2", "--repeat", "3",
                  "--format", "json", *extra, env={"HB_RUST_PEERS": str(prog)}, check=0)
    data = json.loads(p.stdout)
    jsonschema.validate(data, SCHEMA)
    return data, p.stderr.decode()


def test_passes_the_run_settings(hashbench, real_crc32_record, tmp_path):
    prog, log = fake_program(tmp_path, json.dumps(real_crc32_record))
    data, _ = run_with(hashbench, prog, "--latency", "--unaligned")
    assert log.read_text().split("\n") == ["-a", "crc32", "-s", "64", "--budget", "2", "--repeat", "3",
                                           "--latency", "--unaligned"]
    assert [r["implementation"] for r in data["results"] if r.get("separate_process")] == ["rust-crc-fast"]


def test_garbage_is_a_warning_not_a_crash(hashbench, tmp_path):
    prog, _ = fake_program(tmp_path, "{\"results\": [1, 2", status=0)
    data, err = run_with(hashbench, prog)
    assert not any(r.get("separate_process") for r in data["results"])
    assert {r["algorithm"] for r in data["results"]} == {"crc32", "djb2"}
    assert any("wrote no valid JSON" in w for w in data["warnings"]) and "wrote no valid JSON" in err


def test_a_digest_hashbench_disagrees_with_is_left_out(hashbench, real_crc32_record, tmp_path):
    bad = json.loads(json.dumps(real_crc32_record))
    bad["results"][0]["digest"] = "00000000"
    prog, _ = fake_program(tmp_path, json.dumps(bad), status=1)
    data, _ = run_with(hashbench, prog)
    kept = [r["implementation"] for r in data["results"] if r.get("separate_process")]
    assert bad["results"][0]["implementation"] not in kept
    assert any("differs from hashbench's" in w for w in data["warnings"])
    assert any("exited with status 1" in w for w in data["warnings"])


def test_wrong_sample_count_and_missing_records(hashbench, real_crc32_record, tmp_path):
    short = json.loads(json.dumps(real_crc32_record))
    for r in short["results"]:
        r["samples_ns"] = r["samples_ns"][:1]
    prog, _ = fake_program(tmp_path, json.dumps(short))
    data, _ = run_with(hashbench, prog)
    assert not any(r.get("separate_process") for r in data["results"])
    assert any("samples where 3 were asked" in w for w in data["warnings"])
    huge = json.loads(json.dumps(real_crc32_record))
    for r in huge["results"]:
        r["iterations_per_sample"] = 1e300
    prog, _ = fake_program(tmp_path, json.dumps(huge))
    data, _ = run_with(hashbench, prog)
    assert not any(r.get("separate_process") for r in data["results"])
    assert any("iterations_per_sample is not a whole number" in w for w in data["warnings"])
    empty = dict(real_crc32_record, results=[])
    prog, _ = fake_program(tmp_path, json.dumps(empty))
    data, _ = run_with(hashbench, prog)
    assert any("had no record" in w for w in data["warnings"])

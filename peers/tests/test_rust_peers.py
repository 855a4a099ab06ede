"""The Rust peers (peers/rust): the records hashbench-rust-peers writes, its
command line, and how `hashbench bench --impl ...,peers` loads the crates'
library (libhashbench_rust_peers.so) and measures them interleaved with its
own cells.  Nothing here asserts a speed."""
import csv
import io
import json
import os
import statistics
import subprocess
import sys

import jsonschema
import pytest
from rust_peers_support import ROOT, RUST_BIN, RUST_LIB, cargo, workload, workload_digests

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


# ---- loaded into hashbench bench ------------------------------------------------

LOADED_ALGOS = "crc32,sha256,blake3,djb2"


@pytest.fixture(scope="module")
def loaded(hashbench, rust_peers):
    p = hashbench("bench", "-a", LOADED_ALGOS, "--impl", "best,peers", "-s", "64,1K", "--format", "json", *QUICK,
                  check=0)
    return json.loads(p.stdout)


def test_every_crate_joins_its_group(hashbench, rust_peers, loaded):
    jsonschema.validate(loaded, SCHEMA)
    rust = [r for r in loaded["results"] if r["implementation"].startswith("rust-")]
    expect = {(a, i, s) for a, i in listing(rust_peers) if a in LOADED_ALGOS.split(",") for s in (64, 1024)}
    assert {(r["algorithm"], r["implementation"], r["size"]) for r in rust} == expect
    assert all(r["peer"] is True and len(r["samples_ns"]) == 5 for r in rust)
    assert not any("separate_process" in r or "separate process" in " ".join(r["warnings"])
                   for r in loaded["results"])
    ctx = loaded["context"]["rust_peers"]
    assert ctx["library"].endswith("/libhashbench_rust_peers.so") and ctx["compiler"].startswith("rustc ")
    assert "blake3=" in ctx["crates"] and "target-cpu=native" in ctx["compiler_flags"]
    for r in rust:
        if r["size"] == 1024:
            assert r["digest"] == workload_digests()[r["algorithm"]]


def test_a_group_is_one_protocol_with_the_crates_in_it(hashbench, loaded):
    """Cells of one algorithm and size stay adjacent, the crates last, and all
    of them timed the same way: one-shot calls where every cell has one
    (the crates' own one-shot functions), else init + update + final (the
    crates' streams: `portable` has no one-shot)."""
    keys = [(r["algorithm"], r["size"]) for r in loaded["results"]]
    protocols = {}
    for k in set(keys):
        idx = [i for i, x in enumerate(keys) if x == k]
        assert idx == list(range(idx[0], idx[-1] + 1)), k
        rust = [loaded["results"][i]["implementation"].startswith("rust-") for i in idx]
        assert rust == sorted(rust), k
        protocols[k] = {loaded["results"][i]["protocol"] for i in idx}
        assert len(protocols[k]) == 1, (k, protocols[k])
    assert protocols[("sha256", 64)] == protocols[("crc32", 64)] == {"one-shot"}
    streamed = json.loads(hashbench("bench", "-a", "sha256,aes-cbc-mac,pbkdf2-sha256", "--impl", "portable,peers",
                                    "-s", "1,100", "--format", "json", *QUICK, check=0).stdout)
    rust = [r for r in streamed["results"] if r["implementation"].startswith("rust-")]
    assert {r["implementation"] for r in rust} == {"rust-sha2", "rust-aes", "rust-pbkdf2"}
    assert {r["protocol"] for r in streamed["results"]} == {"init-update-final"}
    for r in rust:
        ours = next(o for o in streamed["results"] if o["implementation"] == "portable"
                    and (o["algorithm"], o["size"]) == (r["algorithm"], r["size"]))
        assert r["digest"] == ours["digest"], r


def test_comparisons_pair_the_rounds_with_every_peer(loaded):
    comps = {(c["algorithm"], c["size"]): c for c in loaded["peer_comparisons"]}
    assert set(comps) == {(a, s) for a in ("crc32", "sha256", "blake3") for s in (64, 1024)}
    for (algo, size), c in comps.items():
        group = [r for r in loaded["results"] if r["algorithm"] == algo and r["size"] == size]
        fastest = max((r for r in group if r["peer"]), key=lambda r: r["bytes_per_second"])
        assert c["peer"] == fastest["implementation"] and "interleaved" not in c
        ours = next(r for r in group if r["implementation"] == c["implementation"])
        rounds = [(q / fastest["iterations_per_sample"]) / (o / ours["iterations_per_sample"])
                  for o, q in zip(ours["samples_ns"], fastest["samples_ns"])]
        assert c["ratio"] == pytest.approx(statistics.median(rounds), rel=1e-4)
    # blake3 has no C peer: its peers are the Rust crate's two entries (one
    # thread, and rayon's update, which at 1 KiB is the same code), in the same rounds
    assert comps[("blake3", 1024)]["peer"] in ("rust-blake3", "rust-blake3-rayon")


def test_table_csv_and_md(hashbench, rust_peers):
    out = hashbench("bench", "-a", "sha256,xxh3-64", "--impl", "best,peers", "-s", "64", *QUICK,
                    check=0).stdout.decode()
    rows = [l for l in out.splitlines() if l[:2] in (". ", "* ", "# ")]
    assert {l.split()[3] for l in rows} >= {"rust-sha2", "rust-xxhash-rust", "openssl", "xxhash"}
    legend = out.split("markers:")[1]
    assert "rust-*: the Rust crates" in legend and "same interleaved rounds" in legend
    assert "separate process" not in out
    rows = list(csv.DictReader(io.StringIO(hashbench("bench", "-a", "adler32", "--impl", "best,peers", "-s", "64",
                                                     "--format", "csv", *QUICK, check=0).stdout.decode())))
    rust = [r for r in rows if r["implementation"].startswith("rust-")]
    assert rust and all(r["peer"] == "1" for r in rust)
    md = hashbench("bench", "-a", "adler32", "--impl", "best,peers", "-s", "64", "--format", "md", *QUICK,
                   check=0).stdout.decode()
    assert "rust-simd-adler32" in md and "separate process" not in md


def test_only_when_peers_are_asked_for_and_switchable(hashbench, rust_peers):
    def run(*args, env=None):
        p = hashbench("bench", "-a", "sha256", "-s", "64", "--format", "json", *QUICK, *args, env=env, check=0)
        data = json.loads(p.stdout)
        return {r["implementation"] for r in data["results"]}, data["warnings"]
    assert not any(i.startswith("rust-") for i in run("--impl", "all")[0])
    assert "rust-sha2" in run("--impl", "peers")[0]
    assert run("--impl", "best,peers", env={"HB_RUST_PEERS": "none"})[0] == \
        run("--impl", "best,peers", env={"HB_RUST_PEERS": ""})[0]
    assert "rust-sha2" not in run("--impl", "best,peers", env={"HB_RUST_PEERS": "none"})[0]
    assert "rust-sha2" in run("--impl", "best,peers", env={"HB_RUST_PEERS": str(RUST_LIB)})[0]
    # a path that is no library, or the program instead of the library: a warning, never a crash
    for bad in ("/nonexistent/lib.so", str(RUST_BIN)):
        impls, warnings = run("--impl", "best,peers", env={"HB_RUST_PEERS": bad})
        assert "openssl" in impls and not any(i.startswith("rust-") for i in impls)
        assert any("Rust peers not measured: cannot load " + bad in w for w in warnings), warnings


# ---- stand-in libraries: what hashbench does with a wrong one -----------------------

STANDIN = r"""
#include <stdint.h>
#include <string.h>
#include <zlib.h>
typedef struct {
    const char *algorithm, *implementation;
    size_t ctx_size;
    void (*oneshot)(const uint8_t *, size_t, uint8_t *);
    void (*init)(void *);
    void (*update)(void *, const uint8_t *, size_t);
    void (*final)(void *, uint8_t *);
} peer;
static void put(uint32_t v, uint8_t *d) { d[0] = v >> 24; d[1] = v >> 16; d[2] = v >> 8; d[3] = v; }
static void good_oneshot(const uint8_t *p, size_t n, uint8_t *d) { put(crc32_z(0, p, n), d); }
static void init(void *c) { *(uint32_t *)c = 0; }
static void update(void *c, const uint8_t *p, size_t n) { *(uint32_t *)c = crc32_z(*(uint32_t *)c, p, n); }
static void final(void *c, uint8_t *d) { put(*(uint32_t *)c, d); }
static void bad_oneshot(const uint8_t *p, size_t n, uint8_t *d) { (void)p; (void)n; memset(d, 0, 4); }
static const peer peers[] = {
    { "crc32", "rust-standin-good", 4, good_oneshot, init, update, final },
    { "crc32", "rust-standin-bad", 4, bad_oneshot, init, update, final },
    { "crc32", "rust-standin-huge", 1u << 30, good_oneshot, init, update, final },
    { "nonesuch", "rust-standin-ghost", 4, good_oneshot, init, update, final },
};
uint32_t hb_rust_peers_abi(void) { return ABI; }
size_t hb_rust_peers_count(void) { return sizeof peers / sizeof peers[0]; }
int hb_rust_peer_at(size_t i, peer *out)
{
    if (i >= hb_rust_peers_count()) return -1;
    *out = peers[i];
    return 0;
}
const char *hb_rust_peers_about(int what) { return what == 0 ? "stand-in cc" : what < 3 ? "" : 0; }
"""


def standin(tmp_path, abi=1, symbols=True):
    src = tmp_path / "standin.c"
    src.write_text(STANDIN if symbols else "int nothing_here;\n")
    lib = tmp_path / f"standin-{abi}-{int(symbols)}.so"
    p = subprocess.run(["cc", "-shared", "-fPIC", f"-DABI={abi}", "-o", str(lib), str(src), "-lz"],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    return lib


def run_with(hashbench, lib):
    p = hashbench("bench", "-a", "crc32,djb2", "--impl", "best,peers", "-s", "64,1K", "--budget", "2", "--repeat", "3",
                  "--format", "json", env={"HB_RUST_PEERS": str(lib)}, check=0)
    data = json.loads(p.stdout)
    jsonschema.validate(data, SCHEMA)
    return data, p.stderr.decode()


def test_a_standin_crate_is_measured_and_the_wrong_ones_left_out(hashbench, tmp_path):
    data, err = run_with(hashbench, standin(tmp_path))
    rust = {(r["implementation"], r["size"]) for r in data["results"] if r["implementation"].startswith("rust-")}
    assert rust == {("rust-standin-good", 64), ("rust-standin-good", 1024)}
    warnings = " | ".join(data["warnings"])
    assert "crc32/rust-standin-bad gives a different digest of the canonical workload than hashbench: left out" \
        in warnings
    assert "crc32/rust-standin-huge needs a 1073741824-byte context" in warnings
    assert "ghost" not in warnings and "left out" in err
    assert data["context"]["rust_peers"]["compiler"] == "stand-in cc"
    good = [r for r in data["results"] if r["implementation"] == "rust-standin-good"]
    ours = [r for r in data["results"] if r["algorithm"] == "crc32" and not r["peer"]]
    assert [r["digest"] for r in good] == [r["digest"] for r in ours]


def test_another_abi_or_no_abi_is_refused(hashbench, tmp_path):
    data, _ = run_with(hashbench, standin(tmp_path, abi=2))
    assert not any(r["implementation"].startswith("rust-") for r in data["results"])
    assert any("has ABI version 2, this hashbench reads 1: rebuild it (make peers)" in w for w in data["warnings"])
    data, _ = run_with(hashbench, standin(tmp_path, symbols=False))
    assert not any(r["implementation"].startswith("rust-") for r in data["results"])
    assert any("is not the Rust peers' library" in w for w in data["warnings"])
    assert {r["algorithm"] for r in data["results"]} == {"crc32", "djb2"}

"""hashbench bench: structure of every output format, the digests it prints,
and every kind of bad input.  Short budgets; nothing here asserts a speed."""
import csv
import io
import json
import os
import statistics
from pathlib import Path

import jsonschema
import pytest
from conftest import ROOT, workload, workload_digests

SCHEMA = json.loads((ROOT / "docs" / "schema" / "results.schema.json").read_text())


@pytest.fixture(autouse=True, scope="module")
def without_rust_peers():
    """These tests are about hashbench and the C peers it interleaves; the
    Rust peers (a library `make peers` builds) have their own tests in
    peers/tests, so they are switched off here whether built or not."""
    saved = os.environ.get("HB_RUST_PEERS")
    os.environ["HB_RUST_PEERS"] = "none"
    yield
    if saved is None:
        del os.environ["HB_RUST_PEERS"]
    else:
        os.environ["HB_RUST_PEERS"] = saved
QUICK = ["--budget", "5", "--repeat", "5"]


UNITS = {"B/s": 1, "kB/s": 1e3, "MB/s": 1e6, "GB/s": 1e9, "TB/s": 1e12}


def rate_of(row):
    """The throughput of a table row, in bytes per second."""
    words = row.split()
    for i, w in enumerate(words):
        if w in UNITS:
            return float(words[i - 1]) * UNITS[w]
    raise AssertionError(f"no throughput in {row!r}")


def table_rows(text):
    return [l for l in text.splitlines() if l[:2] in (". ", "* ", "# ")]


@pytest.fixture(scope="module")
def json_run(hashbench):
    p = hashbench("bench", "-a", "crc32,sha256,blake2s,xxh64", "--impl", "all", "-s", "64,1K,4K", "--format", "json",
                  *QUICK, check=0)
    return json.loads(p.stdout), p.stderr.decode()


def test_json_validates_against_schema(json_run):
    data, _ = json_run
    jsonschema.validate(data, SCHEMA)


def test_json_has_raw_samples_and_context(json_run):
    data, _ = json_run
    assert data["settings"]["sizes"] == [64, 1024, 4096]
    assert data["settings"]["repeat"] == 5
    ctx = data["context"]
    assert ctx["platform"] == "host" and ctx["timer"]["name"] == "CLOCK_MONOTONIC_RAW"
    assert ctx["call_overhead_ns"] > 0
    for r in data["results"]:
        assert len(r["samples_ns"]) == 5
        per_call = sorted(s / r["iterations_per_sample"] for s in r["samples_ns"])
        assert per_call[2] == pytest.approx(r["median_ns"], rel=1e-4)
        assert r["min_ns"] <= r["median_ns"] <= r["max_ns"]
        assert r["bytes_per_second"] == pytest.approx(r["size"] / (r["median_ns"] * 1e-9), rel=1e-4)
        # each sample lasted at least 1000 timer steps
        assert min(r["samples_ns"]) >= 1000 * ctx["timer"]["resolution_ns"] * 0.999


def test_json_every_implementation_and_size(json_run, hashbench):
    data, _ = json_run
    listing = {a["id"]: a for a in json.loads(hashbench("list", "--format", "json").stdout)}
    for algo in ("crc32", "sha256", "blake2s", "xxh64"):
        impls = {i["name"] for i in listing[algo]["implementations"] if i["available"]}
        got = {(r["implementation"], r["size"]) for r in data["results"] if r["algorithm"] == algo}
        assert got == {(i, s) for i in impls for s in (64, 1024, 4096)}


def test_json_digests_are_the_canonical_workload(json_run):
    data, _ = json_run
    for r in data["results"]:
        if r["size"] == 1024:
            assert r["digest"] == workload_digests()[r["algorithm"]], r


def test_progress_never_in_piped_output(json_run):
    _, err = json_run
    assert "\r" not in err and "left" not in err


def test_csv_parses_back(hashbench):
    out = hashbench("bench", "-a", "md5,fnv1a32", "-s", "64,256", "--format", "csv", *QUICK, check=0).stdout.decode()
    rows = list(csv.DictReader(io.StringIO(out)))
    assert {(r["algorithm"], int(r["size"])) for r in rows} == {(a, s) for a in ("md5", "fnv1a32") for s in (64, 256)}
    for r in rows:
        samples = [float(x) for x in r["samples_ns"].split(";")]
        assert len(samples) == 5
        assert float(r["bytes_per_second"]) > 0
        assert float(r["min_ns"]) <= float(r["median_ns"]) <= float(r["max_ns"])


def test_table_layout(hashbench):
    out = hashbench("bench", "-a", "crc8,djb2,md5,sha1", "--impl", "all", *QUICK, check=0).stdout.decode()
    lines = out.splitlines()
    headers = [l for l in lines if l.lstrip().startswith("ALGO")]
    assert [h.split("[")[1] for h in headers] == ["64 B]", "256 B]", "1024 B]"]
    assert all(h.split()[:6] == ["ALGO", "TIER", "IMPL", "ITER", "US/IT", "THROUGHPUT"] for h in headers)
    rows = table_rows(out)
    listing = {a["id"]: a for a in json.loads(hashbench("list", "--format", "json").stdout)}
    n_impls = sum(sum(i["available"] for i in listing[a]["implementations"]) for a in ("crc8", "djb2", "md5", "sha1"))
    assert len(rows) == 3 * n_impls
    marks = {l.split()[1]: l[0] for l in rows}
    assert marks == {"crc8": ".", "djb2": "*", "md5": "#", "sha1": "#"}
    for l in rows:
        assert any(u in l for u in ("B/s", "kB/s", "MB/s", "GB/s")), "throughput always shows its unit"
    # first four digest bytes of the 1024-byte workload, as the original suite printed them
    rows_1k = table_rows("\n".join(lines[lines.index(headers[2]):]))
    for l in rows_1k:
        algo = l.split()[1]
        want = workload_digests()[algo][:8].upper()
        want = " ".join(want[i:i + 2] for i in range(0, len(want), 2))
        assert want in l, (algo, l)
    # exactly one fastest mark per tier and size
    for h in range(3):
        block = lines[lines.index(headers[h]) + 1:(lines.index(headers[h + 1]) if h < 2 else len(lines))]
        for mark in ".*#":
            tier_rows = [l for l in block if l.startswith(mark + " ")]
            assert sum(1 for l in tier_rows if " < " in l or l.rstrip().endswith("<")) == 1


def test_sort_orders(hashbench):
    by_name = hashbench("bench", "-a", "sha1,crc32,md5", "-s", "64", "--sort", "name", *QUICK, check=0).stdout.decode()
    names = [l.split()[1] for l in table_rows(by_name)]
    assert names == sorted(names)
    cat = hashbench("bench", "-a", "sha1,crc32,md5", "-s", "64", "--sort", "category", *QUICK, check=0).stdout.decode()
    assert [l.split()[1] for l in table_rows(cat)] == ["crc32", "md5", "sha1"]
    speed = hashbench("bench", "-a", "sha1,crc32,md5,xxh64,pearson8", "-s", "64", "--impl", "all", "--sort", "speed",
                      *QUICK, check=0).stdout.decode()
    rates = [rate_of(l) for l in table_rows(speed)]
    assert len(rates) >= 5 and rates == sorted(rates, reverse=True)


def test_matrix_view_and_markdown(hashbench):
    out = hashbench("bench", "-a", "crc32,sha256", "--view", "matrix", *QUICK, check=0).stdout.decode()
    head = [l for l in out.splitlines() if "ALGO" in l][0]
    assert "@64 B" in head and "@256 B" in head and "@1024 B" in head
    md = hashbench("bench", "-a", "crc32,sha256", "--format", "md", "--view", "matrix", *QUICK, check=0).stdout.decode()
    table = [l for l in md.splitlines() if l.startswith("|")]
    assert table[0] == "| algorithm | tier | implementation | 64 B | 256 B | 1024 B |"
    assert len(table) == 2 + 2
    md_rows = hashbench("bench", "-a", "crc32", "--format", "md", *QUICK, check=0).stdout.decode()
    assert md_rows.count("| crc32 |") == 3


def test_output_file(hashbench, tmp_path):
    f = tmp_path / "r.json"
    p = hashbench("bench", "-a", "adler32", "-s", "64", "--format", "json", "-o", f, *QUICK, check=0)
    assert p.stdout == b""
    jsonschema.validate(json.loads(f.read_text()), SCHEMA)


def test_latency_unaligned_pin(hashbench):
    data = json.loads(hashbench("bench", "-a", "sha256", "-s", "64", "--latency", "--unaligned", "--pin", "0",
                                "--format", "json", *QUICK, check=0).stdout)
    assert data["settings"]["mode"] == "latency" and data["settings"]["aligned"] is False
    assert data["context"]["pinned_cpu"] == 0
    # the canonical digest does not depend on the mode
    assert data["results"][0]["digest"] == json.loads(
        hashbench("bench", "-a", "sha256", "-s", "64", "--format", "json", *QUICK).stdout)["results"][0]["digest"]


def test_many_sizes_with_suffixes(hashbench):
    data = json.loads(hashbench("bench", "-a", "xxh3-64", "-s", "16,1K,8K,64K,1M", "--format", "json",
                                "--budget", "2", "--repeat", "5", check=0).stdout)
    assert data["settings"]["sizes"] == [16, 1024, 8192, 65536, 1048576]


@pytest.mark.parametrize("args, message", [
    (["-s", "0"], b"is zero"),
    (["-s", "-5"], b"negative"),
    (["-s", "abc"], b"not a number"),
    (["-s", "12Q"], b"unknown suffix"),
    (["-s", ""], b"empty"),
    (["-s", "64,,128"], b"empty"),
    (["-s", "99999999G"], b"too large"),
    (["-s", "999999999999999999999999"], b"too large"),
    (["--budget", "0"], b"not positive"),
    (["--budget", "-3"], b"not positive"),
    (["--budget", "fast"], b"not a number"),
    (["--budget", "nan"], b"not a number"),
    (["--repeat", "0"], b"out of range"),
    (["--repeat", "-1"], b"not a whole number"),
    (["--repeat", "x"], b"not a whole number"),
    (["--format", "xml"], b"unknown format"),
    (["--sort", "random"], b"unknown order"),
    (["--view", "3d"], b"unknown view"),
    (["--pin", "99999"], b"out of range"),
    (["-a", "nope"], b"unknown algorithm"),
    (["--impl", "warp"], b"no implementation"),
    (["extra"], b"unexpected argument"),
])
def test_bad_input(hashbench, args, message):
    p = hashbench("bench", "-a", "crc32", *args, *QUICK) if "-a" not in args else hashbench("bench", *args, *QUICK)
    assert p.returncode == 2, (args, p.returncode, p.stderr)
    assert message in p.stderr, (args, p.stderr)
    assert p.stdout == b""


def test_pin_to_missing_cpu(hashbench):
    p = hashbench("bench", "-a", "crc32", "--pin", "1000", *QUICK)
    assert p.returncode == 2 and b"--pin 1000" in p.stderr


def test_unwritable_output(hashbench):
    p = hashbench("bench", "-a", "crc32", "-o", "/nonexistent/dir/out.json", *QUICK)
    assert p.returncode == 2 and b"cannot write" in p.stderr


def test_no_arguments_runs_the_benchmark(hashbench):
    # options without a command are the bench command's
    p = hashbench("-a", "crc8", "-s", "64", *QUICK, check=0)
    assert b"crc8" in p.stdout and b"THROUGHPUT" in p.stdout


def test_info(hashbench):
    out = hashbench("info", check=0).stdout.decode()
    for key in ("cpu ", "timer", "kernel", "load average", "compiler"):
        assert key in out


def test_save_writes_json_beside_the_table(hashbench, tmp_path):
    f = tmp_path / "run.json"
    p = hashbench("bench", "-a", "crc16", "-s", "64", "--save", f, *QUICK, check=0)
    assert b"THROUGHPUT" in p.stdout
    data = json.loads(f.read_text())
    jsonschema.validate(data, SCHEMA)
    assert [r["algorithm"] for r in data["results"]] == ["crc16"]


# ---- peers: the libraries measured beside hashbench (src/peers/) ----------

PEER_ALGOS = "crc32,adler32,xxh3-64,siphash-2-4,sha256,blake2b,djb2"


def peer_listing(hashbench):
    """{algorithm: (best, {available peers})} from `hashbench list`; skips when built without peers."""
    listing = json.loads(hashbench("list", "--format", "json").stdout)
    out = {a["id"]: (a["best"], {i["name"] for i in a["implementations"] if i["rank"] < 0 and i["available"]})
           for a in listing}
    if not any(p for _, p in out.values()):
        pytest.skip("built without the peer libraries (src/peers/no_peers.c)")
    return out


@pytest.fixture(scope="module")
def peer_run(hashbench):
    listing = peer_listing(hashbench)
    p = hashbench("bench", "-a", PEER_ALGOS, "--impl", "best,peers", "-s", "64,1K", "--format", "json", *QUICK,
                  check=0)
    return listing, json.loads(p.stdout)


def test_peers_selects_best_and_every_peer(peer_run):
    listing, data = peer_run
    jsonschema.validate(data, SCHEMA)
    for algo in PEER_ALGOS.split(","):
        best, peers = listing[algo]
        got = {(r["implementation"], r["size"]) for r in data["results"] if r["algorithm"] == algo}
        assert got == {(i, s) for i in {best} | peers for s in (64, 1024)}, algo
        for r in data["results"]:
            if r["algorithm"] == algo:
                assert r["peer"] == (r["implementation"] in peers), r["implementation"]
    # the libraries this build links: OpenSSL, zlib, ISA-L, xxHash (both forms), libsodium
    assert listing["crc32"][1] == {"zlib", "isal"}
    assert listing["blake2b"][1] == {"openssl", "sodium"}
    assert listing["xxh3-64"][1] == {"libxxhash", "xxhash"}
    assert listing["djb2"][1] == set()


def test_peers_compute_the_same_digests(peer_run):
    _, data = peer_run
    for r in data["results"]:
        if r["size"] == 1024:
            assert r["digest"] == workload_digests()[r["algorithm"]], (r["algorithm"], r["implementation"])


def test_peer_comparisons_are_best_over_fastest_peer(peer_run):
    listing, data = peer_run
    comps = {(c["algorithm"], c["size"]): c for c in data["peer_comparisons"]}
    algos_with_peers = {a for a in PEER_ALGOS.split(",") if listing[a][1]}
    assert set(comps) == {(a, s) for a in algos_with_peers for s in (64, 1024)}
    for (algo, size), c in comps.items():
        group = [r for r in data["results"] if r["algorithm"] == algo and r["size"] == size]
        peers = [r for r in group if r["peer"]]
        fastest = max(peers, key=lambda r: r["bytes_per_second"])
        ours = [r for r in group if not r["peer"]]
        assert len(ours) == 1 and c["implementation"] == ours[0]["implementation"] == listing[algo][0]
        assert c["peer"] == fastest["implementation"]
        assert c["bytes_per_second"] == pytest.approx(ours[0]["bytes_per_second"], rel=1e-5)
        assert c["peer_bytes_per_second"] == pytest.approx(fastest["bytes_per_second"], rel=1e-5)
        assert c["ratio"] == pytest.approx(paired_ratio(ours[0], fastest), rel=1e-4)


def paired_ratio(ours, peer):
    """The median over the interleaved rounds of the peer's time per call over
    ours in the same round (sample k of every cell was taken in round k)."""
    assert len(ours["samples_ns"]) == len(peer["samples_ns"]) > 0
    return statistics.median((q / peer["iterations_per_sample"]) / (o / ours["iterations_per_sample"])
                             for o, q in zip(ours["samples_ns"], peer["samples_ns"]))


def test_no_peer_comparisons_without_peers(hashbench):
    data = json.loads(hashbench("bench", "-a", "crc32,djb2", "-s", "64", "--format", "json", *QUICK, check=0).stdout)
    jsonschema.validate(data, SCHEMA)
    assert data["peer_comparisons"] == []
    assert all(r["peer"] is False for r in data["results"])


def test_table_shows_vs_peer(hashbench):
    listing = peer_listing(hashbench)
    out = hashbench("bench", "-a", "crc32,sha256,djb2", "--impl", "best,peers", "-s", "64,1K", *QUICK,
                    check=0).stdout.decode()
    headers = [l for l in out.splitlines() if l.lstrip().startswith("ALGO") and "[" in l]
    assert len(headers) == 2 and all("VS PEER" in h for h in headers)
    rows = table_rows(out)
    for algo in ("crc32", "sha256"):
        best = listing[algo][0]
        ours = [l for l in rows if l.split()[1] == algo and l.split()[3] == best]
        assert len(ours) == 2
        for l in ours:
            ratio, peer = l.split()[-2:]
            assert ratio.endswith("x") and float(ratio[:-1]) > 0 and peer in listing[algo][1], l
        for l in rows:
            if l.split()[1] == algo and l.split()[3] != best:
                assert not l.split()[-1] in listing[algo][1], "the ratio is on hashbench's row only"
    assert not any("x " in l.split("  ")[-1] for l in rows if l.split()[1] == "djb2")
    summary = out.split("hashbench's best vs the best peer")[1].split("\n\n")[0].splitlines()[2:]
    lines = {l.split()[0]: l.split()[1:] for l in summary}
    assert set(lines) == {"crc32", "sha256"}
    for algo, cols in lines.items():
        assert len(cols) == 4 and all(c.endswith("x") for c in cols[::2]), cols
        assert all(c.split("/")[0] == listing[algo][0] and c.split("/")[1] in listing[algo][1] for c in cols[1::2])


def test_csv_and_md_show_vs_peer(hashbench):
    listing = peer_listing(hashbench)
    out = hashbench("bench", "-a", "adler32,djb2", "--impl", "best,peers", "-s", "64", "--format", "csv", *QUICK,
                    check=0).stdout.decode()
    rows = list(csv.DictReader(io.StringIO(out)))
    assert {(r["implementation"], r["peer"]) for r in rows} == {(listing["adler32"][0], "0"), ("zlib", "1"),
                                                                  (listing["djb2"][0], "0")}
    ours = [r for r in rows if r["algorithm"] == "adler32" and r["peer"] == "0"][0]
    zlib = [r for r in rows if r["implementation"] == "zlib"][0]
    assert ours["best_peer"] == "zlib"
    def cell(r):
        return {"iterations_per_sample": float(r["iterations_per_sample"]),
                "samples_ns": [float(x) for x in r["samples_ns"].split(";")]}
    assert float(ours["vs_best_peer"]) == pytest.approx(paired_ratio(cell(ours), cell(zlib)), rel=1e-3)
    assert all(r["vs_best_peer"] == "" for r in rows if r is not ours)
    md = hashbench("bench", "-a", "adler32", "--impl", "best,peers", "-s", "64", "--format", "md", *QUICK,
                   check=0).stdout.decode()
    assert "| vs best peer |" in md and "x zlib |" in md
    assert md.rstrip().splitlines()[-1].startswith("| adler32 | ") and "/zlib |" in md


def test_peers_alone_and_where_there_are_none(hashbench):
    peer_listing(hashbench)
    data = json.loads(hashbench("bench", "-a", "crc32c", "--impl", "peers", "-s", "64", "--format", "json", *QUICK,
                                check=0).stdout)
    assert [r["implementation"] for r in data["results"]] == ["isal"] and data["peer_comparisons"] == []
    p = hashbench("bench", "-a", "djb2", "--impl", "peers", *QUICK)
    assert p.returncode == 2 and b"no selected algorithm has such an implementation" in p.stderr


def test_progress_shown_on_a_terminal(tmp_path):
    """stderr on a pseudo-terminal: the progress line appears there, and the
    table on stdout is unaffected."""
    import os
    import pty
    import subprocess
    from conftest import BUILD
    master, slave = pty.openpty()
    out = tmp_path / "table.txt"
    with open(out, "wb") as f:
        proc = subprocess.run([str(BUILD / "hashbench"), "bench", "-a", "md5,sha1,sha256", "-s", "64,1K", *QUICK],
                              stdout=f, stderr=slave, env=dict(os.environ, HB_RUST_PEERS="none"))
    os.close(slave)
    seen = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    os.close(master)
    assert proc.returncode == 0
    assert b"[  1/6] md5" in seen and b"left" in seen
    assert b"\r" not in out.read_bytes() and b"left" not in out.read_bytes()

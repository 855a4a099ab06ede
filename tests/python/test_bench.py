"""hashbench bench: structure of every output format, the digests it prints,
and every kind of bad input.  Short budgets; nothing here asserts a speed."""
import csv
import io
import json
from pathlib import Path

import jsonschema
import pytest
from conftest import ROOT, workload, workload_digests

SCHEMA = json.loads((ROOT / "docs" / "schema" / "results.schema.json").read_text())
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

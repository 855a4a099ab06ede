"""tools/peer_table.py: the markdown ratio table from bench --save records."""
import json
import subprocess
import sys

from conftest import ROOT

TOOL = ROOT / "tools" / "peer_table.py"


def record(ratios, as_cpu=None, cpu="Test CPU"):
    """A minimal results record: {(algo, size): (ours, peer, ratio)}."""
    ctx = {"platform": "host", "arch": "x86_64", "cpu_model": cpu, "compiler": "cc", "compiler_flags": "",
           "hashbench_version": "0", "hashbench_build": "abc1234", "date": "2026-11-27T09:00:00Z",
           "cpu_tuning": "other", "core_clock_hz": {"start": 3.2e9, "end": 3.2e9, "method": "x"}}
    if as_cpu:
        ctx["as_cpu"] = {"level": as_cpu, "hb_x86_mask": "0x63c00", "openssl_ia32cap": ":~0x5842dc230000",
                         "rust_peers": "/b/libhashbench_rust_peers.avx2-vpclmul.so", "not_masked": []}
    return {"schema": "hashbench-results", "schema_version": 1, "context": ctx, "settings": {}, "warnings": [],
            "results": [],
            "peer_comparisons": [{"algorithm": a, "size": s, "implementation": o, "peer": p, "ratio": r,
                                  "bytes_per_second": 1, "peer_bytes_per_second": 1}
                                 for (a, s), (o, p, r) in ratios.items()]}


def run(tmp_path, records, *args):
    paths = []
    for i, rec in enumerate(records):
        p = tmp_path / f"run{i}.json"
        p.write_text(json.dumps(rec))
        paths.append(str(p))
    return subprocess.run([sys.executable, str(TOOL), *args, *paths], capture_output=True, text=True)


def rows(stdout):
    out = {}
    for line in stdout.splitlines():
        if line.startswith("| ") and not line.startswith("| algorithm"):
            cols = [c.strip() for c in line.strip("|").split("|")]
            out[cols[0]] = cols[1:]
    return out


def test_median_and_range_over_runs_sizes_as_columns(tmp_path):
    runs = [record({("crc32", 64): ("clmul", "isal", r64), ("crc32", 1024): ("clmul", "rust-crc32fast", r1k),
                    ("sha256", 64): ("shani", "rust-sha2", 1.10)})
            for r64, r1k in ((1.30, 0.58), (1.20, 0.62), (1.40, 0.60))]
    proc = run(tmp_path, runs, "-s", "64,1K")
    assert proc.returncode == 0, proc.stderr
    assert "| algorithm | 64 B | 1 KiB | ours | peer(s) |" in proc.stdout
    got = rows(proc.stdout)
    assert got["crc32"] == ["1.30 [1.20-1.40]", "**0.60 [0.58-0.62]**", "clmul", "isal, rust-crc32fast"]
    assert got["sha256"] == ["1.10 [1.10-1.10]", "-", "shani", "rust-sha2"]
    assert "1 of 3 cells below 1.00." in proc.stdout
    assert "3 run(s)" in proc.stdout and "no `--as-cpu`" in proc.stdout


def test_a_loss_never_rounds_to_the_mark(tmp_path):
    proc = run(tmp_path, [record({("sha1", 1 << 20): ("shani", "openssl", 0.996)})], "--no-header")
    assert rows(proc.stdout)["sha1"][0] == "**0.996 [0.996-0.996]**"


def test_masked_runs_say_so_and_do_not_mix(tmp_path):
    masked = record({("crc32", 64): ("clmul", "isal", 1.1)}, as_cpu="avx2-vpclmul")
    proc = run(tmp_path, [masked, masked])
    assert proc.returncode == 0
    assert "`--as-cpu avx2-vpclmul`" in proc.stdout and "HB_X86_MASK=0x63c00" in proc.stdout
    plain = record({("crc32", 64): ("clmul", "isal", 1.2)})
    mixed = run(tmp_path, [masked, plain])
    assert mixed.returncode == 2 and "not made alike" in mixed.stderr
    allowed = run(tmp_path, [masked, plain], "--allow-mixed")
    assert allowed.returncode == 0 and "**Mixed runs**" in allowed.stdout


def test_algorithm_filter_and_bad_input(tmp_path):
    rec = record({("crc32", 64): ("clmul", "isal", 1.1), ("md5", 64): ("fast", "openssl", 1.0)})
    proc = run(tmp_path, [rec], "-a", "md5", "--no-header")
    assert list(rows(proc.stdout)) == ["md5"]
    none = run(tmp_path, [record({})])
    assert none.returncode != 0 and "no peer comparisons" in none.stderr
    bad = run(tmp_path, [rec], "-s", "sixty")
    assert bad.returncode == 2 and "--sizes" in bad.stderr


def with_results(rec, samples):
    """rec with results entries: {(algo, size, impl, is_peer): min_ns}."""
    rec["results"] = [{"algorithm": a, "size": s, "implementation": i, "peer": p, "min_ns": ns}
                      for (a, s, i, p), ns in samples.items()]
    return rec


def test_fastest_takes_the_fastest_samples_and_the_fastest_peer(tmp_path):
    # the medians' ratio says 0.80; the fastest samples say ours 100 ns,
    # openssl 95 ns, rust-sha2 110 ns: the fastest peer is openssl, 0.95
    runs = [with_results(record({("sha512", 65536): ("avx512", "rust-sha2", 0.80)}),
                         {("sha512", 65536, "avx512", False): 100.0,
                          ("sha512", 65536, "openssl", True): 95.0,
                          ("sha512", 65536, "rust-sha2", True): 110.0,
                          ("sha512", 65536, "fast", False): 50.0}),
            with_results(record({("sha512", 65536): ("avx512", "openssl", 0.70)}),
                         {("sha512", 65536, "avx512", False): 100.0,
                          ("sha512", 65536, "openssl", True): 105.0})]
    proc = run(tmp_path, runs, "--stat", "fastest")
    assert proc.returncode == 0, proc.stderr
    got = rows(proc.stdout)
    assert got["sha512"] == ["1.00 [0.95-1.05]", "avx512", "openssl"]
    assert "fastest sample" in proc.stdout
    median = rows(run(tmp_path, runs).stdout)
    assert median["sha512"][0] == "**0.75 [0.70-0.80]**"


def test_fastest_without_results_is_an_error(tmp_path):
    proc = run(tmp_path, [record({("md4", 1024): ("fast", "openssl", 1.0)})], "--stat", "fastest")
    assert proc.returncode != 0
    assert "no min_ns for md4 at 1024 bytes" in proc.stderr


def test_gzipped_runs_read_as_plain_ones(tmp_path):
    import gzip
    rec = record({("crc32", 64): ("clmul", "isal", 1.25)})
    p = tmp_path / "run.json.gz"
    with gzip.open(p, "wt") as f:
        json.dump(rec, f)
    proc = subprocess.run([sys.executable, str(TOOL), "--no-header", str(p)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert rows(proc.stdout)["crc32"][0] == "1.25 [1.25-1.25]"

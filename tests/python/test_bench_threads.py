"""hashbench bench --threads N (N copies at once), --scale (an
implementation at each thread count) and the load check (other processes on
the bench's CPUs, from /proc/stat).  Short budgets; no speed is asserted."""
import json
import os
import subprocess
import sys
import time

import jsonschema
import pytest
from conftest import ROOT, workload_digests

SCHEMA = json.loads((ROOT / "docs" / "schema" / "results.schema.json").read_text())
QUICK = ["--budget", "20", "--repeat", "3"]


@pytest.fixture(autouse=True)
def without_rust_peers(monkeypatch):
    monkeypatch.setenv("HB_RUST_PEERS", "none")


def run_json(hashbench, *args):
    p = hashbench("bench", *args, *QUICK, "--format", "json", check=0)
    data = json.loads(p.stdout)
    jsonschema.validate(data, SCHEMA)
    return data, p.stderr.decode()


def test_threads_copies_in_json(hashbench):
    data, _ = run_json(hashbench, "-a", "crc32,blake3", "--impl", "fast", "-s", "1K,64K", "--threads", "3")
    assert data["settings"]["threads"] == 3 and data["settings"]["threads_pinned"] is False
    assert len(data["results"]) == 4
    for r in data["results"]:
        c = r["copies"]
        assert c["count"] == 3 and not c["pinned"]
        assert len(c["samples_ns"]) == 3 and all(len(row) == 3 for row in c["samples_ns"])
        assert all(s > 0 for row in c["samples_ns"] for s in row)
        # the aggregate is the median over the rounds of the sum of the copies' rates
        rates = sorted(sum(r["size"] * c["iterations_per_sample"] / (row[k] * 1e-9) for row in c["samples_ns"])
                       for k in range(3))
        assert c["aggregate_bytes_per_second"] == pytest.approx(rates[1], rel=1e-4)
        assert c["aggregate_min_bytes_per_second"] == pytest.approx(rates[0], rel=1e-4)
        assert c["single_bytes_per_second"] == pytest.approx(r["bytes_per_second"], rel=1e-4)
        assert r["digest"] == workload_digests()[r["algorithm"]] or r["size"] != 1024


def test_threads_table_shows_aggregate_beside_single(hashbench):
    p = hashbench("bench", "-a", "sha256", "-s", "4K", "--threads", "2", *QUICK, check=0)
    out = p.stdout.decode()
    assert "2 copies of each measurement at once, not pinned" in out
    row = [l for l in out.splitlines() if l.strip().startswith("sha256") and l.rstrip().endswith(("x", "x !"))]
    assert len(row) == 1, out


def test_records_without_threads_stay_as_they_were(hashbench):
    data, _ = run_json(hashbench, "-a", "crc32", "-s", "64")
    assert "threads" not in data["settings"] and "scale" not in data["settings"]
    assert all("copies" not in r and "threads" not in r for r in data["results"])


def test_threads_with_pin_is_refused(hashbench):
    p = hashbench("bench", "-a", "crc32", "--threads", "2", "--pin", "0", check=2)
    assert b"--threads" in p.stderr and b"taskset" in p.stderr


@pytest.mark.parametrize("bad", ["0", "x", "2000"])
def test_threads_bad_values(hashbench, bad):
    hashbench("bench", "-a", "crc32", "--threads", bad, check=2)


def test_scale_measures_mt_at_each_thread_count(hashbench):
    data, _ = run_json(hashbench, "-a", "blake3", "--impl", "mt,fast", "-s", "300K", "--scale=4")
    mt = [r for r in data["results"] if r["implementation"].startswith("mt/")]
    assert sorted(r["threads"] for r in mt) == [1, 2, 3, 4]
    # one name per thread count: the results store keys on algorithm, implementation, size
    assert sorted(r["implementation"] for r in mt) == ["mt/1t", "mt/2t", "mt/3t", "mt/4t"]
    assert data["settings"]["scale"] == 4
    # fast takes no thread count: one cell, no "threads"
    fast = [r for r in data["results"] if r["implementation"] == "fast"]
    assert len(fast) == 1 and "threads" not in fast[0]
    assert len({r["digest"] for r in data["results"]}) == 1


def test_scale_table_has_the_curve(hashbench):
    p = hashbench("bench", "-a", "blake3", "--impl", "mt", "-s", "256K", "--scale=2", *QUICK, check=0)
    out = p.stdout.decode()
    assert "thread scaling" in out and " 1 threads" in out and " 2 threads" in out
    assert "mt/2t" in out


def busy_on_cpu0():
    """A process that spins on CPU 0 until killed."""
    return subprocess.Popen([sys.executable, "-c", "import os\nos.sched_setaffinity(0, {0})\nwhile True: pass"])


@pytest.mark.skipif(not os.path.exists("/proc/stat"), reason="no /proc/stat")
def test_load_warning_when_a_process_spins_on_our_cpu(hashbench):
    spinner = busy_on_cpu0()
    try:
        time.sleep(0.3)
        data, err = run_json(hashbench, "-a", "crc32,sha256", "-s", "4K", "--pin", "0", "--budget", "300")
    finally:
        spinner.kill()
        spinner.wait()
    load = data["context"]["cpu_load"]
    assert load["cpus"] == "0" and load["n_cpus"] == 1
    # the spinner shares CPU 0 with the bench: about half of it, at least a quarter
    assert load["others_cpus"] > 0.25, load
    assert load["loaded_groups"] >= 1
    assert "other processes used the CPUs this run ran on (0)" in err
    flagged = [r for r in data["results"] if any("other processes" in w for w in r["warnings"])]
    assert flagged and all(r["others_cpus"] > 0.25 for r in flagged)

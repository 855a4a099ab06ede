"""compare: ratios, intervals and the significance test, on real fixtures and
on samples whose true ratio the test knows."""
import json

import numpy as np
import pytest

from hashbench_report import compare as cmp
from hashbench_report import record as rec
from hashbench_report import store
from hashbench_report.cli import main

from conftest import FIXTURES, synthetic_record

A = FIXTURES / "host-crc32-sha256-blake3-a.json"
B = FIXTURES / "host-crc32-sha256-blake3-b.json"
OTHER = FIXTURES / "host-md5-xxh64-siphash.json"


def _noisy(rng, centre, n=7):
    # right-skewed like real timings: a floor plus exponential noise
    return list(centre * (1 + rng.exponential(0.03, n)))


def test_known_twofold_change_is_found():
    rng = np.random.default_rng(1)
    a = _noisy(rng, 2000.0)
    b = _noisy(rng, 1000.0)
    r = cmp.compare_samples(a, b)
    assert r["verdict"] == "B faster"
    assert r["ci_low"] <= r["ratio"] <= r["ci_high"]
    assert 1.8 < r["ci_low"] and r["ci_high"] < 2.2
    assert r["p_value"] < 0.01
    r = cmp.compare_samples(b, a)
    assert r["verdict"] == "B slower"
    assert r["ci_high"] < 0.6


def test_same_distribution_is_within_noise():
    rng = np.random.default_rng(2)
    hits = 0
    for _ in range(40):
        r = cmp.compare_samples(_noisy(rng, 1000.0), _noisy(rng, 1000.0))
        hits += r["verdict"] == "within noise"
        assert r["ci_low"] <= 1.0 + 0.1 and r["ci_high"] >= 1.0 - 0.1
    # a 5% test on identical distributions flags about 1 in 20, not more
    assert hits >= 35


def test_small_change_inside_noise_is_not_flagged():
    rng = np.random.default_rng(3)
    a = list(1000.0 * (1 + rng.exponential(0.5, 7)))
    b = list(980.0 * (1 + rng.exponential(0.5, 7)))
    assert cmp.compare_samples(a, b)["verdict"] == "within noise"


def test_identical_samples():
    r = cmp.compare_samples([5.0, 5.0, 5.0], [5.0, 5.0, 5.0])
    assert (r["ratio"], r["p_value"], r["verdict"]) == (1.0, 1.0, "within noise")


def test_real_runs_a_b():
    ma = cmp.measurements_from_record(rec.load(A), "A")
    mb = cmp.measurements_from_record(rec.load(B), "B")
    rows = cmp.compare(ma, mb)
    assert len(rows) == len(rec.load(A)["results"]) == 18
    for r in rows:
        assert r["ci_low"] <= r["ratio"] <= r["ci_high"]
        assert 0.0 <= r["p_value"] <= 1.0
        assert r["verdict"] in ("within noise", "B faster", "B slower")
        # the ratio is that of the per-call medians of the raw samples
        sa = rec.per_call_ns(next(m for m in ma if (m["algorithm"], m["implementation"], m["size"]) ==
                                  (r["algorithm"], r["implementation"], r["size"])))
        sb = rec.per_call_ns(next(m for m in mb if (m["algorithm"], m["implementation"], m["size"]) ==
                                  (r["algorithm"], r["implementation"], r["size"])))
        assert r["ratio"] == pytest.approx(np.median(sa) / np.median(sb))


def test_run_against_itself():
    ma = cmp.measurements_from_record(rec.load(A), "A")
    rows = cmp.compare(ma, ma)
    assert rows and all(r["ratio"] == 1.0 and r["verdict"] == "within noise" for r in rows)


def test_fast_against_portable_in_one_run_is_significant():
    # within one real run, the fast crc32 is many times the portable one at 64 KiB
    ms = cmp.measurements_from_record(rec.load(A), "A")
    portable = [dict(m, implementation="x") for m in ms if m["implementation"] == "portable"]
    fast = [dict(m, implementation="x") for m in ms if m["implementation"] == "fast"]
    rows = {(r["algorithm"], r["size"]): r for r in cmp.compare(portable, fast)}
    r = rows[("crc32", 65536)]
    assert r["ratio"] > 3 and r["verdict"] == "B faster"


def test_deterministic_counts_compare_exactly():
    a = cmp.measurements_from_record(synthetic_record("qemu-riscv64", "instruction-count", ["sha256"], ipb=40.0),
                                     "a")
    b = cmp.measurements_from_record(synthetic_record("qemu-riscv64", "instruction-count", ["sha256"], ipb=20.0),
                                     "b")
    [r] = cmp.compare(a, b)
    assert r["ratio"] == 2.0 and r["verdict"] == "B faster (exact count)" and r["p_value"] is None
    [r] = cmp.compare(a, a)
    assert r["verdict"] == "same count (exact count)"


def test_cli_compare_files_and_runs(tmp_path, capsys):
    db = str(tmp_path / "s.sqlite")
    assert main(["--db", db, "compare", str(A), str(B)]) == 0
    out = capsys.readouterr().out
    assert "18 compared:" in out and "95% bootstrap interval" in out
    assert main(["--db", db, "ingest", str(A), str(B)]) == 0
    capsys.readouterr()
    assert main(["--db", db, "compare", "1", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["rows"]) == 18 and data["a"].startswith("run 1")
    # a machine name picks its newest run (run 2 here)
    assert main(["--db", db, "compare", "1", "host"]) == 0
    assert "B: run 2" in capsys.readouterr().out


def test_cli_compare_errors(tmp_path, capsys):
    db = str(tmp_path / "s.sqlite")
    assert main(["--db", db, "compare", "7", str(A)]) == 1
    assert "no run 7 in the store" in capsys.readouterr().err
    assert main(["--db", db, "compare", "nowhere", str(A)]) == 1
    assert "neither a file, a run id" in capsys.readouterr().err
    # nothing in common: crc32/sha256/blake3 against md5/xxh64/siphash
    assert main(["--db", db, "compare", str(A), str(OTHER)]) == 1
    assert "nothing in common" in capsys.readouterr().out
    assert main(["--db", db, "compare", "--alpha", "2", str(A), str(B)]) == 2

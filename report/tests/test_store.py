"""The results store, on SQLite and on a real PostgreSQL server: real result
files go in whole, the same file twice adds nothing, and a refused file
leaves the store exactly as it was."""
import json

import pytest

from hashbench_report import record as rec
from hashbench_report import store
from hashbench_report.cli import main

from conftest import ALL_FIXTURES, FIXTURES, QUALITY_FILES, REAL_FILES, load_fixture


def test_fixtures_are_real_host_runs():
    # the fixtures are `hashbench bench --format json` output, not hand-written
    assert len(REAL_FILES) >= 3
    for path in REAL_FILES:
        r = rec.load(path)
        assert r["context"]["platform"] == "host"
        assert r["context"]["timer"]["name"] == "CLOCK_MONOTONIC_RAW"
        assert all(len(m["samples_ns"]) == r["settings"]["repeat"] for m in r["results"])


@pytest.mark.parametrize("path", REAL_FILES, ids=lambda p: p.name)
def test_ingest_real_file_round_trip(engine, path):
    data = json.loads(path.read_text())
    run_id, added = store.ingest_file(engine, path)
    assert added
    assert store.count_rows(engine) == (1, len(data["results"]))
    [run] = store.list_runs(engine)
    ctx = data["context"]
    assert (run["platform"], run["cpu_model"], run["date"], run["compiler"]) == \
        (ctx["platform"], ctx["cpu_model"], ctx["date"], ctx["compiler"])
    assert json.loads(run["context_json"]) == ctx
    assert json.loads(run["warnings_json"]) == data["warnings"]
    stored = {(m["algorithm"], m["implementation"], m["size"]): m for m in store.load_measurements(engine)}
    assert len(stored) == len(data["results"])
    for r in data["results"]:
        m = stored[(r["algorithm"], r["implementation"], r["size"])]
        assert m["run_id"] == run_id
        assert m["samples_ns"] == r["samples_ns"]          # raw samples kept exactly
        assert m["median_ns"] == r["median_ns"]
        assert m["bytes_per_second"] == r["bytes_per_second"]
        assert m["iterations_per_sample"] == r["iterations_per_sample"]
        assert m["digest"] == r["digest"]
        assert m["warnings"] == r["warnings"]
        assert m["timing_fidelity"] == "measured"


def test_ingest_is_idempotent(engine, tmp_path):
    first = REAL_FILES[0]
    run_id, added = store.ingest_file(engine, first)
    assert added
    before = store.count_rows(engine)
    again_id, again_added = store.ingest_file(engine, first)
    assert (again_id, again_added) == (run_id, False)
    # the same record re-saved with other key order and indentation is the same results
    resaved = tmp_path / "resaved.json"
    resaved.write_text(json.dumps(json.loads(first.read_text()), indent=4, sort_keys=True))
    assert store.ingest_file(engine, resaved) == (run_id, False)
    assert store.count_rows(engine) == before
    # a different run is added
    _, added = store.ingest_file(engine, REAL_FILES[1])
    assert added
    assert store.count_rows(engine)[0] == 2


def _bad_records():
    good = load_fixture(REAL_FILES[0].name)

    def edited(fn):
        d = json.loads(json.dumps(good))
        fn(d)
        return json.dumps(d)

    return {
        "truncated JSON": (json.dumps(good)[:500], "not valid JSON"),
        "not an object": ("[1, 2, 3]", "not a hashbench results record"),
        "other schema": (edited(lambda d: d.update(schema="something-else")), "not a hashbench results record"),
        "schema version 2": (edited(lambda d: d.update(schema_version=2)), "unknown schema version 2"),
        "no samples": (edited(lambda d: d["results"][3].pop("samples_ns")), "results/3"),
        "negative size": (edited(lambda d: d["results"][5].update(size=-1)), "results/5/size"),
        "bad fidelity": (edited(lambda d: d["results"][0].update(timing_fidelity="guessed")), "timing_fidelity"),
        "duplicate measurement": (edited(lambda d: d["results"].append(d["results"][0])), "appears twice"),
    }


@pytest.mark.parametrize("case", list(_bad_records()))
def test_bad_file_rejected_and_store_unchanged(engine, tmp_path, case):
    text, expected = _bad_records()[case]
    store.ingest_file(engine, REAL_FILES[0])
    before = store.count_rows(engine)
    bad = tmp_path / "bad.json"
    bad.write_text(text)
    with pytest.raises(rec.RecordError) as err:
        store.ingest_file(engine, bad)
    assert str(bad) in str(err.value)
    assert expected in str(err.value)
    assert store.count_rows(engine) == before


def test_failure_mid_file_rolls_back(engine, monkeypatch):
    """A database error after the run row and some measurements are written
    leaves nothing behind: one transaction per file."""
    original = store._insert_measurements

    def half_then_fail(conn, rows):
        original(conn, rows[: len(rows) // 2])
        raise RuntimeError("injected failure")

    store.ingest_file(engine, REAL_FILES[0])
    before = store.count_rows(engine)
    monkeypatch.setattr(store, "_insert_measurements", half_then_fail)
    with pytest.raises(RuntimeError, match="injected failure"):
        store.ingest_file(engine, REAL_FILES[1])
    assert store.count_rows(engine) == before
    monkeypatch.setattr(store, "_insert_measurements", original)
    assert store.ingest_file(engine, REAL_FILES[1])[1] is True


def test_cli_ingest_reports_and_exits(db_url, tmp_path, capsys):
    # every fixture: host, QEMU, GBA, files, rng and quality records
    assert main(["--db", db_url, "ingest", str(FIXTURES)]) == 0
    out = capsys.readouterr().out
    assert f"{len(ALL_FIXTURES)} added, 0 already present, 0 rejected" in out
    assert main(["--db", db_url, "ingest", str(FIXTURES)]) == 0
    assert f"0 added, {len(ALL_FIXTURES)} already present, 0 rejected" in capsys.readouterr().out
    bad = tmp_path / "v9.json"
    bad.write_text(json.dumps(dict(load_fixture(REAL_FILES[0].name), schema_version=9)))
    assert main(["--db", db_url, "ingest", str(bad)]) == 1
    captured = capsys.readouterr()
    assert "rejected" in captured.err and "unknown schema version 9" in captured.err
    assert "0 added, 0 already present, 1 rejected" in captured.out
    engine = store.open_store(db_url)
    # results records are runs; quality records are quality runs
    assert store.count_rows(engine)[0] == len(ALL_FIXTURES) - len(QUALITY_FILES)
    assert len(store.load_quality(engine)) == len(QUALITY_FILES) >= 1
    engine.dispose()


def test_cli_missing_file(tmp_path, capsys):
    assert main(["--db", str(tmp_path / "s.sqlite"), "ingest", str(tmp_path / "nope.json")]) == 1
    assert "cannot read" in capsys.readouterr().err


def test_database_url_forms(tmp_path):
    assert store.database_url("postgresql://u@h:5/d") == "postgresql+psycopg://u@h:5/d"
    assert store.database_url("postgres://u@h/d") == "postgresql+psycopg://u@h/d"
    assert store.database_url(str(tmp_path / "x" / "s.sqlite")).startswith("sqlite:///")
    assert (tmp_path / "x").is_dir()


def test_unreachable_postgres_is_a_clear_error(capsys):
    # port 1 on loopback: nothing listens there
    assert main(["--db", "postgresql://hb@127.0.0.1:1/none", "runs"]) == 1
    assert "database error (postgresql+psycopg)" in capsys.readouterr().err

"""hashbench rng records in the store and the report (hashbench_report/rng.py),
on SQLite and PostgreSQL: stored whole or not at all, once; their section
shows every source with its spread and verdict; the BeagleBone report's RNG
figures sit beside ours at the same source and size; an rng run (no hash
measurements) is never taken for the host's newest benchmark."""
import json
import re

import pytest

from hashbench_report import dataset as dsm
from hashbench_report import html as htmlm
from hashbench_report import published as pubm
from hashbench_report import record as rec
from hashbench_report import compare as cmp
from hashbench_report import rng as rngm
from hashbench_report import store

from conftest import FIXTURES, REAL_FILES

RNG_FILE = FIXTURES / "rng-host.json"


def rng_count(engine):
    with engine.connect() as conn:
        from sqlalchemy import func, select
        return conn.execute(select(func.count()).select_from(rngm.rng_sources)).scalar()


def test_fixture_is_a_real_rng_record():
    data = rec.load(RNG_FILE)
    assert data["kind"] == "rng" and data["results"] == []
    assert {e["source"] for e in data["rng"]} >= {"urandom", "getrandom", "openssl-rand"}


def test_ingest_round_trip_and_idempotent(engine):
    data = json.loads(RNG_FILE.read_text())
    run_id, added = store.ingest_file(engine, RNG_FILE)
    assert added and store.count_rows(engine) == (1, 0) and rng_count(engine) == len(data["rng"])
    assert store.ingest_file(engine, RNG_FILE) == (run_id, False)
    assert rng_count(engine) == len(data["rng"])
    [run] = rngm.load(engine)
    assert run["sources"] == data["rng"] and run["settings"] == data["settings"]
    assert rngm.run_ids(engine) == {run_id}


def test_bad_rng_record_leaves_no_trace(engine, tmp_path):
    store.ingest_file(engine, REAL_FILES[0])
    before = store.count_rows(engine), rng_count(engine)
    data = json.loads(RNG_FILE.read_text())
    skipped = next(e for e in data["rng"] if e["status"] == "skipped")
    del skipped["reason"]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    with pytest.raises(rec.RecordError, match="does not match the results schema"):
        store.ingest_file(engine, bad)
    assert (store.count_rows(engine), rng_count(engine)) == before


def test_failure_while_storing_rng_rows_rolls_back(engine, monkeypatch):
    def fail(conn, rows):
        raise RuntimeError("injected failure")
    monkeypatch.setattr(store, "_insert_rng_sources", fail)
    with pytest.raises(RuntimeError):
        store.ingest_file(engine, RNG_FILE)
    assert store.count_rows(engine) == (0, 0) and rng_count(engine) == 0


def _text(page):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))


def test_section_shows_every_source_and_the_published_figures(engine):
    for f in REAL_FILES:
        store.ingest_file(engine, f)
    store.ingest_file(engine, RNG_FILE)
    ds = dsm.build(engine)
    page = htmlm.render(ds)
    section = page[page.index('<h2 id="rng">'):page.index('<h2 id="warnings">')]
    data = json.loads(RNG_FILE.read_text())
    text = _text(section)
    for e in data["rng"]:
        assert e["label"] in section
        if e["status"] == "skipped":
            assert e["reason"].split(";")[0].replace("'", "&#x27;") in section
    urandom = next(e for e in data["rng"] if e["source"] == "urandom")
    c = next(c for c in urandom["sizes"] if c["size"] == 1 << 20)
    cell = f"{rngm.mbps(c['bytes_per_second'])} ({rngm.mbps(c['min_bytes_per_second'])}..{rngm.mbps(c['max_bytes_per_second'])})"
    assert cell in text
    # the BeagleBone urandom figure at 1 MiB (15.4 MB/s) beside ours, with the ratio; the machines differ
    assert "Beside the BeagleBone Black report" in section and "A different machine" in section
    ours = c["bytes_per_second"] / 1e6
    assert f"15.4 {ours:.3g} {ours / 15.4:.3g}" in text
    # a size we did not take says so
    assert "not asked for at this size" in text


def test_published_table_fills_rng_rows(engine):
    store.ingest_file(engine, RNG_FILE)
    ds = dsm.build(engine)
    rows = htmlm.published_rows(ds)
    bb = [r for r in rows if rngm.is_rng_row(r)]
    assert {r["algorithm"] for r in bb} == {"rng-urandom", "rng-hwrng", "rng-openssl-rand"}
    assert all(r["source"] == "BeagleBone Black report (RNG throughput)" for r in bb)
    one = next(r for r in bb if r["algorithm"] == "rng-openssl-rand" and r["size"] == 1 << 20)
    data = json.loads(RNG_FILE.read_text())
    e = next(e for e in data["rng"] if e["source"] == "openssl-rand")
    c = next(c for c in e["sizes"] if c["size"] == 1 << 20)
    assert one["ours"] == (c["bytes_per_second"] / 1000, "host", 1 << 20, "measured")
    assert one["ours_impl"] == e["label"]


def test_published_csv_rng_rows_match_the_report():
    """The BeagleBone report's RNG tables: MB/s as printed, times as printed (rate = size / time)."""
    rows = [r for r in pubm.load() if rngm.is_rng_row(r)]
    assert len(rows) == 8
    for r in rows:
        mb = r["size"] / (1 << 20)
        seconds = float(re.match(r"(\d+) MB in ([\d.]+) s", r["note"]).group(2))
        assert int(re.match(r"(\d+) MB", r["note"]).group(1)) == mb
        assert r["kBps"] / 1000 == pytest.approx(mb / seconds, rel=0.01)


def test_rng_run_is_not_the_newest_benchmark(engine):
    store.ingest_file(engine, REAL_FILES[0])
    store.ingest_file(engine, RNG_FILE)      # newer, same machine name, no measurements
    ds = dsm.build(engine)
    bench_run = store.list_runs(engine)[0]
    assert ds.host_machine == bench_run["machine"]
    label, ms = cmp.select(engine, bench_run["machine"])
    assert ms and label.startswith(f"run {bench_run['id']} ")


def test_no_rng_runs_says_so(engine):
    store.ingest_file(engine, REAL_FILES[0])
    page = htmlm.render(dsm.build(engine))
    assert "No hashbench rng results yet" in page


def test_rng_record_for_old_store_gets_its_table(tmp_path):
    """A store made before rng.py existed (no rng_sources table) takes rng records once reopened."""
    from sqlalchemy import create_engine, inspect
    db = tmp_path / "old.sqlite"
    eng = store.open_store(str(db))
    with eng.begin() as conn:
        rngm.rng_sources.drop(conn)
    eng.dispose()
    assert "rng_sources" not in inspect(create_engine(f"sqlite:///{db}")).get_table_names()
    eng = store.open_store(str(db))
    assert store.ingest_file(eng, RNG_FILE)[1] is True
    assert rng_count(eng) == len(json.loads(RNG_FILE.read_text())["rng"])

"""Real QEMU instruction-count records and a real GBA record (fixtures/README.md
says where they came from): stored on SQLite and PostgreSQL with their
timing fields absent or present as recorded, ingested once, compared in
their own terms, and shown in the report (the QEMU heat map, the GBA's two
builds at 16.78 MHz).  The store refuses a store of another table layout."""
import json
import re

import pytest
from sqlalchemy import create_engine, inspect, update

from hashbench_report import compare as cmp
from hashbench_report import dataset as dsm
from hashbench_report import published as pubm
from hashbench_report import record as rec
from hashbench_report import store
from hashbench_report.cli import main

from conftest import GBA_FILE, QEMU_FILES, REAL_FILES
from report_inputs import targets_store

TIMING = ("iterations_per_sample", "samples_ns", "median_ns", "min_ns", "max_ns", "spread", "bytes_per_second")
GBA_CLOCK = 16777216


def _best(results, pick, key, size=1024):
    """The result among `results` at `size` that `pick` (min or max) chooses by `key`."""
    return pick((r for r in results if r["size"] == size), key=lambda r: r[key])


def test_target_fixtures_are_real_records():
    assert len(QEMU_FILES) == 3
    for path in QEMU_FILES:
        r = rec.load(path)
        assert r["context"]["platform"].startswith("qemu-")
        assert "tools/qemu-insn plugin" in r["context"]["emulator"]
        for m in r["results"]:
            assert m["timing_fidelity"] == "instruction-count"
            assert not any(k in m for k in TIMING if k != "iterations_per_sample")
            # the per-byte figure is the count over the size, to 3 decimals, as run_cross.py derives it
            assert m["instructions_per_byte"] == round(m["instructions"] / m["size"], 3)
    g = rec.load(GBA_FILE)
    assert g["context"]["platform"] == "gba" and g["context"]["clock_hz"] == GBA_CLOCK
    assert {m["implementation"] for m in g["results"]} == \
        {"portable@thumb-rom", "fast@thumb-rom", "portable@arm-iwram", "fast@arm-iwram"}
    for m in g["results"]:
        assert m["timing_fidelity"] == "cycle-exact"
        # nanoseconds derived from the cycle counts at the nominal clock (to the 6 figures recorded)
        for ns, ticks in zip(m["samples_ns"], m["samples_ticks"]):
            assert ns == pytest.approx(ticks * 1e9 / GBA_CLOCK, rel=1e-5)
        assert m["bytes_per_second"] == pytest.approx(m["size"] / m["median_ns"] * 1e9, rel=1e-4)


@pytest.mark.parametrize("path", [*QEMU_FILES, GBA_FILE], ids=lambda p: p.name)
def test_ingest_target_round_trip(engine, path):
    data = json.loads(path.read_text())
    run_id, added = store.ingest_file(engine, path)
    assert added
    assert store.count_rows(engine) == (1, len(data["results"]))
    [run] = store.list_runs(engine)
    ctx = data["context"]
    assert (run["platform"], run["cpu_model"], run["clock_hz"], run["emulator"]) == \
        (ctx["platform"], ctx["cpu_model"], ctx.get("clock_hz"), ctx["emulator"])
    if ctx["platform"].startswith("qemu-"):
        assert run["machine"] == f"{ctx['platform']} ({ctx['cpu_model']})"
    stored = {(m["algorithm"], m["implementation"], m["size"]): m for m in store.load_measurements(engine)}
    assert len(stored) == len(data["results"])
    for r in data["results"]:
        m = stored[(r["algorithm"], r["implementation"], r["size"])]
        assert m["run_id"] == run_id and m["timing_fidelity"] == r["timing_fidelity"]
        # every field the record has is stored as recorded; what it lacks is NULL
        for k in (*TIMING, "samples_ticks", "cycles_per_byte", "instructions", "instructions_per_byte"):
            assert m[k] == r.get(k), k
        assert (m["digest"], m["warnings"]) == (r["digest"], r["warnings"])


def test_two_qemu_cpus_of_one_architecture_stay_apart(engine):
    a53, mx = (f for f in QEMU_FILES if f.name.startswith("qemu-aarch64"))
    for f in (a53, mx):
        store.ingest_file(engine, f)
    machines = {r["machine"] for r in store.list_runs(engine)}
    assert machines == {"qemu-aarch64 (cortex-a53)", "qemu-aarch64 (max)"}


def test_targets_ingest_once(engine, tmp_path):
    files = [*QEMU_FILES, GBA_FILE]
    first = [store.ingest_file(engine, f) for f in files]
    assert all(added for _, added in first)
    before = store.count_rows(engine)
    assert before == (len(files), sum(len(rec.load(f)["results"]) for f in files))
    again = [store.ingest_file(engine, f) for f in files]
    assert again == [(run_id, False) for run_id, _ in first]
    resaved = tmp_path / "gba-resaved.json"
    resaved.write_text(json.dumps(json.loads(GBA_FILE.read_text()), indent=3, sort_keys=True))
    assert store.ingest_file(engine, resaved) == (first[-1][0], False)
    assert store.count_rows(engine) == before


def test_store_of_the_first_layout_is_refused(db_url, capsys):
    # the first layout had runs and measurements but no store_info table
    engine = store.open_store(db_url)
    with engine.begin() as conn:
        store.store_info.drop(conn)
    engine.dispose()
    with pytest.raises(store.StoreVersionError) as err:
        store.open_store(db_url)
    assert "table layout version 1" in str(err.value) and f"uses version {store.STORE_VERSION}" in str(err.value)
    assert main(["--db", db_url, "ingest", str(GBA_FILE)]) == 1
    msg = capsys.readouterr().err
    assert "table layout version 1" in msg and "ingest" in msg
    # refusing wrote nothing: still no store_info, no run
    raw = create_engine(store.database_url(db_url))
    with raw.connect() as conn:
        assert "store_info" not in inspect(conn).get_table_names()
        assert conn.execute(store.runs.select()).first() is None
    raw.dispose()


def test_store_of_a_newer_layout_is_refused(db_url):
    engine = store.open_store(db_url)
    with engine.begin() as conn:
        conn.execute(update(store.store_info).where(store.store_info.c.key == "version").values(value="99"))
    engine.dispose()
    with pytest.raises(store.StoreVersionError, match="table layout version 99"):
        store.open_store(db_url)


def test_compare_instruction_counts_exactly():
    a53, mx = (f for f in QEMU_FILES if f.name.startswith("qemu-aarch64"))
    ma = cmp.measurements_from_record(rec.load(a53), "a53")
    mb = cmp.measurements_from_record(rec.load(mx), "max")
    rows = cmp.compare(ma, mb)
    common = {(m["algorithm"], m["implementation"], m["size"]) for m in ma} & \
        {(m["algorithm"], m["implementation"], m["size"]) for m in mb}
    assert len(rows) == len(common) > 40
    index_a = {(m["algorithm"], m["implementation"], m["size"]): m for m in ma}
    index_b = {(m["algorithm"], m["implementation"], m["size"]): m for m in mb}
    for r in rows:
        key = (r["algorithm"], r["implementation"], r["size"])
        ipb_a, ipb_b = index_a[key]["instructions_per_byte"], index_b[key]["instructions_per_byte"]
        assert (r["unit"], r["a_value"], r["b_value"]) == ("instr/B", ipb_a, ipb_b)
        assert r["ratio"] == pytest.approx(ipb_a / ipb_b) and r["p_value"] is None
        assert r["verdict"].endswith("(exact count)")
        assert r["verdict"].startswith("same count") == (ipb_a == ipb_b)
    text = cmp.format_table("a53", "max", rows, cmp.context_notes(ma, mb))
    assert "instr/B" in text and f"{len(rows)} compared:" in text


def test_compare_gba_cycle_counts_exactly():
    ms = cmp.measurements_from_record(rec.load(GBA_FILE), "gba")
    # within one run: the ARM-IWRAM build against the Thumb-ROM build, per implementation
    thumb = [dict(m, implementation=m["implementation"].split("@")[0]) for m in ms
             if m["implementation"].endswith("@thumb-rom")]
    arm = [dict(m, implementation=m["implementation"].split("@")[0]) for m in ms
           if m["implementation"].endswith("@arm-iwram")]
    rows = cmp.compare(thumb, arm)
    assert len(rows) == len(thumb)
    sha = next(r for r in rows if (r["algorithm"], r["implementation"], r["size"]) == ("sha256", "fast", 1024))
    assert sha["unit"] == "ns/call" and sha["ratio"] == pytest.approx(12438100.0 / 3642500.0)
    assert sha["verdict"] == "B faster (exact count)"
    assert all(r["verdict"] == "same count (exact count)" for r in cmp.compare(ms, ms))


def test_compare_counts_against_times_is_refused_plainly(tmp_path, capsys):
    host = next(f for f in REAL_FILES if "md5" in f.name)
    qemu = QEMU_FILES[0]
    ma = cmp.measurements_from_record(rec.load(host), "host")
    mb = cmp.measurements_from_record(rec.load(qemu), "qemu")
    assert cmp.compare(ma, mb) == []
    assert any("not compared" in n for n in cmp.context_notes(ma, mb))
    assert main(["--db", str(tmp_path / "s.sqlite"), "compare", str(host), str(qemu)]) == 1
    captured = capsys.readouterr()
    assert "instruction counts against times" in captured.err
    assert "counted instructions, the other timed" in captured.out


def _figures(page):
    return [json.loads(m.replace("<\\/", "</")) for m in
            re.findall(r'<script type="application/json" class="figure" data-target="[^"]+">(.*?)</script>', page)]


@pytest.fixture
def targets_report(tmp_path):
    db = str(tmp_path / "s.sqlite")
    targets_store(db).dispose()
    out, md = tmp_path / "index.html", tmp_path / "summary.md"
    assert main(["--db", db, "html", "-o", str(out), "--summary", str(md),
                 "--screenshots", str(tmp_path / "none"), "--screenshots", str(GBA_FILE.parent / "gba-screenshots")]) == 0
    return out.read_text(), md.read_text(), db


def test_report_shows_the_real_qemu_heat_map(targets_report):
    page, md, _ = targets_report
    assert "No QEMU instruction-count results yet." not in page
    [heat] = [f for f in _figures(page) if f["data"][0]["type"] == "heatmap"]
    trace = heat["data"][0]
    records = [rec.load(f) for f in QEMU_FILES]
    assert trace["y"] == [f"QEMU {r['context']['platform'][5:]} ({r['context']['cpu_model']})" for r in records]
    algos = {m["algorithm"] for m in records[0]["results"]}
    assert set(trace["x"]) == algos
    for i, r in enumerate(records):
        for j, algo in enumerate(trace["x"]):
            best = _best([m for m in r["results"] if m["algorithm"] == algo], min, "instructions_per_byte")
            assert trace["text"][i][j] == dsm.count_text(best["instructions_per_byte"])
            assert trace["customdata"][i][j] == f"{best['implementation']}, 1024 B"
    # the platform table has the counts too, marked I
    sha = _best([m for m in records[1]["results"] if m["algorithm"] == "sha256"], min, "instructions_per_byte")
    assert f"{dsm.count_text(sha['instructions_per_byte'])} I" in md
    assert "QEMU aarch64 (max) instr/B" in md


def test_report_shows_both_gba_builds(targets_report):
    page, md, db = targets_report
    g = rec.load(GBA_FILE)["results"]
    assert "No console results yet for NES, Game Boy, GB Color (2x), DS, DSi, N64" in page
    assert "GBA Thumb ROM, 16.78 MHz" in page and "GBA ARM IWRAM, 16.78 MHz" in page
    for algo in ("sha256", "crc32", "md5"):
        cells = []
        for build in ("thumb-rom", "arm-iwram"):
            best = _best([m for m in g if m["algorithm"] == algo and m["implementation"].endswith(build)],
                         max, "bytes_per_second")
            cells.append(dsm.Cell(best["bytes_per_second"] / 1000, "kB/s", "cycle-exact", 1024, "").text())
        # (the first "-": the quality column, no quality run here)
        assert f"| {algo} | - | - | - | - | {cells[0]} C | {cells[1]} C | - | - | - | - | " in md, (algo, cells)
    # sha256 at 1024 B: 82.3 kB/s from Thumb ROM, 281 from ARM IWRAM (docs/consoles/gba.md)
    assert "| sha256 | - | - | - | - | 82.3 C | 281 C |" in md
    assert "GBA ARM IWRAM, 16.78 MHz (cycle-exact), 1024-byte messages: fastest" in md
    # the published GBA figures are set beside our GBA figure, not this host's
    ds = dsm.build(store.open_store(db))
    best = dsm.best_by_platform(ds)
    gba_sha = [r for r in pubm.load() if r["platform"] == "GBA" and r["algorithm"] == "sha256"]
    assert gba_sha and all(pubm.pick_ours(r, best) == (281.126, "gba", 1024, "cycle-exact") for r in gba_sha)
    assert "GBA, fast@arm-iwram, 1024 B, cycle-exact" in page
    # the run's screenshots, captioned with their folder
    assert page.count("<figure><img alt=") == 2
    assert "gba-screenshots/5-arm-iwram-sweep.png" in page

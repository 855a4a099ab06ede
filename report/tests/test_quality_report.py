"""hashbench quality records in the store and the report, on SQLite and
PostgreSQL: stored whole or not at all, once; a bad record refused with the
field it lacks; the speed-against-quality chart of every platform with
results, its points the algorithms both the platform and the quality run
have, y the tests failed at the worst width; the quality column beside
speed in the summary tables.  Expected values are worked out here from the
fixtures' JSON, not from the report's own functions."""
import json
import re

import pytest
from sqlalchemy import func, select

from hashbench_report import dataset as dsm
from hashbench_report import html as htmlm
from hashbench_report import quality as qualm
from hashbench_report import quality_record as qrec
from hashbench_report import record as rec
from hashbench_report import store
from hashbench_report import summary
from hashbench_report.cli import main

from conftest import GBA_FILE, QEMU_FILES, QUALITY_FILES, REAL_FILES, synthetic_record
from report_inputs import real_store, targets_store

QUALITY_FILE = QUALITY_FILES[0]


def counts(engine):
    """(runs, measurements, quality runs, quality summaries, quality results)."""
    with engine.connect() as conn:
        q = [conn.execute(select(func.count()).select_from(t)).scalar()
             for t in (store.quality_runs, store.quality_summaries, store.quality_results)]
    return (*store.count_rows(engine), *q)


def raw():
    return json.loads(QUALITY_FILE.read_text())


def worst_failed(algo):
    """y of an algorithm, from the record: the most tests failed at any width."""
    return max(w["failed"] for w in algo["widths"])


def md5_fails_at_32_bits(d):
    """The record with one more failure in md5's low 32 bits and none added
    elsewhere: a worst width that is not the full digest, which the real
    run does not have (md5 passes at every width)."""
    md5 = next(a for a in d["algorithms"] if a["id"] == "md5")
    w = next(w for w in md5["widths"] if w["bits"] == 32)
    r = next(r for r in w["results"] if not r["failed"])
    r.update(p=1e-12, failed=True, detail=r["detail"] + " (edited by the test)")
    w["failed"] += 1
    w["worst"] = {"test": r["test"], "variant": r["variant"], "p": r["p"]}
    return d


def edited_file(tmp_path, name, fn):
    path = tmp_path / name
    path.write_text(json.dumps(fn(raw())))
    return path


def test_fixture_is_a_valid_quality_record(tmp_path):
    data = qrec.parse(QUALITY_FILE.read_text(), str(QUALITY_FILE))
    assert data["schema"] == "hashbench-quality/1" and data["version"] != "0.0.0-handshaped"
    assert {a["id"] for a in data["algorithms"]} >= {"crc32", "md5", "sha256", "xxh64", "siphash-2-4"}
    md5 = next(a for a in md5_fails_at_32_bits(raw())["algorithms"] if a["id"] == "md5")
    assert md5["widths"][0]["failed"] == 0 < worst_failed(md5)
    assert qrec.worst_width(md5)["bits"] == 32
    qrec.parse(edited_file(tmp_path, "md5.json", md5_fails_at_32_bits).read_text(), "md5.json")


def test_round_trip_and_idempotent(engine, tmp_path):
    data = raw()
    kind, run_id, added = store.ingest_path(engine, QUALITY_FILE)
    assert (kind, added) == ("quality run", True)
    n_widths = sum(len(a["widths"]) for a in data["algorithms"])
    n_results = sum(len(w.get("results", [])) for a in data["algorithms"] for w in a["widths"])
    assert counts(engine) == (0, 0, 1, n_widths, n_results)
    assert store.ingest_path(engine, QUALITY_FILE) == ("quality run", run_id, False)
    assert counts(engine) == (0, 0, 1, n_widths, n_results)
    [run] = store.load_quality(engine)
    assert run["seed"] == str(data["seed"])
    assert (run["mode"], run["started"], run["log2_keys"], run["alpha"]) == \
        (data["mode"], data["started"], data["config"]["log2_keys"], data["rule"]["alpha"])
    assert run["config"] == data["config"] and run["host"] == data["host"]
    assert list(run["algorithms"]) == [a["id"] for a in data["algorithms"]]
    for a in data["algorithms"]:
        got = run["algorithms"][a["id"]]
        assert (got["name"], got["tier"], got["keyed"], got["impls"], got["scale"]) == \
            (a["name"], a["tier"], a["keyed"], a["impls"], a.get("scale"))
        assert got["widths"] == [{k: w[k] for k in ("bits", "tests", "failed", "worst")} for w in a["widths"]]
    stored = store.load_quality_results(engine, run_id)
    expected = [(a["id"], w["bits"], r["test"], r["variant"], r["statistic"], r["p"], r["failed"], r["detail"])
                for a in data["algorithms"] for w in a["widths"] for r in w["results"]]
    assert [tuple(s.values()) for s in stored] == expected
    # a uint64 seed above PostgreSQL's bigint survives exactly
    big = edited_file(tmp_path, "big-seed.json", lambda d: dict(d, seed=2 ** 64 - 59))
    store.ingest_file(engine, big)
    assert [q["seed"] for q in store.load_quality(engine)] == [str(data["seed"]), str(2 ** 64 - 59)]


def test_null_p_values_and_wall_time_are_stored_and_shown(engine, tmp_path):
    """The schema lets a test give no p-value (and a run no wall time): kept
    as NULL, shown as "none", and never the worst of a width that has one."""
    d = raw()
    sha = next(a for a in d["algorithms"] if a["id"] == "sha256")
    w = sha["widths"][0]
    w["results"][0]["p"] = None
    w["worst"]["p"] = None
    d["wall_seconds"] = None
    d["algorithms"][0]["scale"] = 16
    path = tmp_path / "quality-nulls.json"
    path.write_text(json.dumps(d))
    run_id = store.ingest_file(engine, path)[0]
    [run] = store.load_quality(engine)
    assert run["wall_seconds"] is None and run["algorithms"][d["algorithms"][0]["id"]]["scale"] == 16
    assert run["algorithms"]["sha256"]["widths"][0]["worst"]["p"] is None
    assert store.load_quality_results(engine, run_id)[
        sum(len(x["results"]) for a in d["algorithms"][:d["algorithms"].index(sha)] for x in a["widths"])]["p"] is None
    v = qualm.verdicts(dsm.build(engine))["sha256"]
    assert "worst " + w["worst"]["test"] + " p=none" in v.widths_text()
    # a width with a real p-value is worse than one whose worst has none, at equal failures
    assert v.worst["bits"] != w["bits"]


def _edited(fn):
    d = raw()
    fn(d)
    return json.dumps(d)


def _first_width(d):
    return d["algorithms"][0]["widths"][0]


BAD = {
    "truncated JSON": (lambda: QUALITY_FILE.read_text()[:300], "not valid JSON"),
    "other schema version": (lambda: _edited(lambda d: d.update(schema="hashbench-quality/2")),
                             "unknown quality schema 'hashbench-quality/2'"),
    "misspelt schema": (lambda: _edited(lambda d: d.update(schema="hashbench-qualty/1")),
                        "or 'hashbench-quality/1' for a quality record"),
    "no algorithms": (lambda: _edited(lambda d: d.pop("algorithms")), "algorithms"),
    "no seed": (lambda: _edited(lambda d: d.pop("seed")), "seed"),
    "no failed count": (lambda: _edited(lambda d: _first_width(d).pop("failed")), "failed"),
    "no worst test": (lambda: _edited(lambda d: _first_width(d).pop("worst")), "worst"),
    "mode unknown": (lambda: _edited(lambda d: d.update(mode="medium")), "mode"),
    "failed above tests": (lambda: _edited(lambda d: _first_width(d).update(failed=_first_width(d)["tests"] + 1)),
                           "algorithms/0/widths/0/"),
    "summary against results": (lambda: _edited(lambda d: _first_width(d)["results"].pop()),
                                "its results list"),
    "algorithm twice": (lambda: _edited(lambda d: d["algorithms"].append(d["algorithms"][0])), "appears twice"),
    "p not a number": (lambda: _edited(lambda d: _first_width(d)["results"][0].update(p="small")),
                       "algorithms/0/widths/0/results/0"),
}


@pytest.mark.parametrize("case", list(BAD))
def test_bad_quality_record_refused_store_unchanged(engine, tmp_path, case):
    make, expected = BAD[case]
    store.ingest_file(engine, REAL_FILES[0])
    store.ingest_file(engine, QUALITY_FILE)
    before = counts(engine)
    bad = tmp_path / "bad.json"
    bad.write_text(make())
    with pytest.raises(rec.RecordError) as err:
        store.ingest_file(engine, bad)
    assert str(bad) in str(err.value) and expected in str(err.value), str(err.value)
    assert counts(engine) == before


def test_cli_names_a_bad_quality_file_and_exits_1(tmp_path, capsys):
    db = str(tmp_path / "s.sqlite")
    bad = tmp_path / "quality-bad.json"
    bad.write_text(_edited(lambda d: d["algorithms"][2].pop("widths")))
    assert main(["--db", db, "ingest", str(bad), str(QUALITY_FILE)]) == 1
    out, err = capsys.readouterr()
    # the schema's word or the reader's: either names the algorithm's entry and the field
    assert f"rejected {bad}: " in err and "algorithms/2" in err and "widths" in err
    assert "stored as quality run 1" in out and "1 added, 0 already present, 1 rejected" in out
    assert main(["--db", db, "runs"]) == 0
    assert re.search(r"q1 +\S+ +quality, seed \d+, 9 algorithms", capsys.readouterr().out)


def test_failure_mid_quality_file_rolls_back(engine, monkeypatch):
    calls = []

    def fail_third(conn, rows):
        calls.append(1)
        if len(calls) == 3:
            raise RuntimeError("injected failure")
        conn.execute(store.quality_results.insert(), rows)

    monkeypatch.setattr(store, "_insert_quality_results", fail_third)
    with pytest.raises(RuntimeError, match="injected failure"):
        store.ingest_file(engine, QUALITY_FILE)
    assert counts(engine) == (0, 0, 0, 0, 0)


def _targets_with_quality(db, quality=QUALITY_FILE):
    engine = targets_store(db)
    store.ingest_file(engine, quality)
    return engine


def _fastest_at_1024(results, build):
    ms = [r for r in results if r["size"] == 1024 and r["implementation"].endswith("@" + build)]
    return max(ms, key=lambda r: r["bytes_per_second"])


def test_every_platform_gets_a_chart_with_the_right_points(tmp_path):
    # md5 fails at 32 bits only: its y is that width's count, not the full digest's 0
    engine = _targets_with_quality(str(tmp_path / "s.sqlite"),
                                   edited_file(tmp_path, "quality-md5.json", md5_fails_at_32_bits))
    ds = dsm.build(engine)
    data = qualm.charts_data(ds, qualm.verdicts(ds), summary.column_title)
    charts = {c[0]: c for c in data}
    judged = {a["id"]: a for a in md5_fails_at_32_bits(raw())["algorithms"]}
    assert worst_failed(judged["md5"]) == 1
    # every platform column of the fixtures: the host, the three QEMU machines, the GBA's two builds
    platforms = {m for m, _ in ds.machines}
    assert {c[0] for c in charts} == platforms and len(platforms) == 5
    assert len(charts) == 6
    for column, title, unit, points, unjudged in data:
        measured = {m["algorithm"] for m in ds.for_column(column)}
        assert {p.verdict.algorithm for p in points} == measured & set(judged), title
        assert set(unjudged) == measured - set(judged), title
        for p in points:
            assert p.y == worst_failed(judged[p.verdict.algorithm]), (title, p.verdict.algorithm)
    # QEMU: the fewest instructions per byte of any of our implementations at 1024 B
    for f in QEMU_FILES:
        rec_ = json.loads(f.read_text())
        machine = store.machine_of(rec_["context"])
        _, _, unit, points, _ = charts[(machine, None)]
        assert unit == "instr/B"
        for p in points:
            assert p.x == min(r["instructions_per_byte"] for r in rec_["results"]
                              if r["algorithm"] == p.verdict.algorithm and r["size"] == 1024)
    # the GBA: cycles per byte of the fastest implementation of each build
    gba = json.loads(GBA_FILE.read_text())["results"]
    for build in ("thumb-rom", "arm-iwram"):
        _, title, unit, points, _ = charts[("gba", build)]
        assert unit == "cycles/B" and "16.78 MHz" in title
        for p in points:
            best = _fastest_at_1024([r for r in gba if r["algorithm"] == p.verdict.algorithm], build)
            assert (p.x, p.implementation) == (best["cycles_per_byte"], best["implementation"])
    # the host: 1024-byte cycles per byte too (its records carry them)
    [host] = [c for c in charts if c[0].startswith("host")]
    assert charts[host][2] == "cycles/B"


def test_console_without_cycles_uses_its_clock_and_nearest_size(tmp_path):
    """A record with no cycles_per_byte but a clock (the synthetic NES, 64-byte
    messages only): cycles per byte = clock / bytes per second at that size."""
    engine = real_store(str(tmp_path / "s.sqlite"))
    nes = synthetic_record("nes", "approximate", ["sha256", "crc32"], sizes=(64,), kbps=2.0, arch="6502",
                           clock_hz=1.79e6)
    (tmp_path / "nes.json").write_text(json.dumps(nes))
    store.ingest_file(engine, tmp_path / "nes.json")
    store.ingest_file(engine, QUALITY_FILE)
    ds = dsm.build(engine)
    data = {c[0]: c for c in qualm.charts_data(ds, qualm.verdicts(ds), summary.column_title)}
    _, _, unit, points, _ = data[("nes", None)]
    assert unit == "cycles/B"
    want = {r["algorithm"]: 1.79e6 / r["bytes_per_second"] for r in nes["results"]}
    assert {p.verdict.algorithm: p.x for p in points} == pytest.approx(want)
    assert {p.size for p in points} == {64}


def _quality_variant(tmp_path, name, **changes):
    d = raw()
    d.update(changes)
    path = tmp_path / name
    path.write_text(json.dumps(d))
    return path


def test_newest_full_run_is_preferred_over_a_newer_quick_run(tmp_path):
    engine = real_store(str(tmp_path / "s.sqlite"))
    older_full = _quality_variant(tmp_path, "full-old.json", mode="full", seed=1, started="2026-01-01T00:00:00Z")
    full = _quality_variant(tmp_path, "full.json", mode="full", seed=2, started="2026-02-01T00:00:00Z")
    quick = _quality_variant(tmp_path, "quick.json", mode="quick", seed=3, started="2026-03-01T00:00:00Z")
    for f in (quick, full, older_full):
        store.ingest_file(engine, f)
    ds = dsm.build(engine)
    assert {v.run["seed"] for v in qualm.verdicts(ds).values()} == {"2"}
    page = htmlm.render(ds)
    assert "seed 2, full mode" in page and "seed 3" not in page and "seed 1," not in page
    assert "Quick mode" not in page


def test_a_battery_split_per_algorithm_is_shown_whole(tmp_path):
    """hashbench quality -a A, then -a B: each algorithm from the run that
    judged it; a quick run judging one of them again does not replace it."""
    engine = targets_store(str(tmp_path / "s.sqlite"))
    data = raw()
    half = len(data["algorithms"]) // 2
    parts = [(data["algorithms"][:half], 11, "full", "2026-01-01T00:00:00Z"),
             (data["algorithms"][half:], 12, "full", "2026-01-02T00:00:00Z"),
             (data["algorithms"][:1], 13, "quick", "2026-01-03T00:00:00Z")]
    for i, (algos, seed, mode, started) in enumerate(parts):
        path = tmp_path / f"quality-part{i}.json"
        path.write_text(json.dumps(dict(data, algorithms=algos, seed=seed, mode=mode, started=started)))
        store.ingest_file(engine, path)
    ds = dsm.build(engine)
    by_algo = qualm.verdicts(ds)
    want = {a["id"]: "11" for a in data["algorithms"][:half]} | {a["id"]: "12" for a in data["algorithms"][half:]}
    assert {a: v.run["seed"] for a, v in by_algo.items()} == want
    assert [(r["seed"], n) for r, n in qualm.runs_used(by_algo)] == [("12", len(data["algorithms"]) - half),
                                                                      ("11", half)]
    charts = qualm.charts_data(ds, by_algo, summary.column_title)
    gba = next(c for c in charts if c[0] == ("gba", "thumb-rom"))
    assert {p.verdict.algorithm for p in gba[3]} == {m["algorithm"] for m in ds.for_column(gba[0])} & set(want)
    page = htmlm.render(ds)
    section = page[page.index('<h2 id="quality">'):page.index('<h2 id="throughput">')]
    assert "the best run that judged each algorithm" in section
    assert "seed 11, full mode" in section and "seed 12, full mode" in section and "seed 13" not in section


def test_no_quality_run_says_how_to_make_one(tmp_path):
    ds = dsm.build(real_store(str(tmp_path / "s.sqlite")))
    page = htmlm.render(ds)
    section = page[page.index('<h2 id="quality">'):page.index('<h2 id="throughput">')]
    assert "No hashbench quality run in the store yet" in section
    assert "hashbench quality --format json --save results/quality-" in section
    assert 'class="figure"' not in section and "chart-" not in section
    assert any("no quality run yet" in line for line in summary.topline(ds, dsm.platform_table(ds)))


def test_summary_tables_put_quality_beside_speed(tmp_path):
    db = str(tmp_path / "s.sqlite")
    _targets_with_quality(db).dispose()
    out, md = tmp_path / "index.html", tmp_path / "summary.md"
    assert main(["--db", db, "html", "-o", str(out), "--summary", str(md)]) == 0
    page, md = out.read_text(), md.read_text()
    assert "<th>quality (failed/tests)</th>" in page
    assert "| algorithm | quality | NES |" in md
    for a in raw()["algorithms"]:
        worst = max(a["widths"], key=lambda w: w["failed"])
        assert f"| {a['id']} | {worst['failed']}/{worst['tests']} |" in md
        # every width's count and worst p on hover in the HTML table
        cell = re.search(rf"<tr><td>{re.escape(a['id'])}</td><td>[^<]*</td>(<td[^>]*>[^<]*</td>)", page).group(1)
        assert f">{worst['failed']}/{worst['tests']}<" in cell
        for w in a["widths"]:
            assert f"{w['bits']} bit: {w['failed']} of {w['tests']} failed, worst {w['worst']['test']}" in cell
        assert ("not keyed" in cell) == (not a["keyed"])
    # the top line's fastest and slowest carry their quality
    assert re.search(r"fastest \S+ [\d,.]+ kB/s \([^)]*failed \d+ of \d+ quality tests\)", md)
    # under every chart: which run, its seed, mode and date
    section = page[page.index('<h2 id="quality">'):page.index('<h2 id="throughput">')]
    data = raw()
    assert section.count("<figcaption>") == 6
    assert section.count(f"seed {data['seed']}, quick mode") == 6 and section.count(data["started"]) == 6
    assert "Quick mode" in section

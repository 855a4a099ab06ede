"""hashbench files records (kind "files") in the store and the report: their
rows go to their own table and never among the kernel measurements, a
store of layout 2 made before that table gains it, bad records are refused
whole, the report's section shows the newest run with the BeagleBone
report's file-hashing figures beside it, and the other sections ignore it."""
import copy
import json
import re

import pytest
from sqlalchemy import select

from hashbench_report import compare as cmp
from hashbench_report import dataset as dsm
from hashbench_report import files as filesm
from hashbench_report import published as pubm
from hashbench_report import record as rec
from hashbench_report import store
from hashbench_report.cli import main

from conftest import FIXTURES, REAL_FILES
from report_inputs import real_store

FILES_FIXTURE = FIXTURES / "files-host.json"


def files_record():
    return json.loads(FILES_FIXTURE.read_text())


def test_fixture_is_a_files_record():
    record = rec.load(FILES_FIXTURE)
    assert record["kind"] == "files" and record["results"] == [] and len(record["files"]) > 20
    # the BeagleBone report's sizes, both cache states, hashbench sum and the tools
    assert record["settings"]["sizes"] == [1 << 20, 10 << 20, 50 << 20]
    assert {f["cache"] for f in record["files"]} == {"warm", "cold"}
    assert {"hashbench sum", "sha256sum", "openssl dgst -sha256"} <= {f["tool"] for f in record["files"]}


def test_ingest_keeps_file_timings_apart(engine):
    record = files_record()
    run_id, added = store.ingest_file(engine, FILES_FIXTURE)
    assert added
    assert store.count_rows(engine) == (1, 0)        # a run, and no kernel measurement
    rows = store.load_file_timings(engine)
    assert len(rows) == len(record["files"])
    for got, want in zip(rows, record["files"]):
        assert got["run_id"] == run_id
        for key in ("algorithm", "tool", "ours", "size", "cache", "samples_ns", "median_ns", "digest", "warnings"):
            assert got[key] == want[key], key
        assert got["ours_ratio"] == want.get("ours_ratio")
    # the same record again adds nothing
    assert store.ingest_file(engine, FILES_FIXTURE) == (run_id, False)
    assert len(store.load_file_timings(engine)) == len(record["files"])


def test_layout_2_store_without_the_table_gains_it(tmp_path):
    db = str(tmp_path / "old.sqlite")
    engine = store.open_store(db)
    store.ingest_file(engine, REAL_FILES[0])
    with engine.begin() as conn:
        store.file_timings.drop(conn)               # as a store made before the table existed
    engine.dispose()
    engine = store.open_store(db)
    assert store.count_rows(engine) == (1, len(rec.load(REAL_FILES[0])["results"]))
    store.ingest_file(engine, FILES_FIXTURE)
    assert len(store.load_file_timings(engine)) == len(files_record()["files"])


def _mutants():
    """(name, record) pairs that must be refused whole."""
    out = []
    r = files_record()
    r["files"].append(copy.deepcopy(r["files"][0]))
    out.append(("a row twice", r, "appears twice"))
    r = files_record()
    r["results"] = json.loads(REAL_FILES[0].read_text())["results"][:1]
    out.append(("kernel results in a files record", r, "expected to be empty"))
    r = files_record()
    del r["files"]
    out.append(("kind files without rows", r, "'files' is a required property"))
    r = json.loads(REAL_FILES[0].read_text())
    r["files"] = files_record()["files"]
    out.append(("file rows in a bench record", r, "should not be valid"))
    r = files_record()
    r["files"][3]["cache"] = "tepid"
    out.append(("unknown cache state", r, "files/3/cache"))
    r = files_record()
    r["files"][1]["digest"] = "XYZ"
    out.append(("digest not hex", r, "files/1/digest"))
    r = files_record()
    r["files"][2]["tool"] = "x" * 200
    out.append(("tool name longer than the column", r, "files/2: tool is longer"))
    return out


@pytest.mark.parametrize("name,record,why", _mutants(), ids=[m[0] for m in _mutants()])
def test_bad_files_records_are_refused_whole(engine, tmp_path, name, record, why):
    store.ingest_file(engine, REAL_FILES[0])
    before = store.count_rows(engine), len(store.load_file_timings(engine))
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    with pytest.raises(rec.RecordError) as e:
        store.ingest_file(engine, path)
    assert why in str(e.value), str(e.value)
    assert (store.count_rows(engine), len(store.load_file_timings(engine))) == before


def _html(tmp_path, *files):
    db = str(tmp_path / "s.sqlite")
    real_store(db)
    for f in files:
        assert main(["--db", db, "ingest", str(f)]) == 0
    out = tmp_path / "index.html"
    assert main(["--db", db, "html", "-o", str(out)]) == 0
    return out.read_text(), db


def _section(page):
    return page[page.index('<h2 id="files">'):page.index('<h2 id="warnings">')]


def test_report_section_and_published_figures_beside_it(tmp_path):
    page, db = _html(tmp_path, FILES_FIXTURE)
    record = files_record()
    section = _section(page)
    assert "No hashbench files results yet" not in section
    # every row of the run is in the table, with its median in MB/s
    for f in record["files"]:
        mbps = f["bytes_per_second"] / 1e6
        shown = f"{mbps:,.0f}" if mbps >= 100 else f"{mbps:.3g}"
        assert f"<td>{f['tool']}</td><td class=num>{shown}</td>" in section, f
    # one chart per cache state at the largest size, on top of the real store's
    algos = {r["algorithm"] for f in REAL_FILES for r in rec.load(f)["results"]}
    assert int(re.search(r'data-charts-expected="(\d+)"', page).group(1)) == len(algos) + 1 + 2
    assert "50 MiB file, warm page cache" in page and "50 MiB file, cold page cache" in page
    # the run's load warning is repeated beside its figures
    for w in record["warnings"]:
        assert w.replace("'", "&#x27;") in section
    # the BeagleBone's whole-command figures beside the same command here, and the machines said to differ
    assert "Different machines" in section
    published = [r for r in pubm.load() if filesm.is_published_file_row(r)]
    assert len(published) == 12
    for pub in published:
        tool = "sha256sum" if pub["implementation"].startswith("sha256sum") else f"openssl dgst -{pub['algorithm']}"
        same = next(f for f in record["files"] if f["tool"] == tool and f["size"] == pub["size"]
                    and f["cache"] == "warm")
        ratio = same["bytes_per_second"] / 1e6 / (pub["kBps"] / 1000)
        assert f"<td class=num>{ratio:.3g}</td>" in section, (pub["algorithm"], pub["size"], tool)
    # ... and not in the kernel-figures section, where they would meet a 64 KiB bench result
    kernel = page[page.index('<h2 id="published">'):page.index('<h2 id="files">')]
    assert "file hashing" not in kernel and "BeagleBone Black report (openssl speed)" in kernel


def test_published_pairs_without_a_run_say_so():
    pairs = filesm.published_pairs([])
    assert len(pairs) == 12 and all(same is None and ours is None for _, same, ours in pairs)


def test_newest_files_run_is_shown(tmp_path):
    older = files_record()
    older["context"]["date"] = "2001-01-01T00:00:00Z"
    for f in older["files"]:
        f["tool"] = "older " + f["tool"]
    path = tmp_path / "older.json"
    path.write_text(json.dumps(older))
    page, _ = _html(tmp_path, path, FILES_FIXTURE)
    section = _section(page)
    assert "<td>older " not in section and "<td>hashbench sum</td>" in section


def test_report_without_files_runs_says_so(tmp_path):
    page, _ = _html(tmp_path)
    assert "No hashbench files results yet" in _section(page)


def test_files_run_leaves_kernel_sections_and_compare_alone(tmp_path):
    """A files run is the newest run of its machine: compare by machine name
    still takes the newest run that measured kernels, and the host columns
    are unchanged."""
    db = str(tmp_path / "s.sqlite")
    engine = real_store(db)
    before = dsm.build(engine)
    newer = files_record()
    newer["context"]["date"] = "2099-12-31T00:00:00Z"
    newer["context"]["cpu_model"] = json.loads(REAL_FILES[-1].read_text())["context"]["cpu_model"]
    newer["context"]["arch"] = json.loads(REAL_FILES[-1].read_text())["context"]["arch"]
    path = tmp_path / "newer.json"
    path.write_text(json.dumps(newer))
    store.ingest_file(engine, path)
    after = dsm.build(engine)
    assert after.host_machine == before.host_machine and after.machines == before.machines
    assert dsm.platform_table(after) == dsm.platform_table(before)
    label, ms = cmp.select(engine, store.machine_of(newer["context"]))
    assert ms and "2099" not in label
    with engine.connect() as conn:
        assert conn.execute(select(store.measurements.c.id)).first() is not None

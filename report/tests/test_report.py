"""The HTML report and the Markdown summary, read as text (the browser test
renders them)."""
import json
import re

from hashbench_report import dataset as dsm
from hashbench_report import published as pubm
from hashbench_report import record as rec
from hashbench_report.cli import main

from conftest import REAL_FILES
from report_inputs import full_store, real_store


def _build(tmp_path, engine_fn, *extra):
    db = str(tmp_path / "s.sqlite")
    engine_fn(db, *extra) if extra else engine_fn(db)
    out, md = tmp_path / "index.html", tmp_path / "summary.md"
    shots = str(tmp_path / "screenshots")
    assert main(["--db", db, "html", "-o", str(out), "--summary", str(md), "--screenshots", shots]) == 0
    return out.read_text(), md.read_text(), db


def test_report_from_real_runs_says_what_is_missing(tmp_path):
    page, md, db = _build(tmp_path, real_store)
    assert "No peer data yet" in page
    assert "No QEMU instruction-count results yet." in page
    assert "No console screenshots yet" in page
    assert "No console results yet for NES, Game Boy, GB Color (2x), GBA, DS, DSi, N64" in page
    # the 3DS has no emulator: its row says what covers it instead
    assert "3DS: no 3DS emulator exists here" in page and "arm11mpcore" in page
    # self-contained: the plotting library is inline, nothing is loaded from elsewhere
    assert "<script src" not in page and "<link" not in page
    assert re.search(r"plotly\.js v\d", page)
    # one throughput chart per algorithm in the fixtures, plus the published-ratio chart
    algos = {r["algorithm"] for f in REAL_FILES for r in rec.load(f)["results"]}
    expected = int(re.search(r'data-charts-expected="(\d+)"', page).group(1))
    assert expected == len(algos) + 1
    assert page.count('class="figure"') == expected
    # every run-wide warning the fixtures carried is in the page
    for f in REAL_FILES:
        for w in rec.load(f)["warnings"]:
            assert w.replace("'", "&#x27;") in page
    # the summary has the platform table with the host column and every algorithm
    # quality beside speed: the column is there without a quality run, empty ("-")
    assert "| algorithm | quality | NES | Game Boy | GB Color (2x) | GBA | DS | DSi | 3DS | N64 | host: " in md
    for a in algos:
        assert f"| {a} | - |" in md
    assert "no peer data yet" in md


def test_platform_table_cell_is_best_of_ours_at_1024(tmp_path):
    _, md, db = _build(tmp_path, real_store)
    data = rec.load(REAL_FILES[-1])  # the newest real run
    best = max((r for r in data["results"] if r["algorithm"] == "md5" and r["size"] == 1024),
               key=lambda r: r["bytes_per_second"])
    assert f"| md5 | - | - | - | - | - | - | - | - | - | {best['bytes_per_second'] / 1000:,.0f} M |" in md


def test_published_figures_beside_ours(tmp_path):
    page, _, db = _build(tmp_path, real_store)
    rows = pubm.load()
    assert len(rows) > 100
    # the csv's own notes are shown, and sources that contradict each other are marked
    assert "pearson8 row duplicates fletcher64 in the source table" in page
    gba256 = [r for r in rows if r["platform"] == "GBA" and r["algorithm"] == "sha256"]
    assert {r["kBps"] for r in gba256} == {140.0, 280.0}
    assert all("disagreement" in r for r in gba256)
    # the BeagleBone sha256 figure at 1024 B is set beside this host's best sha256 at 1024 B,
    # from the newest run that measured it (runs are ingested in REAL_FILES order)
    with_sha = [(rec.load(f)["context"]["date"], i, f) for i, f in enumerate(REAL_FILES)
                if any(r["algorithm"] == "sha256" for r in rec.load(f)["results"])]
    newest = max(with_sha)[2]
    ours = max(r["bytes_per_second"] for r in rec.load(newest)["results"]
               if r["algorithm"] == "sha256" and r["size"] == 1024) / 1000
    from hashbench_report import store
    ds = dsm.build(store.open_store(db))
    best = dsm.best_by_platform(ds)
    bb = next(r for r in rows if r["platform"] == "BeagleBone Black" and r["algorithm"] == "sha256"
              and r["size"] == 1024)
    assert pubm.pick_ours(bb, best) == (ours, "host", 1024, "measured")
    assert f"{ours / bb['kBps']:.3g}" in page
    # sizes we did not measure have no counterpart (BeagleBone 16 B)
    bb16 = next(r for r in rows if r["platform"] == "BeagleBone Black" and r["algorithm"] == "sha256"
                and r["size"] == 16)
    assert pubm.pick_ours(bb16, best) is None


def test_full_report_fills_every_section(tmp_path):
    page, md, db = _build(tmp_path, full_store, tmp_path)
    assert "No peer data yet" not in page
    assert "No QEMU instruction-count results yet." not in page
    assert "No console screenshots yet" not in page
    assert "data:image/png;base64," in page
    assert "QEMU aarch64" in page and "QEMU mips" in page
    # console cells marked with their fidelity; the NES ran 64 bytes and says so
    assert re.search(r"\| sha256 \| - \| 2 @64 B A \| - \| - \| - \| - \| - \| - \| [\d,]+ C \|", md), md
    assert "instr/B" in md
    assert "synthetic test warning" in page
    assert "our best against the best peer at 1024 bytes: median ratio" in md


def test_html_on_empty_store(tmp_path):
    out = tmp_path / "index.html"
    assert main(["--db", str(tmp_path / "e.sqlite"), "html", "-o", str(out)]) == 0
    page = out.read_text()
    assert "The store holds no runs yet" in page and "No host results yet." in page
    assert 'data-charts-expected="0"' in page


def test_figure_json_cannot_close_its_script(tmp_path):
    # a hostile implementation name must not end the <script> that carries the figure
    d = json.loads(REAL_FILES[0].read_text())
    for r in d["results"]:
        r["implementation"] = "</script><b>" + r["implementation"]
    f = tmp_path / "odd.json"
    f.write_text(json.dumps(d))
    db = str(tmp_path / "s.sqlite")
    assert main(["--db", db, "ingest", str(f)]) == 0
    out = tmp_path / "index.html"
    assert main(["--db", db, "html", "-o", str(out)]) == 0
    page = out.read_text()
    assert "</script><b>" not in page
    assert "&lt;/script&gt;&lt;b&gt;fast" in page   # shown, escaped, in the platform table


def test_n64_column_per_emulator(tmp_path):
    """An N64 run in mupen64plus and one in cen64 are two columns side by side:
    the newer record does not replace the other, and each says its fidelity."""
    from hashbench_report import store
    from conftest import synthetic_record

    db = str(tmp_path / "s.sqlite")
    engine = real_store(db)
    mupen = synthetic_record("n64", "approximate", ["sha256"], kbps=1300.0, arch="mips3", clock_hz=93.75e6)
    mupen["context"]["emulator"] = "Mupen64Plus Core 2.5.9 (synthetic)"
    cen = synthetic_record("n64", "cycle-modelled", ["sha256"], kbps=700.0, arch="mips3", clock_hz=93.75e6)
    cen["context"]["emulator"] = "cen64 0.3 (synthetic)"
    cen["context"]["date"] = "2001-01-01T00:00:00Z"
    for name, r in (("mupen.json", mupen), ("cen64.json", cen)):
        (tmp_path / name).write_text(json.dumps(r))
        store.ingest_file(engine, tmp_path / name)
    out, md = tmp_path / "index.html", tmp_path / "summary.md"
    assert main(["--db", db, "html", "-o", str(out), "--summary", str(md)]) == 0
    text = md.read_text()
    header = next(l for l in text.splitlines() if l.startswith("| algorithm |"))
    assert "| N64, 93.75 MHz | N64 (cen64), 93.75 MHz |" in header
    row = next(l for l in text.splitlines() if l.startswith("| sha256 |"))
    assert "1,300 A" in row and "700 Y" in row
    # the published comparison takes the cycle-modelled run over the instruction counts
    from hashbench_report import platforms as pf
    ds = dsm.build(store.open_store(db))
    assert dsm.best_by_platform(ds)[("n64", "sha256", 1024)][1] == "cycle-modelled"
    assert pf.fidelity_rank("cycle-modelled") < pf.fidelity_rank("approximate")

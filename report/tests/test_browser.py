"""Headless Chromium (Debian's /usr/bin/chromium, driven by Playwright; its own
browser download is never used) opens the report from disk: no console
errors, no request leaves the file, every chart rendered.  Screenshots are
saved under build/report/ for a person to look at."""
import os
import shutil
import tempfile
from pathlib import Path

import pytest

from hashbench_report.cli import main

from hashbench_report import store

from conftest import GBA_SHOTS, QUALITY_FILES
from report_inputs import full_store, real_store, targets_store

CHROMIUM = os.environ.get("HASHBENCH_CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]
SHOT_DIR = Path(__file__).resolve().parents[2] / "build" / "report"


@pytest.fixture(scope="module")
def browser_page():
    if not Path(CHROMIUM).is_file():
        pytest.skip(f"browser test skipped: {CHROMIUM} not found (Debian package chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("browser test skipped: the playwright Python package is not installed")
    profile = tempfile.mkdtemp(prefix="hb-chromium-")
    with sync_playwright() as p:
        # a fresh --user-data-dir per run, as the flags above require
        ctx = p.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, headless=True, args=FLAGS,
                                                   viewport={"width": 1300, "height": 1000})
        try:
            yield ctx
        finally:
            ctx.close()
            shutil.rmtree(profile, ignore_errors=True)


def _open(ctx, html_path):
    page = ctx.new_page()
    problems, requests = [], []
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type in ("error", "warning")
            else None)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on("requestfailed", lambda r: problems.append(f"request failed: {r.url}"))
    page.on("request", lambda r: requests.append(r.url))
    page.goto(html_path.as_uri())
    page.wait_for_selector("body[data-charts-rendered]", timeout=60000)
    return page, problems, requests


def _check_rendered(page, problems, requests, html_path):
    expected = int(page.get_attribute("body", "data-charts-expected"))
    rendered = int(page.get_attribute("body", "data-charts-rendered"))
    assert rendered == expected
    charts = page.query_selector_all("div.chart")
    assert len(charts) == expected
    for c in charts:
        cid = c.get_attribute("id")
        assert c.get_attribute("data-rendered") == "yes", cid
        # plotly drew an SVG with at least one trace into it, and it has a size
        assert c.query_selector("svg.main-svg") is not None, cid
        # and drew data: a line or bar trace, markers (speed against quality), or the heat map's image
        # (empty layers exist in every plot)
        assert c.query_selector("g.scatterlayer g.trace path.js-line, g.scatterlayer g.trace path.point, "
                                "g.barlayer g.trace path, g.hm image"), cid
        box = c.bounding_box()
        assert box and box["width"] > 200 and box["height"] > 200, cid
    assert problems == []
    assert requests == [html_path.as_uri()], requests
    return expected


def _shoot(page, name):
    SHOT_DIR.mkdir(parents=True, exist_ok=True)
    path = SHOT_DIR / name
    page.screenshot(path=str(path), full_page=True)
    assert path.stat().st_size > 10000
    return path


def _report(tmp_path, fill):
    db = str(tmp_path / "s.sqlite")
    fill(db, tmp_path) if fill is full_store else fill(db)
    out = tmp_path / "index.html"
    assert main(["--db", db, "html", "-o", str(out), "--screenshots", str(tmp_path / "screenshots")]) == 0
    return out


def test_report_from_real_runs_renders(browser_page, tmp_path):
    html_path = _report(tmp_path, real_store)
    page, problems, requests = _open(browser_page, html_path)
    n = _check_rendered(page, problems, requests, html_path)
    assert n >= 4
    assert "No peer data yet" in page.inner_text("#peers + p")
    _shoot(page, "browser-test-real.png")
    page.close()


def test_report_with_every_section_renders(browser_page, tmp_path):
    html_path = _report(tmp_path, full_store)
    page, problems, requests = _open(browser_page, html_path)
    n = _check_rendered(page, problems, requests, html_path)
    # throughput charts, the peer ratio, the QEMU heat map and the published ratio
    assert n >= 7
    img = page.query_selector("#screenshots ~ .shots img")
    assert img is not None and img.evaluate("i => i.complete && i.naturalWidth") == 8
    _shoot(page, "browser-test-full.png")
    page.close()


def test_report_from_real_qemu_and_gba_renders(browser_page, tmp_path):
    db = str(tmp_path / "s.sqlite")
    targets_store(db).dispose()
    html_path = tmp_path / "index.html"
    assert main(["--db", db, "html", "-o", str(html_path), "--screenshots", str(GBA_SHOTS)]) == 0
    page, problems, requests = _open(browser_page, html_path)
    # throughput charts, the published ratio and the QEMU heat map, all drawn
    n = _check_rendered(page, problems, requests, html_path)
    assert n >= 5
    assert page.query_selector("#qemu ~ div.heat g.hm image") is not None
    headings = page.inner_text("#platforms ~ div.wide tr:first-child")
    assert "GBA Thumb ROM, 16.78 MHz" in headings and "GBA ARM IWRAM, 16.78 MHz" in headings
    assert "QEMU aarch64 (cortex-a53)" in headings
    imgs = page.query_selector_all("#screenshots ~ .shots img")
    assert len(imgs) == 2 and all(i.evaluate("i => i.complete && i.naturalWidth") == 240 for i in imgs)
    _shoot(page, "browser-test-targets.png")
    page.close()


def test_screenshot_panel_labels_each_emulator(browser_page, tmp_path):
    """The screenshot panel as a browser draws it: each console's runs in
    columns headed by the emulator their records name, each view's
    photographs side by side on one row, every picture loaded."""
    from test_screenshots import RUNS, VIEWS, _runs
    db = str(tmp_path / "s.sqlite")
    real_store(db).dispose()
    top = tmp_path / "retro"
    _runs(top)
    html_path = tmp_path / "index.html"
    assert main(["--db", db, "html", "-o", str(html_path), "--screenshots", str(top / "gb-gambatte"),
                 "--screenshots", str(top / "gb-mgba")]) == 0
    page, problems, requests = _open(browser_page, html_path)
    _check_rendered(page, problems, requests, html_path)
    heads = page.query_selector_all("#screenshots ~ .shots table th[data-emulator]")
    assert [h.inner_text().splitlines()[0] for h in heads] == list(RUNS.values())
    rows = page.query_selector_all("#screenshots ~ .shots table tr")[1:]
    assert len(rows) == len(VIEWS) + 1
    for row in rows:
        cells = row.query_selector_all("td[data-emulator]")
        assert [c.get_attribute("data-emulator") for c in cells] == list(RUNS.values())
        boxes = [c.query_selector("img").bounding_box() for c in cells]
        # side by side: the same height on the page, left to right
        assert abs(boxes[0]["y"] - boxes[1]["y"]) < 1 and boxes[0]["x"] < boxes[1]["x"]
        assert all(c.query_selector("img").evaluate("i => i.complete && i.naturalWidth > 0") for c in cells)
        for c, label in zip(cells, RUNS.values()):
            assert c.query_selector("figcaption").inner_text().startswith(label + ": ")
    _shoot(page, "browser-test-screenshots.png")
    page.close()


def test_speed_against_quality_charts_render(browser_page, tmp_path):
    """Every platform of the real QEMU, GBA and host fixtures gets a chart,
    each with one drawn marker per algorithm both it and the quality run
    have, and hovering a marker names the algorithm."""
    import json
    db = str(tmp_path / "s.sqlite")
    engine = targets_store(db)
    store.ingest_file(engine, QUALITY_FILES[0])
    from hashbench_report import dataset as dsm
    from hashbench_report import quality as qualm
    from hashbench_report import summary
    ds = dsm.build(engine)
    expected = [(title, len(points)) for _, title, _, points, _ in
                qualm.charts_data(ds, qualm.verdicts(ds), summary.column_title)]
    engine.dispose()
    judged = {a["id"]: a["name"] for a in json.loads(QUALITY_FILES[0].read_text())["algorithms"]}
    html_path = tmp_path / "index.html"
    assert main(["--db", db, "html", "-o", str(html_path)]) == 0
    page, problems, requests = _open(browser_page, html_path)
    _check_rendered(page, problems, requests, html_path)
    figures = page.query_selector_all("#quality ~ div.grid figure")
    figures = [f for f in figures if f.query_selector("figcaption")]
    assert len(figures) == len(expected) == 6
    for fig, (title, n) in zip(figures, expected):
        assert fig.query_selector("g.infolayer g.g-gtitle").text_content() == title
        assert len(fig.query_selector_all("g.scatterlayer g.points path.point")) == n, title
    # hover the first marker of the first chart: plotly's label names an algorithm of the run
    point = figures[0].query_selector("g.scatterlayer g.points path.point")
    figures[0].scroll_into_view_if_needed()
    box = point.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    label = page.wait_for_selector("g.hoverlayer g.hovertext", timeout=5000).text_content()
    assert any(name in label for name in judged.values()) and "failed" in label and "p=" in label, label
    _shoot(page, "browser-test-quality.png")
    page.close()

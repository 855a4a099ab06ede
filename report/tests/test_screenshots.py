"""The report's screenshot panel: each console's screens side by side, one
column per run headed by the emulator the run's record names, one row per
view (hashbench_report/screenshots.py)."""
import json
import re

from hashbench_report.cli import main

from report_inputs import real_store, tiny_png

# two runs of the Game Boy ROM (as tools/retro-run/views.py names the
# files) and a folder of pictures with no record
VIEWS = ["banner", "p1-fast-category-1024", "p2-fast-speed-1024", "p2-fast-category-1024"]
RUNS = {"gambatte": "Gambatte v0.5.0 (gambatte_gb_hwmode=GB)", "mgba": "mGBA 0.10.1 (mgba_gb_model=Game Boy)"}


def _runs(top):
    for tag, emulator in RUNS.items():
        d = top / f"gb-{tag}"
        for i, v in enumerate(VIEWS + ["p2-fast-category-1024"]):     # the last view shown twice
            tiny_png(d / f"{i:02d}-{v}-{tag}.png", width=8 + i)
        (d / "results.json").write_text(json.dumps({"context": {"platform": "gb", "emulator": emulator}}))
    # a record says gambatte; the file name's tag says mgba: the record wins
    odd = top / "odd"
    tiny_png(odd / "00-banner-mgba.png")
    (odd / "results.json").write_text(json.dumps({"context": {"platform": "gba", "emulator": "Gambatte v0.5.0"}}))
    tiny_png(top / "loose" / "title.png")


def _page(tmp_path):
    db = str(tmp_path / "s.sqlite")
    real_store(db)
    top = tmp_path / "retro"
    _runs(top)
    out = tmp_path / "index.html"
    folders = [top / "gb-gambatte", top / "gb-mgba", top / "odd", top / "loose"]
    args = ["--db", db, "html", "-o", str(out)] + [a for f in folders for a in ("--screenshots", str(f))]
    assert main(args) == 0
    return out.read_text()


def _panel(page):
    return page[page.index('<h2 id="screenshots">'):page.index('<h2 id="published">')]


def _table(panel, title):
    m = re.search(rf"<h3>{re.escape(title)}</h3>(.*?)</table>", panel, re.S)
    assert m, f"no {title} table"
    return m.group(1)


def test_each_console_side_by_side_labelled_by_the_record(tmp_path):
    panel = _panel(_page(tmp_path))
    assert "No console screenshots yet" not in panel
    gb = _table(panel, "Game Boy")
    # one column per run, headed by the emulator its record names
    assert re.findall(r'<th data-emulator="([^"]*)"', gb) == [
        "Gambatte v0.5.0 (gambatte_gb_hwmode=GB)", "mGBA 0.10.1 (mgba_gb_model=Game Boy)"]
    # one row per view, the two emulators' photographs of it side by side
    rows = re.findall(r"<tr><td>(.*?)</td>(.*?)</tr>", gb, re.S)
    assert [r[0] for r in rows] == VIEWS + ["p2-fast-category-1024 (2)"]
    for view, cells in rows:
        got = re.findall(r'<td data-emulator="([^"]*)" data-view="([^"]*)">', cells)
        assert [e for e, _ in got] == list(RUNS.values()), view
        assert {v for _, v in got} == {view.split(" ")[0]}
    # each picture captioned with its emulator and file
    assert "Gambatte v0.5.0 (gambatte_gb_hwmode=GB): gb-gambatte/02-p2-fast-speed-1024-gambatte.png" in gb
    assert "mGBA 0.10.1 (mgba_gb_model=Game Boy): gb-mgba/02-p2-fast-speed-1024-mgba.png" in gb
    assert gb.count("<img ") == 2 * (len(VIEWS) + 1)


def test_the_label_comes_from_the_record_not_the_file_name(tmp_path):
    panel = _panel(_page(tmp_path))
    gba = _table(panel, "GBA")
    assert re.findall(r'<th data-emulator="([^"]*)"', gba) == ["Gambatte v0.5.0"]
    assert 'data-emulator="mGBA' not in gba
    # the tag the record does not name stays part of the view
    assert 'data-view="banner-mgba"' in gba


def test_a_folder_without_a_record_says_so(tmp_path):
    panel = _panel(_page(tmp_path))
    loose = _table(panel, "loose")
    assert 'data-emulator="loose (no results.json: emulator unknown)"' in loose
    assert 'data-view="title"' in loose


def test_the_n64s_unnumbered_shots_pair_up_across_emulators(tmp_path):
    # the N64 ROM names its banner and the runner its last table without a number
    top = tmp_path / "retro"
    for tag, emulator in {"mupen64plus": "mupen64plus 2.5.9 (CountPerOp=1)", "cen64": "cen64 0.3"}.items():
        d = top / f"n64-{tag}"
        for name in ("banner", "01-p1-o32-category-1024", "final"):
            tiny_png(d / f"{name}-{tag}.png")
        (d / "results.json").write_text(json.dumps({"context": {"platform": "n64", "emulator": emulator}}))
    db = str(tmp_path / "s.sqlite")
    real_store(db)
    out = tmp_path / "index.html"
    args = ["--db", db, "html", "-o", str(out), "--screenshots", str(top / "n64-mupen64plus"),
            "--screenshots", str(top / "n64-cen64")]
    assert main(args) == 0
    n64 = _table(_panel(out.read_text()), "N64")
    rows = re.findall(r"<tr><td>(.*?)</td>(.*?)</tr>", n64, re.S)
    assert sorted(r[0] for r in rows) == ["banner", "final", "p1-o32-category-1024"]
    for view, cells in rows:
        assert len(re.findall(r'<td data-emulator="[^"]*" data-view="[^"]*">', cells)) == 2, view


def test_no_screenshots_says_so(tmp_path):
    db = str(tmp_path / "s.sqlite")
    real_store(db)
    out = tmp_path / "index.html"
    assert main(["--db", db, "html", "-o", str(out), "--screenshots", str(tmp_path / "none")]) == 0
    assert "No console screenshots yet" in out.read_text()

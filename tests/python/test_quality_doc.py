"""tools/quality_doc.py: docs/quality.md's generated blocks.

The fixture (fixtures/quality-quick.json) is a real `hashbench quality
--quick --format json` run of all 40 algorithms with each width's results
list emptied (the tool reads the summaries; the lists made it 700 KB); the
tool must write one verdict row per (algorithm, width) with the file's
figures, find its own output up to date, and find a changed cell.  On a
copy of the document: the real one holds the full run's table."""
import copy
import json
import re
import shutil
import subprocess
import sys

import jsonschema
import pytest
from conftest import ROOT

TOOL = ROOT / "tools" / "quality_doc.py"
FIXTURE = ROOT / "tests" / "python" / "fixtures" / "quality-quick.json"
SCHEMA = json.loads((ROOT / "docs" / "schema" / "quality.schema.json").read_text())


def tool(*args):
    return subprocess.run([sys.executable, str(TOOL), *map(str, args)], capture_output=True, text=True)


@pytest.fixture
def doc(tmp_path):
    d = tmp_path / "quality.md"
    shutil.copy(ROOT / "docs" / "quality.md", d)
    return d


def block(text, name):
    m = re.search(rf"<!-- quality:{name} begin -->\n(.*?)<!-- quality:{name} end -->", text, re.S)
    assert m, f"no {name} block"
    return m.group(1)


def verdict_rows(text):
    """{(algorithm, width): (tests, failed)} from the verdicts table."""
    rows = {}
    for line in block(text, "verdicts").splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) == 8 and cells[3].isdigit():
            rows[(cells[0], int(cells[3]))] = (int(cells[4]), int(cells[5]))
    return rows


def test_fixture_is_a_whole_quick_run():
    rec = json.loads(FIXTURE.read_text())
    jsonschema.validate(rec, SCHEMA)
    assert rec["mode"] == "quick"
    assert len(rec["algorithms"]) == 40


def test_writes_a_row_per_algorithm_and_width(doc):
    p = tool("--doc", doc, "--results", FIXTURE)
    assert p.returncode == 0, p.stderr
    rec = json.loads(FIXTURE.read_text())
    want = {(a["id"], w["bits"]): (w["tests"], w["failed"]) for a in rec["algorithms"] for w in a["widths"]}
    text = doc.read_text()
    assert verdict_rows(text) == want
    # the comparison block has every row of the SMHasher3 facts, with our verdict filled in
    smh = block(text, "smhasher3")
    for algo in ("xxh64", "sha256", "fnv1a32"):
        assert re.search(rf"^\| {re.escape(algo)} \| \d+/\d+ \(\d+, [^)]+\) \|", smh, re.M), algo
    assert tool("--doc", doc, "--results", FIXTURE, "--check").returncode == 0


def test_check_finds_a_changed_cell(doc, tmp_path):
    assert tool("--doc", doc, "--results", FIXTURE).returncode == 0
    rec = json.loads(FIXTURE.read_text())
    changed = copy.deepcopy(rec)
    w = changed["algorithms"][5]["widths"][0]
    w["failed"] += 1
    path = tmp_path / "changed.json"
    path.write_text(json.dumps(changed))
    before = doc.read_text()
    p = tool("--doc", doc, "--results", path, "--check")
    assert p.returncode == 1
    assert "differs: verdicts" in p.stdout
    assert f"| {changed['algorithms'][5]['id']} |" in p.stdout      # the diff shows the row
    assert doc.read_text() == before                                # --check writes nothing


def test_bad_input_is_refused(doc, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    p = tool("--doc", doc, "--results", bad)
    assert p.returncode == 2 and "not JSON" in p.stderr
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"schema": "hashbench-results"}))
    p = tool("--doc", doc, "--results", other)
    assert p.returncode == 2 and "not a hashbench quality result" in p.stderr
    rec = json.loads(FIXTURE.read_text())
    del rec["algorithms"][0]["widths"][0]["failed"]
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(rec))
    p = tool("--doc", doc, "--results", broken)
    assert p.returncode == 2 and "quality.schema.json" in p.stderr
    nomark = tmp_path / "nomark.md"
    nomark.write_text("# no markers\n")
    p = tool("--doc", nomark, "--results", FIXTURE)
    assert p.returncode == 2 and "markers" in p.stderr

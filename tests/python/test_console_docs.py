"""tools/console_docs.py: the console docs' generated tables and their check.

The tool is run on a copy of docs/consoles/gba.md with a small record of our
own (two algorithms, the GBA's four implementations, three sizes), so these
tests need no emulator: --write fills the markers, --check passes on the
same record and fails once a cell of the copy is altered, a figure of the
record moves, or a marker is missing.  The committed docs against a fresh
run: each console's tier of tests/run_tiers.py (console_docs.py --check).
"""
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools/console_docs.py"
sys.path.insert(0, str(ROOT / "tools"))
import console_docs  # noqa: E402

IMPLS = ("portable@thumb-rom", "fast@thumb-rom", "portable@arm-iwram", "fast@arm-iwram")


def record(path, scale=1.0, build="ab" * 32):
    """a results record shaped like the GBA runner's, cycles from a formula"""
    results = []
    for k, algo in enumerate(("crc32", "sha256")):
        for j, impl in enumerate(IMPLS):
            for n in (64, 256, 1024):
                cpb = (10.0 + 37.0 * k + 5.0 * j + 640.0 / n) * scale
                results.append({"algorithm": algo, "implementation": impl, "size": n,
                                "cycles_per_byte": cpb, "bytes_per_second": 16.777216e6 / cpb,
                                "samples_ticks": [round(cpb * n)] * 2})
    path.write_text(json.dumps({"schema": "hashbench-results",
                                "context": {"hashbench_build": "test", "date": "2026-01-01T00:00:00Z",
                                            "console": {"build_sha256": build}},
                                "results": results}))
    return path


def run(*args):
    return subprocess.run([sys.executable, str(TOOL), *args], stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True)


@pytest.fixture
def docs(tmp_path):
    d = tmp_path / "docs"
    d.mkdir()
    shutil.copy(ROOT / "docs/consoles/gba.md", d / "gba.md")
    rec = record(tmp_path / "gba.json")
    p = run("--write", "gba", "--docs", str(d), "--record", f"gba={rec}")
    assert p.returncode == 0, p.stdout
    return d, rec


def test_write_fills_the_markers_with_the_records_figures(docs):
    d, rec = docs
    text = (d / "gba.md").read_text()
    # sha256 portable@thumb-rom at 1024 bytes: 10 + 37 + 0 + 0.625 = 47.6 cycles per byte
    assert "| sha256 | 47.6 / " in text
    assert "ROM build `abababababab`" in text
    assert text.count("<!-- end generated -->") == 2


def test_check_passes_on_the_same_record(docs):
    d, rec = docs
    p = run("--check", "gba", "--docs", str(d), "--record", f"gba={rec}")
    assert p.returncode == 0, p.stdout
    assert "2 passed, 0 failed, 0 skipped" in p.stdout


def test_check_fails_when_a_cell_is_altered(docs):
    d, rec = docs
    doc = d / "gba.md"
    text = doc.read_text()
    assert "| sha256 | 47.6 / " in text
    doc.write_text(text.replace("| sha256 | 47.6 / ", "| sha256 | 47.7 / ", 1))
    p = run("--check", "gba", "--docs", str(d), "--record", f"gba={rec}")
    assert p.returncode == 1, p.stdout
    assert "FAIL gba-results" in p.stdout and "1 passed, 1 failed" in p.stdout
    assert "'sha256', column 2" in p.stdout


def test_check_fails_when_the_run_moves(docs, tmp_path):
    d, _ = docs
    moved = record(tmp_path / "moved.json", scale=1.01, build="cd" * 32)
    p = run("--check", "gba", "--docs", str(d), "--record", f"gba={moved}")
    assert p.returncode == 1, p.stdout
    assert "0 passed, 2 failed" in p.stdout


def test_check_fails_without_markers(docs):
    d, rec = docs
    doc = d / "gba.md"
    doc.write_text(doc.read_text().replace("console_docs.py gba-setup", "console_docs.py gba-other"))
    p = run("--check", "gba", "--docs", str(d), "--record", f"gba={rec}")
    assert p.returncode == 1 and "FAIL gba-setup" in p.stdout, p.stdout


def test_missing_record_and_bad_usage_say_why(docs, tmp_path):
    d, _ = docs
    p = run("--check", "gba", "--docs", str(d), "--record", f"gba={tmp_path / 'none.json'}")
    assert p.returncode == 1 and "cannot read it" in p.stdout
    p = run("--check", "gba", "--from", "test", "--docs", str(d), "--record", f"gba={tmp_path / 'none.json'}")
    assert p.returncode == 0 and "0 passed, 0 failed, 2 skipped" in p.stdout, p.stdout
    p = run("--check", "nosuch")
    assert p.returncode == 2 and "no tables for console" in p.stdout
    p = run("--write", "gba", "--record", "gba")
    assert p.returncode == 2 and "NAME=FILE" in p.stdout


def test_compare_tolerance():
    doc = ["| a | b |", "|---|---:|", "| x | 100 / 2.00 |"]
    near = ["| a | b |", "|---|---:|", "| x | 101 / 2.01 |"]
    far = ["| a | b |", "|---|---:|", "| x | 103 / 2.00 |"]
    assert console_docs.compare(doc, doc, 0.0) == []
    assert console_docs.compare(doc, near, 0.0)                 # deterministic: any change fails
    assert console_docs.compare(doc, near, 0.005) == []         # within 0.5% plus the last digit
    assert console_docs.compare(doc, far, 0.005)
    assert console_docs.compare(doc, doc[:2], 0.5)              # a row missing

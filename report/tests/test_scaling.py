"""The thread-scaling section (hashbench_report/scaling.py): a real
`hashbench bench --scale` record goes into the store and comes out as one
curve per implementation, thread counts in order; without such results the
section says how to make them."""
import json
import os
import subprocess
from pathlib import Path

import pytest

from hashbench_report import dataset as dsm
from hashbench_report import scaling
from hashbench_report import store
from hashbench_report.cli import main

ROOT = Path(__file__).resolve().parents[2]
EXE = Path(os.environ.get("HB_BUILD", ROOT / "build")) / "hashbench"


def test_split_names():
    assert scaling.split("mt/2t") == ("mt", 2)
    assert scaling.split("rust-blake3-rayon/12t") == ("rust-blake3-rayon", 12)
    assert scaling.split("mt") is None and scaling.split("fast@arm-iwram") is None


@pytest.fixture
def scaled_record(tmp_path):
    if not EXE.exists():
        pytest.skip(f"{EXE} is not built (make)")
    out = tmp_path / "scale.json"
    env = dict(os.environ, HB_RUST_PEERS="none")
    subprocess.run([str(EXE), "bench", "-a", "blake3", "--impl", "mt,fast", "-s", "256K,512K", "--scale=3",
                    "--budget", "20", "--repeat", "3", "--format", "json", "-o", str(out)],
                   check=True, env=env, capture_output=True)
    return out


def test_curves_from_a_scale_run(tmp_path, scaled_record):
    db = str(tmp_path / "s.sqlite")
    engine = store.open_store(db)
    store.ingest_file(engine, scaled_record)
    ds = dsm.build(engine)
    found = scaling.curves(ds)
    assert set(found) == {("blake3", 256 * 1024), ("blake3", 512 * 1024)}
    for series in found.values():
        assert list(series) == ["mt"]           # fast takes no thread count: no curve
        points = series["mt"]
        assert [p[0] for p in points] == [1, 2, 3]
        assert all(p[2] <= p[1] <= p[3] for p in points)    # min <= median <= max
    page = tmp_path / "index.html"
    assert main(["--db", db, "html", "-o", str(page), "--screenshots", str(tmp_path / "none")]) == 0
    text = page.read_text()
    assert '<h2 id="scaling">Thread scaling</h2>' in text and "blake3 at 262,144 bytes" in text


def test_section_without_results(tmp_path):
    db = str(tmp_path / "e.sqlite")
    page = tmp_path / "index.html"
    assert main(["--db", db, "html", "-o", str(page), "--screenshots", str(tmp_path / "none")]) == 0
    assert "No thread-scaling results yet" in page.read_text()

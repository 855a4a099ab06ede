"""The report sees every console the documented commands and the test tiers
ran (issue 21): `make report` ingests what `make report-inputs` lists, and
that list holds every results.json the console runs write, however deep
below build/retro they are.  Before, only build/retro/*/results.json was
read, and the Game Boy, GBA and N64 tiers (which write a level deeper) left
their columns empty."""
import json
import re
import subprocess
from pathlib import Path

from hashbench_report import dataset as dsm
from hashbench_report import store
from hashbench_report.cli import main

from conftest import synthetic_record

ROOT = Path(__file__).resolve().parents[2]

# where records are written today: `make retro PLATFORM=...` (platforms/*/*.mk)
# and the console tiers (platforms/*/test_*.py), each with the platform its
# record names
WRITTEN = [
    ("retro/nes/results.json", "nes"), ("retro/gb/results.json", "gb"), ("retro/gb-mgba/results.json", "gb"),
    ("retro/gbc/results.json", "gbc"), ("retro/gbc-mgba/results.json", "gbc"),
    ("retro/gba/results.json", "gba"), ("retro/nds/results.json", "nds"), ("retro/dsi/results.json", "dsi"),
    ("retro/n64/results.json", "n64"),
    ("retro/gb-test/gambatte/results.json", "gb"), ("retro/gb-test/mgba/results.json", "gb"),
    ("retro/gb-test/gbc-gambatte/results.json", "gbc"), ("retro/gba-test/run1/results.json", "gba"),
    ("retro/n64-test/run1/results.json", "n64"), ("retro/nds-test/results.json", "nds"),
    ("retro/nds-test/dsi/results.json", "dsi"),
]


def report_inputs(build):
    proc = subprocess.run(["make", "-s", "--no-print-directory", "report-inputs", f"BUILD={build}"], cwd=ROOT,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, check=True)
    return [Path(line) for line in proc.stdout.split()]


def test_every_results_json_below_build_retro_is_an_input(tmp_path):
    for rel, platform in WRITTEN:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("{}")
    (tmp_path / "retro/gb-test/gambatte/notes.json").write_text("{}")    # not a record's name: left alone
    (tmp_path / "cross/results").mkdir(parents=True)
    got = set(report_inputs(tmp_path))
    missing = [rel for rel, _ in WRITTEN if tmp_path / rel not in got]
    assert not missing, f"make report would not read {missing}"
    assert tmp_path / "cross/results" in got
    assert tmp_path / "retro/gb-test/gambatte/notes.json" not in got


def test_report_has_a_column_for_every_console_run(tmp_path):
    """one record per place, ingested as make report does: every console's column is there"""
    build = tmp_path / "build"
    for i, (rel, platform) in enumerate(WRITTEN):
        rec = synthetic_record(platform, "approximate", ["crc32", "sha256"], kbps=1.0 + i, clock_hz=4194304)
        (build / rel).parent.mkdir(parents=True, exist_ok=True)
        (build / rel).write_text(json.dumps(rec))
    db = tmp_path / "store.sqlite"
    assert main(["--db", str(db), "ingest", *map(str, report_inputs(build))]) == 0
    ds = dsm.build(store.open_store(str(db)))
    columns = {platform for _, platform in ds.machines}
    assert columns == {platform for _, platform in WRITTEN}


def test_every_console_tier_checks_that_the_report_finds_its_records():
    """each console test that writes a record asks make report-inputs for it
    (platforms/common/console_checks.py check_report_finds), so a tier whose
    records the report would not find fails there"""
    scripts = sorted(ROOT.glob("platforms/*/test_*.py"))
    writers = [p for p in scripts if re.search(r"build/retro/", p.read_text())]
    assert {p.parent.name for p in writers} >= {"nes", "gb", "gba", "nds", "n64"}
    lacking = [str(p.relative_to(ROOT)) for p in writers if "check_report_finds(" not in p.read_text()]
    assert not lacking, f"these console tests never check that the report finds their records: {lacking}"


def test_3ds_column_shows_arm11mpcore_instruction_counts_at_268_mhz(tmp_path):
    """the cross tier's 3DS record (run_cross.console_record: QEMU's counts as
    the 3DS, cross/targets.py) fills the 3DS column with instructions per
    byte, labelled as counts at 268 MHz, not a time"""
    import sys
    sys.path.insert(0, str(ROOT / "cross"))
    import run_cross
    import targets
    from conftest import QEMU_FILES
    from hashbench_report import summary
    [armv6k] = [t for t in targets.TARGETS if t["name"] == "armv6k"]
    console = armv6k["console"]
    assert console["cpu"] in [cpu for cpu, counted in armv6k["cpus"] if counted]
    assert (console["platform"], console["clock_hz"]) == ("3ds", 268000000)
    qemu = json.loads(QEMU_FILES[0].read_text())     # a real QEMU record stands in for the armv6k one
    path = tmp_path / "3ds.json"
    path.write_text(json.dumps(run_cross.console_record(qemu, console)))
    db = tmp_path / "store.sqlite"
    assert main(["--db", str(db), "ingest", str(path)]) == 0
    ds = dsm.build(store.open_store(str(db)))
    assert ds.machines == [("3ds", "3ds")]
    [(column, title)] = [(c, t) for c, t in summary.table_columns(ds) if c]
    assert title == "3DS, 268 MHz: QEMU instr/B, not time"
    table = dsm.platform_table(ds)
    for algo in {r["algorithm"] for r in qemu["results"]}:
        best = min(r["instructions_per_byte"] for r in qemu["results"]
                   if r["algorithm"] == algo and r["size"] == 1024)
        cell = table[algo][column]
        assert (cell.unit, cell.fidelity, cell.value) == ("instr/B", "instruction-count", best)
    assert not any("3DS" in note for note in summary.missing_platform_notes(ds))

"""Every results record the project writes validates against
docs/schema/results.schema.json: host runs (test_bench.py) and, when the
cross tier has run, the QEMU instruction-count records."""
import json

import jsonschema
import pytest
from conftest import ROOT, workload_digests

SCHEMA = json.loads((ROOT / "docs" / "schema" / "results.schema.json").read_text())
CROSS = sorted((ROOT / "build" / "cross" / "results").glob("*.json"))


def test_schema_is_valid():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.skipif(not CROSS, reason="no QEMU records: the cross tier has not run (make cross)")
@pytest.mark.parametrize("path", CROSS, ids=[p.stem for p in CROSS])
def test_cross_records(path):
    data = json.loads(path.read_text())
    jsonschema.validate(data, SCHEMA)
    ctx = data["context"]
    # a QEMU target's own record, or the 3DS's, counted on QEMU's arm11mpcore
    assert ctx["platform"].startswith("qemu-") or (
        ctx["platform"] == "3ds" and ctx["emulator"].startswith("qemu-arm ") and "-cpu arm11mpcore" in ctx["emulator"])
    for r in data["results"]:
        assert r["timing_fidelity"] == "instruction-count"
        assert r["instructions_per_byte"] == pytest.approx(r["instructions"] / r["size"], abs=1e-3)
        if r["size"] == 1024:
            assert r["digest"] == workload_digests()[r["algorithm"]], (path.name, r["algorithm"], r["implementation"])


def test_instruction_count_records_need_their_counts():
    record = json.loads(CROSS[0].read_text()) if CROSS else None
    if record is None:
        pytest.skip("no QEMU records to mutate")
    del record["results"][0]["instructions"]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(record, SCHEMA)

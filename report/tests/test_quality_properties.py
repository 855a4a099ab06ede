"""Property tests of the quality ingest (quality_record.parse,
store.ingest_file) over malformed quality records, as test_ingest_properties
does for results records: any field given any value, fields removed,
truncated text.  For every file the ingest either stores it whole or raises
record.RecordError naming the file, the store unchanged; any other
exception (KeyError, TypeError, a driver's error) fails the test."""
import copy
import json
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hashbench_report import record as rec
from hashbench_report import store

from conftest import QUALITY_FILES
from test_ingest_properties import get_parent, json_values, paths
from test_quality_report import counts

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# the fixture cut to a one-width and a three-width algorithm, two results each, so each example is quick
BASE = json.loads(QUALITY_FILES[0].read_text())
BASE["algorithms"] = [a for a in BASE["algorithms"] if a["id"] in ("crc32", "md5")]
for _a in BASE["algorithms"]:
    for _w in _a["widths"]:
        _w["results"] = sorted(_w["results"], key=lambda r: r["p"])[:2]
        _w["tests"], _w["failed"] = 2, sum(r["failed"] for r in _w["results"])
ALL_PATHS = paths(BASE)

_tmp = tempfile.TemporaryDirectory(prefix="hb-quality-props-")
ENGINE = store.open_store(str(Path(_tmp.name) / "store.sqlite"))
_counter = [0]


def check(text):
    _counter[0] += 1
    path = Path(_tmp.name) / f"quality-{_counter[0]}.json"
    path.write_bytes(text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text)
    before = counts(ENGINE)
    try:
        _, _, added = store.ingest_path(ENGINE, path)
    except rec.RecordError as e:
        assert str(e).startswith(str(path)), f"the message does not name the file: {e}"
        assert counts(ENGINE) == before, "a refused file left rows behind"
        return False
    after = counts(ENGINE)
    assert after[2] == before[2] + (1 if added else 0) and after[:2] == before[:2]
    return True


def test_the_base_record_is_stored():
    assert check(json.dumps(BASE))


@SETTINGS
@given(st.sampled_from(ALL_PATHS), json_values)
def test_a_field_with_any_value(path, value):
    record = copy.deepcopy(BASE)
    get_parent(record, path)[path[-1]] = value
    check(json.dumps(record))


@SETTINGS
@given(st.lists(st.sampled_from(ALL_PATHS), min_size=1, max_size=3, unique=True))
def test_fields_missing(victims):
    record = copy.deepcopy(BASE)
    for path in sorted(victims, key=len, reverse=True):
        try:
            parent = get_parent(record, path)
            if isinstance(parent, dict):
                parent.pop(path[-1], None)
            elif path[-1] < len(parent):
                del parent[path[-1]]
        except (KeyError, IndexError, TypeError):
            pass
    check(json.dumps(record))


@SETTINGS
@given(st.floats(min_value=0.0, max_value=1.0))
def test_truncated(fraction):
    text = json.dumps(BASE, indent=1)
    check(text[:int(len(text) * fraction)])


def test_seed_beyond_uint64_and_long_names_are_refused():
    for change in (dict(seed=2 ** 64), dict(started="2026-" + "9" * 60)):
        assert not check(json.dumps(dict(copy.deepcopy(BASE), **change)))
    record = copy.deepcopy(BASE)
    record["algorithms"][0]["widths"][0]["results"][0]["test"] = "t" * 65
    assert not check(json.dumps(record))

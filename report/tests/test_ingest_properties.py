"""Property tests of the ingest (record.load/parse, store.ingest_file) over
malformed and adversarial files: arbitrary JSON, real records with fields
removed or given values of the wrong type, huge numbers, NaN and Infinity,
deep nesting, strings with control characters, NUL and lone surrogates,
invalid UTF-8 and truncated files.

The property, for every file: the ingest either stores it whole, as a
record that is valid (strict JSON, the schema, one row per result), or
raises record.RecordError with a message naming the file, leaving the store
as it was.  Any other exception (TypeError, KeyError, a driver's error ...)
fails the test.  On SQLite: the columns' limits that only PostgreSQL
enforces (lengths, NUL, integer ranges) are checked by the store before
the transaction, so the same property holds there."""
import copy
import json
import math
import tempfile
from pathlib import Path

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hashbench_report import record as rec
from hashbench_report import store

from conftest import REAL_FILES

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# a real host record, cut to three results so that each example is quick
BASE = json.loads(REAL_FILES[0].read_text())
BASE["results"] = BASE["results"][:3]

_tmp = tempfile.TemporaryDirectory(prefix="hb-ingest-props-")
ENGINE = store.open_store(str(Path(_tmp.name) / "store.sqlite"))
_counter = [0]


def write(data):
    """data (bytes or str) to a new file; its path."""
    _counter[0] += 1
    path = Path(_tmp.name) / f"record-{_counter[0]}.json"
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    path.write_bytes(data)
    return path


def strict_json(text):
    """json.loads that refuses NaN and Infinity, as JSON does."""
    def refuse(name):
        raise ValueError(f"{name} is not JSON")
    return json.loads(text, parse_constant=refuse)


def check_ingest(data, engine=ENGINE):
    """The property for one file's content."""
    path = write(data)
    before = store.count_rows(engine)
    try:
        run_id, added = store.ingest_file(engine, path)
    except rec.RecordError as e:
        assert str(e).startswith(str(path)), f"the message does not name the file: {e}"
        assert store.count_rows(engine) == before, "a refused file left rows behind"
        return None
    # stored: it must be a valid record, and stored whole
    record = strict_json(path.read_text(encoding="utf-8"))
    rec._validator().validate(record)
    after = store.count_rows(engine)
    if added:
        assert after == (before[0] + 1, before[1] + len(record["results"]))
    else:
        assert after == before
    assert any(r["id"] == run_id for r in store.list_runs(engine))
    return record


# --- value strategies --------------------------------------------------------

nasty_text = st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=0x10FFFF,
                                            blacklist_categories=()), max_size=80)
huge_ints = st.sampled_from([2 ** 31, 2 ** 63, -2 ** 63 - 1, 2 ** 64, 10 ** 30, 10 ** 400, -10 ** 400])
odd_floats = st.sampled_from([math.nan, math.inf, -math.inf, 1e308, -0.0, 5e-324, 1.5, 64.0])
scalars = st.one_of(st.none(), st.booleans(), st.integers(), huge_ints, st.floats(), odd_floats, nasty_text)
json_values = st.recursive(scalars, lambda kids: st.one_of(st.lists(kids, max_size=4),
                                                           st.dictionaries(nasty_text, kids, max_size=4)),
                           max_leaves=20)


def dumps(value):
    """Python's JSON text for value: NaN and Infinity as their bare words,
    big integers in full, lone surrogates as \\u escapes (ensure_ascii)."""
    return json.dumps(value)


def paths(value, prefix=()):
    """Every (path) to a value inside value, the root excluded."""
    out = []
    if isinstance(value, dict):
        items = value.items()
    elif isinstance(value, list):
        items = enumerate(value)
    else:
        return out
    for k, v in items:
        out.append(prefix + (k,))
        out.extend(paths(v, prefix + (k,)))
    return out


ALL_PATHS = paths(BASE)


def get_parent(record, path):
    node = record
    for k in path[:-1]:
        node = node[k]
    return node


# --- the properties ----------------------------------------------------------

def test_the_base_record_is_stored():
    assert check_ingest(json.dumps(BASE)) is not None


@SETTINGS
@given(json_values)
def test_arbitrary_json(value):
    check_ingest(dumps(value))


@SETTINGS
@given(st.sampled_from(ALL_PATHS), json_values)
def test_a_field_with_any_value(path, value):
    record = copy.deepcopy(BASE)
    get_parent(record, path)[path[-1]] = value
    check_ingest(dumps(record))


@SETTINGS
@given(st.lists(st.sampled_from(ALL_PATHS), min_size=1, max_size=3, unique=True))
def test_fields_missing(victims):
    record = copy.deepcopy(BASE)
    # deepest first, so that an earlier removal does not move a later path
    for path in sorted(victims, key=len, reverse=True):
        try:
            parent = get_parent(record, path)
            if isinstance(parent, dict):
                parent.pop(path[-1], None)
            elif path[-1] < len(parent):
                del parent[path[-1]]
        except (KeyError, IndexError, TypeError):
            pass   # an ancestor went first
    check_ingest(dumps(record))


@SETTINGS
@given(st.sampled_from(["platform", "arch", "cpu_model", "compiler", "hashbench_version", "date"]),
       st.one_of(nasty_text, st.text(min_size=60, max_size=300)))
def test_context_strings(field, text):
    record = copy.deepcopy(BASE)
    record["context"][field] = text
    check_ingest(dumps(record))


@SETTINGS
@given(st.sampled_from(["algorithm", "implementation", "digest", "name"]), nasty_text)
def test_result_strings(field, text):
    record = copy.deepcopy(BASE)
    record["results"][0][field] = text
    check_ingest(dumps(record))


@SETTINGS
@given(st.sampled_from(["size", "iterations_per_sample", "median_ns", "min_ns", "max_ns", "spread",
                        "bytes_per_second", "cycles_per_byte"]),
       st.one_of(huge_ints, odd_floats, st.integers(), st.floats()))
def test_result_numbers(field, number):
    record = copy.deepcopy(BASE)
    record["results"][1][field] = number
    check_ingest(dumps(record))


@SETTINGS
@given(st.sampled_from(["repeat", "budget_ms"]), st.one_of(huge_ints, odd_floats, st.integers()))
def test_settings_numbers(field, number):
    record = copy.deepcopy(BASE)
    record["settings"][field] = number
    check_ingest(dumps(record))


@SETTINGS
@given(st.integers(min_value=1, max_value=5000), st.sampled_from(["[", "{\"a\":"]))
def test_deep_nesting(depth, opener):
    closer = "]" if opener == "[" else "}"
    nested = opener * depth + "1" + closer * depth
    check_ingest(nested)
    # the same inside the record's open context object
    text = json.dumps(BASE)
    check_ingest(text.replace('"context": {', '"context": {"deep": ' + nested + ", ", 1))


@SETTINGS
@given(st.floats(min_value=0.0, max_value=1.0))
def test_truncated(fraction):
    text = json.dumps(BASE, indent=1).encode("utf-8")
    check_ingest(text[:int(len(text) * fraction)])


@SETTINGS
@given(st.binary(min_size=1, max_size=8), st.floats(min_value=0.0, max_value=1.0))
def test_bytes_spliced_in(junk, fraction):
    """Arbitrary bytes (invalid UTF-8, NUL, control characters) inside a record's text."""
    text = json.dumps(BASE).encode("utf-8")
    at = int(len(text) * fraction)
    check_ingest(text[:at] + junk + text[at:])


@pytest.mark.parametrize("text", [
    '{"schema": "hashbench-results", "schema_version": 1, "x": NaN}',
    json.dumps(BASE).replace('"median_ns": ', '"median_ns": Infinity, "_": ', 1),
    json.dumps(BASE).replace('"median_ns": ', '"median_ns": 1e400, "_": ', 1),
    json.dumps(dict(BASE, warnings=["nul \u0000 inside"])),
    json.dumps(BASE).replace('"cpu_model": "', '"cpu_model": "\\ud800', 1),
    json.dumps(BASE).replace('"size": 16', '"size": 16.0', 1),
    json.dumps(BASE).replace('"size": 16', '"size": 100000000000000000000', 1),
    "\ufeff" + json.dumps(BASE),
    "",
    "[" * 100000,
])
def test_known_cases(text):
    check_ingest(text)


def test_whole_float_integer_is_stored_as_integer():
    record = copy.deepcopy(BASE)
    record["results"][0]["size"] = float(record["results"][0]["size"])
    record["context"]["compiler_flags"] += " (whole float size)"
    assert check_ingest(json.dumps(record)) is not None


def _with(path, value):
    record = copy.deepcopy(BASE)
    get_parent(record, path)[path[-1]] = value
    return json.dumps(record)


# what SQLite takes but PostgreSQL's columns refuse: the same answer on both
@pytest.mark.parametrize("text", [
    _with(("context", "cpu_model"), "nul \u0000 inside"),
    _with(("context", "platform"), "p" * 65),
    _with(("results", 0, "size"), 2 ** 63),
    _with(("settings", "repeat"), 2 ** 31),
    _with(("results", 0, "implementation"), "i" * 129),
], ids=["nul", "long-platform", "huge-size", "huge-repeat", "long-implementation"])
def test_column_limits_on_each_store(engine, text):
    before = store.count_rows(engine)
    path = write(text)
    with pytest.raises(rec.RecordError):
        store.ingest_file(engine, path)
    assert store.count_rows(engine) == before

"""Reading one `hashbench quality --format json` record and deciding
whether the store may take it (the quality counterpart of record.py).

A quality record is not a results record: it has its own schema,
docs/schema/quality.schema.json ("schema": "hashbench-quality/1"), and
says how an algorithm's output fared in the battery, not how fast it ran.
Everything is checked before anything is stored, so a refused file leaves
no trace; the message names the file and the first problem.
"""
import json
import os

import jsonschema

from . import record as rec

SCHEMA_PREFIX = "hashbench-quality/"
SCHEMA_NAME = SCHEMA_PREFIX + "1"
SCHEMA_FILE = rec.Path("docs") / "schema" / "quality.schema.json"
MODES = ("quick", "full")

RecordError = rec.RecordError
NUMBER = (int, float)

_validator_cache = {}


def is_quality(text):
    """Whether JSON text claims to be a quality record (any version): the
    ingest sends it here rather than to the results reader.  Text that is
    not JSON is not (record.parse says why)."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return False
    schema = data.get("schema") if isinstance(data, dict) else None
    return isinstance(schema, str) and schema.startswith(SCHEMA_PREFIX)


def _validator():
    if "v" not in _validator_cache:
        path = os.environ.get("HASHBENCH_QUALITY_SCHEMA") or rec.find_repo_file(SCHEMA_FILE)
        if not path:
            raise rec.RecordError(f"cannot find {SCHEMA_FILE} (run from the hashbench tree, or set "
                                  "HASHBENCH_QUALITY_SCHEMA)")
        with open(path, encoding="utf-8") as f:
            _validator_cache["v"] = jsonschema.Draft202012Validator(json.load(f))
    return _validator_cache["v"]


def _where(path):
    return "/".join(str(p) for p in path) or "(top level)"


def _need(obj, key, kinds, where, source, null=False):
    """obj[key] of one of `kinds` (or null, where null is allowed), or
    RecordError naming the field: the store reads these fields whatever the
    schema file says."""
    if not isinstance(obj, dict) or key not in obj:
        raise RecordError(f"{source}: not a complete quality record: {where}{key} is missing")
    value = obj[key]
    if value is None and null:
        return None
    if isinstance(value, bool) and bool not in kinds:
        value = None                     # JSON true is not a number here
    if not isinstance(value, kinds):
        names = "/".join(k.__name__.replace("str", "string").replace("dict", "object").replace("list", "array")
                         for k in kinds)
        raise RecordError(f"{source}: {where}{key} is {json.dumps(obj[key])[:40]}, expected {names}")
    return value


def _check_fields(record, source):
    """What the store and the report read, field by field, with the field's
    path in the message (a record the schema file accepts but that lacks
    these cannot be shown)."""
    _need(record, "version", (str, int), "", source)
    seed = _need(record, "seed", (int,), "", source)
    if not 0 <= seed < 2 ** 64:
        raise RecordError(f"{source}: seed {seed} is not a 64-bit unsigned integer")
    mode = _need(record, "mode", (str,), "", source)
    if mode not in MODES:
        raise RecordError(f"{source}: mode is {mode!r}, expected one of {', '.join(MODES)}")
    config = _need(record, "config", (dict,), "", source)
    for key in ("log2_keys", "avalanche_keys", "seed_keys"):
        _need(config, key, (int,), "config/", source)
    _need(record, "host", (dict,), "", source)
    _need(record, "started", (str,), "", source)
    _need(record, "wall_seconds", NUMBER, "", source, null=True)
    rule = _need(record, "rule", (dict,), "", source)
    _need(rule, "alpha", NUMBER, "rule/", source)
    _need(rule, "correction", (str,), "rule/", source)
    algos = _need(record, "algorithms", (list,), "", source)
    seen = set()
    for i, a in enumerate(algos):
        at = f"algorithms/{i}/"
        algo = _need(a, "id", (str,), at, source)
        if algo in seen:
            raise RecordError(f"{source}: {at}id {algo!r} appears twice")
        seen.add(algo)
        _need(a, "tier", (str,), at, source)
        _need(a, "keyed", (bool,), at, source)
        widths = _need(a, "widths", (list,), at, source)
        if not widths:
            raise RecordError(f"{source}: {at}widths is empty: {algo} was judged at no width")
        bits_seen = set()
        for j, w in enumerate(widths):
            wat = f"{at}widths/{j}/"
            bits = _need(w, "bits", (int,), wat, source)
            if bits in bits_seen:
                raise RecordError(f"{source}: {wat}bits: {algo} at {bits} bits appears twice")
            bits_seen.add(bits)
            tests = _need(w, "tests", (int,), wat, source)
            failed = _need(w, "failed", (int,), wat, source)
            if not 0 <= failed <= tests:
                raise RecordError(f"{source}: {wat}failed is {failed} of {tests} tests")
            if w.get("worst") is not None:
                _need(w["worst"], "test", (str,), wat + "worst/", source)
                # a p-value is null where the test could not give one (the schema allows it)
                _need(w["worst"], "p", NUMBER, wat + "worst/", source, null=True)
            elif tests:
                raise RecordError(f"{source}: {wat}worst is missing: {tests} tests ran, one was the worst")
            results = w.get("results")
            if results is None:
                continue
            if not isinstance(results, list):
                raise RecordError(f"{source}: {wat}results is not an array")
            for k, r in enumerate(results):
                rat = f"{wat}results/{k}/"
                _need(r, "test", (str,), rat, source)
                _need(r, "p", NUMBER, rat, source, null=True)
                _need(r, "failed", (bool,), rat, source)
            # the summary is the count of its results: a record whose two disagree was edited or is broken
            if len(results) != tests or sum(r["failed"] for r in results) != failed:
                raise RecordError(f"{source}: {wat}: the summary says {failed} of {tests} tests failed, "
                                  f"its results list {sum(r['failed'] for r in results)} of {len(results)}")


def parse(text, source="<input>"):
    """The validated quality record from JSON text, or RecordError."""
    try:
        record = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"{source}: not valid JSON (line {e.lineno}, column {e.colno}: {e.msg})") from None
    except RecursionError:
        raise RecordError(f"{source}: not a hashbench quality record (nested too deeply to read)") from None
    rec._check_values(record, source)
    if not isinstance(record, dict):
        raise RecordError(f"{source}: not a hashbench quality record (the top level is not an object)")
    schema = record.get("schema")
    if schema != SCHEMA_NAME:
        if isinstance(schema, str) and schema.startswith(SCHEMA_PREFIX):
            raise RecordError(f"{source}: unknown quality schema {schema!r}; this hashbench-report reads "
                              f"{SCHEMA_NAME!r}")
        raise RecordError(f"{source}: not a hashbench quality record (\"schema\" is {schema!r}, "
                          f"expected {SCHEMA_NAME!r})")
    errors = sorted(_validator().iter_errors(record), key=lambda e: list(e.absolute_path))
    if errors:
        first = errors[0]
        more = f" (and {len(errors) - 1} more problems)" if len(errors) > 1 else ""
        raise RecordError(f"{source}: does not match the quality schema at {_where(first.absolute_path)}: "
                          f"{first.message}{more}")
    _check_fields(record, source)
    return record


def worst_width(algorithm):
    """The width an algorithm fared worst at: most tests failed, then the
    smallest worst p-value, then the narrowest (the summary's y)."""
    def badness(w):
        p = (w.get("worst") or {}).get("p")
        return (w["failed"], -(1.0 if p is None else p), -w["bits"])
    return max(algorithm["widths"], key=badness)

"""Reading one results record and deciding whether the store may take it.

A record is what `hashbench bench --format json` writes (host), and what the
QEMU and console runners write in the same schema.  Everything is checked
before anything is stored, so a rejected file leaves no trace.
"""
import hashlib
import json
import math
import os
from pathlib import Path

import jsonschema

SCHEMA_NAME = "hashbench-results"
KNOWN_VERSIONS = (1,)
SCHEMA_FILE = Path("docs") / "schema" / "results.schema.json"


class RecordError(Exception):
    """A file the store refuses; the message says which file and why."""


def find_repo_file(relative):
    """The project's own file `relative`, looked up from this package's folder
    (an editable install lives in report/) and from the current directory."""
    starts = [Path(__file__).resolve().parent, Path.cwd().resolve()]
    for start in starts:
        for folder in [start, *start.parents]:
            candidate = folder / relative
            if candidate.is_file():
                return candidate
    return None


def load_schema():
    path = os.environ.get("HASHBENCH_SCHEMA") or find_repo_file(SCHEMA_FILE)
    if not path:
        raise RecordError(f"cannot find {SCHEMA_FILE} (run from the hashbench tree, or set HASHBENCH_SCHEMA)")
    with open(path, encoding="utf-8") as f:
        return json.load(f)


_schema_cache = {}


def _validator():
    if "v" not in _schema_cache:
        schema = load_schema()
        _schema_cache["v"] = jsonschema.Draft202012Validator(schema)
    return _schema_cache["v"]


def fingerprint(record):
    """Identity of a record's content (key order and whitespace do not matter),
    so ingesting the same results twice, even re-saved, adds nothing."""
    canon = json.dumps(record, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canon.encode("utf-8")).hexdigest()


def parse(text, source="<input>"):
    """The validated record from JSON text, or RecordError."""
    try:
        record = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"{source}: not valid JSON (line {e.lineno}, column {e.colno}: {e.msg})") from None
    except UnicodeDecodeError:
        # bytes given rather than text
        raise RecordError(f"{source}: not a text file (UTF-8 expected)") from None
    except RecursionError:
        raise RecordError(f"{source}: not a hashbench results record (nested too deeply to read)") from None
    _check_values(record, source)
    if not isinstance(record, dict):
        raise RecordError(f"{source}: not a hashbench results record (the top level is not an object)")
    if record.get("schema") != SCHEMA_NAME:
        raise RecordError(f"{source}: not a hashbench results record (\"schema\" is {record.get('schema')!r}, "
                          f"expected {SCHEMA_NAME!r}, or 'hashbench-quality/1' for a quality record)")
    version = record.get("schema_version")
    if version not in KNOWN_VERSIONS:
        raise RecordError(f"{source}: unknown schema version {version!r}; this hashbench-report reads version "
                          + ", ".join(str(v) for v in KNOWN_VERSIONS))
    errors = sorted(_validator().iter_errors(record), key=lambda e: list(e.absolute_path))
    if errors:
        first = errors[0]
        where = "/".join(str(p) for p in first.absolute_path) or "(top level)"
        more = f" (and {len(errors) - 1} more problems)" if len(errors) > 1 else ""
        raise RecordError(f"{source}: does not match the results schema at {where}: {first.message}{more}")
    _check_consistency(record, source)
    return record


# a record is a few levels deep; anything far deeper is not one (and would
# reach Python's recursion limit in the schema check or json.dumps)
MAX_DEPTH = 64


def _check_values(record, source):
    """What Python's json module accepts but JSON and the store do not:
    NaN and Infinity (also as a number too large for a double, 1e400), and
    nesting deep enough to exhaust the recursion limit further on."""
    todo = [(record, 1)]
    while todo:
        value, depth = todo.pop()
        if depth > MAX_DEPTH:
            raise RecordError(f"{source}: not a hashbench results record (nested more than {MAX_DEPTH} deep)")
        if isinstance(value, float) and not math.isfinite(value):
            raise RecordError(f"{source}: a number is {value!r}, which JSON does not allow "
                              "(NaN, Infinity, or too large for a double)")
        if isinstance(value, dict):
            todo.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            todo.extend((v, depth + 1) for v in value)


def _check_consistency(record, source):
    """What the schema cannot say: one measurement per algorithm, implementation
    and size, and sample durations that can be turned into per-call times."""
    seen = set()
    for i, r in enumerate(record["results"]):
        key = (r["algorithm"], r["implementation"], r["size"])
        if key in seen:
            raise RecordError(f"{source}: results/{i}: {key[0]} {key[1]} at {key[2]} bytes appears twice")
        seen.add(key)
    seen = set()
    for i, f in enumerate(record.get("files", [])):
        key = (f["algorithm"], f["tool"], f["size"], f["cache"])
        if key in seen:
            raise RecordError(f"{source}: files/{i}: {key[1]} ({key[0]}) at {key[2]} bytes, {key[3]}, appears twice")
        seen.add(key)


def read_text(path):
    """The text of file `path`, or RecordError."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise RecordError(f"{path}: not a text file (UTF-8 expected)") from None
    except OSError as e:
        raise RecordError(f"{path}: cannot read ({e.strerror})") from None


def load(path):
    """The validated record in file `path`, or RecordError."""
    return parse(read_text(path), str(path))


def per_call_ns(result):
    """Raw samples as nanoseconds per call (a sample times iterations_per_sample calls)."""
    n = result["iterations_per_sample"]
    return [s / n for s in result["samples_ns"]]

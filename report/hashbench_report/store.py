"""The results store: one row per run, one row per measurement.

SQLite by default (results/hashbench.sqlite); PostgreSQL when given a
postgresql:// URL, for a team collecting results from many machines.  The
same SQLAlchemy Core code serves both.  Each file is ingested in one
transaction: it is stored whole or not at all.

The tables' layout has a version (STORE_VERSION, kept in `store_info`).  A
store written by another layout is refused with a message that says how to
rebuild it, rather than failing half-way through an ingest.
"""
import datetime
import json
import os
from pathlib import Path

from sqlalchemy import (BigInteger, Boolean, Column, Double, ForeignKey, Integer, MetaData, String, Table, Text,
                        UniqueConstraint, create_engine, event, inspect, select)
from sqlalchemy.exc import IntegrityError

from . import platforms
from . import quality_record as qrec
from . import record as rec

DEFAULT_DB = os.path.join("results", "hashbench.sqlite")

# 1: the first layout (timing columns NOT NULL; no store_info table).
# 2: timing columns nullable (QEMU instruction counts have no time), an
#    `instructions` column, QEMU machines named with their CPU model.
# 3: a `peer` column: the record's own word on whether a result is a peer
#    library's (before, the report guessed it from the implementation's name).
STORE_VERSION = 3

metadata = MetaData()


def _child_of(parent, fk="run_id"):
    """The columns every table of rows under `parent` starts with: its own id,
    then its parent row's, `fk` (deleted with it; indexed: read by parent)."""
    return (Column("id", Integer, primary_key=True, autoincrement=True),
            Column(fk, Integer, ForeignKey(f"{parent}.id", ondelete="CASCADE"), nullable=False, index=True))

store_info = Table(
    "store_info", metadata,
    Column("key", String(64), primary_key=True),
    Column("value", Text, nullable=False),
)

runs = Table(
    "runs", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    # sha256 of the record's canonical JSON: the same results are stored once
    Column("fingerprint", String(64), nullable=False, unique=True),
    Column("source", Text, nullable=False),
    Column("platform", String(64), nullable=False),
    Column("arch", String(64), nullable=False),
    Column("cpu_model", Text, nullable=False),
    Column("machine", Text, nullable=False),
    Column("date", String(32), nullable=False),
    Column("hashbench_version", String(64), nullable=False),
    Column("hashbench_build", Text),
    Column("compiler", Text, nullable=False),
    Column("compiler_flags", Text, nullable=False),
    Column("emulator", Text),
    Column("clock_hz", Double),
    Column("mode", String(16), nullable=False),
    Column("aligned", Boolean),
    Column("impl_setting", Text),
    Column("budget_ms", Double),
    Column("repeat", Integer),
    Column("context_json", Text, nullable=False),
    Column("settings_json", Text, nullable=False),
    Column("warnings_json", Text, nullable=False),
    Column("ingested_at", String(32), nullable=False),
)

measurements = Table(
    "measurements", metadata,
    *_child_of("runs"),
    Column("algorithm", String(64), nullable=False),
    Column("name", Text),
    Column("tier", String(16), nullable=False),
    Column("implementation", String(128), nullable=False),
    # a library measured beside hashbench (OpenSSL, the Rust crates, ...): the
    # record's `peer`; false where the record has none (the console and QEMU
    # runners, which measure hashbench's own implementations only)
    Column("peer", Boolean, nullable=False),
    Column("size", BigInteger, nullable=False),
    Column("timing_fidelity", String(32), nullable=False),
    # the timing columns are NULL for instruction counts (QEMU), which time nothing
    Column("iterations_per_sample", BigInteger),
    Column("samples_ns", Text),                      # JSON array: raw sample durations, as recorded
    Column("samples_ticks", Text),                   # JSON array or NULL
    Column("median_ns", Double),
    Column("min_ns", Double),
    Column("max_ns", Double),
    Column("spread", Double),
    Column("bytes_per_second", Double),
    Column("cycles_per_byte", Double),
    Column("counter_ticks_per_byte", Double),
    Column("instructions", BigInteger),              # guest instructions for one hash (QEMU)
    Column("instructions_per_byte", Double),
    Column("digest", Text, nullable=False),
    Column("warnings_json", Text, nullable=False),
    UniqueConstraint("run_id", "algorithm", "implementation", "size", name="one_measurement_per_key"),
)

# hashbench files (records of kind "files"): whole processes hashing a file,
# one row per algorithm, tool, file size and page-cache state of a run; kept
# apart from `measurements`, which are kernel figures.  A table added to
# layout 2: open_store creates it in a store that lacks it (it only adds).
file_timings = Table(
    "file_timings", metadata,
    *_child_of("runs"),
    Column("algorithm", String(64), nullable=False),
    Column("tier", String(16), nullable=False),
    Column("tool", String(128), nullable=False),
    Column("ours", Boolean, nullable=False),
    Column("program", Text),
    Column("version", Text),
    Column("threads", Integer),
    Column("size", BigInteger, nullable=False),
    Column("cache", String(8), nullable=False),
    Column("samples_ns", Text, nullable=False),      # JSON array: wall time of each run
    Column("median_ns", Double, nullable=False),
    Column("min_ns", Double, nullable=False),
    Column("max_ns", Double, nullable=False),
    Column("spread", Double, nullable=False),
    Column("bytes_per_second", Double, nullable=False),
    Column("compared_with", String(128)),
    Column("ours_ratio", Double),
    Column("digest", Text, nullable=False),
    Column("warnings_json", Text, nullable=False),
    UniqueConstraint("run_id", "algorithm", "tool", "size", "cache", name="one_file_timing_per_key"),
)

# hashbench rng records (kind "rng", docs/rng.md): one row per run and
# source holds the record's entry as JSON (the entries are small, read
# whole, and their layout is the schema's $defs/rng_source, so the store
# does not repeat it column by column).  A table added to layout 3:
# open_store creates it in a store made before it (nothing else changes, so
# the layout version stays).  rng.py reads it for the report.
rng_sources = Table(
    "rng_sources", metadata,
    *_child_of("runs"),
    Column("position", Integer, nullable=False),          # the order of the command's table
    Column("source", String(64), nullable=False),
    Column("label", Text, nullable=False),
    Column("status", String(16), nullable=False),
    Column("entry_json", Text, nullable=False),
    UniqueConstraint("run_id", "position", name="one_rng_source_per_position"),
)


# hashbench quality records ("schema": "hashbench-quality/1", their own
# schema, docs/schema/quality.schema.json): not results records, so not
# `runs` rows.  One row per quality run, one per algorithm and width judged
# (the record's summary: tests, failed, the worst test), one per scored test
# of that width.  Tables added to layout 3 (open_store creates them where
# missing; nothing else changes, so the layout version stays).
quality_runs = Table(
    "quality_runs", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("fingerprint", String(64), nullable=False, unique=True),
    Column("source", Text, nullable=False),
    Column("hashbench_version", String(64), nullable=False),
    # the battery's seed is a uint64: kept as its decimal text, since
    # PostgreSQL's bigint stops at 2^63 - 1
    Column("seed", String(20), nullable=False),
    Column("mode", String(16), nullable=False),
    Column("log2_keys", Integer, nullable=False),
    Column("avalanche_keys", Integer, nullable=False),
    Column("seed_keys", Integer, nullable=False),
    Column("host_cpu", Text),
    Column("host_cores", Integer),
    Column("build", Text),                              # the git revision hashbench was built from
    Column("started", String(40), nullable=False),
    Column("wall_seconds", Double),
    Column("threads", Integer),
    Column("peak_rss_kib", BigInteger),
    Column("alpha", Double, nullable=False),
    Column("correction", String(32), nullable=False),
    Column("config_json", Text, nullable=False),
    Column("host_json", Text, nullable=False),
    Column("ingested_at", String(32), nullable=False),
)

quality_summaries = Table(
    "quality_summaries", metadata,
    *_child_of("quality_runs"),
    Column("algorithm", String(64), nullable=False),
    Column("name", Text),
    Column("tier", String(16), nullable=False),
    Column("keyed", Boolean, nullable=False),
    Column("impls_json", Text, nullable=False),         # JSON array: the implementations cross-checked
    # 1, or the factor by which it ran fewer keys (a very slow subject: PBKDF2); NULL where not recorded
    Column("scale", Integer),
    Column("bits", Integer, nullable=False),
    Column("tests", Integer, nullable=False),
    Column("failed", Integer, nullable=False),
    Column("worst_test", String(64)),                   # NULL only when no test ran at this width
    Column("worst_variant", Text),
    Column("worst_p", Double),
    UniqueConstraint("run_id", "algorithm", "bits", name="one_quality_summary_per_width"),
)

quality_results = Table(
    "quality_results", metadata,
    *_child_of("quality_summaries", "summary_id"),
    Column("position", Integer, nullable=False),        # the record's order
    Column("test", String(64), nullable=False),
    Column("variant", Text),
    Column("statistic", Double),
    Column("p", Double),                                # NULL where the test gave none
    Column("failed", Boolean, nullable=False),
    Column("detail", Text),
    UniqueConstraint("summary_id", "position", name="one_quality_result_per_position"),
)


def database_url(db=None):
    """A SQLAlchemy URL from --db, HASHBENCH_DB, or the default SQLite file.
    A plain path means a SQLite file; postgresql:// uses the psycopg driver."""
    db = db or os.environ.get("HASHBENCH_DB") or DEFAULT_DB
    for prefix in ("postgresql://", "postgres://"):
        if db.startswith(prefix):
            return "postgresql+psycopg://" + db[len(prefix):]
    if "://" in db:
        return db
    path = Path(db)
    path.parent.mkdir(parents=True, exist_ok=True)
    return "sqlite:///" + str(path)


class StoreVersionError(Exception):
    """A store written with another table layout; the message says what to do."""


def _stored_version(conn):
    """The layout version of the store behind `conn`: None when it is empty,
    1 for the first layout (tables but no store_info)."""
    tables = set(inspect(conn).get_table_names())
    if "store_info" in tables:
        value = conn.execute(select(store_info.c.value).where(store_info.c.key == "version")).scalar()
        return int(value) if value is not None else None
    return 1 if "runs" in tables or "measurements" in tables else None


def _check_version(engine, db):
    try:
        with engine.begin() as conn:
            version = _stored_version(conn)
            if version is None:
                metadata.create_all(conn)
                conn.execute(store_info.insert().values(key="version", value=str(STORE_VERSION)))
                version = STORE_VERSION
    except IntegrityError:
        # another process created the store at the same moment: read what it wrote
        with engine.connect() as conn:
            version = _stored_version(conn)
    if version != STORE_VERSION:
        where = db or os.environ.get("HASHBENCH_DB") or DEFAULT_DB
        how = ("delete the file" if engine.dialect.name == "sqlite"
               else "drop the tables runs, measurements and store_info (or use a new database)")
        raise StoreVersionError(
            f"the store {where} has table layout version {version}; this hashbench-report uses version "
            f"{STORE_VERSION}. Rebuild it from the results files: {how}, then `hashbench-report ingest` them "
            f"again (`make report` re-ingests results/ and build/), or give --db a new store.")


def open_store(db=None):
    """An engine on a store of this layout version, created when empty;
    StoreVersionError for a store of another layout."""
    engine = create_engine(database_url(db), future=True)
    if engine.dialect.name == "sqlite":
        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(conn, _record):
            conn.execute("PRAGMA foreign_keys = ON")
    try:
        _check_version(engine, db)
        # tables added to this layout since its version (file_timings, rng_sources, the
        # quality tables) are created where missing; a new store has them all already
        with engine.begin() as conn:
            metadata.create_all(conn)
    except BaseException:
        engine.dispose()
        raise
    return engine


def machine_of(context):
    """The name a run's machine goes by in comparisons and the report.  QEMU
    runs add the emulated CPU: the cross tier runs one architecture on more
    than one CPU model (qemu-aarch64 as cortex-a53 and as max)."""
    if context["platform"] == "host":
        return f"host: {context['cpu_model']} ({context['arch']})"
    if context["platform"].startswith("qemu-"):
        return f"{context['platform']} ({context['cpu_model']})"
    return platforms.console_machine(context["platform"], context.get("emulator"))


def _run_row(record, fp, source):
    c, s = record["context"], record["settings"]
    return {
        "fingerprint": fp, "source": source,
        "platform": c["platform"], "arch": c["arch"], "cpu_model": c["cpu_model"], "machine": machine_of(c),
        "date": c["date"], "hashbench_version": c["hashbench_version"], "hashbench_build": c.get("hashbench_build"),
        "compiler": c["compiler"], "compiler_flags": c["compiler_flags"],
        "emulator": c.get("emulator"), "clock_hz": c.get("clock_hz"),
        "mode": s["mode"], "aligned": s.get("aligned"), "impl_setting": s.get("impl"),
        "budget_ms": s.get("budget_ms"), "repeat": s.get("repeat"),
        "context_json": json.dumps(c, sort_keys=True), "settings_json": json.dumps(s, sort_keys=True),
        "warnings_json": json.dumps(record["warnings"]),
        "ingested_at": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
    }


def _json_or_none(value):
    return None if value is None else json.dumps(value)


def _measurement_row(run_id, r):
    """The schema requires the timing fields for every fidelity but
    instruction-count and the counts for instruction-count (record.parse has
    checked); whatever a record does not carry is stored as NULL."""
    return {
        "run_id": run_id, "algorithm": r["algorithm"], "name": r.get("name"), "tier": r["tier"],
        "implementation": r["implementation"], "peer": r.get("peer", False), "size": r["size"],
        "timing_fidelity": r["timing_fidelity"],
        "iterations_per_sample": r.get("iterations_per_sample"),
        "samples_ns": _json_or_none(r.get("samples_ns")), "samples_ticks": _json_or_none(r.get("samples_ticks")),
        "median_ns": r.get("median_ns"), "min_ns": r.get("min_ns"), "max_ns": r.get("max_ns"),
        "spread": r.get("spread"), "bytes_per_second": r.get("bytes_per_second"),
        "cycles_per_byte": r.get("cycles_per_byte"), "counter_ticks_per_byte": r.get("counter_ticks_per_byte"),
        "instructions": r.get("instructions"), "instructions_per_byte": r.get("instructions_per_byte"),
        "digest": r["digest"], "warnings_json": json.dumps(r["warnings"]),
    }


def _file_timing_row(run_id, f):
    return {
        "run_id": run_id, "algorithm": f["algorithm"], "tier": f["tier"], "tool": f["tool"], "ours": f["ours"],
        "program": f.get("program"), "version": f.get("version"), "threads": f.get("threads"), "size": f["size"],
        "cache": f["cache"], "samples_ns": json.dumps(f["samples_ns"]), "median_ns": f["median_ns"],
        "min_ns": f["min_ns"], "max_ns": f["max_ns"], "spread": f["spread"],
        "bytes_per_second": f["bytes_per_second"], "compared_with": f.get("compared_with"),
        "ours_ratio": f.get("ours_ratio"), "digest": f["digest"], "warnings_json": json.dumps(f["warnings"]),
    }


def _rng_rows(record, source):
    """The rows of a hashbench rng record's entries (none for other
    records), checked against the columns (RecordError otherwise)."""
    if record.get("kind") != "rng":
        return []
    out = []
    for i, e in enumerate(record.get("rng", [])):
        row = {"run_id": 0, "position": i, "source": e["source"], "label": e["label"], "status": e["status"],
               "entry_json": json.dumps(e, sort_keys=True)}
        out.append(_checked_row(rng_sources, row, source, f"rng/{i}: "))
    return out


# the range of the integer columns (PostgreSQL's integer and bigint)
_INT_RANGE = {Integer: 2 ** 31, BigInteger: 2 ** 63}


def _checked_row(table, row, source, where):
    """The row as the columns can hold it, or RecordError (nothing stored
    yet): the schema allows what a column cannot take, and the database's
    own error would come half-way through the transaction as a driver's
    exception.  Integers must fit the column (a whole float such as 64.0,
    valid JSON Schema "integer", is stored as the integer), numbers a
    double, strings their column's length, without NUL (PostgreSQL refuses
    it) and without lone surrogates (no UTF-8 database stores them)."""
    out = dict(row)
    for col in table.columns:
        value = row.get(col.name)
        if value is None:
            continue
        kind = type(col.type)
        problem = None
        if kind in _INT_RANGE:
            if isinstance(value, float) and value.is_integer():
                value = int(value)
            if isinstance(value, bool) or not isinstance(value, int):
                problem = "is not a whole number"
            elif not -_INT_RANGE[kind] <= value < _INT_RANGE[kind]:
                problem = f"is out of the store's range (+-2^{_INT_RANGE[kind].bit_length() - 1})"
        elif kind is Double:
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                problem = "is not a number"
            elif isinstance(value, int) and not -1.7e308 < value < 1.7e308:
                problem = "is too large for a double"
        elif kind is Boolean:
            if not isinstance(value, bool):
                problem = "is not true or false"
        elif isinstance(col.type, (String, Text)):
            if not isinstance(value, str):
                problem = "is not a string"
            elif "\0" in value:
                problem = "contains a NUL character"
            elif col.type.length is not None and len(value) > col.type.length:
                problem = f"is longer than the store's {col.type.length} characters"
            else:
                try:
                    value.encode("utf-8")
                except UnicodeEncodeError:
                    problem = "is not valid Unicode (a lone surrogate)"
        if problem:
            raise rec.RecordError(f"{source}: {where}{col.name} {problem}")
        out[col.name] = value
    return out


def _insert_measurements(conn, rows):
    # a record may hold none (hashbench rng's): an empty executemany would insert a row of defaults
    if rows:
        conn.execute(measurements.insert(), rows)


def _insert_rng_sources(conn, rows):
    if rows:                            # only a hashbench rng record has them
        conn.execute(rng_sources.insert(), rows)


def find_run(conn, fp):
    return conn.execute(select(runs.c.id).where(runs.c.fingerprint == fp)).scalar()


def ingest_record(engine, record, source):
    """Stores one validated record in one transaction.
    Returns (run_id, added): added is False when the same record was already there."""
    fp = rec.fingerprint(record)
    run_row = _checked_row(runs, _run_row(record, fp, source), source, "")
    # run_id 0 stands in for the id the insert will give
    rows = [_checked_row(measurements, _measurement_row(0, r), source, f"results/{i}: ")
            for i, r in enumerate(record["results"])]
    rng_rows = _rng_rows(record, source)
    file_rows = [_checked_row(file_timings, _file_timing_row(0, f), source, f"files/{i}: ")
                 for i, f in enumerate(record.get("files", []))]
    try:
        with engine.begin() as conn:
            existing = find_run(conn, fp)
            if existing is not None:
                return existing, False
            run_id = conn.execute(runs.insert().values(**run_row)).inserted_primary_key[0]
            if rows:                    # a hashbench files or rng record has none
                _insert_measurements(conn, [dict(m, run_id=run_id) for m in rows])
            _insert_rng_sources(conn, [dict(r, run_id=run_id) for r in rng_rows])
            if file_rows:
                conn.execute(file_timings.insert(), [dict(f, run_id=run_id) for f in file_rows])
            return run_id, True
    except IntegrityError:
        # another ingest of the same record won the race: the store has it once
        with engine.connect() as conn:
            existing = find_run(conn, fp)
        if existing is None:
            raise
        return existing, False


def _quality_rows(record, fp, source):
    """(run row, [(summary row, [result rows])]) of a validated quality
    record, checked against the columns (RecordError otherwise)."""
    config, host, rule = record["config"], record["host"], record["rule"]
    run = _checked_row(quality_runs, {
        "fingerprint": fp, "source": source, "hashbench_version": str(record["version"]),
        "seed": str(record["seed"]), "mode": record["mode"], "log2_keys": config["log2_keys"],
        "avalanche_keys": config["avalanche_keys"], "seed_keys": config["seed_keys"],
        "host_cpu": host.get("cpu"), "host_cores": host.get("cores"), "build": record.get("build"),
        "started": record["started"], "wall_seconds": record["wall_seconds"], "threads": record.get("threads"),
        "peak_rss_kib": record.get("peak_rss_kib"), "alpha": rule["alpha"], "correction": rule["correction"],
        "config_json": json.dumps(config, sort_keys=True), "host_json": json.dumps(host, sort_keys=True),
        "ingested_at": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
    }, source, "")
    out = []
    for i, a in enumerate(record["algorithms"]):
        for j, w in enumerate(a["widths"]):
            where = f"algorithms/{i}/widths/{j}/"
            worst = w.get("worst") or {}
            summary = _checked_row(quality_summaries, {
                "run_id": 0, "algorithm": a["id"], "name": a.get("name"), "tier": a["tier"], "keyed": a["keyed"],
                "impls_json": json.dumps(a.get("impls", [])), "scale": a.get("scale"), "bits": w["bits"], "tests": w["tests"],
                "failed": w["failed"], "worst_test": worst.get("test"), "worst_variant": worst.get("variant"),
                "worst_p": worst.get("p")}, source, where)
            results = [_checked_row(quality_results, {
                "summary_id": 0, "position": k, "test": r["test"], "variant": r.get("variant"),
                "statistic": r.get("statistic"), "p": r["p"], "failed": r["failed"], "detail": r.get("detail")},
                source, f"{where}results/{k}/") for k, r in enumerate(w.get("results") or [])]
            out.append((summary, results))
    return run, out


def _insert_quality_results(conn, rows):
    if rows:                            # a width may carry its summary alone
        conn.execute(quality_results.insert(), rows)


def ingest_quality(engine, record, source):
    """Stores one validated quality record in one transaction, like
    ingest_record.  Returns (quality run id, added)."""
    fp = rec.fingerprint(record)
    run_row, widths = _quality_rows(record, fp, source)

    def find(conn):
        return conn.execute(select(quality_runs.c.id).where(quality_runs.c.fingerprint == fp)).scalar()

    try:
        with engine.begin() as conn:
            existing = find(conn)
            if existing is not None:
                return existing, False
            run_id = conn.execute(quality_runs.insert().values(**run_row)).inserted_primary_key[0]
            for summary, results in widths:
                sid = conn.execute(quality_summaries.insert().values(**dict(summary, run_id=run_id))
                                   ).inserted_primary_key[0]
                _insert_quality_results(conn, [dict(r, summary_id=sid) for r in results])
            return run_id, True
    except IntegrityError:
        with engine.connect() as conn:
            existing = find(conn)
        if existing is None:
            raise
        return existing, False


def ingest_path(engine, path):
    """Validates and stores one file, a results record or a quality record
    (its "schema" says which); RecordError (nothing written) if it is
    refused.  Returns (kind, id, added): kind "run" (id in `runs`) or
    "quality run" (id in `quality_runs`)."""
    text = rec.read_text(path)
    if qrec.is_quality(text):
        return ("quality run", *ingest_quality(engine, qrec.parse(text, str(path)), str(path)))
    return ("run", *ingest_record(engine, rec.parse(text, str(path)), str(path)))


def ingest_file(engine, path):
    """ingest_path's (id, added)."""
    return ingest_path(engine, path)[1:]


def load_quality(engine):
    """Every quality run, oldest first, as {run columns..., "algorithms":
    {algorithm: {"name", "tier", "keyed", "impls", "widths": [{"bits",
    "tests", "failed", "worst": {"test", "variant", "p"} or None}]}}},
    widths widest first.  The per-test results stay in the store."""
    with engine.connect() as conn:
        run_rows = conn.execute(select(quality_runs).order_by(quality_runs.c.id)).mappings().all()
        sums = conn.execute(select(quality_summaries).order_by(quality_summaries.c.id)).mappings().all()
    out = {}
    for r in run_rows:
        d = dict(r)
        d["config"], d["host"] = json.loads(d.pop("config_json")), json.loads(d.pop("host_json"))
        d["algorithms"] = {}
        out[d["id"]] = d
    for s in sums:
        algos = out[s["run_id"]]["algorithms"]
        a = algos.setdefault(s["algorithm"], {"name": s["name"], "tier": s["tier"], "keyed": s["keyed"],
                                              "impls": json.loads(s["impls_json"]), "scale": s["scale"],
                                              "widths": []})
        a["widths"].append({"bits": s["bits"], "tests": s["tests"], "failed": s["failed"],
                            "worst": None if s["worst_test"] is None else
                            {"test": s["worst_test"], "variant": s["worst_variant"], "p": s["worst_p"]}})
    for d in out.values():
        for a in d["algorithms"].values():
            a["widths"].sort(key=lambda w: -w["bits"])
    return sorted(out.values(), key=lambda d: (d["started"], d["id"]))


def load_quality_results(engine, run_id):
    """[{algorithm, bits, test, variant, statistic, p, failed, detail}] of one quality run, in record order."""
    q = (select(quality_summaries.c.algorithm, quality_summaries.c.bits, quality_results.c.test,
                quality_results.c.variant, quality_results.c.statistic, quality_results.c.p,
                quality_results.c.failed, quality_results.c.detail)
         .join(quality_summaries, quality_results.c.summary_id == quality_summaries.c.id)
         .where(quality_summaries.c.run_id == run_id)
         .order_by(quality_summaries.c.id, quality_results.c.position))
    with engine.connect() as conn:
        return [dict(r) for r in conn.execute(q).mappings().all()]


def list_runs(engine):
    with engine.connect() as conn:
        rows = conn.execute(select(runs).order_by(runs.c.id)).mappings().all()
    return [dict(r) for r in rows]


def count_rows(engine):
    """(runs, measurements): what the tests compare before and after a refused file."""
    from sqlalchemy import func
    with engine.connect() as conn:
        return (conn.execute(select(func.count()).select_from(runs)).scalar(),
                conn.execute(select(func.count()).select_from(measurements)).scalar())


def load_measurements(engine, run_ids=None):
    """Every measurement (or those of `run_ids`) with its run's columns, as dicts;
    samples_ns, samples_ticks and warnings decoded from JSON (None where the
    record had none)."""
    cols = [measurements, runs.c.platform, runs.c.arch, runs.c.cpu_model, runs.c.machine, runs.c.date,
            runs.c.mode, runs.c.aligned, runs.c.emulator, runs.c.clock_hz, runs.c.source]
    q = select(*cols).join(runs, measurements.c.run_id == runs.c.id)
    if run_ids is not None:
        q = q.where(measurements.c.run_id.in_(list(run_ids)))
    q = q.order_by(measurements.c.run_id, measurements.c.id)
    with engine.connect() as conn:
        rows = conn.execute(q).mappings().all()
    out = []
    for r in rows:
        d = dict(r)
        for key in ("samples_ns", "samples_ticks"):
            d[key] = None if d[key] is None else json.loads(d[key])
        d["warnings"] = json.loads(d.pop("warnings_json"))
        out.append(d)
    return out


def load_file_timings(engine):
    """Every hashbench files row with its run's machine and date, as dicts;
    samples_ns and warnings decoded from JSON."""
    cols = [file_timings, runs.c.platform, runs.c.machine, runs.c.date, runs.c.warnings_json.label("run_warnings"),
            runs.c.context_json]
    q = select(*cols).join(runs, file_timings.c.run_id == runs.c.id).order_by(file_timings.c.run_id,
                                                                                file_timings.c.id)
    with engine.connect() as conn:
        rows = conn.execute(q).mappings().all()
    out = []
    for r in rows:
        d = dict(r)
        d["samples_ns"] = json.loads(d["samples_ns"])
        d["warnings"] = json.loads(d.pop("warnings_json"))
        d["run_warnings"] = json.loads(d["run_warnings"])
        d["context"] = json.loads(d.pop("context_json"))
        out.append(d)
    return out

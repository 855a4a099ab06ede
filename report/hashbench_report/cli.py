"""The `hashbench-report` command.

  hashbench-report ingest FILE|DIR...       store results and quality records (DIR: every *.json below it)
  hashbench-report runs                     list the runs in the store
  hashbench-report compare A B              A, B: a run id, a results file, or a machine/platform name
  hashbench-report html [-o FILE] [--summary FILE] [--screenshots DIR]...

--db (or HASHBENCH_DB) picks the store: a SQLite file path (default
results/hashbench.sqlite) or a postgresql://user@host:port/dbname URL.
"""
import argparse
import sys
from pathlib import Path

from sqlalchemy.exc import SQLAlchemyError

from . import compare as cmp
from . import dataset as dsm
from . import html as htmlm
from . import record as rec
from . import store
from . import summary


def _files(paths):
    """Files named, and the *.json files below folders named, in a stable order."""
    out = []
    for p in map(Path, paths):
        if p.is_dir():
            out += sorted(q for q in p.rglob("*.json") if q.is_file())
        else:
            out.append(p)
    return out


def cmd_ingest(args):
    engine = store.open_store(args.db)
    files = _files(args.paths)
    if not files:
        print("hashbench-report: no results files found in " + " ".join(args.paths), file=sys.stderr)
        return 1
    added = present = rejected = 0
    for path in files:
        try:
            kind, run_id, is_new = store.ingest_path(engine, path)
        except rec.RecordError as e:
            rejected += 1
            print(f"hashbench-report: rejected {e}", file=sys.stderr)
            continue
        if is_new:
            added += 1
            print(f"{path}: stored as {kind} {run_id}")
        else:
            present += 1
            print(f"{path}: already in the store ({kind} {run_id}), nothing added")
    print(f"{added} added, {present} already present, {rejected} rejected")
    return 1 if rejected else 0


def cmd_runs(args):
    engine = store.open_store(args.db)
    rows = store.list_runs(engine)
    quality = store.load_quality(engine)
    if not rows and not quality:
        print("the store holds no runs")
    for r in rows:
        print(f"{r['id']:>4}  {r['date']}  {r['machine']:<40}  {r['mode']:<10}  {r['source']}")
    for q in quality:
        # quality runs number apart from benchmark runs: "q3"
        what = f"quality, seed {q['seed']}, {len(q['algorithms'])} algorithms"
        print(f"{'q' + str(q['id']):>4}  {q['started']}  {what:<40}  {q['mode']:<10}  {q['source']}")
    return 0


def cmd_compare(args):
    engine = store.open_store(args.db)
    try:
        label_a, ms_a = cmp.select(engine, args.a)
        label_b, ms_b = cmp.select(engine, args.b)
    except (cmp.SelectionError, rec.RecordError) as e:
        print(f"hashbench-report: {e}", file=sys.stderr)
        return 1
    rows = cmp.compare(ms_a, ms_b, alpha=args.alpha)
    notes = cmp.context_notes(ms_a, ms_b)
    fmt = cmp.format_json if args.json else cmp.format_table
    print(fmt(label_a, label_b, rows, notes))
    if not rows:
        print("hashbench-report: the two sides have no algorithm, implementation and size in common"
              + (" that both measured the same way (instruction counts against times)"
                 if any("not compared" in n for n in notes) else ""), file=sys.stderr)
        return 1
    return 0


def cmd_html(args):
    engine = store.open_store(args.db)
    ds = dsm.build(engine)
    out = htmlm.write(ds, args.output, shots_dir=args.screenshots or ["results/screenshots"],
                      csv_path=args.published)
    print(f"wrote {out}")
    if args.summary:
        table = dsm.platform_table(ds)
        p = Path(args.summary)
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(summary.markdown(ds, table), encoding="utf-8")
        print(f"wrote {p}")
    return 0


def parser():
    ap = argparse.ArgumentParser(prog="hashbench-report", description="hashbench results store and report")
    ap.add_argument("--db", help="SQLite file or postgresql:// URL (default: $HASHBENCH_DB or "
                                 f"{store.DEFAULT_DB})")
    sub = ap.add_subparsers(dest="command", required=True)
    p = sub.add_parser("ingest", help="store results records; the same record twice is stored once")
    p.add_argument("paths", nargs="+", metavar="FILE|DIR")
    p.set_defaults(func=cmd_ingest)
    p = sub.add_parser("runs", help="list the runs in the store")
    p.set_defaults(func=cmd_runs)
    p = sub.add_parser("compare", help="B against A per algorithm, implementation and size")
    p.add_argument("a", metavar="A", help="run id, results file, or machine/platform name (its newest run)")
    p.add_argument("b", metavar="B")
    p.add_argument("--alpha", type=float, default=0.05, help="significance level (default 0.05)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=cmd_compare)
    p = sub.add_parser("html", help="write the self-contained HTML report (and the Markdown summary)")
    p.add_argument("-o", "--output", default="build/report/index.html")
    p.add_argument("--summary", help="also write the Markdown summary here")
    p.add_argument("--screenshots", action="append", metavar="DIR",
                   help="folder of console screenshots (PNG files below it); may be given more than once "
                        "(default: results/screenshots)")
    p.add_argument("--published", help="published figures CSV (default: data/reference/published.csv)")
    p.set_defaults(func=cmd_html)
    return ap


def main(argv=None):
    args = parser().parse_args(argv)
    if getattr(args, "alpha", 0.05) is not None and not 0 < getattr(args, "alpha", 0.05) < 1:
        print("hashbench-report: --alpha must be between 0 and 1", file=sys.stderr)
        return 2
    try:
        return args.func(args)
    except store.StoreVersionError as e:
        print(f"hashbench-report: {e}", file=sys.stderr)
        return 1
    except SQLAlchemyError as e:
        reason = str(getattr(e, "orig", None) or e).strip().splitlines()[0]
        print(f"hashbench-report: database error ({store.database_url(args.db).split('://')[0]}): {reason}",
              file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())

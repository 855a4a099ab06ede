#!/usr/bin/env python3
"""docs/quality.md's generated blocks, from runs (never typed by hand).

Each block sits between markers `<!-- quality:NAME begin -->` and
`<!-- quality:NAME end -->`; this tool rewrites what is between them:

  verdicts     the verdict per algorithm and width, from a
               `hashbench quality --format json` result (--results)
  smhasher3    SMHasher3's published verdicts (docs/quality-smhasher3.csv,
               facts read from its results) beside ours (--results)
  calibration  the calibration's measured rates, from
               `build/tests/calibrate --json FILE` (--calibration)

(The time and memory table, between `<!-- quality-timing:begin -->` and
`<!-- quality-timing:end -->`, is tools/quality_timing.py's, as in the
README.)

    tools/quality_doc.py --results quick.json --calibration cal.json
    tools/quality_doc.py --results quick.json --check   # exit 1 when the doc differs

--check writes nothing: it regenerates the blocks of the inputs given and
exits 1 with a diff where the document's block differs.
"""
import argparse
import csv
import difflib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "quality.md"
SMH3 = ROOT / "docs" / "quality-smhasher3.csv"
SCHEMA = ROOT / "docs" / "schema" / "quality.schema.json"
SMH3_FIELDS = ("id", "smhasher3_name", "relation", "smhasher3_width", "smhasher3_failed",
               "smhasher3_tests", "smhasher3_failing", "compare_width", "why")


class DocError(Exception):
    """A problem with an input or the document: said in one line, exit 2."""


def load_json(path, what):
    try:
        with open(path) as f:
            return json.load(f)
    except OSError as e:
        raise DocError(f"{path}: cannot read {what}: {e.strerror}")
    except ValueError as e:
        raise DocError(f"{path}: not JSON ({what}): {e}")


def load_results(path):
    """A hashbench quality result, checked against docs/schema/quality.schema.json."""
    rec = load_json(path, "a hashbench quality result")
    if not isinstance(rec, dict) or rec.get("schema") != "hashbench-quality/1":
        raise DocError(f"{path}: not a hashbench quality result (schema hashbench-quality/1)")
    if SCHEMA.exists():
        import jsonschema
        try:
            jsonschema.validate(rec, json.loads(SCHEMA.read_text()))
        except jsonschema.ValidationError as e:
            where = "/".join(str(p) for p in e.absolute_path) or "the document"
            raise DocError(f"{path}: does not follow {SCHEMA.name} at {where}: {e.message}")
    return rec


def fmt_p(p):
    if p is None:
        return "n/a"
    if p == 0:
        return "< 1e-300"
    return f"{p:.3g}" if p < 0.001 else f"{p:.4f}"


def source_line(rec):
    host = rec.get("host", {})
    wall = rec.get("wall_seconds")
    wall = f", {wall:.0f} s" if isinstance(wall, (int, float)) else ""
    # a run resumed from --state ran only some of its jobs: its wall time is theirs
    resumed = rec.get("jobs_resumed") or 0
    if resumed and wall:
        wall = (f"{wall} for the {rec['jobs'] - resumed} jobs it ran; {resumed} of its {rec['jobs']} jobs "
                "were resumed from the --state file of an earlier run with the same seed and size")
    build = f", build {rec['build']}" if rec.get("build") else ""
    return (f"From `hashbench quality{' --quick' if rec['mode'] == 'quick' else ''} --seed {rec['seed']}` "
            f"(hashbench {rec['version']}{build}, {rec['mode']} size: 2^{rec['config']['log2_keys']} keys per "
            f"keyset; {rec['started']}, {host.get('cpu', '?')}, {host.get('cores', '?')} CPUs{wall}).")


def worst_cell(w):
    worst = w.get("worst")
    if not worst:
        return "", "n/a"
    name = worst["test"] + (f" ({worst['variant']})" if worst.get("variant") else "")
    return name, fmt_p(worst.get("p"))


def verdicts_block(rec):
    algos = rec["algorithms"]
    rows = sum(len(a["widths"]) for a in algos)
    failing = sum(1 for a in algos for w in a["widths"] if w["failed"])
    out = [source_line(rec), "",
           f"{len(algos)} algorithms, {rows} rows (algorithm, width); {failing} rows with a failed test.", "",
           "| algorithm | tier | keyed | width | tests | failed | worst test | p-value |",
           "|---|---|---|--:|--:|--:|---|--:|"]
    for a in algos:
        keyed = a.get("keying") or ("keyed" if a["keyed"] else "not keyed")
        for w in a["widths"]:
            name, p = worst_cell(w)
            out.append(f"| {a['id']} | {a['tier']} | {keyed} | {w['bits']} | {w['tests']} | "
                       f"{w['failed']} | {name} | {p} |")
    return out


def load_smh3(path=SMH3):
    """(source lines, rows) of the SMHasher3 facts: '#' lines are its source notes."""
    try:
        text = Path(path).read_text()
    except OSError as e:
        raise DocError(f"{path}: cannot read SMHasher3's facts: {e.strerror}")
    notes = [l[1:].strip() for l in text.splitlines() if l.startswith("#")]
    body = [l for l in text.splitlines() if l and not l.startswith("#")]
    rows = list(csv.DictReader(body))
    for i, r in enumerate(rows, 2):
        missing = [f for f in SMH3_FIELDS if r.get(f) is None]
        if missing:
            raise DocError(f"{path}: row {i} lacks {', '.join(missing)}")
    return notes, rows


def our_width(algo, want):
    """The width row of ours that compares with SMHasher3's: want's bits, else the full digest."""
    widths = algo["widths"]
    if want and want != "full":
        for w in widths:
            if str(w["bits"]) == want:
                return w
    return max(widths, key=lambda w: w["bits"])


def smhasher3_block(rec, smh3=None):
    notes, rows = smh3 if smh3 else load_smh3()
    ours = {a["id"]: a for a in rec["algorithms"]}
    out = [f"SMHasher3's figures: {n}" for n in notes] + [
        f"Ours: {rec['mode']} size, seed {rec['seed']} (the verdict table above).", "",
        "| algorithm | ours: failed/tests (width, keying) | SMHasher3 hash | same function? | SMHasher3: failed/tests (width) "
        "| SMHasher3 failed groups | verdicts | why they differ (or what both found) |",
        "|---|--:|---|---|--:|---|---|---|"]
    for r in rows:
        a = ours.get(r["id"])
        if a:
            w = our_width(a, r["compare_width"])
            keying = a.get("keying") or ("keyed" if a["keyed"] else "not keyed")
            mine = f"{w['failed']}/{w['tests']} ({w['bits']}, {keying})"
            we_fail = w["failed"] > 0
        else:
            mine, we_fail = "not run", None
        theirs_fail = int(r["smhasher3_failed"]) > 0
        if we_fail is None:
            agree = "n/a"
        else:
            agree = "agree" if we_fail == theirs_fail else "differ"
        why = r["why"]
        if agree == "differ" and not why:
            why = "(not explained yet)"
        out.append(f"| {r['id']} | {mine} | {r['smhasher3_name']} | {r['relation']} | "
                   f"{r['smhasher3_failed']}/{r['smhasher3_tests']} ({r['smhasher3_width']}) | "
                   f"{r['smhasher3_failing'] or 'none'} | {agree} | {why} |")
    return out


def calibration_block(cal):
    for key in ("mode", "seed", "oracles", "tests", "rows", "weak", "checks"):
        if key not in cal:
            raise DocError(f"calibration JSON lacks '{key}' (build/tests/calibrate --json FILE)")
    levels = ["0.001", "0.01", "0.05", "0.1"]
    seeds = "seed + oracle index" if cal.get("vary_seeds") else "the same for every oracle"
    out = [f"From `build/tests/calibrate` ({cal['mode']} size, {cal['oracles']} oracles, battery seed "
           f"{cal['seed']}, {seeds}; {cal.get('wall_seconds', 0):.0f} s; its checks: "
           f"{cal['checks']['passed']} passed, {cal['checks']['failed']} failed).", "",
           "Share of the oracles' p-values at or below t (a valid test: at most t, within the binomial limit):", "",
           "| test | p-values | distinct | largest atom | t = 0.001 | t = 0.01 | t = 0.05 | t = 0.1 | continuous |",
           "|---|--:|--:|--:|--:|--:|--:|--:|---|"]
    for t in cal["tests"]:
        n = t["n"]
        cells = [f"{t['counts'][l] / n:.4f}" if n else "n/a" for l in levels]
        distinct = f"{100 * t['distinct'] / n:.0f}%" if n and "distinct" in t else "n/a"
        atom = f"{100 * t['atom'] / n:.0f}%" if n and "atom" in t else "n/a"
        out.append(f"| {t['test']} | {n} | {distinct} | {atom} | " + " | ".join(cells)
                   + f" | {'yes' if t['continuous'] else 'no'} |")
    r = cal["rows"]
    b = r["bonferroni"]
    out += ["", f"The rule on {r['rows']} oracle rows (oracle, width): {r['failed']} failed at alpha "
            f"{cal['alpha']} (limit {r['limit']}); rows whose smallest p-value times m is at most 0.01, 0.1, "
            f"0.5: {b['0.01']}, {b['0.1']}, {b['0.5']} (Bonferroni bounds them by 1%, 10%, 50% of "
            f"{r['rows']}).", "",
            "Each weak function, the tests it must fail (and why) and those it failed (test, width); "
            "a check fails when a must-fail test passed or a must-pass test failed:", "",
            "| weak function | what it is | must fail | must pass | failed |", "|---|---|---|---|---|"]

    def expect(items):
        return "; ".join(f"{e['test']}{' at ' + str(e['width']) if e['width'] else ''}: {e['why']}"
                         for e in items) or "-"
    for w in cal["weak"]:
        failed = ", ".join(f"{f['test']} ({f['width']})" for f in w["failed"]) or "nothing"
        out.append(f"| {w['name']} | {w['what']} | {expect(w.get('must_fail', []))} | "
                   f"{expect(w.get('must_pass', []))} | {failed} |")
    return out


def block_span(lines, name):
    begin, end = f"<!-- quality:{name} begin -->", f"<!-- quality:{name} end -->"
    try:
        b = lines.index(begin)
        e = lines.index(end, b)
    except ValueError:
        raise DocError(f"{DOC.name}: no '{begin}' ... '{end}' markers")
    return b + 1, e


def main(argv=None):
    global DOC
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--results", help="hashbench quality --format json output: the verdicts and smhasher3 blocks")
    ap.add_argument("--calibration", help="build/tests/calibrate --json output: the calibration block")
    ap.add_argument("--smhasher3", default=str(SMH3), help="SMHasher3's facts (CSV)")
    ap.add_argument("--doc", default=str(DOC), help="the document (docs/quality.md)")
    ap.add_argument("--check", action="store_true", help="write nothing; exit 1 when a block differs")
    args = ap.parse_args(argv)
    DOC = Path(args.doc)
    if not (args.results or args.calibration):
        ap.error("give --results or --calibration")
    try:
        lines = DOC.read_text().split("\n")
    except OSError as e:
        print(f"quality_doc: {DOC}: {e.strerror}", file=sys.stderr)
        return 2
    try:
        blocks = {}
        if args.results:
            rec = load_results(args.results)
            blocks["verdicts"] = verdicts_block(rec)
            blocks["smhasher3"] = smhasher3_block(rec, load_smh3(args.smhasher3))
        if args.calibration:
            blocks["calibration"] = calibration_block(load_json(args.calibration, "calibration output"))
        differ = []
        for name, new in blocks.items():
            b, e = block_span(lines, name)
            if lines[b:e] != new:
                differ.append(name)
                if args.check:
                    sys.stdout.writelines(l + "\n" for l in difflib.unified_diff(
                        lines[b:e], new, f"{DOC.name} ({name})", "regenerated", lineterm=""))
                lines[b:e] = new
    except DocError as e:
        print(f"quality_doc: {e}", file=sys.stderr)
        return 2
    if args.check:
        print(f"quality_doc: {'differs: ' + ', '.join(differ) if differ else 'up to date'}")
        return 1 if differ else 0
    DOC.write_text("\n".join(lines))
    print(f"quality_doc: {DOC}: {', '.join(blocks)} written ({', '.join(differ) or 'none'} changed)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Refreshes the SMHasher3 facts in docs/quality-smhasher3.csv from its results.

The CSV's rows say which SMHasher3 hash each of our algorithms is compared
with (smhasher3_name, relation, compare_width, why: ours, kept); this reads
SMHasher3's published results at one commit of a git copy of it
(results/README.md: width, tests failed and run; results/raw/NAME.txt: the
"Failures:" groups) and rewrites the fact columns and the source notes.
Facts only: names and counts, none of SMHasher3's text.

    tools/smhasher3_facts.py /path/to/smhasher3.git [--commit REV]
"""
import argparse
import csv
import io
import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import quality_doc  # noqa: E402  (the CSV's fields and reader)

ROW = re.compile(r"^\| \[([^\]]+)\]\(raw/[^)]+\)\s*\|(.*)$")


def git_show(repo, rev, path):
    try:
        return subprocess.run(["git", "--git-dir", repo, "show", f"{rev}:{path}"], check=True,
                              capture_output=True, text=True).stdout
    except subprocess.CalledProcessError as e:
        raise SystemExit(f"smhasher3_facts: {path} at {rev}: {e.stderr.strip()}")


def readme_rows(text):
    """{name: (width, failed, tests)} from the summary tables (a passing row has no failed column)."""
    rows = {}
    for line in text.splitlines():
        m = ROW.match(line)
        if not m or m.group(1) in rows:
            continue
        cells = [c.strip() for c in m.group(2).split("|") if c.strip()]
        if len(cells) == 4:             # passing: width, tests, cycles, bytes/cycle
            rows[m.group(1)] = (cells[0], "0", cells[1])
        elif len(cells) >= 5:           # failing: width, failed, tests, ...
            rows[m.group(1)] = (cells[0], cells[1], cells[2])
    return rows


def failure_groups(raw):
    """'Avalanche 21; BIC 4; ...' from a raw result's Failures: section."""
    m = re.search(r"^Failures:\n((?:[ \t]+\S.*\n)+)", raw, re.M)
    if not m:
        return ""
    groups = []
    for line in m.group(1).splitlines():
        name, _, items = line.partition(":")
        items = items.strip().strip("[]")
        # items are comma-separated, some with commas inside [...] of their
        # own; an empty list is a group of one test (Zeroes: [])
        depth, count = 0, 1
        for ch in items:
            depth += ch == "["
            depth -= ch == "]"
            count += ch == "," and depth == 0
        groups.append(f"{name.strip()} {count}")
    return "; ".join(groups)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("repo", help="a git directory of github.com/fwojcik/smhasher3")
    ap.add_argument("--commit", default="HEAD")
    ap.add_argument("--csv", default=str(quality_doc.SMH3))
    args = ap.parse_args()
    commit = subprocess.run(["git", "--git-dir", args.repo, "rev-parse", args.commit], check=True,
                            capture_output=True, text=True).stdout.strip()
    release = git_show(args.repo, commit, "results/VERSION.TXT").split()
    table = readme_rows(git_show(args.repo, commit, "results/README.md"))
    _, rows = quality_doc.load_smh3(args.csv)
    for r in rows:
        name = r["smhasher3_name"]
        if name not in table:
            raise SystemExit(f"smhasher3_facts: {name} is not in SMHasher3's results/README.md at {commit}")
        r["smhasher3_width"], r["smhasher3_failed"], r["smhasher3_tests"] = table[name]
        r["smhasher3_failing"] = failure_groups(git_show(args.repo, commit, f"results/raw/{name}.txt"))
    out = io.StringIO()
    out.write(f"# github.com/fwojcik/smhasher3 commit {commit[:12]}, results of releases {', '.join(release)}: "
              "results/README.md and results/raw/<name>.txt (CC BY 4.0; facts only).\n")
    w = csv.DictWriter(out, fieldnames=quality_doc.SMH3_FIELDS, lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
    Path(args.csv).write_text(out.getvalue())
    print(f"smhasher3_facts: {args.csv}: {len(rows)} rows from {commit[:12]}")


if __name__ == "__main__":
    main()

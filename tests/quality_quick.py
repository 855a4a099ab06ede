#!/usr/bin/env python3
"""The quality tier: `hashbench quality --quick` on every algorithm of the
roster (make test runs it).

Checks that the run completes and validates against
docs/schema/quality.schema.json; that every algorithm of `hashbench list`
is there, in roster order, at every width it is judged at (the full digest,
and for digests over 64 bits the low 64 and 32 bits) with tests run at each;
that the keyed algorithms (and only they) ran the seed tests; that the
cryptographic hashes fail no test at this size while the hashes known to be
weak do fail (EXPECTED_WEAK: each entry was observed failing and the reason
is in docs/quality.md); and that the run fits the budget: under two minutes
on two cores.  The budget is checked on the CPU time the run took (the
processor seconds over two cores), since on a shared machine the wall time
says as much about the neighbours; both are printed.

    python3 tests/quality_quick.py [--build DIR]

Ends with the project's summary line, "N passed, N failed"."""
import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

import jsonschema

ROOT = Path(__file__).resolve().parent.parent
BUDGET_S = 120.0            # all 40 algorithms on 2 cores
# Hashes whose weakness the quick battery must show: a sum of the bytes
# (fletcher16's first sum), and the multiply-add string hashes whose last
# bytes barely mix (djb2, sdbm).
EXPECTED_WEAK = ("djb2", "sdbm", "fletcher16")
# Two cryptographic algorithms of the roster are not hash functions of the
# whole message: PBKDF2's message is the HMAC key, zero-padded to SHA-256's
# block, and AES-CBC-MAC pads its last block with zeros; so appending zero
# bytes to a short message leaves their output as it was.  The battery finds
# exactly that (observed; docs/quality.md): the sanity test's appended
# zeros, and the keyset of zero runs of every length, which collide; nothing
# else may fail for them.
ZERO_PADDED = ("pbkdf2-sha256", "aes-cbc-mac")


def check(results, name, ok, detail=""):
    results.append(ok)
    print(f"{'ok  ' if ok else 'FAIL'} {name}" + (f": {detail}" if detail else ""), flush=True)


def run_quick(exe):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    proc = subprocess.run([str(exe), "quality", "--quick", "--format", "json"], capture_output=True, text=True)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return proc, wall, cpu


def roster(exe):
    out = subprocess.run([str(exe), "list", "--format", "json"], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def widths_of(digest_bytes):
    return [digest_bytes * 8, 64, 32] if digest_bytes > 8 else [digest_bytes * 8]


def check_shape(results, data, algos):
    got = [a["id"] for a in data["algorithms"]]
    check(results, "every algorithm of the roster, in its order", got == [a["id"] for a in algos],
          f"{len(got)} of {len(algos)}")
    by_id = {a["id"]: a for a in data["algorithms"]}
    bad = [a["id"] for a in algos if a["id"] in by_id and
           [w["bits"] for w in by_id[a["id"]]["widths"]] != widths_of(a["digest_size"])]
    check(results, "every width: the digest, and low 64 and 32 bits of wider ones", not bad, ", ".join(bad))
    empty = [f"{a['id']}/{w['bits']}" for a in data["algorithms"] for w in a["widths"]
             if w["tests"] == 0 or w["tests"] != len(w["results"])]
    check(results, "tests ran at every algorithm and width", not empty, ", ".join(empty[:10]))


def check_keyed(results, data, seed_tests):
    wrong = []
    for a in data["algorithms"]:
        ran = {r["test"] for w in a["widths"] for r in w["results"]}
        if a["keyed"] != bool(ran & seed_tests) or (not a["keyed"] and a["keying"] != "not keyed"):
            wrong.append(a["id"])
    keyed = [a["id"] for a in data["algorithms"] if a["keyed"]]
    check(results, "seed tests on the keyed algorithms only", not wrong and bool(keyed),
          f"keyed: {', '.join(keyed)}" + (f"; wrong: {', '.join(wrong)}" if wrong else ""))


def zero_append(r):
    """a result that sees appended zero bytes: sanity's, or the zero runs'"""
    return (r["test"] == "sanity" and "zero" in r["variant"]) or r["test"] == "keyset.zeroes"


def check_verdicts(results, data):
    failing = {a["id"]: sum(w["failed"] for w in a["widths"]) for a in data["algorithms"]}
    crypto = [a for a in data["algorithms"] if a["tier"] == "crypto"]
    bad = [f"{a['id']}/{w['bits']}: {r['test']} {r['variant']} p={r['p']:.3g}"
           for a in crypto for w in a["widths"] for r in w["results"]
           if r["failed"] and not (a["id"] in ZERO_PADDED and zero_append(r))]
    check(results, f"the {len(crypto)} cryptographic algorithms fail no test (but appended zeros, below)",
          not bad, "; ".join(bad[:10]))
    by_id = {a["id"]: a for a in data["algorithms"]}
    missed = [a for a in ZERO_PADDED if a in by_id and
              not all(any(r["failed"] and zero_append(r) for r in w["results"]) for w in by_id[a]["widths"])]
    check(results, f"appended zeros go unseen by {', '.join(ZERO_PADDED)} (zero-padded), at every width",
          not missed, ", ".join(missed))
    weak = [a for a in EXPECTED_WEAK if failing.get(a, 0) == 0]
    check(results, f"the weak hashes fail: {', '.join(EXPECTED_WEAK)}", not weak,
          ", ".join(f"{a} {failing.get(a)}" for a in EXPECTED_WEAK))
    summary = ", ".join(f"{k} {v}" for k, v in failing.items() if v)
    print(f"     tests failed per algorithm (all widths): {summary or 'none'}")


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default=str(ROOT / "build"))
    a = ap.parse_args(argv)
    exe = Path(a.build) / "hashbench"
    schema = json.loads((ROOT / "docs" / "schema" / "quality.schema.json").read_text())
    results = []
    proc, wall, cpu = run_quick(exe)
    check(results, "hashbench quality --quick completes", proc.returncode == 0,
          f"exit {proc.returncode}: {proc.stderr.strip()[-400:]}" if proc.returncode else "")
    if proc.returncode == 0:
        data = json.loads(proc.stdout)
        try:
            jsonschema.validate(data, schema)
            check(results, "the JSON validates against docs/schema/quality.schema.json", True)
        except jsonschema.ValidationError as e:
            check(results, "the JSON validates against docs/schema/quality.schema.json", False, e.message[:300])
        listing = subprocess.run([str(exe), "quality", "--list-tests"], capture_output=True, text=True).stdout
        seed_tests = {l.split()[0] for l in listing.splitlines()[1:] if l.split()[1:2] == ["keyed"]}
        check_shape(results, data, roster(exe))
        check_keyed(results, data, seed_tests)
        check_verdicts(results, data)
    check(results, f"within {BUDGET_S:.0f} s on 2 cores (CPU time / 2)", cpu / 2 < BUDGET_S,
          f"wall {wall:.1f} s on {data['threads'] if proc.returncode == 0 else '?'} threads, "
          f"CPU {cpu:.1f} s ({cpu / 2:.1f} s over 2 cores)")
    print(f"{sum(results)} passed, {len(results) - sum(results)} failed")
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Two runs (or machines) side by side: per algorithm, implementation and size,
B's speed relative to A with a bootstrap confidence interval from the raw
samples and a Mann-Whitney U test, and a verdict that says when a difference
is within noise.

Ratio > 1 means B is faster than A.  Timing samples on a shared machine are
skewed and few (7 by default), so the tests make no normality assumption:
the interval is a percentile bootstrap of the ratio of medians, the test is
rank-based.  Deterministic counts (QEMU instruction counts, cycle-exact
emulators) are compared exactly instead.  An instruction count and a time
are not the same quantity: such pairs are left out, and a note says how many.
"""
import json
import math
from pathlib import Path

import numpy as np
from scipy import stats as sst

from . import record as rec
from . import rng as rngm
from . import store

DETERMINISTIC = ("instruction-count", "cycle-exact", "cycle-modelled")
BOOTSTRAP_RESAMPLES = 4000


class SelectionError(Exception):
    """A run, file or machine name that matches nothing."""


def measurements_from_record(record, source):
    """A file's measurements in the shape store.load_measurements gives."""
    c = record["context"]
    out = []
    for r in record["results"]:
        d = dict(r)
        d.update(platform=c["platform"], arch=c["arch"], cpu_model=c["cpu_model"], machine=store.machine_of(c),
                 date=c["date"], mode=record["settings"]["mode"], source=source)
        out.append(d)
    return out


def select(engine, selector):
    """(label, measurements) for a run id, a results file, or a machine/platform
    name (its most recent run)."""
    if Path(selector).is_file():
        return selector, measurements_from_record(rec.load(selector), selector)
    runs = store.list_runs(engine) if engine is not None else []
    if selector.isdigit():
        match = [r for r in runs if r["id"] == int(selector)]
        if not match:
            raise SelectionError(f"no run {selector} in the store (`hashbench-report runs` lists them)")
    else:
        # a hashbench rng run has no measurements to compare (rng.py): never "the most recent run"
        rng_runs = rngm.run_ids(engine) if engine is not None else set()
        match = [r for r in runs if selector in (r["machine"], r["platform"], r["cpu_model"]) and r["id"] not in rng_runs]
        if not match:
            raise SelectionError(f"{selector!r} is neither a file, a run id, nor a machine or platform in the store")
        match.sort(key=lambda r: (r["date"], r["id"]))
        # the newest run that measured something to compare (a hashbench files run holds none)
        for run in reversed(match):
            ms = store.load_measurements(engine, [run["id"]])
            if ms:
                return f"run {run['id']} ({run['machine']}, {run['date']})", ms
    run = match[-1]
    label = f"run {run['id']} ({run['machine']}, {run['date']})"
    return label, store.load_measurements(engine, [run["id"]])


def bootstrap_ratio_ci(a, b, level=0.95, resamples=BOOTSTRAP_RESAMPLES, seed=20240601):
    """Percentile bootstrap interval of median(a) / median(b)."""
    rng = np.random.default_rng(seed)
    a = np.asarray(a, dtype=float)
    b = np.asarray(b, dtype=float)
    ia = rng.integers(0, len(a), size=(resamples, len(a)))
    ib = rng.integers(0, len(b), size=(resamples, len(b)))
    ma = np.median(a[ia], axis=1)
    mb = np.median(b[ib], axis=1)
    ratios = ma / mb
    lo, hi = np.percentile(ratios, [(1 - level) / 2 * 100, (1 + level) / 2 * 100])
    return float(lo), float(hi)


def compare_samples(a, b, alpha=0.05):
    """a, b: per-call times (ns) of A and B.  Returns ratio (A time / B time,
    i.e. B's speed relative to A), interval, p value and verdict."""
    ratio = float(np.median(a) / np.median(b))
    lo, hi = bootstrap_ratio_ci(a, b)
    if len(set(a) | set(b)) == 1:
        p = 1.0
    else:
        p = float(sst.mannwhitneyu(a, b, alternative="two-sided").pvalue)
    significant = p < alpha and not (lo <= 1.0 <= hi)
    if not significant:
        verdict = "within noise"
    else:
        verdict = "B faster" if ratio > 1 else "B slower"
    return {"ratio": ratio, "ci_low": lo, "ci_high": hi, "p_value": p, "verdict": verdict}


def _counted(m):
    return m["timing_fidelity"] == "instruction-count"


def _timed(m):
    return bool(m.get("samples_ns")) and bool(m.get("iterations_per_sample"))


def comparable(ma, mb):
    """Both sides counted instructions, or both have time samples."""
    return (_counted(ma) and _counted(mb)) or (_timed(ma) and _timed(mb))


def _value(m):
    """(figure, unit) a table row shows for one side."""
    if _counted(m):
        return m.get("instructions_per_byte"), "instr/B"
    n = m.get("iterations_per_sample") or 1
    return (None if m.get("median_ns") is None else m["median_ns"] / n), "ns/call"


def compare_counts(ma, mb):
    """Deterministic figures: instructions per byte when both have it, else the median time per call."""
    if ma.get("instructions_per_byte") and mb.get("instructions_per_byte"):
        va, vb = ma["instructions_per_byte"], mb["instructions_per_byte"]
    else:
        va, vb = _value(ma)[0], _value(mb)[0]
    ratio = va / vb if vb else math.inf
    if va == vb:
        verdict = "same count"
    else:
        verdict = "B faster" if ratio > 1 else "B slower"
    return {"ratio": ratio, "ci_low": ratio, "ci_high": ratio, "p_value": None, "verdict": verdict + " (exact count)"}


def compare(ms_a, ms_b, alpha=0.05):
    """Rows for every (algorithm, implementation, size) both sides measured in
    comparable terms (see `comparable`)."""
    rows = []
    for ma, mb in _pairs(ms_a, ms_b):
        if not comparable(ma, mb):
            continue
        key = (ma["algorithm"], ma["implementation"], ma["size"])
        if ma["timing_fidelity"] in DETERMINISTIC and mb["timing_fidelity"] in DETERMINISTIC:
            res = compare_counts(ma, mb)
        else:
            res = compare_samples(rec.per_call_ns(ma), rec.per_call_ns(mb), alpha)
        (va, unit), (vb, _) = _value(ma), _value(mb)
        res.update(algorithm=key[0], implementation=key[1], size=key[2], unit=unit, a_value=va, b_value=vb,
                   a_median_ns=ma.get("median_ns"), b_median_ns=mb.get("median_ns"),
                   a_samples=len(ma.get("samples_ns") or ()), b_samples=len(mb.get("samples_ns") or ()),
                   fidelity=ma["timing_fidelity"] if ma["timing_fidelity"] == mb["timing_fidelity"]
                   else f"{ma['timing_fidelity']} vs {mb['timing_fidelity']}")
        rows.append(res)
    return rows


def _pairs(ms_a, ms_b):
    index_b = {(m["algorithm"], m["implementation"], m["size"]): m for m in ms_b}
    for ma in ms_a:
        mb = index_b.get((ma["algorithm"], ma["implementation"], ma["size"]))
        if mb is not None:
            yield ma, mb


def context_notes(ms_a, ms_b):
    """Why the two sides may not be comparable at all."""
    notes = []
    if not ms_a or not ms_b:
        return notes
    for field in ("mode", "machine"):
        va, vb = {m[field] for m in ms_a}, {m[field] for m in ms_b}
        if va != vb:
            notes.append(f"{field} differs: A {', '.join(sorted(map(str, va)))}; B {', '.join(sorted(map(str, vb)))}")
    apart = sum(1 for ma, mb in _pairs(ms_a, ms_b) if not comparable(ma, mb))
    if apart:
        notes.append(f"{apart} measured on both sides not compared: one side counted instructions, the other "
                     "timed (not the same quantity)")
    return notes


def _fmt(v):
    return "-" if v is None else f"{v:.1f}" if v >= 100 else f"{v:#.3g}".rstrip(".")


def format_table(label_a, label_b, rows, notes):
    out = [f"A: {label_a}", f"B: {label_b}"]
    out += [f"note: {n}" for n in notes]
    out.append("ratio = B's speed / A's (median time per call of A / that of B, or instructions per byte of A / "
               "those of B); 95% bootstrap interval; Mann-Whitney U p value")
    head = f"{'ALGORITHM':<14} {'IMPL':<18} {'SIZE':>8} {'A':>12} {'B':>12} {'UNIT':<8} " \
           f"{'RATIO':>7} {'95% CI':>17} {'p':>7}  VERDICT"
    out.append(head)
    for r in rows:
        p = "-" if r["p_value"] is None else f"{r['p_value']:.3f}"
        ci = f"[{r['ci_low']:.3f}, {r['ci_high']:.3f}]"
        out.append(f"{r['algorithm']:<14} {r['implementation']:<18} {r['size']:>8} {_fmt(r['a_value']):>12} "
                   f"{_fmt(r['b_value']):>12} {r['unit']:<8} {r['ratio']:>7.3f} {ci:>17} {p:>7}  {r['verdict']}")
    counts = {}
    for r in rows:
        counts[r["verdict"]] = counts.get(r["verdict"], 0) + 1
    summary = ", ".join(f"{n} {v}" for v, n in sorted(counts.items())) or "nothing in common"
    out.append(f"{len(rows)} compared: {summary}")
    return "\n".join(out)


def format_json(label_a, label_b, rows, notes):
    return json.dumps({"a": label_a, "b": label_b, "notes": notes, "rows": rows}, indent=1)

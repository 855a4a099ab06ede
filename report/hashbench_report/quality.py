"""Quality beside speed: `hashbench quality` runs (store.quality_*, read by
store.load_quality into ds.quality) in the report.

Quality is a property of the algorithm, not of a platform or an
implementation: every implementation gives the same digests on every
platform (`hashbench verify` and the consoles' own checks prove it), so one
quality run speaks for all of them.  For each algorithm the report takes
the newest full run that judged it, else the newest quick run (a quick
check made after a full run must not hide the full run's more powerful
verdicts; a full battery split per algorithm, `-a`, is several runs), and
says which run under every chart: normally one for all.

Each platform column of the summary table (dataset.columns) gets a chart:
x its figure for our best implementation at 1024 bytes, y the tests the
algorithm failed at its worst width.
"""
from dataclasses import dataclass

from . import charts
from . import dataset as dsm
from . import quality_record as qrec

# a platform's speed figure, best first: instruction counts where QEMU
# counted, cycles where the platform has a clock, else kB/s
UNITS = ("instr/B", "cycles/B", "kB/s")
UNIT_AXIS = {
    "instr/B": "guest instructions per byte at 1024 B (log; fewer: faster)",
    "cycles/B": "cycles per byte at 1024 B (log; fewer: faster)",
    "kB/s": "kB/s at 1024 B (log; more: faster)",
}
HOW_TO = ("`hashbench quality --format json --save results/quality-$(date -u +%Y%m%dT%H%M%SZ).json` "
          "(add --quick for a run of about two minutes), then `make report`.")


def p_text(p):
    """A p-value to three figures; "none" where the test gave none."""
    return "none" if p is None else f"{p:.3g}"


@dataclass
class Verdict:
    algorithm: str
    name: str
    tier: str
    keyed: bool
    widths: list            # [{"bits", "tests", "failed", "worst"}], widest first
    worst: dict             # the width it fared worst at (quality_record.worst_width)
    scale: int = None       # >1: it ran that many times fewer keys (a slow hash: PBKDF2)
    run: dict = None        # the quality run it came from (store.load_quality)
    p_text = staticmethod(p_text)

    def text(self):
        """ "3/120": failed of tests at the worst width."""
        return f"{self.worst['failed']}/{self.worst['tests']}"

    def widths_text(self, sep="; "):
        """Every width's count, and its worst test with the p-value."""
        parts = []
        for w in self.widths:
            worst = w.get("worst")
            at = f", worst {worst['test']} p={p_text(worst['p'])}" if worst else ""
            parts.append(f"{w['bits']} bit: {w['failed']} of {w['tests']} failed{at}")
        return sep.join(parts)


def _rank(run):
    """Which of two runs judging the same algorithm speaks for it: full before quick, then the newest."""
    return (run["mode"] == "full", run["started"], run["id"])


def verdicts(ds):
    """{algorithm: Verdict} from the store's quality runs (ds.quality): each
    algorithm's from the best run that judged it (_rank); empty without one."""
    out = {}
    for run in sorted(ds.quality, key=_rank):
        for algo, a in run["algorithms"].items():
            out[algo] = Verdict(algo, a["name"] or algo, a["tier"], a["keyed"], a["widths"], qrec.worst_width(a),
                                a.get("scale"), run)
    return out


def runs_used(by_algo):
    """The quality runs the verdicts come from, best first, each with how many algorithms it gave."""
    count = {}
    for v in by_algo.values():
        count.setdefault(v.run["id"], [v.run, 0])[1] += 1
    return sorted(((run, n) for run, n in count.values()), key=lambda rn: _rank(rn[0]), reverse=True)


def run_text(run, esc):
    """Which run, for the captions (HTML): date, seed, mode and its key count, the rule."""
    return (f"quality run of {esc(run['started'])} (seed {esc(run['seed'])}, {esc(run['mode'])} mode: "
            f"2<sup>{run['log2_keys']}</sup> keys per keyset; hashbench {esc(run['hashbench_version'])}; "
            f"a test fails at p &lt; {run['alpha']:g} / tests at that width, {esc(run['correction'])})")


def runs_text(by_algo, esc, points=None):
    """The run(s) behind the verdicts (of `points` when given), for a caption."""
    if points is not None:
        by_algo = {p.verdict.algorithm: p.verdict for p in points}
    used = runs_used(by_algo)
    if len(used) == 1:
        return "the same " + run_text(used[0][0], esc)
    return ("the best run that judged each algorithm (full before quick, then the newest): "
            + "; ".join(f"{n} algorithms from the {run_text(run, esc)}" for run, n in used))


def _figures(m, clock_hz):
    """{unit: value} the measurement gives (UNITS)."""
    out = {}
    if m["timing_fidelity"] == "instruction-count" and m.get("instructions_per_byte"):
        out["instr/B"] = m["instructions_per_byte"]
    if m.get("cycles_per_byte"):
        out["cycles/B"] = m["cycles_per_byte"]
    elif clock_hz and m.get("bytes_per_second"):
        out["cycles/B"] = clock_hz / m["bytes_per_second"]
    if m.get("bytes_per_second"):
        out["kB/s"] = m["bytes_per_second"] / 1000.0
    return out


@dataclass
class Point:
    verdict: Verdict
    x: float
    implementation: str
    size: int

    @property
    def y(self):
        return self.verdict.worst["failed"]


def platform_points(ds, column, by_algo):
    """(unit, [Point], [algorithms measured here without a quality verdict])
    for one platform column: our best at 1024 bytes (the summary table's
    pick), in the unit every point has (UNITS' order; if none has one that
    all have, the one most have, and the others are left out: returned
    as well).  unit is None when no algorithm is in both."""
    machine = column[0]
    groups = {}
    for m in ds.for_column(column):
        groups.setdefault(m["algorithm"], []).append(m)
    candidates, unjudged = {}, []
    for algo, ms in groups.items():
        size = dsm.table_size(ms)
        best = dsm.best_of([m for m in ms if m["size"] == size])
        if best is None:
            continue
        if algo not in by_algo:
            unjudged.append(algo)
            continue
        candidates[algo] = (best, _figures(best, ds.clock_hz.get(machine)))
    if not candidates:
        return None, [], unjudged
    cover = {u: sum(u in f for _, f in candidates.values()) for u in UNITS}
    unit = max(UNITS, key=lambda u: (cover[u], -UNITS.index(u)))
    if not cover[unit]:
        return None, [], unjudged
    order = {a: i for i, (a, _) in enumerate(ds.algorithms)}
    points = [Point(by_algo[a], f[unit], best["implementation"], best["size"])
              for a, (best, f) in sorted(candidates.items(), key=lambda kv: order.get(kv[0], 1 << 30))
              if unit in f]
    unjudged += [a for a, (_, f) in candidates.items() if unit not in f]
    return unit, points, unjudged


def charts_data(ds, by_algo, title_of):
    """[(column, title, unit, [Point], [unjudged])] for every platform column with
    results that has an algorithm in common with the verdicts (verdicts(ds));
    title_of(ds, column) names the column (summary.column_title, passed in:
    summary reads this module for its quality column)."""
    out = []
    for column in dsm.columns(ds):
        unit, points, unjudged = platform_points(ds, column, by_algo)
        if points:
            out.append((column, title_of(ds, column), unit, points, unjudged))
    return out


def cell(verdict, esc):
    """The summary table's quality cell: failed/tests at the worst width, every width on hover."""
    if verdict is None:
        return '<td class="empty" title="no quality run covers this algorithm">&ndash;</td>'
    cls = "num qfail" if verdict.worst["failed"] else "num"
    title = verdict.widths_text() + ("" if verdict.keyed else "; not keyed: the seed tests do not apply")
    return f'<td class="{cls}" title="{esc(title)}">{esc(verdict.text())}</td>'


def section(page, ds, esc, title_of):
    """The report's speed-against-quality section: one chart per platform column."""
    page.add('<h2 id="quality">Speed against quality</h2>')
    by_algo = verdicts(ds)
    if not by_algo:
        page.nodata("No hashbench quality run in the store yet, so speed stands alone here: make one with "
                    + HOW_TO + " (docs/quality.md)")
        return
    page.add("<p>Each platform with results: every algorithm the quality run judged, x its speed there (our "
             "best implementation at 1024-byte messages, the summary table's pick; log axis), y the tests it "
             "failed at the digest width where it fared worst (the full digest, or for digests wider than 64 "
             "bits its low 64 or low 32 bits). Lower is better on y; on x the axis says which way is faster. "
             "Hover over a point for the algorithm, its implementation, every width's count and the worst test "
             "with its p-value.</p>")
    data = charts_data(ds, by_algo, title_of)
    if not data:
        page.nodata("The quality runs judged none of the algorithms any platform here has results for.")
    page.add("<div class=grid>")
    for column, title, unit, points, unjudged in data:
        page.add("<figure>")
        page.chart(charts.speed_quality(title, unit, UNIT_AXIS[unit], points))
        note = (f" Measured here, judged by no quality run: {esc(', '.join(unjudged))}." if unjudged else "")
        page.add(f"<figcaption>{esc(title)}: {len(points)} algorithms.{note} Quality is the algorithm's, not the "
                 "platform's: every implementation gives the same digests on every platform (hashbench verify), "
                 f"so every chart here uses {runs_text(by_algo, esc, points)}.</figcaption></figure>")
    page.add("</div>")
    if any(run["mode"] == "quick" for run, _ in runs_used(by_algo)):
        page.add('<p class="warn">Quick mode: fewer keys, less power to find a weakness than the full battery; '
                 "<code>hashbench quality --format json --save results/quality-....json</code> without --quick "
                 "runs the full one, which the report then prefers.</p>")

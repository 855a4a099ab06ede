"""The report's section on hashing files: `hashbench files` records (kind
"files", docs/files.md), where `hashbench sum` and the system's tools
(sha256sum, openssl dgst, b3sum, xxhsum, rhash ...) are timed as whole
processes on files in the page cache (warm) and read from the disk (cold),
and the BeagleBone report's file-hashing figures beside them.

Those figures are what a person waits for (process start, reading, hashing,
printing), not kernel throughput: they are kept apart from the other
sections, in their own table of the store (store.file_timings)."""
import html

import plotly.graph_objects as go

from . import charts
from . import published as pubm

esc = html.escape

# the source column of data/reference/published.csv for whole-command figures
FILE_SOURCE_MARK = "file hashing"


def is_published_file_row(row):
    return FILE_SOURCE_MARK in row["source"]


def newest_run(ds):
    """(machine, date, rows) of the newest run with hashbench files rows, or None."""
    if not ds.files:
        return None
    date, run_id = max((f["date"], f["run_id"]) for f in ds.files)
    rows = [f for f in ds.files if f["run_id"] == run_id]
    return rows[0]["machine"], date, rows


def family(tool):
    """The chart's legend entry for a tool: one colour per kind of program."""
    if tool.startswith(("hashbench sum", "b3sum")):
        return tool
    if tool.startswith("openssl dgst"):
        return "openssl dgst"
    if tool.startswith(("rhash", "xxhsum")):
        return tool.split()[0]
    return "coreutils (md5sum, sha256sum ...)"


def mb_per_s(row):
    return row["bytes_per_second"] / 1e6


def spread_mb_per_s(row):
    """(slowest, fastest) run in MB/s."""
    return row["size"] / row["max_ns"] * 1e3, row["size"] / row["min_ns"] * 1e3


def size_text(n):
    for unit, scale in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= scale and n % scale == 0:
            return f"{n // scale} {unit}"
    return f"{n} B"


def chart(rows, cache, size):
    """MB/s per algorithm, one bar per kind of tool, whiskers from the slowest
    to the fastest run; None when the run has no such rows."""
    sel = [r for r in rows if r["cache"] == cache and r["size"] == size]
    if not sel:
        return None
    algos = list(dict.fromkeys(r["algorithm"] for r in sel))
    fig = go.Figure()
    values = [v for r in sel for v in (mb_per_s(r), *spread_mb_per_s(r))]
    for fam in dict.fromkeys(family(r["tool"]) for r in sel):
        points = {r["algorithm"]: r for r in sel if family(r["tool"]) == fam}
        xs = [a for a in algos if a in points]
        ys = [mb_per_s(points[a]) for a in xs]
        lo_hi = [spread_mb_per_s(points[a]) for a in xs]
        fig.add_trace(go.Bar(
            name=fam, x=xs, y=ys, hovertext=[points[a]["tool"] for a in xs],
            error_y=dict(type="data", symmetric=False, array=[hi - y for (_, hi), y in zip(lo_hi, ys)],
                         arrayminus=[y - lo for (lo, _), y in zip(lo_hi, ys)]),
            hovertemplate="%{hovertext}: %{y:.4g} MB/s<extra></extra>"))
    fig.update_layout(**charts.LAYOUT)
    fig.update_layout(barmode="group", title=f"{size_text(size)} file, {cache} page cache",
                      yaxis=dict(title="MB/s (median; whiskers: slowest..fastest run)", type="log",
                                 **charts._log_ticks(values)))
    return fig


def _ours_for(rows, algorithm, tool, size):
    """This run's warm row of `tool` (or None) for a published figure."""
    for r in rows:
        if r["algorithm"] == algorithm and r["tool"] == tool and r["size"] == size and r["cache"] == "warm":
            return r
    return None


def published_pairs(rows, csv_path=None):
    """[(published row, the same tool here, hashbench sum here)] for the
    whole-command file figures of data/reference/published.csv; either of
    ours None when this run did not measure it."""
    out = []
    for pub in pubm.load(csv_path):
        if not is_published_file_row(pub):
            continue
        impl = pub["implementation"]
        tool = f"openssl dgst -{pub['algorithm']}" if impl.startswith("openssl dgst") else impl.split()[0]
        out.append((pub, _ours_for(rows, pub["algorithm"], tool, pub["size"]),
                    _ours_for(rows, pub["algorithm"], "hashbench sum", pub["size"])))
    return out


def _nowrap(text):
    return text.replace(" ", "&nbsp;")


def _figure(v):
    return f"{v:,.0f}" if v >= 100 else f"{v:.3g}"


def section(page, ds, csv_path=None):
    page.add('<h2 id="files">Hashing files</h2>')
    newest = newest_run(ds)
    if newest is None:
        page.nodata("No hashbench files results yet: run `hashbench files --save results/files.json` "
                    "(docs/files.md) and ingest it.")
        return
    machine, date, rows = newest
    repeat = len(rows[0]["samples_ns"])
    page.add(f"<p>{esc(machine)}, {esc(date)}: <code>hashbench sum</code> against the system's tools, each "
             "timed as a whole process (start to exit, as a person waits for it: loading, reading the file, "
             f"hashing, printing), median of {repeat} runs after a discarded warm-up, the tools taking turns "
             "run by run. Warm: the file in the page cache; cold: its pages dropped before each run "
             "(posix_fadvise, checked with mincore). Every run's digest equalled hashbench's own. "
             "&times; ours: hashbench sum's speed over the tool's (above 1: hashbench sum is faster).</p>")
    for w in dict.fromkeys(rows[0]["run_warnings"]):
        page.add(f'<p class="warn">{esc(w)}</p>')
    largest = max(r["size"] for r in rows)
    page.add("<div class=grid>")
    for cache in ("warm", "cold"):
        fig = chart(rows, cache, largest)
        if fig is not None:
            page.chart(fig)
    page.add("</div>")
    page.add("<table><tr><th>algorithm</th><th>size</th><th>cache</th><th>tool</th><th>MB/s</th>"
             "<th>slowest..fastest</th><th>&times; ours</th><th>version</th></tr>")
    for r in rows:
        lo, hi = spread_mb_per_s(r)
        ratio = f"{r['ours_ratio']:.2f}" if r.get("ours_ratio") else ""
        page.add(f"<tr><td>{esc(r['algorithm'])}</td><td>{_nowrap(size_text(r['size']))}</td><td>{r['cache']}</td>"
                 f"<td>{esc(r['tool'])}</td><td class=num>{_figure(mb_per_s(r))}</td>"
                 f"<td class=num>{_figure(lo)}..{_figure(hi)}</td><td class=num>{ratio}</td>"
                 f"<td>{esc(r.get('version') or '')}</td></tr>")
    page.add("</table>")
    section_published(page, rows, machine, csv_path)


def section_published(page, rows, machine, csv_path=None):
    pairs = published_pairs(rows, csv_path)
    page.add("<h3>The BeagleBone Black report's file hashing beside this run</h3>")
    if not pairs:
        page.nodata("data/reference/published.csv has no file-hashing figures.")
        return
    page.add("<p>The BeagleBone Black (1 GHz Cortex-A8, OpenSSL 3.3.1 with NEON, root file system on NFS) "
             "timed each command once with <code>time</code>; here, the same command on this run's machine "
             f"({esc(machine)}), warm page cache, median of the runs. <b>Different machines</b>: the ratio says how "
             "far apart the machines are, not which code is better. The published notes say how the report's "
             "figures were read.</p>")
    page.add("<table><tr><th>algorithm</th><th>size</th><th>command</th><th>BeagleBone MB/s</th>"
             "<th>here MB/s</th><th>here / BeagleBone</th><th>hashbench sum here MB/s</th><th>note</th></tr>")
    for pub, same, ours in pairs:
        published = pub["kBps"] / 1000
        same_cells = (f"<td class=num>{_figure(mb_per_s(same))}</td><td class=num>{mb_per_s(same) / published:.3g}</td>"
                      if same else '<td class="empty" colspan=2>not measured here</td>')
        ours_cell = (f"<td class=num>{_figure(mb_per_s(ours))}</td>" if ours
                     else '<td class="empty">not measured here</td>')
        page.add(f"<tr><td>{esc(pub['algorithm'])}</td><td>{_nowrap(size_text(pub['size']))}</td>"
                 f"<td>{esc(pub['implementation'])}</td><td class=num>{_figure(published)}</td>{same_cells}"
                 f"{ours_cell}<td>{esc(pub['note'])}</td></tr>")
    page.add("</table>")

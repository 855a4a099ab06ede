"""The HTML report: one self-contained file.  plotly.js is embedded, the
screenshots are data: URIs, so opening it fetches nothing.  Every section
says in words when it has no data yet."""
import base64
import datetime
import html
import json
from pathlib import Path

import plotly.offline

from . import charts
from . import dataset as dsm
from . import files as filesm
from . import platforms as pf
from . import published as pubm
from . import quality as qualm
from . import rng as rngm
from . import scaling
from . import screenshots as shotsm
from . import summary

CSS = """
body{font-family:system-ui,sans-serif;margin:1.5em auto;max-width:1400px;padding:0 1em;color:#222}
h1{margin-bottom:.2em} h2{border-bottom:2px solid #ddd;padding-bottom:.2em;margin-top:2em}
nav a{margin-right:1em} .nodata{background:#fff6e0;border-left:4px solid #e0a000;padding:.6em 1em}
table{border-collapse:collapse;font-size:13px;margin:.5em 0} th,td{border:1px solid #ddd;padding:3px 7px}
th{background:#f3f3f3;position:sticky;top:0} td.num{text-align:right;font-variant-numeric:tabular-nums}
td.empty{color:#bbb;text-align:center}
.fid-measured{background:#e8f5e9} .fid-cycle-exact{background:#e3f2fd} .fid-approximate{background:#fff8e1}
.fid-projected{background:#fce4ec} .fid-instruction-count{background:#ede7f6} .fid-cycle-modelled{background:#e0f2f1}
sup.mark{font-weight:bold;color:#555;margin-left:2px}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(430px,1fr));gap:12px}
.chart{min-height:300px;border:1px solid #eee} figure{margin:0 0 1em 0} figure img{max-width:100%;image-rendering:pixelated;border:1px solid #ccc}
.shots img{width:320px} .shots td{vertical-align:top} .shots figcaption{font-size:11px;max-width:320px;overflow-wrap:anywhere}
.shots-table th small{font-weight:normal} .warn{color:#8a4b00} details{margin:.3em 0}
.wide{overflow-x:auto;max-height:85vh} .wide th{font-size:12px;max-width:9em}
.wide tr td:nth-child(-n+2){white-space:nowrap}
.wide td:first-child{position:sticky;left:0;background:#fff} .wide th:first-child{left:0;z-index:2}
td.qfail{color:#a00000;font-weight:bold} figcaption{font-size:12px;color:#444;margin:.3em .2em}
"""

RENDER_JS = """
(function () {
  var specs = document.querySelectorAll('script.figure');
  var done = [];
  specs.forEach(function (s) {
    var fig = JSON.parse(s.textContent);
    var div = document.getElementById(s.getAttribute('data-target'));
    done.push(Plotly.newPlot(div, fig.data, fig.layout, {displaylogo: false, responsive: true})
      .then(function () { div.setAttribute('data-rendered', 'yes'); }));
  });
  Promise.all(done).then(function () {
    document.body.setAttribute('data-charts-rendered', String(done.length));
  }, function (err) { console.error('a chart failed to render: ' + err); });
})();
"""

esc = html.escape


class Page:
    """Collects sections and the figures they reference."""

    def __init__(self):
        self.parts = []
        self.figures = []

    def add(self, text):
        self.parts.append(text)

    def chart(self, fig, css_class="chart"):
        cid = f"chart-{len(self.figures) + 1}"
        self.figures.append((cid, fig))
        self.add(f'<div class="{css_class}" id="{cid}"></div>')

    def nodata(self, text):
        self.add(f'<p class="nodata">{esc(text)}</p>')


def _figure_scripts(figures):
    out = []
    for cid, fig in figures:
        spec = fig.to_json().replace("</", "<\\/")
        out.append(f'<script type="application/json" class="figure" data-target="{cid}">{spec}</script>')
    return "\n".join(out)


def section_runs(page, ds):
    page.add('<h2 id="runs">Runs in the store</h2>')
    if not ds.runs:
        page.nodata("The store holds no runs yet: `make report` runs a quick benchmark, or ingest result files "
                    "with `hashbench-report ingest FILE...`.")
        return
    page.add("<table><tr><th>run</th><th>machine</th><th>platform</th><th>date</th><th>build</th>"
             "<th>compiler</th><th>mode</th><th>measurements</th><th>file</th></tr>")
    counts = {}
    for m in ds.all_measurements:
        counts[m["run_id"]] = counts.get(m["run_id"], 0) + 1
    for r in ds.runs:
        page.add(f"<tr><td>{r['id']}</td><td>{esc(r['machine'])}</td><td>{esc(r['platform'])}</td>"
                 f"<td>{esc(r['date'])}</td><td>{esc(r['hashbench_version'])} {esc(r['hashbench_build'] or '')}</td>"
                 f"<td>{esc(r['compiler'])} {esc(r['compiler_flags'])}</td><td>{esc(r['mode'])}</td>"
                 f"<td class=num>{counts.get(r['id'], 0)}</td><td>{esc(Path(r['source']).name)}</td></tr>")
    page.add("</table>")


def section_platforms(page, ds, table):
    page.add('<h2 id="platforms">Every platform side by side</h2>')
    page.add("<p>Our best implementation per algorithm at 1024-byte messages: kB/s (1 kB = 1000 bytes; a "
             "console's at its nominal clock, given in the heading), or instructions per byte (fewer is better) "
             "for QEMU instruction counts. Each cell is marked with its timing fidelity: "
             + ", ".join(f'<span class="fid-{k}"><b>{v[1]}</b> {esc(v[0])}</span> ({esc(v[2])})'
                         for k, v in pf.FIDELITY.items())
             + ". A size after the figure means the platform did not run 1024 bytes. A console that ran more "
             "than one build of the library has a column per build (the GBA: Thumb code in cartridge ROM, ARM "
             "code in internal work RAM). Hover over a cell for the implementation. Quality: tests failed / tests "
             "run at the digest width where the algorithm fared worst, from one hashbench quality run (hover for "
             "every width; <a href=\"#quality\">speed against quality</a> says which run): speed alone does not "
             "say which hash to choose.</p>")
    columns = summary.table_columns(ds)
    if not ds.machines:
        page.nodata("No results yet, from any platform.")
    missing = summary.missing_platform_notes(ds)
    for note in missing:
        page.nodata(note)
    if not ds.algorithms:
        return
    verdicts = qualm.verdicts(ds)
    if not verdicts:
        page.nodata("No hashbench quality run yet: the quality column is empty. Make one with " + qualm.HOW_TO)
    page.add('<div class="wide"><table><tr><th>algorithm</th><th>tier</th><th>quality (failed/tests)</th>'
             + "".join(f"<th>{esc(title)}</th>" for _, title in columns) + "</tr>")
    for algo, tier in ds.algorithms:
        cells = []
        for machine, _ in columns:
            c = table.get(algo, {}).get(machine) if machine else None
            if c is None:
                cells.append('<td class="empty">&ndash;</td>')
            else:
                mark = pf.FIDELITY[c.fidelity][1]
                mode = "" if c.mode == "throughput" else f", {c.mode} mode"
                cells.append(f'<td class="num fid-{c.fidelity}" title="{esc(c.implementation)}, {esc(c.fidelity)}, '
                             f'{c.unit}{mode}">{esc(c.text())}<sup class="mark">{mark}</sup></td>')
        page.add(f"<tr><td>{esc(algo)}</td><td>{esc(tier)}</td>{qualm.cell(verdicts.get(algo), esc)}"
                 f"{''.join(cells)}</tr>")
    page.add("</table></div>")


def section_throughput(page, ds):
    page.add('<h2 id="throughput">Throughput against message size</h2>')
    if ds.host_machine is None:
        page.nodata("No host results yet.")
        return
    page.add(f"<p>{esc(ds.host_machine)}, newest measurement of each implementation; log axes; "
             "peers dashed.</p><div class=grid>")
    peers = dsm.peer_names(ds, ds.host_machine)
    for algo, _ in ds.algorithms:
        fig = charts.throughput(algo, dsm.throughput_series(ds, algo), peers)
        if fig is not None:
            page.chart(fig)
    page.add("</div>")


def section_peers(page, ds):
    page.add('<h2 id="peers">Our best against the best peer</h2>')
    ratios = dsm.peer_ratios(ds) if ds.host_machine else {}
    fig = charts.peer_ratio(ratios)
    if fig is None:
        page.nodata("No peer data yet: no results from the peer libraries (openssl, zlib, isal, xxhash, sodium, "
                    "rust-*) were measured on this host beside ours.")
        return
    page.chart(fig)


def section_qemu(page, ds):
    page.add('<h2 id="qemu">QEMU instruction counts</h2>')
    fig = charts.qemu_heatmap(*dsm.qemu_heat(ds))
    if fig is None:
        page.nodata("No QEMU instruction-count results yet.")
        return
    page.add("<p>Guest instructions per byte hashed, counted by QEMU's TCG plugin (tools/qemu-insn): the fewest of "
             "our implementations (portable, fast, and any for the CPU's instruction-set extensions) at 1024 bytes, "
             "one row per emulated CPU; hover over a cell for the implementation. A count, not a time: it says "
             "nothing of cycles per instruction, caches or memory. Colour on a log scale; fewer is better.</p>")
    page.chart(fig, css_class="chart heat")


def _shot_folders(shots_dir):
    if not shots_dir:
        return []
    return [shots_dir] if isinstance(shots_dir, (str, Path)) else list(shots_dir)


def section_screenshots(page, shots_dir):
    """Every PNG below the folder(s) `shots_dir` (a path or a list of them):
    each console's screens side by side, a column per run, labelled with the
    emulator the run's record names, a row per view (screenshots.py)."""
    page.add('<h2 id="screenshots">Console screenshots</h2>')
    folders = _shot_folders(shots_dir)
    consoles = shotsm.collect(folders)
    if not consoles:
        page.nodata(f"No console screenshots yet (PNG files under {', '.join(map(str, folders)) or 'no folder'}).")
        return
    page.add("<p>Every view of each console's results screen, as each run photographed it: one column per run, "
             "headed by the emulator its record names (a folder without a record says so), one row per view "
             "(p1/p2/p3: the pass; then the build or implementation shown, the sort, 1024-byte table or "
             "size sweep, the page).</p>")
    for title, runs, rows in consoles:
        page.add(f'<h3>{esc(title)}</h3><div class="wide shots"><table class="shots-table">'
                 '<tr><th>view</th>' + "".join(
                     f'<th data-emulator="{esc(r.label)}">{esc(r.label)}<br><small>{esc(r.caption(r.folder))}'
                     '</small></th>' for r in runs) + "</tr>")
        by_run = [shotsm.cells(r, rows) for r in runs]
        for view, k in rows:
            line = [f"<tr><td>{esc(view)}{'' if k == 0 else f' ({k + 1})'}</td>"]
            for r, got in zip(runs, by_run):
                p = got.get((view, k))
                if p is None:
                    line.append('<td class="empty">-</td>')
                    continue
                data = base64.b64encode(p.read_bytes()).decode("ascii")
                line.append(f'<td data-emulator="{esc(r.label)}" data-view="{esc(view)}"><figure>'
                            f'<img alt="{esc(p.stem)}" src="data:image/png;base64,{data}">'
                            f'<figcaption>{esc(r.label)}: {esc(r.caption(p))}</figcaption></figure></td>')
            page.add("".join(line) + "</tr>")
        page.add("</table></div>")


def section_published(page, rows):
    page.add('<h2 id="published">Published figures beside ours</h2>')
    if not rows:
        page.nodata("data/reference/published.csv was not found.")
        return
    page.add("<p>Each published figure beside our best on the same platform when we have results from it, "
             "otherwise beside this host (a different machine: the ratio says how far apart the machines are, "
             "not which code is better). Notes are the sources' own, and mark where they disagree with "
             "themselves.</p>")
    fig = charts.published_ratio(rows)
    if fig is not None:
        page.chart(fig)
    else:
        page.nodata("None of our results has a counterpart among the published figures yet.")
    page.add("<table><tr><th>platform</th><th>CPU</th><th>MHz</th><th>algorithm</th>"
             "<th>implementation</th><th>size</th><th>published kB/s</th><th>ours kB/s</th><th>ours from</th>"
             "<th>ours / published</th><th>note</th></tr>")
    source = None
    for r in rows:
        if r["source"] != source:
            source = r["source"]
            page.add(f'<tr><th colspan=11 style="text-align:left">{esc(source)}</th></tr>')
        ours = r.get("ours")
        if ours:
            kbps, plat, size, fid = ours
            impl = r.get("ours_impl")
            impl = f"{esc(impl)}, " if impl else ""
            figure = f"{kbps:,.0f}" if kbps >= 100 else f"{kbps:.3g}"
            ours_cells = (f"<td class=num>{figure}</td><td>{esc(pf.display_name(plat))}, {impl}{size} B, "
                          f"{esc(fid)}</td><td class=num>{kbps / r['kBps']:.3g}</td>")
        else:
            ours_cells = '<td class="empty" colspan=3>no result of ours yet</td>'
        note = "; ".join(x for x in (r["note"], r.get("disagreement", "")) if x)
        cls = ' class="warn"' if ("disagree" in note or r.get("disagreement")) else ""
        page.add(f"<tr><td>{esc(r['platform'])}</td><td>{esc(r['cpu'])}</td>"
                 f"<td class=num>{esc(r['clock_mhz'])}</td><td>{esc(r['algorithm'])}</td>"
                 f"<td>{esc(r['implementation'])}</td><td class=num>{r['size'] or 'bulk'}</td>"
                 f"<td class=num>{r['kBps']:,.6g}</td>{ours_cells}<td{cls}>{esc(note)}</td></tr>")
    page.add("</table>")


def section_warnings(page, ds):
    page.add('<h2 id="warnings">Warnings the measurements carried</h2>')
    entries = dsm.warnings(ds)
    if not any(run_w or meas_w for _, run_w, meas_w in entries):
        page.nodata("No run and no measurement carried a warning." if ds.runs else "No runs yet.")
        return
    for run, run_w, meas_w in entries:
        if not run_w and not meas_w:
            continue
        page.add(f"<h3>run {run['id']}: {esc(run['machine'])}, {esc(run['date'])}</h3><ul>")
        for w in run_w:
            page.add(f'<li class="warn">{esc(w)}</li>')
        for w, where in meas_w.items():
            page.add(f'<li class="warn">{esc(w)} <details><summary>{len(where)} measurements</summary>'
                     f"{esc(', '.join(where))}</details></li>")
        page.add("</ul>")


def published_rows(ds, csv_path=None):
    # whole-command file hashing figures sit beside hashbench files' (files.py), not beside kernels
    rows = [r for r in pubm.load(csv_path) if not filesm.is_published_file_row(r)]
    best = dsm.best_by_platform(ds)
    for r in rows:
        if rngm.is_rng_row(r):
            r["ours"], r["ours_impl"] = rngm.pick_ours(r, ds.rng)
            continue
        r["ours"] = pubm.pick_ours(r, best)
        if r["ours"]:
            r["ours_impl"] = best[(r["ours"][1], r["algorithm"], r["ours"][2])][2]
    return rows


def render(ds, shots_dir="results/screenshots", csv_path=None):
    page = Page()
    table = dsm.platform_table(ds)
    rows = published_rows(ds, csv_path)
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    page.add(f"<h1>hashbench report</h1><p>Made {now} from {len(ds.runs)} runs, "
             f"{len(ds.all_measurements)} measurements.</p>")
    page.add('<nav><a href="#platforms">platforms</a><a href="#quality">speed/quality</a><a href="#throughput">throughput</a><a href="#peers">peers</a>'
             '<a href="#scaling">scaling</a><a href="#qemu">QEMU</a><a href="#screenshots">screenshots</a><a href="#published">published</a>'
             '<a href="#files">files</a><a href="#rng">rng</a><a href="#warnings">warnings</a><a href="#runs">runs</a></nav>')
    page.add('<h2 id="topline">Top line</h2><ul>'
             + "".join(f"<li>{esc(line)}</li>" for line in summary.topline(ds, table)) + "</ul>")
    section_platforms(page, ds, table)
    qualm.section(page, ds, esc, summary.column_title)
    section_throughput(page, ds)
    section_peers(page, ds)
    scaling.section(page, ds)
    section_qemu(page, ds)
    section_screenshots(page, shots_dir)
    section_published(page, rows)
    rngm.section(page, ds.rng, rows, esc)
    filesm.section(page, ds, csv_path)
    section_warnings(page, ds)
    section_runs(page, ds)
    # "</script" inside the library would end its <script> element early; "<\/" means the same to JavaScript
    plotly_js = plotly.offline.get_plotlyjs().replace("</script", "<\\/script")
    return ("<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8><title>hashbench report</title>"
            f"<style>{CSS}</style><script>{plotly_js}</script></head>"
            f'<body data-charts-expected="{len(page.figures)}">\n' + "\n".join(page.parts)
            + "\n" + _figure_scripts(page.figures) + f"\n<script>{RENDER_JS}</script>\n</body></html>\n")


def write(ds, out_path, **kw):
    out = Path(out_path)
    out.parent.mkdir(parents=True, exist_ok=True)
    text = render(ds, **kw)
    tmp = out.with_suffix(out.suffix + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(out)
    return out

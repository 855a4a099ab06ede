"""The report's plotly figures, built from dataset.py's figures.  Each function
returns a plotly Figure, or None when there is nothing to draw (the page then
says so in words)."""
import math

import plotly.graph_objects as go

from . import platforms as pf
from .dataset import count_text

PEER_DASH = "dash"
LAYOUT = dict(template="plotly_white", margin=dict(l=60, r=20, t=40, b=50), height=320,
              legend=dict(orientation="h", y=-0.25), font=dict(size=11))


def size_label(n):
    for unit, scale in (("M", 1 << 20), ("K", 1 << 10)):
        if n >= scale and n % scale == 0:
            return f"{n // scale}{unit}"
    return str(n)


def _log_ticks(values):
    """1-2-5 ticks spanning `values`, labelled in full: plotly's own log ticks
    label minor steps as bare digits ("2", "5"), which reads as a wrong figure."""
    vals = [v for v in values if v and v > 0]
    if not vals:
        return {}
    lo, hi = min(vals) / 1.3, max(vals) * 1.3
    ticks = []
    k = math.floor(math.log10(lo))
    while 10 ** k <= hi:
        for m in (1, 2, 5):
            t = m * 10 ** k
            if lo <= t <= hi:
                ticks.append(t)
        k += 1
    if len(ticks) < 2:
        ticks = sorted({float(f"{min(vals):.2g}"), float(f"{max(vals):.2g}")})
    return dict(tickvals=ticks, ticktext=[f"{t:,.6g}" for t in ticks])


def _parity(fig, categories):
    """A dotted line at ratio 1 (a trace, not a shape: shapes on log axes take log units)."""
    cats = list(dict.fromkeys(categories))
    fig.add_trace(go.Scatter(x=cats, y=[1.0] * len(cats), mode="lines", name="parity",
                             line=dict(dash="dot", color="#555"), hoverinfo="skip"))


def throughput(algorithm, series, peers=frozenset()):
    """Throughput (MB/s) against message size, log axes, one line per implementation or peer
    (the implementations in peers: dataset.peer_names)."""
    if not series:
        return None
    fig = go.Figure()
    for impl, points in series.items():
        peer = impl in peers
        fig.add_trace(go.Scatter(
            x=[s for s, _ in points], y=[v for _, v in points], mode="lines+markers",
            name=impl + (" (peer)" if peer else ""), line=dict(dash=PEER_DASH if peer else "solid"),
            hovertemplate="%{x} B: %{y:.4g} MB/s<extra>" + impl + "</extra>"))
    sizes = sorted({s for points in series.values() for s, _ in points})
    fig.update_layout(title=dict(text=algorithm, x=0.02), **LAYOUT)
    fig.update_xaxes(type="log", title="message size (bytes)", tickvals=sizes, ticktext=[size_label(s) for s in sizes])
    fig.update_yaxes(type="log", title="MB/s", **_log_ticks([v for p in series.values() for _, v in p]))
    return fig


def peer_ratio(ratios):
    """Our best / best peer per algorithm, one bar group per message size (log axis, 1 = parity)."""
    if not ratios:
        return None
    algos = list(ratios)
    sizes = sorted({s for per in ratios.values() for s in per})
    fig = go.Figure()
    for size in sizes:
        ys, texts = [], []
        for a in algos:
            r = ratios[a].get(size)
            ys.append(r[0] if r else None)
            texts.append(f"{r[1]} vs {r[2]}" if r else "")
        fig.add_trace(go.Bar(x=algos, y=ys, name=size_label(size) + " B", customdata=texts,
                             hovertemplate="%{x}: %{y:.3f}x (%{customdata})<extra>" + size_label(size) + " B</extra>"))
    _parity(fig, algos)
    fig.update_layout(title=dict(text="our best / best peer (above 1: ours is faster)", x=0.02), barmode="group",
                      **dict(LAYOUT, height=380))
    fig.update_yaxes(type="log", title="throughput ratio",
                     **_log_ticks([r[0] for per in ratios.values() for r in per.values()] + [1.0]))
    return fig


def qemu_heatmap(machines, algos, z, labels=None):
    """Instructions per byte, QEMU machine by algorithm; colour on a log scale
    (the counts span three orders of magnitude), the figure written in each cell."""
    if not machines or not algos:
        return None
    logz = [[math.log10(v) if v else None for v in row] for row in z]
    text = [[("" if v is None else count_text(v)) for v in row] for row in z]
    labels = labels or [[""] * len(algos) for _ in machines]
    ticks = _log_ticks([v for row in z for v in row if v])
    fig = go.Figure(go.Heatmap(
        z=logz, x=algos, y=[pf.display_name(m) for m in machines], text=text, texttemplate="%{text}",
        textfont=dict(size=9), customdata=labels, colorscale="Viridis", reversescale=True,
        colorbar=dict(title="instr/B", tickvals=[math.log10(t) for t in ticks.get("tickvals", [])],
                      ticktext=ticks.get("ticktext", [])),
        hovertemplate="%{y}, %{x}: %{text} instructions per byte (%{customdata})<extra></extra>"))
    fig.update_layout(title=dict(text="instructions per byte at 1024 B (QEMU, fewer is better)", x=0.02),
                      **dict(LAYOUT, height=max(300, 140 + 28 * len(machines)),
                             margin=dict(l=190, r=20, t=40, b=110)))
    fig.update_xaxes(tickangle=-60, tickfont=dict(size=10))
    fig.update_yaxes(autorange="reversed", tickfont=dict(size=10))
    return fig


def published_ratio(rows):
    """Ours / published for every published figure we have a counterpart for, one marker set per source."""
    rows = [r for r in rows if r.get("ours")]
    if not rows:
        return None
    fig = go.Figure()
    for source in dict.fromkeys(r["source"] for r in rows):
        pick = [r for r in rows if r["source"] == source]
        fig.add_trace(go.Scatter(
            x=[f"{r['platform']} {r['algorithm']} {size_label(r['size']) if r['size'] else 'bulk'}" for r in pick],
            y=[r["ours"][0] / r["kBps"] for r in pick], mode="markers", name=source[:60],
            hovertemplate="%{x}: ours / published = %{y:.3g}<extra></extra>"))
    _parity(fig, [x for t in fig.data for x in t.x])
    fig.update_layout(title=dict(text="ours / published (same platform when we have it, else this host)", x=0.02),
                      **dict(LAYOUT, height=420, legend=dict(orientation="h", y=-0.6)))
    fig.update_yaxes(type="log", title="ratio", **_log_ticks([r["ours"][0] / r["kBps"] for r in rows] + [1.0]))
    return fig


TIER_COLOURS = {"checksum": "#d62728", "non-crypto": "#1f77b4", "crypto": "#2ca02c"}


def _figure_text(v):
    return f"{v:,.0f}" if v >= 1000 else f"{v:.3g}"


def speed_quality(title, unit, axis_title, points):
    """Speed (x, log) against tests failed at the worst width (y), one point
    per algorithm, one marker colour per tier; hover names the algorithm and
    gives its implementation, every width's count and the worst test
    (points: quality.Point)."""
    if not points:
        return None
    fig = go.Figure()
    for tier in dict.fromkeys(p.verdict.tier for p in points):
        pick = [p for p in points if p.verdict.tier == tier]
        hover = []
        for p in pick:
            v, w = p.verdict, p.verdict.worst
            worst = w.get("worst")
            hover.append(
                f"<b>{v.name}</b> ({v.algorithm}{', keyed' if v.keyed else ''})<br>"
                f"{_figure_text(p.x)} {unit}: {p.implementation}, {p.size} B<br>"
                f"failed {w['failed']} of {w['tests']} tests at {w['bits']} bits"
                + (f"; worst {worst['test']} {worst.get('variant') or ''} p={v.p_text(worst['p'])}" if worst else "")
                + (f"<br>ran 1/{v.scale} of the keys (a slow hash)" if v.scale and v.scale > 1 else "")
                + "<br>" + v.widths_text("<br>"))
        fig.add_trace(go.Scatter(
            x=[p.x for p in pick], y=[p.y for p in pick], mode="markers", name=tier,
            marker=dict(size=9, color=TIER_COLOURS.get(tier), line=dict(width=1, color="#333")),
            hovertext=hover, hovertemplate="%{hovertext}<extra></extra>"))
    top = max(p.y for p in points)
    fig.update_layout(title=dict(text=title, x=0.02), **dict(LAYOUT, height=360))
    fig.update_xaxes(type="log", title=axis_title, **_log_ticks([p.x for p in points]))
    fig.update_yaxes(title="tests failed (worst width)", range=[-0.5, top + max(1, top * 0.1)],
                     rangemode="tozero", dtick=max(1, round(top / 6)) if top else 1)
    return fig

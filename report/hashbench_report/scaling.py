"""The thread-scaling section: implementations measured at each thread count
(`hashbench bench --scale`: BLAKE3 `mt`, the Rust crate's update_rayon), whose
results are named "<implementation>/<N>t".  One chart per algorithm and
message size on the host: throughput against threads, the median with the
samples' min..max as error bars, one line per implementation, and a dotted
line where perfect scaling from one thread would be.  Kept apart from
html.py, which calls section() once."""
import html
import re

import plotly.graph_objects as go

from . import dataset as dsm

THREADED = re.compile(r"^(?P<impl>.+)/(?P<threads>\d+)t$")
LAYOUT = dict(template="plotly_white", margin=dict(l=60, r=20, t=40, b=50), height=320,
              legend=dict(orientation="h", y=-0.25), font=dict(size=11))


def split(implementation):
    """("mt", 2) for "mt/2t"; None for a name without a thread count."""
    m = THREADED.match(implementation)
    return (m["impl"], int(m["threads"])) if m else None


def _rate(m, ns):
    return m["size"] / (ns * 1e-9) / 1e6 if ns else None


def curves(ds):
    """{(algorithm, size): {implementation: [(threads, MB/s median, MB/s min, MB/s max)]}} on the host
    machine, thread counts ascending (the newest measurement of each, as in the rest of the report)."""
    out = {}
    if ds.host_machine is None:
        return out
    for m in ds.for_machine(ds.host_machine):
        parts = split(m["implementation"])
        if not parts or not m.get("bytes_per_second"):
            continue
        impl, threads = parts
        point = (threads, m["bytes_per_second"] / 1e6, _rate(m, m.get("max_ns")), _rate(m, m.get("min_ns")))
        out.setdefault((m["algorithm"], m["size"]), {}).setdefault(impl, []).append(point)
    for series in out.values():
        for points in series.values():
            points.sort()
    return dict(sorted(out.items()))


def peers(ds):
    """The implementations (without their thread counts) measured as peers on the host, as the records say."""
    if ds.host_machine is None:
        return set()
    return {split(m["implementation"])[0] for m in ds.for_machine(ds.host_machine)
            if dsm.is_peer(m) and split(m["implementation"])}


def chart(algorithm, size, series, peer_impls=frozenset()):
    fig = go.Figure()
    for impl, points in sorted(series.items(), key=lambda kv: (kv[0] in peer_impls, kv[0])):
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        lo = [p[1] - (p[2] if p[2] is not None else p[1]) for p in points]
        hi = [(p[3] if p[3] is not None else p[1]) - p[1] for p in points]
        fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines+markers", name=impl,
                                 line=dict(dash="dash" if impl in peer_impls else "solid"),
                                 error_y=dict(type="data", symmetric=False, array=hi, arrayminus=lo),
                                 hovertemplate="%{x} threads: %{y:.4g} MB/s<extra>" + impl + "</extra>"))
        one = {p[0]: p[1] for p in points}.get(1)
        if one:
            fig.add_trace(go.Scatter(x=xs, y=[one * t for t in xs], mode="lines", name=f"{impl} x threads",
                                     line=dict(dash="dot", width=1), hoverinfo="skip"))
    fig.update_layout(title=f"{algorithm} at {size:,} bytes", xaxis_title="threads", yaxis_title="MB/s",
                      xaxis=dict(dtick=1), **LAYOUT)
    return fig


def section(page, ds):
    page.add('<h2 id="scaling">Thread scaling</h2>')
    found = curves(ds)
    if not found:
        page.nodata("No thread-scaling results yet: `hashbench bench -a blake3 --impl mt,peers -s 64M --scale` "
                    "measures BLAKE3 mt (and the Rust crate's update_rayon, with `make peers`) at 1 to all "
                    "cores.")
        return
    page.add(f"<p>{html.escape(ds.host_machine)}: throughput against the threads an implementation was told to "
             "use, measured interleaved in one group per size; median, error bars from the fastest to the "
             "slowest sample; dotted: one thread's figure times the threads. A busy machine bends the curve "
             "(the run's warnings say when other processes used its CPUs).</p><div class=grid>")
    dashed = peers(ds)
    for (algorithm, size), series in found.items():
        page.chart(chart(algorithm, size, series, dashed))
    page.add("</div>")

"""`hashbench rng` records (kind "rng", docs/rng.md) in the report: each
source's throughput per size with its spread and the verdict of its sanity
checks, beside the BeagleBone report's RNG figures
(data/reference/published.csv rows whose algorithm is rng-<source>).

The store keeps them in its table rng_sources (store.py, which ingests
them); this module only reads it, so it imports the store and never the
other way round.
"""
import json

from sqlalchemy import select

from . import store

RNG_PREFIX = "rng-"
# where the csv notes go on to the units every row shares (the published section shows them whole)
UNITS_NOTE = "; the report's MB/s x 1000"

# the store's table of rng entries (store.py)
rng_sources = store.rng_sources


def load(engine):
    """[{run fields..., "sources": [entry, ...]}] for every rng run, oldest first."""
    with engine.connect() as conn:
        got = conn.execute(select(rng_sources.c.run_id, rng_sources.c.entry_json, store.runs.c.machine,
                                  store.runs.c.date, store.runs.c.platform, store.runs.c.settings_json,
                                  store.runs.c.warnings_json, store.runs.c.context_json)
                           .join(store.runs, rng_sources.c.run_id == store.runs.c.id)
                           .order_by(store.runs.c.date, rng_sources.c.run_id, rng_sources.c.position)).mappings().all()
    runs = {}
    for r in got:
        run = runs.setdefault(r["run_id"], {
            "run_id": r["run_id"], "machine": r["machine"], "date": r["date"], "platform": r["platform"],
            "settings": json.loads(r["settings_json"]), "warnings": json.loads(r["warnings_json"]),
            "load_average": json.loads(r["context_json"]).get("load_average"), "sources": []})
        run["sources"].append(json.loads(r["entry_json"]))
    return list(runs.values())


def run_ids(engine):
    """The ids of the runs that are hashbench rng records."""
    with engine.connect() as conn:
        return {r for (r,) in conn.execute(select(rng_sources.c.run_id).distinct())}


def newest(runs):
    """The newest rng run (by date, then store order), or None."""
    return max(runs, key=lambda r: (r["date"], r["run_id"])) if runs else None


def _measured(entry, size):
    for c in entry.get("sizes", []):
        if c["size"] == size:
            return c
    return None


def is_rng_row(pub):
    return pub["algorithm"].startswith(RNG_PREFIX)


def pick_ours(pub, runs):
    """Our figure for a published RNG row: the same source at the same size in
    the newest rng run that measured it.  Returns ((kB/s, "host", size,
    "measured"), label) or (None, None)."""
    want = pub["algorithm"][len(RNG_PREFIX):]
    for run in sorted(runs, key=lambda r: (r["date"], r["run_id"]), reverse=True):
        for e in run["sources"]:
            c = _measured(e, pub["size"]) if e["source"] == want else None
            if c and c["status"] == "measured":
                return (c["bytes_per_second"] / 1000.0, "host", c["size"], "measured"), e["label"]
    return None, None


def size_text(n):
    for unit, scale in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= scale and n % scale == 0:
            return f"{n // scale} {unit}"
    return f"{n} B"


def mbps(bps):
    v = bps / 1e6
    return f"{v:,.0f}" if v >= 100 else f"{v:.3g}"


def cell_text(c):
    """'412 (398..420)' MB/s, or why there is no figure."""
    if c is None:
        return "", "not asked for"
    if c["status"] != "measured":
        return c["status"], c.get("reason", "")
    return f"{mbps(c['bytes_per_second'])} ({mbps(c['min_bytes_per_second'])}..{mbps(c['max_bytes_per_second'])})", ""


def section(page, runs, published, esc):
    """The report's RNG section: the newest rng run, and the BeagleBone figures beside it."""
    page.add('<h2 id="rng">Random sources (hashbench rng)</h2>')
    run = newest(runs)
    if run is None:
        page.nodata("No hashbench rng results yet: `hashbench rng --save results/rng-$(date +%s).json`, "
                    "then `make report`.")
        return
    sizes = run["settings"]["sizes"]
    load = run.get("load_average")
    page.add(f"<p>{esc(run['machine'])}, {esc(run['date'])}"
             + (f", load average {load[0]:.2f} at the start" if load else "")
             + f": MB/s (10<sup>6</sup> bytes per second), median of {run['settings'].get('repeat', '?')} samples "
             "per size, slowest..fastest in brackets, sources interleaved round by round. The check is a "
             "byte-frequency chi-square (255 degrees of freedom, both tails) and a monobit test on the source's "
             f"bytes; a test fails at p &lt; {run['sources'][0].get('check', {}).get('p_fail', 1e-6) if run['sources'] else 1e-6:g} "
             "(docs/rng.md).</p>")
    page.add("<table><tr><th>source</th><th>kind</th>" + "".join(f"<th>{size_text(s)}</th>" for s in sizes)
             + "<th>check</th><th>notes</th></tr>")
    for e in run["sources"]:
        notes = []
        if e.get("detail"):
            notes.append(e["detail"])
        if e["status"] != "measured":
            notes.append(f"{e['status']}: {e.get('reason', '')}")
        cells = []
        for s in sizes:
            text, why = cell_text(_measured(e, s))
            if why and e["status"] == "measured":
                notes.append(f"{size_text(s)}: {why}")
            cells.append(f'<td class=num>{esc(text)}</td>' if text else '<td class="empty">&ndash;</td>')
        check = e.get("check", {}).get("verdict", "") if e["status"] != "skipped" else ""
        cls = ' class="warn"' if check == "FAIL" or e["status"] == "failed" else ""
        if e.get("retries"):
            notes.append(f"{e['retries']} tries gave no value and were retried")
        page.add(f"<tr><td>{esc(e['label'])}</td><td>{esc(e['kind'])}</td>{''.join(cells)}"
                 f"<td{cls}>{esc(check) or '&ndash;'}</td><td>{esc('; '.join(notes))}</td></tr>")
    page.add("</table>")
    for w in run["warnings"]:
        page.add(f'<p class="warn">{esc(w)}</p>')
    rows = [r for r in published if is_rng_row(r)]
    if not rows:
        return
    page.add("<h3>Beside the BeagleBone Black report's figures</h3><p>A different machine (a 1 GHz Cortex-A8 "
             "board against this host): the ratio says how far apart the machines are, not which generator is "
             "better. The report does not say whether its times include starting the program that read the bytes; "
             "ours of <code>openssl rand</code> do (it is timed as a process), the others do not.</p>")
    page.add("<table><tr><th>source</th><th>published</th><th>size</th><th>published MB/s</th><th>ours MB/s</th>"
             "<th>ours / published</th><th>note</th></tr>")
    for r in rows:
        ours, label = pick_ours(r, [run])
        if ours:
            ours_cells = f"<td class=num>{ours[0] / 1000:.3g}</td><td class=num>{ours[0] / r['kBps']:.3g}</td>"
        else:
            want = r["algorithm"][len(RNG_PREFIX):]
            e = next((e for e in run["sources"] if e["source"] == want), None)
            c = _measured(e, r["size"]) if e else None
            why = (c or {}).get("reason") or (e or {}).get("reason") or (
                "not asked for at this size" if e else "not measured in this run")
            ours_cells = f'<td class="empty" colspan=2>{esc(why)}</td>'
        page.add(f"<tr><td>{esc(r['algorithm'][len(RNG_PREFIX):])}</td><td>{esc(r['implementation'])}</td>"
                 f"<td class=num>{size_text(r['size']) if r['size'] else 'bulk'}</td>"
                 f"<td class=num>{r['kBps'] / 1000:.3g}</td>{ours_cells}<td>{esc(r['note'].split(UNITS_NOTE)[0])}</td></tr>")
    page.add("</table>")

"""The platform table's columns, the top-line figures, and the Markdown summary
(the same table and figures as the HTML report, ready for the README)."""
import statistics

from . import dataset as dsm
from . import platforms as pf


def table_columns(ds):
    """[(machine or None, title)]: every console column whether or not it has data
    (the table fills in as results arrive), then QEMU architectures, then hosts."""
    cols = []
    have = {}
    for machine, platform in ds.machines:
        have.setdefault(platform, []).append(machine)
    for platform, title in pf.CONSOLES:
        if platform in have:
            cols += [(m, title) for m in have[platform]]
        else:
            cols.append((None, title))
    for machine, platform in ds.machines:
        if pf.is_console(platform):
            continue
        title = pf.display_name(platform) if platform != "host" else machine
        cols.append((machine, title))
    return cols


def missing_platform_notes(ds):
    platforms = {p for _, p in ds.machines}
    notes = []
    missing = [title for p, title in pf.CONSOLES if p not in platforms]
    if missing:
        notes.append("No console results yet for " + ", ".join(missing) + ": their columns are empty.")
    if not any(pf.is_qemu(p) for p in platforms):
        notes.append("No QEMU results yet.")
    if "host" not in platforms:
        notes.append("No host results yet.")
    return notes


def _fmt_kbps(v):
    return f"{v:,.0f} kB/s"


def topline(ds, table):
    lines = []
    if ds.host_machine:
        for tier in ("checksum", "non-crypto", "crypto"):
            cells = [(algo, table[algo][ds.host_machine]) for algo, t in ds.algorithms
                     if t == tier and ds.host_machine in table.get(algo, {})]
            cells = [(a, c) for a, c in cells if c.unit == "kB/s"]
            if not cells:
                continue
            fast = max(cells, key=lambda ac: ac[1].value)
            slow = min(cells, key=lambda ac: ac[1].value)
            if len(cells) == 1:
                lines.append(f"{tier} on {ds.host_machine}, 1024-byte messages: only {fast[0]} measured, "
                             f"{_fmt_kbps(fast[1].value)} ({fast[1].implementation})")
                continue
            lines.append(f"{tier} on {ds.host_machine}, 1024-byte messages: fastest {fast[0]} "
                         f"{_fmt_kbps(fast[1].value)} ({fast[1].implementation}), slowest {slow[0]} "
                         f"{_fmt_kbps(slow[1].value)} ({slow[1].implementation}), of {len(cells)} algorithms")
    else:
        lines.append("no host results yet")
    ratios = dsm.peer_ratios(ds) if ds.host_machine else {}
    at = [per[1024][0] for per in ratios.values() if 1024 in per]
    if at:
        lines.append(f"our best against the best peer at 1024 bytes: median ratio {statistics.median(at):.2f} "
                     f"over {len(at)} algorithms (above 1: ours faster)")
    else:
        lines.append("no peer data yet")
    others = [pf.display_name(p) for _, p in ds.machines if p != "host"]
    lines.append("other platforms with results: " + (", ".join(others) if others else "none yet"))
    run_w = sum(len(w) for _, w, _ in dsm.warnings(ds))
    noisy = sum(1 for m in ds.all_measurements if m["warnings"])
    lines.append(f"{len(ds.runs)} runs, {len(ds.all_measurements)} measurements; {run_w} run-wide warnings, "
                 f"{noisy} measurements carrying a warning")
    return lines


def markdown(ds, table):
    out = ["# hashbench results", ""]
    out += [f"- {line}" for line in topline(ds, table)]
    out += ["", "## Every platform side by side", "",
            "Our best implementation per algorithm at 1024-byte messages: kB/s (1 kB = 1000 bytes), or "
            "instructions per byte (instr/B) for QEMU instruction counts. Fidelity marks: "
            + ", ".join(f"**{v[1]}** {v[0]}" for v in pf.FIDELITY.values()) + "; `-`: no data yet.", ""]
    out += [f"> {n}" for n in missing_platform_notes(ds)]
    if out[-1].startswith(">"):
        out.append("")
    columns = table_columns(ds)
    if ds.algorithms:
        out.append("| algorithm | " + " | ".join(title.replace("|", "/") for _, title in columns) + " |")
        out.append("|---|" + "---:|" * len(columns))
        for algo, _ in ds.algorithms:
            cells = []
            for machine, _ in columns:
                c = table.get(algo, {}).get(machine) if machine else None
                cells.append("-" if c is None else f"{c.text()} {pf.FIDELITY[c.fidelity][1]}"
                             + (" instr/B" if c.unit == "instr/B" else ""))
            out.append(f"| {algo} | " + " | ".join(cells) + " |")
    else:
        out.append("No results yet.")
    out.append("")
    return "\n".join(out)

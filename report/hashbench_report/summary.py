"""The platform table's columns, the top-line figures, and the Markdown summary
(the same table and figures as the HTML report, ready for the README)."""
import statistics

from . import dataset as dsm
from . import platforms as pf
from . import quality as qualm


def column_title(ds, column):
    """"GBA ARM IWRAM, 16.78 MHz", "QEMU aarch64 (max)", "host: ... (x86_64)"."""
    machine, build = column
    platform = dict(ds.machines)[machine]
    title = pf.machine_title(machine, platform)
    if build:
        title += " " + pf.build_title(build)
    if pf.is_console(platform) and ds.clock_hz.get(machine):
        title += ", " + pf.clock_text(ds.clock_hz[machine])
    if pf.is_console(platform) and counts_only(ds, machine):
        # a console no emulator here runs, stood in for by QEMU's model of its
        # CPU (the 3DS: cross/targets.py): instructions, at its clock, not time
        title += ": QEMU instr/B, not time"
    return title


def counts_only(ds, machine):
    """Every current measurement of the machine is an instruction count."""
    ms = ds.for_machine(machine)
    return bool(ms) and all(m["timing_fidelity"] == "instruction-count" for m in ms)


def table_columns(ds):
    """[(column or None, title)]: every console column whether or not it has data
    (the table fills in as results arrive), then QEMU machines, then hosts.  A
    column is (machine, build): a console that ran several builds of the library
    (the GBA's Thumb-ROM and ARM-IWRAM) has one column per build."""
    cols = []
    have = {}
    for column in dsm.columns(ds):
        have.setdefault(dict(ds.machines)[column[0]], []).append(column)
    for platform, title in pf.CONSOLES:
        if platform in have:
            cols += [(c, column_title(ds, c)) for c in have[platform]]
        else:
            cols.append((None, title))
    for column in dsm.columns(ds):
        if not pf.is_console(dict(ds.machines)[column[0]]):
            cols.append((column, column_title(ds, column)))
    return cols


def missing_platform_notes(ds):
    platforms = {p for _, p in ds.machines}
    notes = []
    missing = [title for p, title in pf.CONSOLES if p not in platforms and p not in pf.NO_EMULATOR]
    if missing:
        notes.append("No console results yet for " + ", ".join(missing) + ": their columns are empty.")
    notes += [note for p, note in pf.NO_EMULATOR.items() if p not in platforms]
    if not any(pf.is_qemu(p) for p in platforms):
        notes.append("No QEMU results yet.")
    if "host" not in platforms:
        notes.append("No host results yet.")
    return notes


def _fmt_kbps(v):
    return (f"{v:,.0f}" if v >= 100 else f"{v:.3g}") + " kB/s"


def _quality_note(verdicts, algo):
    """"; quality 3/120 failed" beside a speed: no sentence ranks by speed alone."""
    v = verdicts.get(algo)
    return f"; failed {v.worst['failed']} of {v.worst['tests']} quality tests" if v else ""


def _fastest_slowest(where, cells, verdicts=None):
    """One top-line sentence over [(algorithm, Cell)] in kB/s, each named
    algorithm with its quality (verdicts: quality.verdicts) where known."""
    verdicts = verdicts or {}
    fast = max(cells, key=lambda ac: ac[1].value)
    slow = min(cells, key=lambda ac: ac[1].value)
    if len(cells) == 1:
        return (f"{where}, 1024-byte messages: only {fast[0]} measured, "
                f"{_fmt_kbps(fast[1].value)} ({fast[1].implementation}{_quality_note(verdicts, fast[0])})")
    return (f"{where}, 1024-byte messages: fastest {fast[0]} {_fmt_kbps(fast[1].value)} "
            f"({fast[1].implementation}{_quality_note(verdicts, fast[0])}), slowest {slow[0]} "
            f"{_fmt_kbps(slow[1].value)} ({slow[1].implementation}{_quality_note(verdicts, slow[0])}), "
            f"of {len(cells)} algorithms")


def _kbps_cells(ds, table, column, tier=None):
    return [(algo, table[algo][column]) for algo, t in ds.algorithms
            if (tier is None or t == tier) and column in table.get(algo, {})
            and table[algo][column].unit == "kB/s"]


def topline(ds, table):
    lines = []
    verdicts = qualm.verdicts(ds)
    if ds.host_machine:
        host = (ds.host_machine, None)
        for tier in ("checksum", "non-crypto", "crypto"):
            cells = _kbps_cells(ds, table, host, tier)
            if cells:
                lines.append(_fastest_slowest(f"{tier} on {ds.host_machine}", cells, verdicts))
    else:
        lines.append("no host results yet")
    # each console build, over all tiers: what the platform table's console columns hold
    for column, title in table_columns(ds):
        if column is None or not pf.is_console(dict(ds.machines)[column[0]]):
            continue
        cells = _kbps_cells(ds, table, column)
        if cells:
            fidelity = "/".join(sorted({c.fidelity for _, c in cells}))
            lines.append(_fastest_slowest(f"{title} ({fidelity})", cells, verdicts))
    ratios = dsm.peer_ratios(ds) if ds.host_machine else {}
    at = [per[1024][0] for per in ratios.values() if 1024 in per]
    if at:
        lines.append(f"our best against the best peer at 1024 bytes: median ratio {statistics.median(at):.2f} "
                     f"over {len(at)} algorithms (above 1: ours faster)")
    else:
        lines.append("no peer data yet")
    others = [pf.machine_title(m, p) for m, p in ds.machines if p != "host"]
    used = qualm.runs_used(verdicts)
    lines.append("quality (tests failed at the worst width) from " + "; ".join(
        f"the {run['mode']} quality run of {run['started']}, seed {run['seed']}, {n} algorithms" for run, n in used)
        if used else "no quality run yet: speed alone says nothing of how well a hash spreads its keys; "
                     "hashbench quality --format json --save results/quality-<date>.json makes one")
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
            "Our best implementation per algorithm at 1024-byte messages: kB/s (1 kB = 1000 bytes; consoles at "
            "their nominal clock), or instructions per byte (instr/B) for QEMU instruction counts. Fidelity marks: "
            + ", ".join(f"**{v[1]}** {v[0]}" for v in pf.FIDELITY.values()) + "; `-`: no data yet. Quality: "
            "tests failed / tests run at the digest width where the algorithm fared worst (hashbench quality).", ""]
    out += [f"> {n}" for n in missing_platform_notes(ds)]
    if out[-1].startswith(">"):
        out.append("")
    columns = table_columns(ds)
    if ds.algorithms:
        # instruction counts say their unit once, in the heading
        titles = [title + (" instr/B" if c and pf.is_qemu(dict(ds.machines)[c[0]]) else "") for c, title in columns]
        verdicts = qualm.verdicts(ds)
        out.append("| algorithm | quality | " + " | ".join(t.replace("|", "/") for t in titles) + " |")
        out.append("|---|---:|" + "---:|" * len(columns))
        for algo, _ in ds.algorithms:
            cells = []
            for machine, _ in columns:
                c = table.get(algo, {}).get(machine) if machine else None
                cells.append("-" if c is None else f"{c.text()} {pf.FIDELITY[c.fidelity][1]}")
            quality = verdicts[algo].text() if algo in verdicts else "-"
            out.append(f"| {algo} | {quality} | " + " | ".join(cells) + " |")
    else:
        out.append("No results yet.")
    out.append("")
    return "\n".join(out)

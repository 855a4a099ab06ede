#!/usr/bin/env python3
"""The peer table of docs/peers-*.md from `hashbench bench --save` runs.

Each cell: hashbench's best over the best peer at that size (the run's
`peer_comparisons`: the median of the per-round ratios of one interleaved
run), then the median and [min-max] over the runs given.  Above 1.00
hashbench is faster; cells below 1.00 are in bold.  The runs must agree on
how they were made: the same machine, and all with or all without the same
`--as-cpu` level (context.as_cpu), so a masked table is never taken for an
unmasked one.

    tools/peer_table.py RUN1.json RUN2.json RUN3.json > table.md
    tools/peer_table.py -s 64,1K,1M -a crc32,crc32c runs/*.json
    tools/peer_table.py --stat fastest runs/*.json

--stat fastest: each run's cell is the best peer's fastest sample over our
best's fastest sample (each result's min_ns, both sampled interleaved in
the same rounds), the statistic `hashbench tune` picks by.  On a loaded
machine load only ever adds time, so a fastest sample is hit only when all
of them are, where a median is hit when half are: with many short samples
(`--repeat 101 --budget 100`) it shows the kernels' own speeds.
"""
import argparse
import gzip
import json
import statistics
import sys
from collections import OrderedDict


def parse_size(text):
    text = text.strip()
    units = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
    if text[-1:].upper() in units:
        return int(text[:-1]) * units[text[-1].upper()]
    return int(text)


def size_name(n):
    for unit, shift in (("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if n >= 1 << shift and n % (1 << shift) == 0:
            return f"{n >> shift} {unit}"
    return f"{n} B"


def mode_of(rec):
    """What a run emulated: the --as-cpu level, or None for the machine itself."""
    as_cpu = rec.get("context", {}).get("as_cpu")
    return as_cpu.get("level") if as_cpu else None


def load(paths):
    runs = []
    for p in paths:
        try:
            # runs kept in the tree are gzipped (docs/runs/): read either
            with (gzip.open(p, "rt") if p.endswith(".gz") else open(p)) as f:
                rec = json.load(f)
        except (OSError, ValueError) as e:
            raise SystemExit(f"peer_table: {p}: {e}")
        if rec.get("schema") != "hashbench-results":
            raise SystemExit(f"peer_table: {p}: not a hashbench results record")
        if not rec.get("peer_comparisons"):
            raise SystemExit(f"peer_table: {p}: no peer comparisons (run bench with --impl best,peers)")
        runs.append((p, rec))
    return runs


def fastest_ratio(rec, c):
    """(the best peer's fastest sample over ours, that peer) for comparison c
    of run rec, from its results' min_ns; None when either side is missing."""
    a, s = c["algorithm"], c["size"]
    ours = [r for r in rec.get("results", [])
            if r["algorithm"] == a and r["size"] == s and not r.get("peer")
            and r["implementation"] == c["implementation"] and r.get("min_ns")]
    peers = [r for r in rec.get("results", [])
             if r["algorithm"] == a and r["size"] == s and r.get("peer") and r.get("min_ns")]
    if not ours or not peers:
        return None
    peer = min(peers, key=lambda r: r["min_ns"])
    return peer["min_ns"] / ours[0]["min_ns"], peer["implementation"]


def collect(runs, sizes=None, algos=None, stat="median"):
    """{algo: {size: [ratios]}}, {algo: (ours set, peers set)} in first-seen order."""
    cells = OrderedDict()
    who = OrderedDict()
    for path, rec in runs:
        for c in rec["peer_comparisons"]:
            a, s = c["algorithm"], c["size"]
            if (sizes and s not in sizes) or (algos and a not in algos) or c.get("ratio") is None:
                continue
            ratio, peer = c["ratio"], c["peer"]
            if stat == "fastest":
                got = fastest_ratio(rec, c)
                if got is None:
                    raise SystemExit(f"peer_table: {path}: no min_ns for {a} at {s} bytes (--stat fastest "
                                     "needs the results of a --save record)")
                ratio, peer = got
            cells.setdefault(a, OrderedDict()).setdefault(s, []).append(ratio)
            ours, peers = who.setdefault(a, (set(), set()))
            ours.add(c["implementation"])
            peers.add(peer)
    return cells, who


def cell_text(values, bold_below):
    m = statistics.median(values)
    # a median below the mark never prints as the mark itself (0.998, not 1.00)
    digits = 3 if m < bold_below and round(m, 2) >= bold_below else 2
    text = f"{m:.{digits}f} [{min(values):.{digits}f}-{max(values):.{digits}f}]"
    return f"**{text}**" if m < bold_below else text


def header(runs):
    ctx = runs[0][1].get("context", {})
    level = mode_of(runs[0][1])
    clocks = [r.get("context", {}).get("core_clock_hz", {}).get("start") for _, r in runs]
    clocks = [c / 1e9 for c in clocks if c]
    lines = [f"{len(runs)} run(s) of `hashbench bench` on {ctx.get('cpu_model', '?')}"
             f" (cpu tuning {ctx.get('cpu_tuning', '?')}, build {ctx.get('hashbench_build', '?')},"
             f" {', '.join(sorted({r.get('context', {}).get('date', '?')[:10] for _, r in runs}))})"]
    if clocks:
        lines[0] += f", core clock {min(clocks):.2f}-{max(clocks):.2f} GHz"
    if level:
        as_cpu = ctx["as_cpu"]
        lines.append(f"**As an AVX2-class core**: `--as-cpu {level}` (HB_X86_MASK={as_cpu.get('hb_x86_mask')},"
                     f" OPENSSL_ia32cap={as_cpu.get('openssl_ia32cap')}, Rust crates"
                     f" {'from ' + as_cpu['rust_peers'].rsplit('/', 1)[-1] if as_cpu.get('rust_peers') else 'not measured'})")
        for u in as_cpu.get("not_masked", []):
            lines.append(f"not masked: {u}")
    else:
        lines.append("The machine as it is (no `--as-cpu`).")
    return lines


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("runs", nargs="+", help="JSON records written by hashbench bench --save (or --format json)")
    ap.add_argument("-s", "--sizes", help="the columns, e.g. 64,1K,1M (default: every size in the runs)")
    ap.add_argument("-a", "--algorithms", help="only these algorithms, comma-separated (default: all, in run order)")
    ap.add_argument("--sort", choices=["run", "name"], default="name", help="row order (default: name)")
    ap.add_argument("--bold-below", type=float, default=1.0, help="bold cells whose median is below this")
    ap.add_argument("--no-header", action="store_true", help="the table alone, without the lines about the runs")
    ap.add_argument("--stat", choices=["median", "fastest"], default="median",
                    help="per run: the median of the per-round ratios (default), or the fastest samples' ratio")
    ap.add_argument("--allow-mixed", action="store_true",
                    help="accept runs of different --as-cpu levels or CPUs (the header then says so)")
    args = ap.parse_args(argv)

    try:
        sizes = [parse_size(s) for s in args.sizes.split(",")] if args.sizes else None
    except ValueError:
        ap.error(f"--sizes: cannot read '{args.sizes}'")
    algos = args.algorithms.split(",") if args.algorithms else None
    runs = load(args.runs)
    modes = {mode_of(r) for _, r in runs}
    cpus = {r.get("context", {}).get("cpu_model") for _, r in runs}
    if (len(modes) > 1 or len(cpus) > 1) and not args.allow_mixed:
        detail = ", ".join(f"{p}: {mode_of(r) or 'unmasked'} on {r.get('context', {}).get('cpu_model')}"
                           for p, r in runs)
        print(f"peer_table: the runs were not made alike ({detail}); --allow-mixed to table them anyway",
              file=sys.stderr)
        return 2

    cells, who = collect(runs, set(sizes) if sizes else None, set(algos) if algos else None, args.stat)
    if not cells:
        print("peer_table: no comparison matches the sizes and algorithms asked for", file=sys.stderr)
        return 1
    columns = sizes or sorted({s for row in cells.values() for s in row})
    order = list(cells)
    if algos:
        order = [a for a in algos if a in cells]
    elif args.sort == "name":
        order.sort()

    out = []
    if not args.no_header:
        out += header(runs)
        if len(modes) > 1 or len(cpus) > 1:
            out.append("**Mixed runs**: " + ", ".join(sorted(m or "unmasked" for m in modes)) + " on "
                       + ", ".join(sorted(c or "?" for c in cpus)))
        if args.stat == "fastest":
            out.append("Each cell: the best peer's fastest sample over our best's fastest sample in one run"
                       " (`--stat fastest`), then the median and [min-max] over the runs; above 1.00 hashbench"
                       " is faster.")
        else:
            out.append("Each cell: our best over the best peer, median of the per-round ratios of one run, then"
                       " the median and [min-max] over the runs; above 1.00 hashbench is faster.")
        out.append("")
    out.append("| algorithm | " + " | ".join(size_name(s) for s in columns) + " | ours | peer(s) |")
    out.append("|---|" + "---|" * len(columns) + "---|---|")
    below = 0
    for a in order:
        row = []
        for s in columns:
            v = cells[a].get(s)
            row.append(cell_text(v, args.bold_below) if v else "-")
            below += bool(v) and statistics.median(v) < args.bold_below
        ours, peers = who[a]
        out.append(f"| {a} | " + " | ".join(row) + f" | {', '.join(sorted(ours))} | {', '.join(sorted(peers))} |")
    if not args.no_header:
        total = sum(1 for a in order for s in columns if cells[a].get(s))
        out.append("")
        out.append(f"{below} of {total} cells below {args.bold_below:.2f}.")
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())

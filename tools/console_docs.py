#!/usr/bin/env python3
"""The console docs' tables of measured figures, written from the records of
`make retro` (and `make sim65`), and checked against a fresh run.

    make console-docs                      = tools/console_docs.py --write
    tools/console_docs.py --write [CONSOLE ...]
    tools/console_docs.py --check CONSOLE [--from retro|test] [--docs DIR] [--record NAME=FILE]
    tools/console_docs.py --list
    tools/console_docs.py --compare RECORD_A RECORD_B   (how far a second run moves)

Each table sits in docs/consoles/<doc>.md between

    <!-- generated: console_docs.py <table-id> from <record files>; build <id> -->
    ...
    <!-- end generated -->

and nothing between the markers is typed by hand: --write replaces it with
the table rendered from the records (a first line names the records, the
build id, the source revision and the run's date).  The build id is the
SHA-256 of the ROM that ran (sim65: of the algorithm library its programs
link), which the record carries as context.console.build_sha256; its first
12 hex digits are shown.

--check renders every table of one console from the records at hand (those
of `make retro`, or with --from test those the console's test tier just
wrote) and compares it cell by cell with the doc: every figure must be
within the console's run-to-run variation (TOLERANCE: zero where the
emulator is deterministic, then the text must be identical).  It ends
with "N passed, N failed, N skipped" (one per table) and exits 1 when a
table is stale or a record is missing (with --from test a missing record is
skipped: the tier's run was skipped, its emulator missing), 2 on bad usage.
"""
import argparse
import csv
import importlib.util
import json
import math
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs/consoles"
PUBLISHED = ROOT / "data/reference/published.csv"

# Run-to-run variation per console, as a fraction of each figure.  Measured
# by running `make retro PLATFORM=<console>` twice on this machine (2026-12-02,
# ROM builds as in the docs) and comparing the two records entry by entry
# with --compare (the counts, not the rendered text):
#   n64  mupen64plus (CountPerOp=1): 456 of 456 entries identical between the
#        runs and between the two passes of each run; cen64: the same: 0.
#   gba  mGBA: 456 of 456 identical between runs and passes: 0.
#   nds  DeSmuME (JIT): 228 of 228 identical between runs; within a run one
#        entry's passes differ (crc16 fast 256 B: 1649 / 1610 ticks), the same
#        way in both runs, so the record's median repeats: 0.
#   gb   gambatte: 228 of 228 identical between runs (Game Boy and Color),
#        though 75-90 entries' passes differ by a tick within a run (the
#        same ticks in both runs); mGBA: identical between runs and passes: 0.
#   nes  Nestopia: 228 of 228 identical between runs, though 71 entries'
#        passes differ by a few cycles within a run (NMI position; the same
#        in both runs): 0.
#   sim65: exact by construction (N, 2N, 3N calls agree to the cycle;
#        rom_sim65.py and run_sim65.py fail otherwise): 0.
# Every emulator here replays the same script from power-on with no host
# input, so none varies from run to run; a tolerance above 0 would only let
# a stale table through.
TOLERANCE = {
    "n64": 0.0,
    "gba": 0.0,
    "nds": 0.0,
    "gb": 0.0,
    "nes": 0.0,
    "sim65": 0.0,
}

# record name -> (file written by make retro / make sim65, file written by
# the console's test tier), relative to the repository
RECORDS = {
    "n64": ("build/retro/n64/results.json", "build/retro/n64-test/run1/results.json"),
    "n64-cen64": ("build/retro/n64-cen64/results.json", "build/retro/n64-cen64-test/run1/results.json"),
    "gba": ("build/retro/gba/results.json", "build/retro/gba-test/run1/results.json"),
    "gb": ("build/retro/gb/results.json", "build/retro/gb-test/gambatte/results.json"),
    "gb-mgba": ("build/retro/gb-mgba/results.json", "build/retro/gb-test/mgba/results.json"),
    "gbc": ("build/retro/gbc/results.json", "build/retro/gb-test/gbc-gambatte/results.json"),
    "gbc-mgba": ("build/retro/gbc-mgba/results.json", "build/retro/gb-test/gbc-mgba/results.json"),
    "nds": ("build/retro/nds/results.json", "build/retro/nds-test/results.json"),
    "dsi": ("build/retro/dsi/results.json", "build/retro/nds-test/dsi/results.json"),
    "nes": ("build/retro/nes/results.json", "build/retro/nes/results.json"),
    "sim65": ("build/sim65/results.json", "build/sim65/results.json"),
    "sim65-rom": ("build/sim65/rom-cycles.json", "build/sim65/rom-cycles.json"),
}

# what to run for each console's records (named in messages and the docs)
MAKE = {
    "n64": "make retro PLATFORM=n64",
    "gba": "make retro PLATFORM=gba",
    "nds": "make retro PLATFORM=nds",
    "gb": "make retro PLATFORM=gb",
    "nes": "make retro PLATFORM=nes",
    "sim65": "make sim65 sim65-rom",
}

BEGIN = re.compile(r"^<!-- generated: console_docs\.py (\S+) .*-->$")
END = "<!-- end generated -->"


class Stale(Exception):
    """A record is missing or not what a table needs: the message says which."""


class Missing(Stale):
    """A record file is not there (its emulator may be missing: the tier said so)."""


# ---------------------------------------------------------------- records

class Record:
    """One results record: its figures by (algorithm, implementation, size)."""

    def __init__(self, name, path):
        self.name, self.path = name, path
        try:
            self.data = json.loads(path.read_text())
        except OSError as e:
            raise Missing(f"{rel(path)}: cannot read it ({e.strerror}); run `{make_for(name)}` first "
                        "(for --from test: the console's test tier)")
        except json.JSONDecodeError as e:
            raise Stale(f"{rel(path)}: not JSON ({e})")
        self.by_key = {}
        self.algos = []
        for r in self.data.get("results", []):
            self.by_key[(r["algorithm"], r["implementation"], r["size"])] = r
            if r["algorithm"] not in self.algos:
                self.algos.append(r["algorithm"])

    def get(self, algo, impl, size):
        r = self.by_key.get((algo, impl, size))
        return r if r and r.get("cycles_per_byte") is not None else None

    def cpb(self, algo, impl, size):
        r = self.get(algo, impl, size)
        return r["cycles_per_byte"] if r else None

    def kbps(self, algo, impl, size):
        r = self.get(algo, impl, size)
        return r["bytes_per_second"] / 1000 if r else None

    def impls(self, algo):
        """the implementations recorded for algo, in record order"""
        out = []
        for (a, i, _s) in self.by_key:
            if a == algo and i not in out:
                out.append(i)
        return out

    def build_id(self):
        ctx = self.data.get("context", {})
        return (ctx.get("console") or {}).get("build_sha256") or "unknown"

    def source_rev(self):
        return self.data.get("context", {}).get("hashbench_build", "unknown")

    def date(self):
        return self.data.get("context", {}).get("date", "")[:10]


def rel(path):
    try:
        return str(Path(path).resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


def make_for(record_name):
    base = record_name.split("-")[0]
    if record_name.startswith("gbc"):
        base = "gb"
    if record_name == "dsi":
        base = "nds"
    return MAKE.get(base, "make retro")


def published(platform, size):
    """{algorithm: "~X" or "X" (several: " / "-joined)} of the original
    suite's published figures for a platform (data/reference/published.csv)."""
    out = {}
    with open(PUBLISHED, newline="") as f:
        for row in csv.DictReader(f):
            if row["platform"] != platform or int(row["size_bytes"]) != size:
                continue
            # its tables only: the findings prose's figures are impossible
            # ones the reference data keeps with the reason (GBA CRC-8)
            if not row["source"].startswith("hash-bench") or "prose" in row["source"]:
                continue
            approx = "approximate" in (row["source"] + row["note"])
            v = float(row["throughput_kB_per_s"])
            text = ("~" if approx else "") + (f"{v:g}" if v < 100 else f"{v:.0f}")
            out.setdefault(row["algorithm"], []).append(text)
    return {a: " / ".join(v) for a, v in out.items()}


# ---------------------------------------------------------------- formats

def whole(v):
    """a whole number, with thousands separators from 10,000 on"""
    return f"{v:,.0f}" if v >= 9999.5 else f"{v:.0f}"


def f_cpb(v):
    """cycles (or instructions) per byte: one decimal below 100, whole above"""
    if v is None:
        return "—"
    return f"{v:.1f}" if v < 99.95 else whole(v)


def f3(v):
    """three significant figures, whole numbers from 100 on"""
    if v is None:
        return "—"
    if v >= 99.95:
        return whole(v)
    if v <= 0:
        return "0"
    decimals = 2 - math.floor(math.log10(v))
    text = f"{v:.{decimals}f}"
    # rounding up can add a digit (9.996 -> 10.00): one decimal fewer
    return f"{v:.{decimals - 1}f}" if len(text.replace(".", "").lstrip("0")) > 3 else text


def pair(cpb, kbps):
    return "—" if cpb is None else f"{f3(cpb)} / {f3(kbps)}"


def ratio(a, b):
    return "" if a is None or b is None or b == 0 else f"{a / b:.2f}x"


def row(cells):
    return "| " + " | ".join(cells) + " |"


# ---------------------------------------------------------------- tables

def load_n64_compare():
    spec = importlib.util.spec_from_file_location("n64_compare", ROOT / "tools/n64-compare.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def t_n64_cycles(build):
    def render(recs):
        nc = load_n64_compare()
        mrec, mupen = nc.ticks(recs["n64"].path)
        _, cen = nc.ticks(recs["n64-cen64"].path)
        nors = nc.nor_counts(nc.ELF[build])
        if not nors:
            raise Stale(f"{rel(nc.ELF[build])}: no `nor` counts (is the ELF built and "
                        "mips64-linux-gnuabi64-objdump installed?)")
        return nc.table(mrec, mupen, cen, nc.published(PUBLISHED), nors, build, 1024)
    return render


def t_n64_results(recs):
    m = recs["n64"]
    pub = published("N64", 1024)
    lines = ["| algorithm | portable o32 | fast o32 | portable n32 | fast n32 | original suite (kB/s) |",
             "|---|---:|---:|---:|---:|---:|"]
    for a in m.algos:
        cells = [a]
        for impl in ("portable@o32", "fast@o32", "portable@n32", "fast@n32"):
            r = m.get(a, impl, 1024)
            cells.append(pair(r and r["instructions_per_byte"], m.kbps(a, impl, 1024)))
        cells.append(pub.get(a, "").lstrip("~"))
        lines.append(row(cells))
    return lines


def t_n64_sha512(recs):
    """SHA-512 against SHA-256 in each build and implementation (mupen64plus)"""
    m = recs["n64"]
    lines = ["| build | implementation | size | SHA-256 instr/B | SHA-512 instr/B | SHA-256 kB/s | SHA-512 kB/s "
             "| SHA-512 / SHA-256 speed |", "|---|---|---:|---:|---:|---:|---:|---:|"]
    for build in ("n32", "o32"):
        for impl in ("fast", "portable"):
            for n in (64, 1024):
                key = f"{impl}@{build}"
                s256, s512 = m.get("sha256", key, n), m.get("sha512", key, n)
                if not s256 or not s512:
                    continue
                lines.append(row([build, f"`{impl}`", str(n), f_cpb(s256["instructions_per_byte"]),
                                  f_cpb(s512["instructions_per_byte"]), f3(m.kbps("sha256", key, n)),
                                  f3(m.kbps("sha512", key, n)),
                                  ratio(s256["instructions_per_byte"], s512["instructions_per_byte"])]))
    return lines


def t_sizes(rec, impl, algos, what="cycles/B"):
    """per-call setup: cycles (or instructions) per byte at each size for
    one implementation of a few algorithms"""
    field = "instructions_per_byte" if what == "instr/B" else "cycles_per_byte"

    def render(recs):
        r = recs[rec]
        lines = [f"| algorithm (`{impl}`), {what} | 64 B | 256 B | 1024 B |", "|---|---:|---:|---:|"]
        for a in algos:
            cells = [a]
            for n in (64, 256, 1024):
                e = r.get(a, impl, n)
                cells.append(f3(e and e[field]))
            lines.append(row(cells))
        return lines
    return render


def t_passes(rec):
    """the results whose passes gave different counts (none: a one-row note)"""
    def render(recs):
        r = recs[rec]
        lines = ["| algorithm | implementation | size | ticks in each pass |", "|---|---|---:|---|"]
        for (a, i, n), e in r.by_key.items():
            ticks = e.get("samples_ticks") or []
            if len(set(ticks)) > 1:
                lines.append(row([a, i, str(n), " / ".join(str(t) for t in ticks)]))
        if len(lines) == 2:
            lines.append(row(["(none)", "", "", f"all {len(r.by_key)} results identical"]))
        return lines
    return render


def fast_impl(rec, algo, impls=("fast", "compact")):
    """the record's name for algo's fast row on a console that builds some as
    compact forms (GB, NES): "fast" or "compact", None without one"""
    have = rec.impls(algo)
    return next((i for i in impls if i in have), None)


def largest_gap(a, b, keys):
    """(largest |a - b| / a over keys of cycles per byte, its key)"""
    worst, where = 0.0, None
    for k in keys:
        x, y = a.cpb(*k), b.cpb(*k)
        if x and y is not None and abs(x - y) / x >= worst:
            worst, where = abs(x - y) / x, k
    return worst, where


def t_gb_results(recs):
    g, m = recs["gb"], recs["gb-mgba"]
    pub = published("GB", 1024)
    lines = ["| algorithm | portable 1024 B | fast 1024 B | fast/portable | portable 64 B | mGBA vs gambatte "
             "| original suite GB (kB/s) |", "|---|---:|---:|---:|---:|---:|---:|"]
    for a in g.algos:
        f = fast_impl(g, a)
        keys = [(a, i, n) for i in ("portable", f) if i for n in (64, 256, 1024)]
        gap, _ = largest_gap(g, m, keys)
        lines.append(row([a, pair(g.cpb(a, "portable", 1024), g.kbps(a, "portable", 1024)),
                          pair(f and g.cpb(a, f, 1024), f and g.kbps(a, f, 1024)),
                          ratio(g.cpb(a, "portable", 1024), f and g.cpb(a, f, 1024)),
                          pair(g.cpb(a, "portable", 64), g.kbps(a, "portable", 64)),
                          f"{gap * 100:.2f}%", pub.get(a, "")]))
    return lines


def t_compact(rec):
    """the compact forms against portable at 1024 bytes"""
    def render(recs):
        r = recs[rec]
        lines = ["| algorithm | portable c/B | compact c/B | compact / portable speed |", "|---|---:|---:|---:|"]
        for a in r.algos:
            if "compact" in r.impls(a):
                p, c = r.cpb(a, "portable", 1024), r.cpb(a, "compact", 1024)
                lines.append(row([a, f3(p), f3(c), ratio(p, c)]))
        return lines
    return render


def t_agreement(pairs, passes):
    """how far two records (or the two passes of one) agree, entry by entry:
    pairs [(label, record a, record b)], passes [(label, record)]"""
    def render(recs):
        lines = ["| comparison | entries | identical counts | largest difference (cycles per byte) |",
                 "|---|---:|---:|---:|"]
        for label, ra, rb in pairs:
            a, b = recs[ra], recs[rb]
            keys = [k for k in a.by_key if a.cpb(*k) is not None and b.cpb(*k) is not None]
            same = sum(1 for k in keys if a.cpb(*k) == b.cpb(*k))
            gap, _ = largest_gap(a, b, keys)
            lines.append(row([label, str(len(keys)), str(same), f"{gap * 100:.2f}%"]))
        for label, rn in passes:
            r = recs[rn]
            ticks = [e["samples_ticks"] for e in r.by_key.values() if e.get("samples_ticks")]
            same = sum(1 for t in ticks if len(set(t)) == 1)
            gap = max((max(t) - min(t)) / max(t) for t in ticks) if ticks else 0.0
            lines.append(row([label, str(len(ticks)), str(same), f"{gap * 100:.2f}%"]))
        return lines
    return render


def t_gb_color(recs):
    """the same work at twice the clock: a few rows of each record, gambatte"""
    g, c = recs["gb"], recs["gbc"]
    lines = ["| algorithm | implementation | Game Boy c/B | Color c/B | Game Boy kB/s | Color kB/s |",
             "|---|---|---:|---:|---:|---:|"]
    for a, i in (("sha256", "portable"), ("md5", "portable"), ("crc8", "fast"), ("crc32", "fast")):
        lines.append(row([a, i, f3(g.cpb(a, i, 1024)), f3(c.cpb(a, i, 1024)), f3(g.kbps(a, i, 1024)),
                          f3(c.kbps(a, i, 1024))]))
    return lines


def t_nes_results(recs):
    r = recs["nes"]
    pub = published("NES", 64)
    lines = ["| algorithm | portable 1024 B | fast 1024 B | portable 64 B | best 64 B | original suite, 64 B (kB/s) |",
             "|---|---:|---:|---:|---:|---:|"]
    for a in r.algos:
        f = fast_impl(r, a)
        at64 = [i for i in r.impls(a) if r.cpb(a, i, 64) is not None]
        best = min(at64, key=lambda i: r.cpb(a, i, 64)) if at64 else None
        lines.append(row([a, pair(r.cpb(a, "portable", 1024), r.kbps(a, "portable", 1024)),
                          pair(f and r.cpb(a, f, 1024), f and r.kbps(a, f, 1024)),
                          pair(r.cpb(a, "portable", 64), r.kbps(a, "portable", 64)),
                          pair(best and r.cpb(a, best, 64), best and r.kbps(a, best, 64)), pub.get(a, "")]))
    return lines


NES_HZ = 1789773
NES_FRAME = 29780.5


def t_nes_vs_sim65(recs):
    """the ROM's counts in Nestopia against sim65's exact count of the same
    code (rom_sim65.py), per call"""
    n, rom = recs["nes"], recs["sim65-rom"]
    short, long_, rel = [], [], []
    for k, e in rom.by_key.items():
        c = n.cpb(*k)
        if c is None:
            continue
        nes_cycles, exact = c * k[2], e["cycles"]
        d = nes_cycles - exact
        (short if nes_cycles < 10 * NES_FRAME else long_).append((d, nes_cycles / NES_FRAME))
        rel.append((d / exact, k))
    if not rel:
        raise Stale("no measurement in both the Nestopia record and rom-cycles.json")
    ds = sorted(d for d, _ in short)
    med = ds[len(ds) // 2] if ds else 0.0
    low = min(rel)
    high = max(rel)
    lines = ["| comparison (Nestopia minus sim65, per call) | value |", "|---|---:|"]
    lines.append(row(["measurements in both", str(len(rel))]))
    if ds:
        lines.append(row(["below 10 frames: difference in cycles, min / median / max",
                          f"{ds[0]:.0f} / {med:.0f} / {ds[-1]:.0f}"]))
    if long_:
        d, frames = max(long_, key=lambda x: x[1])
        lines.append(row([f"the longest ({frames:,.0f} frames): difference in cycles, and per million",
                          f"{d:.0f} ({d / (frames * NES_FRAME) * 1e6:.2f})"]))
    lines.append(row([f"fewest in Nestopia: {' '.join(map(str, low[1]))}", f"{low[0] * 100:.2f}%"]))
    lines.append(row([f"most in Nestopia: {' '.join(map(str, high[1]))}", f"{high[0] * 100:.2f}%"]))
    return lines


def t_sim65_cycles(recs):
    """sim65's exact counts at 1024 bytes, and the ROM's own code counted in sim65"""
    r, rom = recs["sim65"], recs["sim65-rom"]

    def c1(v):
        return "—" if v is None else f"{v:,.1f}"

    def kib(v):
        return "—" if v is None else f"{NES_HZ / v / 1024:.3f}"
    lines = ["| algorithm | portable c/B | fast c/B | fast / portable | portable KB/s | fast KB/s "
             "| ROM's code in sim65, c/B (portable / fast) |", "|---|---:|---:|---:|---:|---:|---:|"]
    for a in r.algos:
        f = fast_impl(r, a)
        p, q = r.cpb(a, "portable", 1024), f and r.cpb(a, f, 1024)
        rf = fast_impl(rom, a)
        lines.append(row([a, c1(p), c1(q), ratio(p, q) or "—", kib(p), kib(q),
                          f"{c1(rom.cpb(a, 'portable', 1024))} / {c1(rf and rom.cpb(a, rf, 1024))}"]))
    return lines


def t_sim65_agreement(recs):
    """the three counts of the NES code against each other, per call: the
    separately linked sim65 programs, the ROM's code in sim65, Nestopia"""
    lines = ["| comparison | measurements | largest difference | where | beyond 1% |", "|---|---:|---:|---|---:|"]
    for label, ra, rb in (("ROM's code in sim65 against the sim65 programs", "sim65-rom", "sim65"),
                          ("Nestopia against the ROM's code in sim65", "sim65-rom", "nes"),
                          ("Nestopia against the sim65 programs", "sim65", "nes")):
        a, b = recs[ra], recs[rb]
        diffs = []
        for k in a.by_key:
            x = a.cpb(*k)
            y = b.cpb(*k) if k in b.by_key else None
            if x is None and k[1] == "compact":
                continue
            if x and y is not None:
                diffs.append((abs(y - x) / x, k))
        if not diffs:
            raise Stale(f"no measurement in both {ra} and {rb}")
        worst = max(diffs)
        lines.append(row([label, str(len(diffs)), f"{worst[0] * 100:.2f}%", " ".join(map(str, worst[1])),
                          str(sum(1 for d, _ in diffs if d > 0.01))]))
    return lines


def t_gba_results(recs):
    g = recs["gba"]
    pub = published("GBA", 1024)
    lines = ["| algorithm | portable Thumb ROM | fast Thumb ROM | portable ARM IWRAM | fast ARM IWRAM "
             "| original suite (kB/s) |", "|---|---:|---:|---:|---:|---:|"]
    for a in g.algos:
        cells = [a] + [pair(g.cpb(a, i, 1024), g.kbps(a, i, 1024))
                       for i in ("portable@thumb-rom", "fast@thumb-rom", "portable@arm-iwram", "fast@arm-iwram")]
        lines.append(row(cells + [pub.get(a, "")]))
    return lines


def t_nds_results(recs):
    d, p = recs["nds"], recs["dsi"]
    ds, dsi = published("NDS", 1024), published("DSi", 1024)
    lines = ["| algorithm | portable DS | fast DS | DSi projection, portable / fast (kB/s) | original DS (kB/s) "
             "| original DSi (kB/s) |", "|---|---:|---:|---:|---:|---:|"]
    for a in d.algos:
        proj = " / ".join(f3(p.kbps(a, i, 1024)) for i in ("portable", "fast"))
        lines.append(row([a, pair(d.cpb(a, "portable", 1024), d.kbps(a, "portable", 1024)),
                          pair(d.cpb(a, "fast", 1024), d.kbps(a, "fast", 1024)), proj,
                          ds.get(a, ""), dsi.get(a, "")]))
    return lines


class Table:
    def __init__(self, tid, doc, console, records, render, what):
        self.id, self.doc, self.console, self.records, self.render, self.what = \
            tid, doc, console, records, render, what


TABLES = [
    Table("n64-cen64-n32", "n64.md", "n64", ["n64", "n64-cen64"], t_n64_cycles("n32"),
          "n32 build at 1024 bytes: mupen64plus instructions, cen64 cycles"),
    Table("n64-cen64-o32", "n64.md", "n64", ["n64", "n64-cen64"], t_n64_cycles("o32"),
          "o32 build at 1024 bytes: mupen64plus instructions, cen64 cycles"),
    Table("n64-results", "n64.md", "n64", ["n64"], t_n64_results,
          "instructions per byte / kB/s at 1024 bytes, mupen64plus"),
    Table("n64-setup", "n64.md", "n64", ["n64"],
          t_sizes("n64", "fast@n32", ("sha256", "sha512", "blake2b", "crc32"), "instr/B"),
          "instructions per byte by size, mupen64plus"),
    Table("n64-sha512", "n64.md", "n64", ["n64"], t_n64_sha512,
          "SHA-512 against SHA-256, mupen64plus"),
    Table("gba-results", "gba.md", "gba", ["gba"], t_gba_results,
          "cycles per byte / kB/s at 1024 bytes, mGBA"),
    Table("gba-setup", "gba.md", "gba", ["gba"], t_sizes("gba", "fast@arm-iwram", ("sha256", "crc32")),
          "cycles per byte by size, mGBA"),
    Table("nds-results", "nds.md", "nds", ["nds", "dsi"], t_nds_results,
          "cycles per byte / kB/s at 1024 bytes, DeSmuME, and the DSi projection"),
    Table("nds-setup", "nds.md", "nds", ["nds"], t_sizes("nds", "fast", ("sha256", "md5", "crc32", "sha512")),
          "cycles per byte by size, DeSmuME"),
    Table("nds-passes", "nds.md", "nds", ["nds"], t_passes("nds"),
          "the results whose two passes differ, DeSmuME"),
    Table("gb-compact", "gb.md", "gb", ["gb"], t_compact("gb"),
          "the compact forms against portable at 1024 bytes, gambatte"),
    Table("gb-agreement", "gb.md", "gb", ["gb", "gb-mgba", "gbc", "gbc-mgba"],
          t_agreement([("gambatte against mGBA, Game Boy", "gb", "gb-mgba"),
                       ("Color against Game Boy, gambatte", "gb", "gbc"),
                       ("Color against Game Boy, mGBA", "gb-mgba", "gbc-mgba")],
                      [("gambatte, pass 1 against pass 2", "gb"), ("mGBA, pass 1 against pass 2", "gb-mgba")]),
          "how far the emulators, the models and the passes agree"),
    Table("gb-color", "gb.md", "gb", ["gb", "gbc"], t_gb_color,
          "the Game Boy and the Color at 1024 bytes, gambatte"),
    Table("gb-results", "gb.md", "gb", ["gb", "gb-mgba"], t_gb_results,
          "T-cycles per byte / kB/s, gambatte; mGBA's largest difference"),
    Table("nes-compact", "nes.md", "nes", ["nes"], t_compact("nes"),
          "the compact forms against portable at 1024 bytes, Nestopia"),
    Table("nes-results", "nes.md", "nes", ["nes"], t_nes_results,
          "cycles per byte / kB/s, Nestopia"),
    Table("nes-vs-sim65", "nes.md", "nes", ["nes", "sim65-rom"], t_nes_vs_sim65,
          "the ROM's counts in Nestopia against sim65's exact count of the same code"),
    Table("sim65-cycles", "nes-sim65.md", "sim65", ["sim65", "sim65-rom"], t_sim65_cycles,
          "sim65's exact counts at 1024 bytes; the NES ROM's code counted in sim65"),
    Table("sim65-agreement", "nes-sim65.md", "sim65", ["sim65", "sim65-rom", "nes"], t_sim65_agreement,
          "the sim65 programs, the ROM's code in sim65 and Nestopia against each other"),
]


# ---------------------------------------------------------------- the docs

def record_paths(which):
    col = 0 if which == "retro" else 1
    return {k: ROOT / v[col] for k, v in RECORDS.items()}


def render_table(t, paths):
    """(lines between the markers, begin marker) for table t from the records at paths"""
    recs = {}
    for name in t.records:
        recs[name] = (RomCycles if name == "sim65-rom" else Record)(name, paths[name])
    body = t.render(recs)
    first = recs[t.records[0]]
    ids = sorted({recs[n].build_id() for n in t.records})
    build = ", ".join(i[:12] for i in ids)
    files = ", ".join(rel(recs[n].path) for n in t.records)
    begin = f"<!-- generated: console_docs.py {t.id} from {files}; build {build} -->"
    label = "ROM" if t.console != "sim65" else "library, ROM"
    note = (f"*Generated by `tools/console_docs.py` ({t.what}) from {files}: "
            f"{label} build `{build}` (SHA-256), source {first.source_rev()}, run {first.date()}.*")
    return [note, ""] + body, begin


class RomCycles(Record):
    """rom_sim65.py's counts of the NES ROM's own code: {"rom", "rom_sha256",
    "results": [{algorithm, implementation, size, cycles}]}, cycles per call"""

    def __init__(self, name, path):
        super().__init__(name, path)
        for r in self.by_key.values():
            r["cycles_per_byte"] = r["cycles"] / r["size"]

    def build_id(self):
        return self.data.get("rom_sha256") or "unknown"


def find_blocks(text):
    """{table id: (start line index of the begin marker, end marker index)}"""
    lines = text.split("\n")
    out, open_id, start = {}, None, None
    for i, line in enumerate(lines):
        m = BEGIN.match(line)
        if m:
            if open_id:
                raise Stale(f"marker for {m.group(1)} inside {open_id}'s block (line {i + 1})")
            open_id, start = m.group(1), i
        elif line == END:
            if not open_id:
                raise Stale(f"{END} without a begin marker (line {i + 1})")
            out[open_id] = (start, i)
            open_id = None
    if open_id:
        raise Stale(f"{open_id}'s block has no {END}")
    return lines, out


def write(tables, paths, docs):
    done = 0
    for doc in sorted({t.doc for t in tables}):
        path = docs / doc
        text = path.read_text()
        for t in [t for t in tables if t.doc == doc]:
            lines, blocks = find_blocks(text)
            if t.id not in blocks:
                raise Stale(f"{rel(path)}: no markers for table {t.id} "
                            f"(add `<!-- generated: console_docs.py {t.id} -->` and `{END}`)")
            body, begin = render_table(t, paths)
            s, e = blocks[t.id]
            lines[s:e + 1] = [begin] + body + [END]
            text = "\n".join(lines)
            done += 1
        # a doc is written once all its tables rendered (none half-updated)
        path.write_text(text)
        print(f"{rel(path)}: {', '.join(t.id for t in tables if t.doc == doc)} written")
    return done


NUM = re.compile(r"-?\d[\d,]*(?:\.\d+)?")


def numbers(cell):
    """(the cell with its figures replaced by #, [(value, last digit's size)])"""
    vals = []
    for m in NUM.finditer(cell):
        s = m.group(0).replace(",", "")
        ulp = 10 ** -len(s.split(".")[1]) if "." in s else 1
        vals.append((float(s), ulp))
    return NUM.sub("#", cell), vals


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def compare(doc_lines, fresh_lines, tol):
    """the differences beyond tol between two tables' rows ([] when none)"""
    drows = [l for l in doc_lines if l.startswith("|")]
    frows = [l for l in fresh_lines if l.startswith("|")]
    if len(drows) != len(frows):
        return [f"{len(drows)} rows in the doc, {len(frows)} in the fresh table"]
    bad = []
    for dl, fl in zip(drows, frows):
        dc, fc = cells(dl), cells(fl)
        if len(dc) != len(fc):
            bad.append(f"row {dc[0]!r}: {len(dc)} cells in the doc, {len(fc)} fresh")
            continue
        for col, (d, f) in enumerate(zip(dc, fc)):
            if d == f:
                continue
            (dt, dv), (ft, fv) = numbers(d), numbers(f)
            ok = tol > 0 and dt == ft and len(dv) == len(fv) and all(
                abs(a - b) <= tol * max(abs(a), abs(b)) + max(ua, ub) for (a, ua), (b, ub) in zip(dv, fv))
            if not ok:
                bad.append(f"row {dc[0]!r}, column {col + 1}: doc {d!r}, fresh {f!r}")
    return bad


def check(console, paths, docs, skip_missing=False):
    tables = [t for t in TABLES if t.console == console]
    if not tables:
        print(f"console_docs: no tables for console {console!r} (known: "
              f"{', '.join(sorted({t.console for t in TABLES}))})", file=sys.stderr)
        return 2
    tol = TOLERANCE[console]
    passed = failed = skipped = 0
    texts = {}
    for t in tables:
        path = docs / t.doc
        if path not in texts:
            texts[path] = find_blocks(path.read_text())
        lines, blocks = texts[path]
        if t.id not in blocks:
            print(f"FAIL {t.id}: {rel(path)} has no markers for it")
            failed += 1
            continue
        s, e = blocks[t.id]
        try:
            fresh, begin = render_table(t, paths)
        except Missing as err:
            # in a tier, a run its emulator could not make (exit 77, the tier
            # says skipped) leaves no record: nothing to compare, not stale
            if skip_missing:
                print(f"SKIP {t.id}: {err}")
                skipped += 1
                continue
            print(f"FAIL {t.id}: {err}")
            failed += 1
            continue
        except Stale as err:
            print(f"FAIL {t.id}: {err}")
            failed += 1
            continue
        bad = compare(lines[s + 1:e], fresh, tol)
        if bad:
            failed += 1
            print(f"FAIL {t.id} ({rel(path)}): {len(bad)} cell(s) differ by more than "
                  f"{tol * 100:g}% from the fresh records; rerun `{MAKE[console]}` and "
                  "`make console-docs` if the change is meant")
            for b in bad[:10]:
                print(f"    {b}")
        else:
            passed += 1
            note = "" if lines[s] == begin else " (figures equal; the doc names another build or file)"
            print(f"ok {t.id}{note}")
    print(f"console_docs: {passed} passed, {failed} failed, {skipped} skipped ({console})")
    return 1 if failed else 0


def compare_runs(path_a, path_b):
    """two records of the same ROM, entry by entry: how far a second run
    moves the figures (what TOLERANCE is measured with)"""
    a, b = Record("a", Path(path_a)), Record("b", Path(path_b))
    if a.build_id() != b.build_id():
        print(f"note: different builds ({a.build_id()[:12]}, {b.build_id()[:12]})")
    keys = [k for k in a.by_key if a.cpb(*k) is not None and b.cpb(*k) is not None]
    moved = [k for k in keys if a.cpb(*k) != b.cpb(*k)]
    gap, where = largest_gap(a, b, keys)
    within = sum(1 for k in keys if len(set(a.by_key[k].get("samples_ticks") or [0])) > 1)
    print(f"{len(keys)} entries in both; {len(moved)} differ between the runs; largest difference "
          f"{gap * 100:.4f}%{' (' + ' '.join(map(str, where)) + ')' if moved else ''}; "
          f"{within} entries whose passes differ within the first run")
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--write", nargs="*", metavar="CONSOLE", help="write the tables (all consoles, or these)")
    g.add_argument("--check", metavar="CONSOLE", help="compare one console's tables with its records")
    g.add_argument("--list", action="store_true", help="the tables, their docs and records")
    g.add_argument("--compare", nargs=2, metavar="RECORD", help="two runs' records, entry by entry")
    ap.add_argument("--from", dest="source", choices=("retro", "test"), default="retro",
                    help="records of make retro (default) or of the console's test tier")
    ap.add_argument("--docs", type=Path, default=DOCS, help="the docs' directory (default docs/consoles)")
    ap.add_argument("--record", action="append", default=[], metavar="NAME=FILE",
                    help="read record NAME (see --list) from FILE instead")
    args = ap.parse_args(argv)
    paths = record_paths(args.source)
    for spec in args.record:
        name, _, file = spec.partition("=")
        if name not in RECORDS or not file:
            print(f"console_docs: --record wants NAME=FILE with NAME one of {', '.join(RECORDS)}", file=sys.stderr)
            return 2
        paths[name] = Path(file)
    if args.list:
        for t in TABLES:
            print(f"{t.id:16} {t.doc:14} {t.console:6} {', '.join(r + '=' + rel(paths[r]) for r in t.records)}")
        return 0
    try:
        if args.compare:
            return compare_runs(*args.compare)
        if args.check is not None:
            return check(args.check, paths, args.docs, skip_missing=args.source == "test")
        want = args.write or sorted({t.console for t in TABLES})
        unknown = [c for c in want if c not in {t.console for t in TABLES}]
        if unknown:
            print(f"console_docs: unknown console {', '.join(unknown)}", file=sys.stderr)
            return 2
        write([t for t in TABLES if t.console in want], paths, args.docs)
        return 0
    except Stale as e:
        print(f"console_docs: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())

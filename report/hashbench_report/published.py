"""The published figures of earlier suites and reports (data/reference/published.csv).

Columns: source, platform, cpu, clock_mhz, algorithm, implementation,
size_bytes (empty = bulk), throughput_kB_per_s, note.  A figure is put
beside ours from the same platform when we have one (consoles, QEMU), and
beside this host's otherwise, with the ratio ours / published.  Where the
sources contradict themselves the csv's note says so, and rows of different
sources for the same platform, algorithm and size that differ by more than
DISAGREE_FACTOR are marked too.
"""
import csv
from pathlib import Path

from . import record as rec
from .platforms import PUBLISHED_PLATFORM

CSV_FILE = Path("data") / "reference" / "published.csv"
DISAGREE_FACTOR = 1.25
BULK_SIZE = 65536


def load(path=None):
    path = path or rec.find_repo_file(CSV_FILE)
    if path is None or not Path(path).is_file():
        return []
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    for r in rows:
        r["size"] = int(r["size_bytes"]) if r["size_bytes"].strip() else None
        r["kBps"] = float(r["throughput_kB_per_s"])
        r["our_platform"] = PUBLISHED_PLATFORM.get(r["platform"])
    _mark_disagreements(rows)
    return rows


def _mark_disagreements(rows):
    groups = {}
    for r in rows:
        groups.setdefault((r["platform"], r["algorithm"], r["size"], r["implementation"].split(",")[0]), []).append(r)
    for key, group in groups.items():
        sources = {r["source"] for r in group}
        if len(sources) < 2:
            continue
        lo = min(r["kBps"] for r in group)
        hi = max(r["kBps"] for r in group)
        if lo > 0 and hi / lo > DISAGREE_FACTOR:
            for r in group:
                others = [f"{o['kBps']:g} ({o['source']})" for o in group if o is not r]
                r["disagreement"] = "other sources give " + "; ".join(others)


def pick_ours(pub, best):
    """Our comparable figure for one published row.

    best: {(platform, algorithm, size): (kB/s, fidelity, ...)} of our best
    implementations.  Same platform first; else this host.  A bulk figure
    (no size, or 64 KiB and more) may use our largest size if that is 64 KiB
    or more; any other size we did not measure has no counterpart.
    Returns (kB/s, platform, size, fidelity) or None."""
    platforms = [pub["our_platform"]] if pub["our_platform"] else ["host"]
    for plat in platforms:
        sizes = sorted(s for (p, a, s) in best if p == plat and a == pub["algorithm"])
        if not sizes:
            continue
        if pub["size"] in sizes:
            size = pub["size"]
        elif (pub["size"] is None or pub["size"] >= BULK_SIZE) and sizes[-1] >= BULK_SIZE:
            # bulk figures: throughput has levelled off by 64 KiB, so our largest size stands in
            size = sizes[-1]
        else:
            continue
        kbps, fidelity = best[(plat, pub["algorithm"], size)][:2]
        return kbps, plat, size, fidelity
    return None

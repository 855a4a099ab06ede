"""What the report shows, gathered once from the store.

The newest measurement of each (machine, algorithm, implementation, size)
in throughput mode is the current one; older runs stay in the store for
`compare`.  "Ours" are hashbench's implementations (portable, fast, and the
instruction-set ones); peers are the libraries measured beside them.
"""
import json
from dataclasses import dataclass, field

from . import platforms as pf
from . import store

TABLE_SIZE = 1024
TIER_ORDER = {"checksum": 0, "non-crypto": 1, "crypto": 2}


@dataclass
class Cell:
    value: float            # kB/s, or instructions per byte for instruction-count runs
    unit: str               # "kB/s" or "instr/B"
    fidelity: str
    size: int
    implementation: str

    def text(self):
        v = f"{self.value:,.1f}" if self.unit == "instr/B" else f"{self.value:,.0f}"
        at = "" if self.size == TABLE_SIZE else f" @{self.size} B"
        return f"{v}{at}"


@dataclass
class Dataset:
    runs: list
    current: list
    all_measurements: list = field(default_factory=list)
    machines: list = field(default_factory=list)          # [(machine, platform)] in column order
    algorithms: list = field(default_factory=list)        # [(algorithm, tier)] in roster order
    host_machine: str = None

    def for_machine(self, machine):
        return [m for m in self.current if m["machine"] == machine]


def _uses_counts(m):
    return m["timing_fidelity"] == "instruction-count" and m.get("instructions_per_byte")


def build(engine):
    runs = store.list_runs(engine)
    all_ms = store.load_measurements(engine)
    order = {r["id"]: (r["date"], r["id"]) for r in runs}
    newest = {}
    for m in all_ms:
        if m["mode"] != "throughput":
            continue
        key = (m["machine"], m["algorithm"], m["implementation"], m["size"])
        if key not in newest or order[m["run_id"]] > order[newest[key]["run_id"]]:
            newest[key] = m
    current = list(newest.values())
    ds = Dataset(runs=runs, current=current, all_measurements=all_ms)
    machines = {}
    for m in current:
        machines[m["machine"]] = m["platform"]
    ds.machines = sorted(machines.items(), key=lambda mp: (pf.platform_sort_key(mp[1]), mp[0]))
    first_seen = {}
    for m in sorted(all_ms, key=lambda m: (order[m["run_id"]], m["id"])):
        first_seen.setdefault(m["algorithm"], (len(first_seen), m["tier"]))
    ds.algorithms = sorted(((a, t) for a, (i, t) in first_seen.items()),
                           key=lambda at: (TIER_ORDER.get(at[1], 9), first_seen[at[0]][0]))
    hosts = sorted((r for r in runs if r["platform"] == "host"), key=lambda r: (r["date"], r["id"]))
    ds.host_machine = hosts[-1]["machine"] if hosts else None
    return ds


def best_of(ms, ours=True):
    """The best measurement among ours (or among the peers): fastest, or fewest
    instructions per byte for instruction-count records."""
    pick = [m for m in ms if pf.is_peer(m["implementation"]) != ours]
    if not pick:
        return None
    counted = [m for m in pick if _uses_counts(m)]
    if counted:
        return min(counted, key=lambda m: m["instructions_per_byte"])
    return max(pick, key=lambda m: m["bytes_per_second"])


def cell_of(m):
    if _uses_counts(m):
        return Cell(m["instructions_per_byte"], "instr/B", m["timing_fidelity"], m["size"], m["implementation"])
    return Cell(m["bytes_per_second"] / 1000.0, "kB/s", m["timing_fidelity"], m["size"], m["implementation"])


def platform_table(ds):
    """{algorithm: {machine: Cell}}: our best at 1024 bytes (or the nearest size measured)."""
    table = {}
    for machine, _ in ds.machines:
        by_algo = {}
        for m in ds.for_machine(machine):
            by_algo.setdefault(m["algorithm"], []).append(m)
        for algo, ms in by_algo.items():
            sizes = sorted({m["size"] for m in ms})
            size = TABLE_SIZE if TABLE_SIZE in sizes else min(sizes, key=lambda s: abs(s - TABLE_SIZE))
            best = best_of([m for m in ms if m["size"] == size])
            if best is not None:
                table.setdefault(algo, {})[machine] = cell_of(best)
    return table


def best_by_platform(ds):
    """{(platform, algorithm, size): (kB/s, fidelity)} of our best, for the published comparison.
    A platform with several machines uses its newest machine (the host: ds.host_machine)."""
    out = {}
    for machine, platform in ds.machines:
        if platform == "host" and machine != ds.host_machine:
            continue
        groups = {}
        for m in ds.for_machine(machine):
            groups.setdefault((m["algorithm"], m["size"]), []).append(m)
        for (algo, size), ms in groups.items():
            timed = [m for m in ms if not pf.is_peer(m["implementation"]) and m["bytes_per_second"] > 0]
            if timed:
                b = max(timed, key=lambda m: m["bytes_per_second"])
                out[(platform, algo, size)] = (b["bytes_per_second"] / 1000.0, b["timing_fidelity"])
    return out


def throughput_series(ds, algorithm):
    """{implementation: [(size, MB/s)]} on the host machine, sizes ascending."""
    series = {}
    for m in ds.for_machine(ds.host_machine):
        if m["algorithm"] == algorithm:
            series.setdefault(m["implementation"], []).append((m["size"], m["bytes_per_second"] / 1e6))
    return {impl: sorted(points) for impl, points in sorted(series.items(), key=lambda kv: (pf.is_peer(kv[0]), kv[0]))}


def peer_ratios(ds):
    """{algorithm: {size: (ours best / peer best, our impl, peer impl)}} on the host; empty without peers."""
    groups = {}
    for m in ds.for_machine(ds.host_machine):
        groups.setdefault((m["algorithm"], m["size"]), []).append(m)
    out = {}
    for (algo, size), ms in groups.items():
        ours, peer = best_of(ms, ours=True), best_of(ms, ours=False)
        if ours and peer and peer["bytes_per_second"] > 0:
            out.setdefault(algo, {})[size] = (ours["bytes_per_second"] / peer["bytes_per_second"],
                                              ours["implementation"], peer["implementation"])
    return out


def qemu_heat(ds):
    """(architectures, algorithms, z) with z[i][j] = our fewest instructions per byte
    at 1024 bytes (nearest size measured), or None."""
    archs = [machine for machine, platform in ds.machines if pf.is_qemu(platform)]
    values = {}
    for machine in archs:
        groups = {}
        for m in ds.for_machine(machine):
            if _uses_counts(m) and not pf.is_peer(m["implementation"]):
                groups.setdefault(m["algorithm"], []).append(m)
        for algo, ms in groups.items():
            sizes = sorted({m["size"] for m in ms})
            size = TABLE_SIZE if TABLE_SIZE in sizes else min(sizes, key=lambda s: abs(s - TABLE_SIZE))
            values[(machine, algo)] = min(m["instructions_per_byte"] for m in ms if m["size"] == size)
    archs = [a for a in archs if any(k[0] == a for k in values)]
    algos = [a for a, _ in ds.algorithms if any(k[1] == a for k in values)]
    z = [[values.get((arch, algo)) for algo in algos] for arch in archs]
    return archs, algos, z


def warnings(ds):
    """[(run, [run-wide warnings], {warning text: [measurement labels]})] for every run."""
    by_run = {}
    for m in ds.all_measurements:
        for w in m["warnings"]:
            by_run.setdefault(m["run_id"], {}).setdefault(w, []).append(
                f"{m['algorithm']} {m['implementation']} {m['size']} B")
    out = []
    for r in ds.runs:
        out.append((r, json.loads(r["warnings_json"]), by_run.get(r["id"], {})))
    return out


"""What the report shows, gathered once from the store.

The newest measurement of each (machine, algorithm, implementation, size)
in throughput mode is the current one; a machine that only ran latency mode
(the consoles time one call at a time) shows that.  Older runs stay in the
store for `compare`.  "Ours" are hashbench's implementations (portable,
fast, and the instruction-set ones); peers are the libraries measured beside
them, as the record says (its `peer` field, kept in the store).  A console that ran several builds of the library ("fast@arm-iwram")
has one column per build.
"""
import json
from dataclasses import dataclass, field

from . import platforms as pf
from . import rng as rngm
from . import store

TABLE_SIZE = 1024
TIER_ORDER = {"checksum": 0, "non-crypto": 1, "crypto": 2}


def count_text(v):
    """Instructions per byte to three figures (0.373, 4.40, 11.0, 566), whole numbers from 1000."""
    return f"{v:,.0f}" if v >= 999.5 else f"{v:#.3g}".rstrip(".")


@dataclass
class Cell:
    value: float            # kB/s, or instructions per byte for instruction-count runs
    unit: str               # "kB/s" or "instr/B"
    fidelity: str
    size: int
    implementation: str
    mode: str = "throughput"

    def text(self):
        if self.unit == "instr/B":
            v = count_text(self.value)
        else:
            # the slow consoles run at a few kB/s: keep three figures there
            v = f"{self.value:,.0f}" if self.value >= 100 else f"{self.value:.3g}"
        at = "" if self.size == TABLE_SIZE else f" @{self.size} B"
        return f"{v}{at}"


@dataclass
class Dataset:
    runs: list
    current: list
    all_measurements: list = field(default_factory=list)
    machines: list = field(default_factory=list)          # [(machine, platform)] in column order
    builds: dict = field(default_factory=dict)            # {machine: [build or None]} in record order
    clock_hz: dict = field(default_factory=dict)          # {machine: nominal clock of its newest run}
    algorithms: list = field(default_factory=list)        # [(algorithm, tier)] in roster order
    host_machine: str = None
    rng: list = field(default_factory=list)               # hashbench rng runs (rng.py), oldest first
    files: list = field(default_factory=list)             # hashbench files rows (store.load_file_timings)
    quality: list = field(default_factory=list)           # hashbench quality runs (store.load_quality), oldest first

    def for_machine(self, machine):
        return [m for m in self.current if m["machine"] == machine]

    def for_column(self, column):
        """The current measurements of one table column, (machine, build)."""
        machine, build = column
        return [m for m in self.for_machine(machine) if pf.split_build(m["implementation"])[1] == build]


def is_peer(m):
    """A peer library's measurement, as its record said (store column `peer`)."""
    return bool(m["peer"])


def peer_names(ds, machine):
    """The implementations measured as peers on machine (the charts dash their lines)."""
    return {m["implementation"] for m in ds.for_machine(machine) if is_peer(m)}


def _uses_counts(m):
    return m["timing_fidelity"] == "instruction-count" and m.get("instructions_per_byte")


def _timed(m):
    return m.get("bytes_per_second") is not None


def build(engine):
    runs = store.list_runs(engine)
    all_ms = store.load_measurements(engine)
    order = {r["id"]: (r["date"], r["id"]) for r in runs}

    def rank(m):
        # throughput mode first, then the newest run
        return (m["mode"] == "throughput", order[m["run_id"]])

    newest = {}
    for m in all_ms:
        key = (m["machine"], m["algorithm"], m["implementation"], m["size"])
        if key not in newest or rank(m) > rank(newest[key]):
            newest[key] = m
    current = list(newest.values())
    ds = Dataset(runs=runs, current=current, all_measurements=all_ms, files=store.load_file_timings(engine))
    machines = {}
    for m in sorted(current, key=lambda m: (order[m["run_id"]], m["id"])):
        machines[m["machine"]] = m["platform"]
        builds = ds.builds.setdefault(m["machine"], [])
        build_name = pf.split_build(m["implementation"])[1]
        if build_name not in builds and not is_peer(m):
            builds.append(build_name)
        if m["clock_hz"]:
            ds.clock_hz[m["machine"]] = m["clock_hz"]
    ds.machines = sorted(machines.items(), key=lambda mp: (pf.platform_sort_key(mp[1]), mp[0]))
    first_seen = {}
    for m in sorted(all_ms, key=lambda m: (order[m["run_id"]], m["id"])):
        first_seen.setdefault(m["algorithm"], (len(first_seen), m["tier"]))
    ds.algorithms = sorted(((a, t) for a, (i, t) in first_seen.items()),
                           key=lambda at: (TIER_ORDER.get(at[1], 9), first_seen[at[0]][0]))
    # runs with measurements: a hashbench rng or files run holds none (their rows are ds.rng, ds.files)
    measured = {m["run_id"] for m in all_ms}
    hosts = sorted((r for r in runs if r["platform"] == "host" and r["id"] in measured),
                   key=lambda r: (r["date"], r["id"]))
    ds.host_machine = hosts[-1]["machine"] if hosts else None
    ds.rng = rngm.load(engine)
    ds.quality = store.load_quality(engine)
    return ds


def best_of(ms, ours=True):
    """The best measurement among ours (or among the peers): fastest, or fewest
    instructions per byte for instruction-count records."""
    pick = [m for m in ms if is_peer(m) != ours]
    counted = [m for m in pick if _uses_counts(m)]
    if counted:
        return min(counted, key=lambda m: m["instructions_per_byte"])
    timed = [m for m in pick if _timed(m)]
    if not timed:
        return None
    return max(timed, key=lambda m: m["bytes_per_second"])


def cell_of(m):
    if _uses_counts(m):
        return Cell(m["instructions_per_byte"], "instr/B", m["timing_fidelity"], m["size"], m["implementation"],
                    m["mode"])
    return Cell(m["bytes_per_second"] / 1000.0, "kB/s", m["timing_fidelity"], m["size"], m["implementation"],
                m["mode"])


def table_size(ms):
    """1024 when measured, else the measured size nearest to it."""
    sizes = sorted({m["size"] for m in ms})
    return TABLE_SIZE if TABLE_SIZE in sizes else min(sizes, key=lambda s: abs(s - TABLE_SIZE))


def columns(ds):
    """[(machine, build)]: one per machine, or one per build of a machine that ran several."""
    return [(machine, build) for machine, _ in ds.machines for build in ds.builds.get(machine) or [None]]


def platform_table(ds):
    """{algorithm: {(machine, build): Cell}}: our best at 1024 bytes (or the nearest size measured)."""
    table = {}
    for column in columns(ds):
        by_algo = {}
        for m in ds.for_column(column):
            by_algo.setdefault(m["algorithm"], []).append(m)
        for algo, ms in by_algo.items():
            size = table_size(ms)
            best = best_of([m for m in ms if m["size"] == size])
            if best is not None:
                table.setdefault(algo, {})[column] = cell_of(best)
    return table


def best_by_platform(ds):
    """{(platform, algorithm, size): (kB/s, fidelity, implementation)} of our best, for the published comparison.
    The host uses its newest machine (ds.host_machine); a console run in two
    emulators (the N64 in mupen64plus and cen64) the one with the better
    timing fidelity (pf.FIDELITY_ORDER: cen64's cycles before mupen64plus's
    instruction counts), whichever ran last."""
    out = {}
    for machine, platform in ds.machines:
        if platform == "host" and machine != ds.host_machine:
            continue
        groups = {}
        for m in ds.for_machine(machine):
            groups.setdefault((m["algorithm"], m["size"]), []).append(m)
        for (algo, size), ms in groups.items():
            timed = [m for m in ms if not is_peer(m) and _timed(m) and m["bytes_per_second"] > 0]
            if timed:
                b = max(timed, key=lambda m: m["bytes_per_second"])
                have = out.get((platform, algo, size))
                if have and pf.fidelity_rank(have[1]) < pf.fidelity_rank(b["timing_fidelity"]):
                    continue
                out[(platform, algo, size)] = (b["bytes_per_second"] / 1000.0, b["timing_fidelity"],
                                               b["implementation"])
    return out


def throughput_series(ds, algorithm):
    """{implementation: [(size, MB/s)]} on the host machine, sizes ascending."""
    series, peers = {}, peer_names(ds, ds.host_machine)
    for m in ds.for_machine(ds.host_machine):
        if m["algorithm"] == algorithm:
            series.setdefault(m["implementation"], []).append((m["size"], m["bytes_per_second"] / 1e6))
    return {impl: sorted(points) for impl, points in sorted(series.items(), key=lambda kv: (kv[0] in peers, kv[0]))}


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
    """(machines, algorithms, z, labels): z[i][j] = our fewest instructions per byte
    at 1024 bytes (nearest size measured) on QEMU machine i, or None; labels[i][j]
    names the implementation and size it came from."""
    archs = [machine for machine, platform in ds.machines if pf.is_qemu(platform)]
    values = {}
    for machine in archs:
        groups = {}
        for m in ds.for_machine(machine):
            if _uses_counts(m) and not is_peer(m):
                groups.setdefault(m["algorithm"], []).append(m)
        for algo, ms in groups.items():
            size = table_size(ms)
            values[(machine, algo)] = min((m for m in ms if m["size"] == size),
                                          key=lambda m: m["instructions_per_byte"])
    archs = [a for a in archs if any(k[0] == a for k in values)]
    algos = [a for a, _ in ds.algorithms if any(k[1] == a for k in values)]
    cells = [[values.get((arch, algo)) for algo in algos] for arch in archs]
    z = [[None if m is None else m["instructions_per_byte"] for m in row] for row in cells]
    labels = [["" if m is None else f"{m['implementation']}, {m['size']} B" for m in row] for row in cells]
    return archs, algos, z, labels


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


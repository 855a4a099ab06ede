#!/usr/bin/env python3
"""The sim65 build's checks, and the NES ROM's cycle counts against it.

Builds build/sim65/results.json (make sim65) and, where the NES ROM's
headless run exists (make retro-nes), build/retro/nes/results.json; then

  - the sim65 record validates against docs/schema/results.schema.json, is
    cycle-exact at the NES clock, and holds all 40 algorithms, every
    implementation the host registry has in portable C (portable, fast) at
    64, 256 and 1024 bytes, each measured or named as not run with a reason;
  - every digest equals the host's `hashbench sum` of the same bytes, and at
    1024 bytes tests/vectors/workload-digests.txt;
  - each record's figures agree with its own cycle count, and a sample of
    counts, measured again here in fresh sim65 runs, repeat to the cycle;
  - the NES ROM's own code, run in sim65 bank by bank (rom_sim65.py: the
    same bytes at the same addresses as in Nestopia), counts exactly and
    gives every digest the host gives;
  - per algorithm, every implementation and size the ROM measured in
    Nestopia is within 1 percent of sim65's count of the same code, and the
    ROM's digest bytes equal the start of sim65's digest.  The counts of the
    separately linked sim65 programs are printed beside them: they differ
    from the ROM's where a branch or a table sits across a page boundary in
    one layout and not the other (docs/consoles/nes-sim65.md), so they are
    shown, not held to 1 percent.

Ends with "N passed, N failed".

    test_cycles.py [--no-build] [--nes-results FILE] [--rom-cycles FILE]

--nes-results and --rom-cycles read the two records from elsewhere (for
development: both must be made from the same ROM file).
"""
import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "platforms/common"))
os.chdir(ROOT)
import console_checks as cc                      # noqa: E402
from console_checks import check                 # noqa: E402

SIM65 = Path("build/sim65/results.json")
ROM_SIM65 = Path("build/sim65/rom-cycles.json")
NES = Path("build/retro/nes/results.json")
ROM = Path("build/roms/hashbench.nes")
SIZES = (64, 256, 1024)
CLOCK_HZ = 1789773
TOLERANCE = 0.01

def make(*targets):
    proc = subprocess.run(["make", "-s", "-j2"] + list(targets), stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True)
    return proc.returncode, proc.stdout


def host_roster():
    """[(id, [portable C implementations])] in roster order, from `hashbench list`,
    each named as the NES records name it: `compact` for the fast rows the NES
    builds in their compact form (flags.mk's NES_COMPACT)."""
    compact = cc.compact_ids("nes", cc.host_roster())
    out = subprocess.run(["build/hashbench", "list"], stdout=subprocess.PIPE, text=True, check=True).stdout
    roster = []
    for line in out.splitlines()[1:]:
        f = line.split()
        if not f:
            continue
        impls = [n.strip("*-") for n in f[f.index(next(x for x in f if x.startswith("portable"))):]]
        roster.append((f[0], [cc.console_name(f[0], n, compact) for n in impls if n in ("portable", "fast")]))
    return roster


def cycles(r):
    """Cycles of one call: the median sample's ticks over its calls (ticks are cycles here)."""
    ticks = sorted(r["samples_ticks"])
    return ticks[len(ticks) // 2] / r["iterations_per_sample"]


def sim65_cycles(program, impl_index, size, calls):
    out = subprocess.run(["sim65", "-c", program, str(impl_index), str(size), str(calls)],
                         stdout=subprocess.PIPE, text=True).stdout
    m = re.search(r"(\d+) cycles", out)
    return int(m.group(1)) if m else None


def check_sim65(rec, roster, host, canon):
    ctx = rec["context"]
    check(ctx.get("platform") == "nes-sim65" and ctx.get("clock_hz") == CLOCK_HZ,
          "sim65 record: platform nes-sim65 at 1.789773 MHz", f"{ctx.get('platform')} {ctx.get('clock_hz')}")
    results = rec["results"]
    check(results and all(r["timing_fidelity"] == "cycle-exact" for r in results),
          "sim65 record: every result cycle-exact")
    by_key = {}
    for r in results:
        by_key.setdefault((r["algorithm"], r["implementation"], r["size"]), []).append(r)
    check(all(len(v) == 1 for v in by_key.values()), "sim65 record: one result per algorithm, implementation, size")
    check(len(roster) == 40, "host roster has 40 algorithms", str(len(roster)))
    bad_figures = []
    for r in results:
        c = cycles(r)
        # the writer prints 6 significant digits
        if not (abs(r["cycles_per_byte"] * r["size"] - c) <= 1e-5 * c and
                abs(r["bytes_per_second"] - CLOCK_HZ * r["size"] / c) <= 1e-5 * r["bytes_per_second"] and
                c == int(c) and c > 0):
            bad_figures.append(f"{r['algorithm']} {r['implementation']} {r['size']}")
    check(not bad_figures, "sim65 record: cycles per byte and bytes per second follow from each whole cycle count",
          ", ".join(bad_figures[:5]))
    warnings = rec["warnings"]
    for algo, impls in roster:
        problems = []
        for impl in impls:
            for size in SIZES:
                r = by_key.get((algo, impl, size))
                if r is None:
                    why = [w for w in warnings if w.startswith(f"{algo} {impl},") and "not run:" in w]
                    if not why:
                        problems.append(f"{impl} {size}: neither measured nor named as not run")
                    continue
                r = r[0]
                if r["digest"] != host[algo][size]:
                    problems.append(f"{impl} {size}: digest {r['digest']} != host {host[algo][size]}")
                if size == 1024 and canon.get(algo) != r["digest"]:
                    problems.append(f"{impl} 1024: digest != workload-digests.txt {canon.get(algo)}")
        measured = sum(1 for i in impls for s in SIZES if (algo, i, s) in by_key)
        check(not problems, f"sim65 {algo}: {measured} of {len(impls) * 3} measured, digests equal the host's",
              "; ".join(problems[:4]))


def check_repeat(rec):
    """A few counts again, in fresh runs, to the cycle: the record is what sim65 says."""
    by_key = {(r["algorithm"], r["implementation"], r["size"]): r for r in rec["results"]}
    sample = [("crc32", "fast", 64), ("sha256", "portable", 64), ("aes-cbc-mac", "compact", 256),
              ("xxh3-128", "portable", 1024), ("blake3", "portable", 64)]
    for algo, impl, size in sample:
        r = by_key.get((algo, impl, size))
        man = json.loads((Path("build/sim65/bin") / f"{algo.replace('-', '_')}.json").read_text())
        # the program of the row: the host's name for it (a compact form is the fast row's code)
        prog = man["programs"].get("fast" if impl == "compact" else impl)
        if not r or not prog:
            check(False, f"repeat {algo} {impl} {size}", "not in the record")
            continue
        index = 0 if impl == "portable" else 1
        # 2 and 4 calls this time: a different pair than the driver's 1 and 2
        c2, c4 = sim65_cycles(prog, index, size, 2), sim65_cycles(prog, index, size, 4)
        got = (c4 - c2) / 2 if c2 is not None and c4 is not None else None
        check(got == cycles(r), f"repeat {algo} {impl} {size} bytes: fresh sim65 runs give {got} cycles per call",
              f"the record says {cycles(r)}")


def check_rom_sim65(romrec, host):
    """The ROM's code in sim65: exact (rom_sim65.py checked 3N - 2N = 2N - N) and right."""
    per_algo = {}
    for r in romrec["results"]:
        per_algo.setdefault(r["algorithm"], []).append(r)
    for algo in sorted(per_algo, key=lambda a: list(host).index(a) if a in host else 99):
        bad = [f"{r['implementation']} {r['size']}: {r['digest']}" for r in per_algo[algo]
               if r["digest"] != host.get(algo, {}).get(r["size"])]
        check(not bad and all(r["cycles"] > 0 for r in per_algo[algo]),
              f"ROM code in sim65 {algo}: {len(per_algo[algo])} exact counts, digests equal the host's",
              "; ".join(bad[:3]))


def check_nes(nes, romrec, sim, roster):
    rom_by = {(r["algorithm"], r["implementation"], r["size"]): r["cycles"] for r in romrec["results"]}
    sim_by = {(r["algorithm"], r["implementation"], r["size"]): r for r in sim["results"]}
    nes_by = {(r["algorithm"], r["implementation"], r["size"]): r for r in nes["results"]}
    check(nes["context"].get("clock_hz") == CLOCK_HZ, "NES ROM record at 1.789773 MHz",
          str(nes["context"].get("clock_hz")))
    worst_all, worst_sep = (0.0, None), (0.0, None)
    print("     algorithm        compared  Nestopia vs sim65, same code  |  vs the separate sim65 build")
    for algo, impls in roster:
        devs, seps, problems, only = [], [], [], []
        for impl in impls:
            for size in SIZES:
                key = (algo, impl, size)
                n, c_rom, s = nes_by.get(key), rom_by.get(key), sim_by.get(key)
                if n and c_rom is None:
                    problems.append(f"{impl} {size}: measured in Nestopia, not counted in sim65")
                if not n:
                    if c_rom is not None:
                        problems.append(f"{impl} {size}: in the ROM's bank table, missing from Nestopia's record")
                    elif s:
                        only.append(f"{impl}/{size}")
                    continue
                if c_rom is None:
                    continue
                dev = (cycles(n) - c_rom) / c_rom
                devs.append((abs(dev), dev, impl, size, cycles(n), c_rom))
                if s:
                    sep = (cycles(n) - cycles(s)) / cycles(s)
                    seps.append((abs(sep), sep, impl, size))
                    if not s["digest"].startswith(n["digest"]):
                        problems.append(f"{impl} {size}: ROM digest {n['digest']} is not the start of {s['digest']}")
        if not devs:
            check(False, f"NES vs sim65 {algo}", "nothing measured by both")
            continue
        worst = max(devs)
        if worst[0] > worst_all[0]:
            worst_all = (worst[0], f"{algo} {worst[2]} {worst[3]}")
        sep_text = ""
        if seps:
            ws = max(seps)
            if ws[0] > worst_sep[0]:
                worst_sep = (ws[0], f"{algo} {ws[2]} {ws[3]}")
            sep_text = f"{ws[1] * 100:+.3f}% ({ws[2]}, {ws[3]})"
        over = [f"{i}/{sz}: ROM {c_n:.0f} vs sim65 {c_s:.0f} ({d * 100:+.2f}%)"
                for a, d, i, sz, c_n, c_s in sorted(devs, reverse=True) if a > TOLERANCE]
        print(f"     {algo:<16} {len(devs):>8}  {worst[1] * 100:+.3f}% ({worst[2]}, {worst[3]})"
              f"{'':<8}|  {sep_text}" + (f"; not in the ROM: {', '.join(only)}" if only else ""))
        check(not over and not problems,
              f"NES vs sim65 {algo}: {len(devs)} counts within 1% of sim65's count of the same code, digests agree",
              "; ".join((over + problems)[:4]))
    print(f"     largest deviation, same code: {worst_all[0] * 100:.3f}% ({worst_all[1]}); "
          f"against the separate sim65 build: {worst_sep[0] * 100:.3f}% ({worst_sep[1]})")


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("--no-build", action="store_true", help="use the records as they are")
    ap.add_argument("--nes-results", help="the ROM's record (default build/retro/nes/results.json)")
    ap.add_argument("--rom-cycles", help="rom_sim65.py's counts (default build/sim65/rom-cycles.json); "
                                         "with --nes-results, both must come from the same ROM file")
    args = ap.parse_args(argv[1:])

    if not args.no_build:
        rc, out = make("build/hashbench", "sim65")
        check(rc == 0, "make sim65: programs built and every measurement exact", out.strip()[-1500:])
    if not SIM65.exists():
        check(False, "build/sim65/results.json exists")
        return cc.finish()
    sim = json.loads(SIM65.read_text())
    cc.check_schema(sim, "sim65 record validates against docs/schema/results.schema.json")

    roster = host_roster()
    host = cc.host_sums([a for a, _ in roster], SIZES)
    check_sim65(sim, roster, host, cc.workload_digests())
    check_repeat(sim)

    nes_path = Path(args.nes_results) if args.nes_results else NES
    if not args.no_build:
        rc, out = make("build/roms/hashbench.nes")
        check(rc == 0, "make build/roms/hashbench.nes", out.strip()[-1500:])
        if rc == 0:
            rc, out = make("sim65-rom")
            check(rc == 0, "make sim65-rom: the ROM's code counted in sim65, exactly", out.strip()[-1500:])
        if not args.nes_results:
            if rc == 0 and (not NES.exists() or NES.stat().st_mtime < ROM.stat().st_mtime):
                # a record older than the ROM is redone (the nes tier's own run is reused otherwise)
                rc, out = make("retro-nes")
                check(rc == 0, "make retro-nes: the ROM's run in Nestopia", out.strip()[-1500:])
    rom_path = Path(args.rom_cycles) if args.rom_cycles else ROM_SIM65
    if not rom_path.exists():
        check(False, f"{rom_path} exists (make sim65-rom)")
    else:
        romrec = json.loads(rom_path.read_text())
        if not args.rom_cycles and ROM.exists():
            now = hashlib.sha256(ROM.read_bytes()).hexdigest()
            check(romrec.get("rom_sha256") == now, "sim65's count of the ROM's code is of the ROM built now",
                  f"{romrec.get('rom_sha256')} != {now} (make sim65-rom)")
        check_rom_sim65(romrec, host)
        if nes_path.exists():
            check_nes(json.loads(nes_path.read_text()), romrec, sim, roster)
        else:
            check(False, f"{nes_path} exists (make retro PLATFORM=nes)")
    return cc.finish()


if __name__ == "__main__":
    sys.exit(main(sys.argv))

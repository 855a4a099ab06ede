#!/usr/bin/env python3
"""The NES ROM's checks, on the record of `make retro-nes` (one headless run
in Nestopia: pass 1, B for pass 2, the views through the ROM's controls):

  - the record validates against docs/schema/results.schema.json;
  - all 40 algorithms, both implementations, all three sizes: measured, or
    named in the run's warnings as not run (code larger than a 16 KB bank);
    the fast rows the ROM runs in their compact form named `compact`, and
    marked C on the screens;
  - every digest (the 4 bytes the block keeps) equals the host's:
    tests/vectors/workload-digests.txt at 1024, `hashbench sum` at 64, 256;
  - the rerun (B) gave the same digests, and cycle counts within the
    timer's stated accuracy (+-30 cycles) of pass 1;
  - the timer's own figures: spin turns per frame and the empty interval;
  - every view the ROM's controls offer is photographed (tools/retro-run/
    views.py: banner, each sort, page, the sweep and its pages, the rerun,
    START), none blank, each different from the others of its pass and the
    same when shown again, each with its own header (page, size view,
    sort); the banner before A, pass 3 running after START;
  - the table screens (pass 1, the rerun, page 2, A: speed order, name
    order, SELECT: the size sweep and its page 2, back to the first view)
    show, in the ROM's font (platforms/common/font5x7.c drawn
    into 8x8 tiles by platforms/nes/nes_chr.c), its title and header and on
    every row the name, kB/s and digest bytes the record gives;
  - the controls: the start-up banner (name, CPU, clock, build, controls,
    PRESS A TO START) is on screen before A; a run that never presses A
    stays on it, the results block still booting with no entry, after 300
    frames; START on the table starts another pass, as B does.

Ends with "N passed, N failed".  Run from the repository root.
"""
import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "platforms/common"))
os.chdir(ROOT)
import console_checks as cc                      # noqa: E402
import view_checks as vc                         # noqa: E402
from console_checks import check                 # noqa: E402



# The implementations with no room in the 512 KB ROM: none since every fast
# variant larger than a bank has a compact form (docs/consoles/nes.md,
# "Banking").  Any implementation not run is a failure.
NES_NOT_IN_ROM = set()

def text_at(img, col, row, text, y0):
    """text in the 8x8 tiles, tile row 0 at pixel row y0"""
    return cc.TextGrid(img, cell_w=8, cell_h=8, y0=y0).text_at(col, row, text)


def find_y0(img, row=1):
    """the core may crop the top overscan: find where tile row 0 starts
    (from the title, on tile row `row`: 1 on the tables, 2 on the banner)"""
    for y0 in (0, -8, 8):
        if 0 <= y0 + 8 * row and text_at(img, 1, row, "HASHBENCH NES", y0):
            return y0
    return None


EMU = "nestopia"


def shot(**view):
    return vc.shot("nes", EMU, **view)


def check_photos(out):
    """every view the ROM's controls offer photographed (tools/retro-run/
    views.py), each showing its own header: the page, the size view, the
    sort; the banner before A; pass 3 running after START"""
    _, sorts, pages = vc.view_labels("nes")

    def grid(img):
        return cc.TextGrid(img, cell_w=8, cell_h=8, y0=find_y0(img) or 0)

    def header(st):
        return [([f"P{st.page + 1}/{pages}"], [1], None),
                (["KB/S BY SIZE" if st.sweep else "KB/S AT 1024 B", sorts[st.sort].upper()], [2], None)]

    return vc.check_views(out, "nes", EMU, grid, header, banner=check_banner, running_rows=range(0, 6))


def check_banner(img, what):
    y0 = find_y0(img, row=2) if img else None
    if not check(y0 is not None, f"{what}: the banner's title on tile row 2"):
        return
    cc.check_banner(cc.TextGrid(img, cell_w=8, cell_h=8, y0=y0), "nes", col=1, row=2, what=what)


def digest_cells(digest, size):
    """H0H1 as the ROM draws it: as many bytes as the digest has (one for
    CRC-8 and Pearson: "DD" and two blanks, not "DD00"), at most two"""
    return digest[:2 * min(size, 2)].upper().ljust(4)


def speed_key(fast):
    """the NES speed sort's key (nes_ui.c before()): the FAST figure, none
    ("-", N/FIT) below every figure; equal keys keep the roster's order"""
    return -(fast or 0)


def check_speed_tail(order, no_fast):
    """the rows without a fast form end the speed ranking"""
    check(no_fast and set(order[-len(no_fast):]) == set(no_fast),
          f"speed sort: the {len(no_fast)} rows without a fast form ('-') come last", f"last: {order[-6:]}")


def check_legends(shots, compact, not_run, portable_shown):
    """The footer explains only the marks some row carries: C where a fast
    row ran its compact form; "N/FIT: ..." (the 1024 view) only when some
    implementation was not run; "P: ..." (the sweep) only when some row
    shows portable because fast was not run; otherwise the line is blank."""
    blank = " " * 30
    for name, sweep in ((shot(passno=1), False), (shot(sweep=True), True)):
        img = shots.get(name)
        y0 = find_y0(img) if img else None
        c_line = "C: FAST RAN ITS COMPACT FORM" if compact else blank
        if sweep:
            second = "P: FAST N/FIT - PORTABLE SHOWN" if portable_shown else \
                ("N/FIT: CODE OVER ONE 16K BANK" if not_run else blank)
        else:
            second = "N/FIT: CODE OVER ONE 16K BANK" if not_run else blank
        ok = y0 is not None and text_at(img, 1, 25, c_line, y0) and text_at(img, 1, 26, second, y0)
        check(ok, f"{name}: footer legends only for marks on the rows ({c_line.strip() or 'no C'}; "
              f"{second.strip() or 'no N/FIT or P legend'})")


def main():
    out = ROOT / "build/retro/nes"
    proc = subprocess.run(["make", "-s", "-j2", "build/hashbench", "retro-nes"], stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True)
    check(proc.returncode == 0, "headless run (make retro-nes)", proc.stdout[-1500:])
    path = out / "results.json"
    if not path.exists():
        return cc.finish(extra_failures=1)
    rec = json.loads(path.read_text())
    cc.check_report_finds(path, "the report finds this record")
    cc.check_schema(rec)
    ctx = rec["context"]
    check(ctx["platform"] == "nes" and ctx["clock_hz"] == 1789773 and ctx["console"]["passes"] == 2,
          "context: platform nes, 1.789773 MHz, two passes", json.dumps(ctx)[:300])
    turns = int(ctx["console"]["spin_turns_per_frame"], 16)
    check(2690 <= turns <= 2715, f"spin loop: {turns} turns a frame (29780.5 cycles at 11 a turn, less the NMI)")
    check(0 < ctx["console"]["timer_overhead_ticks"] < 40,
          f"empty start/stop interval {ctx['console']['timer_overhead_ticks']} cycles (13 by instruction count)")
    res = rec["results"]
    check(all(r["timing_fidelity"] == "approximate" and r["cycles_per_byte"] > 0 for r in res),
          "every measured result labelled approximate with a positive cycle count")

    host = cc.host_roster()
    ids = [a["id"] for a in host]
    have = {(r["algorithm"], r["implementation"], r["size"]) for r in res}
    not_run = set()
    for w in rec["warnings"]:
        m = re.match(r"(\S+) (\S+), (\d+) bytes: does not fit this console's memory: not run$", w)
        if m:
            not_run.add((m.group(1), m.group(2), int(m.group(3))))
    compact = cc.compact_ids("nes", host)
    want = cc.portable_c_keys(host, compact=compact)
    check(len(ids) == 40 and want == have | not_run and not (have & not_run),
          f"all 40 algorithms x implementations x 3 sizes: {len(have)} measured, {len(not_run)} not run (named)",
          f"missing {sorted(want - have - not_run)[:4]}")
    check(all(i in ("fast", "compact") for _, i, _ in not_run), "only fast implementations are not run")
    named = {a for a, i, _ in have | not_run if i == "compact"}
    check(named == compact, f"the record names compact the {len(compact)} rows flags.mk's NES_COMPACT builds "
          "in their compact form (compact.mk)", f"differ: {sorted(named ^ compact)}")
    check({a for a, _, _ in not_run} == NES_NOT_IN_ROM,
          f"not run: exactly the {len(NES_NOT_IN_ROM)} implementations docs/consoles/nes.md shows "
          "no room for (every other one runs)",
          f"not run {sorted({a for a, _, _ in not_run} ^ NES_NOT_IN_ROM)}")
    check(all(a in {x[0] for x in have} for a in ids), "every algorithm has at least one measured implementation")

    expect = cc.expected_digests(ids)
    bad = [f"{r['algorithm']} {r['implementation']} {r['size']}: {r['digest']}" for r in res
           if len(r["digest"]) < 2 or not expect[r["algorithm"]][r["size"]].startswith(r["digest"])]
    check(not bad, f"all {len(res)} digests (first 4 bytes) equal the host's", "; ".join(bad[:4]))

    # pass 2 (the rerun): retro-run warns when digests or cycles differ; cycles
    # may move by the timer's jitter, digests may not
    two = [r for r in res if len(r["samples_ticks"]) == 2]
    check(len(two) == len(res), "every result has a sample from pass 1 and from the rerun (B)")
    jitter = max(abs(r["samples_ticks"][0] - r["samples_ticks"][1]) for r in two) if two else None
    check(jitter is not None and jitter <= 30, f"rerun cycle counts within 30 of pass 1 (largest difference {jitter})")
    dig_warn = [w for w in rec["warnings"] if "disagree" in w]
    check(not dig_warn, "the rerun's digests equal pass 1's", "; ".join(dig_warn[:3]))

    shots = check_photos(out)

    # what each screen must show, worked out from the record the way the ROM
    # works it out (nes_ui.c): bytes/s = size x clock / cycles, truncated, as
    # kB/s with three decimals; the fast implementation where it ran (its
    # compact form where the ROM has that: 'C' in column 14)
    by_key = {(r["algorithm"], r["implementation"], r["size"]): r for r in res}

    def bps(algo, impl, size, sample):
        r = by_key.get((algo, impl, size))
        if r is None:
            return None
        ticks = r["samples_ticks"][sample]
        return min(0xFFFF, size * 1789773 // ticks) if ticks else 0xFFFF

    def rate_text(v):
        if v is None:
            return "N/FIT"
        return f"{v // 1000}.{v % 1000:03d}" if v < 10000 else f"{v // 1000:02d}.{v % 1000 // 10:02d}"

    dsize = {a["id"]: a["digest_size"] for a in host}

    # the record's names of each algorithm's portable C rows: portable, then
    # fast or compact
    impls = {a["id"]: [cc.console_name(a["id"], i["name"], compact) for i in a["implementations"]
                       if i["name"] in ("portable", "fast")] for a in host}

    def second(algo):
        return impls[algo][1] if len(impls[algo]) > 1 else None

    def best(algo):
        return second(algo) if second(algo) and (algo, second(algo), 1024) in by_key else "portable"

    def row_1024(algo, sample):
        cells = []
        for col, impl in ((15, "portable"), (21, second(algo))):
            if impl not in impls[algo]:
                cells.append((col + 4, "-"))
            else:
                cells.append((col, rate_text(bps(algo, impl, 1024, sample))))
        d = by_key[(algo, best(algo), 1024)]["digest"]
        cells.append((27, digest_cells(d, dsize[algo])))
        if second(algo) == "compact":
            cells.append((14, "C"))
        return cells

    def row_sweep(algo, sample):
        cells = [(15 + 6 * k, rate_text(bps(algo, best(algo), n, sample))) for k, n in enumerate((64, 256, 1024))]
        if best(algo) == "portable" and second(algo):
            cells.append((14, "P"))
        elif best(algo) == "compact":
            cells.append((14, "C"))
        return cells

    def speed_order(sample):
        # the ROM's stable insertion sort, fastest first by the FAST column,
        # rows with "-" or N/FIT there last, in roster order
        return sorted(ids, key=lambda a: speed_key(bps(a, second(a), 1024, sample) if second(a) else None))

    def screen(name, page, header, order, row_fn, sample, what):
        img = shots.get(name)
        y0 = find_y0(img) if img else None
        ok = (y0 is not None and text_at(img, 26, 1, f"P{page}/2", y0) and
              text_at(img, 1, 2, header[0], y0) and text_at(img, 19, 2, header[1], y0))
        bad = [] if ok else ["title/header"]
        for i, algo in enumerate(order[(page - 1) * 20:page * 20]):
            if not (text_at(img, 1, 5 + i, algo, y0) and
                    all(text_at(img, col, 5 + i, text, y0) for col, text in row_fn(algo, sample))):
                bad.append(f"row {i + 1} ({algo}: {row_fn(algo, sample)})")
        check(not bad, f"{name}: {what}, every row's name, kB/s and digest bytes as the record says",
              "; ".join(bad[:3]))

    cat = ("KB/S AT 1024 B", "CATEGORY")
    screen(shot(passno=1), 1, cat, ids, row_1024, 0, "pass 1, category order, page 1")
    screen(shot(), 1, cat, ids, row_1024, 1, "the rerun (B)")
    screen(shot(page=2), 2, cat, ids, row_1024, 1, "DOWN: page 2")
    screen(shot(sort="speed"), 1, ("KB/S AT 1024 B", "SPEED"), speed_order(1), row_1024, 1, "A: fastest first")
    screen(shot(sort="name"), 1, ("KB/S AT 1024 B", "NAME"), sorted(ids), row_1024, 1, "A, A: by name")
    screen(shot(sweep=True), 1, ("KB/S BY SIZE", "CATEGORY"), ids, row_sweep, 1,
           "SELECT: 64/256/1024 sweep")
    screen(shot(sweep=True, page=2), 2, ("KB/S BY SIZE", "CATEGORY"), ids, row_sweep, 1,
           "SELECT, DOWN: the sweep's page 2")
    screen(shot(index=-1), 1, cat, ids, row_1024, 1, "back to the first view")
    check_legends(shots, {a for a in ids if second(a) == "compact"}, not_run,
                  {a for a in ids if second(a) and best(a) == "portable"})
    check_speed_tail(speed_order(1), [a for a in ids if not second(a)])
    cc.check_banner_notes("nes", [rec])

    # a run that never presses A
    rc, log = cc.run_without_a(ROOT / "build/retro-run", ROOT / "build/roms/hashbench.nes", "nes",
                               ROOT / "build/retro/nes-no-a.png")
    check(rc == 1 and "the ROM is booting, 0 entries" in log,
          "without A: after 300 frames the results block is still booting, no entry written", log[-600:])
    no_a = ROOT / "build/retro/nes-no-a.png"
    check_banner(cc.read_png(no_a) if no_a.exists() else None, "without A, frame 300")
    return cc.finish()


if __name__ == "__main__":
    sys.exit(main())

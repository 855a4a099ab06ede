#!/usr/bin/env python3
"""The Game Boy ROM's checks: one `make retro-gb` (the ROM built from the
tree, then run headless in gambatte and in mGBA, each with two passes), then

  - both results records validate against docs/schema/results.schema.json;
  - all 40 algorithms are there; every implementation in portable C
    (portable, fast) at 64, 256 and 1024 bytes is either measured or
    reported not run, and exactly the ones the bank plan left out of the
    ROM (build/gb/plan/banks.txt, code larger than a 16 KB bank) are not run;
  - every digest equals the host's: tests/vectors/workload-digests.txt at
    1024 bytes, `build/hashbench sum` of the same workload at 64 and 256;
  - each sample spans at least 1000 ticks of 64 T-cycles (quantisation
    under 0.1%);
  - the rerun (B, pass 2) repeats pass 1's ticks to within one tick (64
    T-cycles), in each emulator;
  - gambatte and mGBA agree within 1 percent per algorithm, implementation
    and size;
  - every view the ROM's controls offer is photographed in each of the
    four runs (tools/retro-run/views.py: banner, each sort, page, the sweep
    and its pages, each implementation shown, the rerun, START), 160x144,
    not blank, each different from the others of its pass and the same when
    shown again, each with its own header (model, page, size view,
    implementation, sort); the rerun's table is pixel-identical to the
    first, and the table screens
    show the model and clock, the header, the algorithms' labels in roster
    order and their digests' first bytes, in the ROM's own font, where the
    ROM draws them, and in the FAST view a C before the rows that ran a
    compact form (page 3, the crypto rows: LEFT, DOWN, DOWN);
  - the same ROM as a Game Boy Color (each core told to be one), where it
    switches to double speed, in both emulators: records of platform gbc at
    8.388608 MHz with TIMA at 131072 Hz, the host's digests, each sample's
    nanoseconds 64 cycles of the doubled clock a tick, the same cycles per
    byte as on the Game Boy (within 1%: double speed halves the time, not
    the cycles), hence twice the bytes per second, the rerun repeating, and
    the table headed "GBC 8.39MHZ 2X";
  - the controls: the start-up banner (name, CPU, clock, build, controls,
    PRESS A TO START) is on screen before A; a run that never presses A
    stays on it, the results block still booting with no entry, after 300
    frames; START on the table starts another pass, as B does.

Ends with "N passed, N failed".  Run from anywhere (make test-gb builds what
it needs first).
"""
import json
import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "common"))
import console_checks as cc  # noqa: E402
import view_checks as vc     # noqa: E402
from console_checks import check  # noqa: E402

ROOT = cc.ROOT
WORK = ROOT / "build/retro/gb-test"
RUNS = {"gambatte": WORK / "gambatte", "mgba": WORK / "mgba"}
COLOR_RUNS = {"gambatte": WORK / "gbc-gambatte", "mgba": WORK / "gbc-mgba"}
# the model each core was told to be (src/record/consoles.c), as the record names it
MODEL = {("gb", "gambatte"): "gambatte_gb_hwmode=GB)", ("gb", "mgba"): "mgba_gb_model=Game Boy)",
         ("gbc", "gambatte"): "gambatte_gb_hwmode=GBC)", ("gbc", "mgba"): "mgba_gb_model=Game Boy Color)"}
TITLE = {"gb": "GB 4.19MHZ", "gbc": "GBC 8.39MHZ 2X"}
NOT_RUN = re.compile(r"^([a-z0-9-]+) (portable|fast), (\d+) bytes: does not fit this console's memory: not run$")
ROWS_PER_PAGE, FIRST_ROW = 14, 3



# The implementations the Game Boy ROM leaves out: none since every fast
# variant larger than a bank has a compact form (docs/consoles/gb.md,
# "Banking").  Any implementation left out is a failure.
GB_NOT_IN_ROM = set()

def short_names():
    """the ROM's 7-character labels, in roster order (gb_names.c)"""
    return re.findall(r'^\s*"([^"]*)",', (ROOT / "platforms/gb/gb_names.c").read_text(), re.M)


def planned_absent(roster):
    """(algo id, impl) the bank plan left out of the ROM"""
    ids = {a["id"].replace("-", "_"): a["id"] for a in roster}
    out = set()
    for line in (ROOT / "build/gb/plan/banks.txt").read_text().splitlines():
        m = re.match(r"not in the ROM: hb_impl_(\w+)_(portable|fast): ", line)
        if m:
            out.add((ids[m.group(1)], m.group(2)))
    return out


shot = vc.shot


def check_photos(folder, platform, emu):
    """every view the ROM's controls offer photographed in one run
    (tools/retro-run/views.py), 160x144 with text, each showing its own
    header: the model and page, the size view, the implementation shown,
    the sort"""
    code, sorts, pages = vc.view_labels(platform)
    shown = {"fast": "FAST", "portable": "PORT"}
    what = f"{emu}" + (" as a Color" if platform == "gbc" else "")

    def header(st):
        return [([TITLE[platform], f"P{st.page + 1}/{pages}"], [0], None),
                (["SWEEP" if st.sweep else "1024B", shown[code(st, "impl")], sorts[st.sort].upper()], [1], None)]

    def grid(img):
        return cc.TextGrid(img, cell_w=8, cell_h=8)

    imgs = vc.check_views(folder, platform, emu, grid, header, what=what,
                          banner=lambda img, w: cc.check_banner(grid(img), "gb", what=w))
    small = [n for n, img in imgs.items() if img[0] != 160 or img[1] != 144 or lit_pixels(img) < 500]
    check(imgs and not small, f"{what}: screenshots are 160x144 with text on them", ", ".join(small))
    return imgs


def lit_pixels(img):
    """pixels differing from the top-left one (the background)"""
    bg = img[2][0][0:3]
    return sum(1 for row in img[2] for i in range(0, len(row), 3) if row[i:i + 3] != bg)


def check_table(img, what, view_impl, roster, names, results, platform="gb", page=0):
    """a page (page 1: 0) in category order: the model and clock, header, each row's
    label, and its digest's first two bytes where the shown implementation
    ran; in the fast view, C in column 8 where that is the compact form"""
    compact = cc.compact_ids("gb", roster)
    grid = cc.TextGrid(img, cell_w=8, cell_h=8)
    ok = grid.text_at(0, 0, TITLE[platform]) and grid.text_at(1, 2, "ALGO") and grid.text_at(10, 2, "KB/S H0H1")
    check(ok, f"{what}: '{TITLE[platform]}' and the header drawn in the ROM's font")
    digest = {(r["algorithm"], r["implementation"]): r["digest"] for r in results if r["size"] == 1024}
    bad = []
    first = page * ROWS_PER_PAGE
    for i, algo in enumerate(roster[first:first + ROWS_PER_PAGE]):
        row, impls = FIRST_ROW + i, [x["name"] for x in algo["implementations"]]
        if not grid.text_at(1, row, names[first + i]):
            bad.append(f"row {row}: {names[first + i]}")
        elif view_impl not in impls:
            if not grid.text_at(13, row, "-"):
                bad.append(f"row {row}: '-' for no {view_impl} variant")
        elif (algo["id"], cc.console_name(algo["id"], view_impl, compact)) not in digest:
            if not grid.text_at(9, row, "N/FIT"):
                bad.append(f"row {row}: N/FIT")
        elif not grid.text_at(15, row, digest_cells(digest[(algo["id"], cc.console_name(algo["id"], view_impl, compact))],
                                                    algo["digest_size"])):
            bad.append(f"row {row}: digest {digest[(algo['id'], cc.console_name(algo['id'], view_impl, compact))][:4]}")
        elif cc.console_name(algo["id"], view_impl, compact) == "compact" and not grid.text_at(8, row, "C"):
            bad.append(f"row {row}: no C for the compact form")
    shown = len(roster[first:first + ROWS_PER_PAGE])
    check(not bad, f"{what}: {shown} rows show the roster's labels and digest bytes"
          + (", C where the compact form ran" if view_impl == "fast" else ""), "; ".join(bad[:4]))


def digest_cells(digest, size):
    """H0H1 as the ROM draws it: as many bytes as the digest has, at most
    two (CRC-8, Pearson: "DD" and two blanks, not "DD00")"""
    return digest[:2 * min(size, 2)].upper().ljust(4)


def rate100(r, sample, double=False):
    """the ROM's 16-bit kB/s x 100 (gb_ui.c ui_entry): floor(bytes x 65536 /
    ticks) / 10 (/ 5 on a Color), at most 65535"""
    ticks = r["samples_ticks"][sample]
    v = r["size"] * r["iterations_per_sample"] * 65536 // ticks // (5 if double else 10)
    return min(v, 0xFFFF)


def speed_order(roster, results, view_impl, sample):
    """A in the given view: fastest first by the KB/S column, rows showing
    "-" (no such implementation) or N/FIT last, by portable among
    themselves (HBT_SPEED_BEFORE); stable, as the ROM's insertion sort"""
    by = {(x["algorithm"], x["implementation"]): x for x in results if x["size"] == 1024}
    compact = cc.compact_ids("gb", roster)

    def fig(algo, impl):
        x = by.get((algo["id"], cc.console_name(algo["id"], impl, compact)))
        return rate100(x, sample) if x else 0
    return sorted(roster, key=lambda a: (-(fig(a, view_impl) if view_impl in [i["name"] for i in a["implementations"]]
                                           else 0), -fig(a, "portable")))


def check_speed_view(img, what, roster, names, results):
    """A after the rerun: page 1 in the speed order of the fast view, whose
    rows with no fast form ("-") go last, not by their portable figure into
    the middle"""
    order = speed_order(roster, results, "fast", 1)
    label = {a["id"]: n for a, n in zip(roster, names)}
    grid = cc.TextGrid(img, cell_w=8, cell_h=8)
    bad = [f"row {FIRST_ROW + i}: {label[a['id']]}" for i, a in enumerate(order[:ROWS_PER_PAGE])
           if not grid.text_at(1, FIRST_ROW + i, label[a["id"]])]
    no_fast = [a["id"] for a in roster if "fast" not in [i["name"] for i in a["implementations"]]]
    check(grid.text_at(11, 1, "SPEED") and not bad and set(a["id"] for a in order[-len(no_fast):]) == set(no_fast),
          f"{what}: page 1 in speed order, the {len(no_fast)} rows without a fast form ranked last",
          "; ".join(bad[:4]))


def main():
    WORK.mkdir(parents=True, exist_ok=True)
    proc = subprocess.run(cc.make_cmd(2) + ["build/hashbench", "retro-gb", f"GB_RETRO={RUNS['gambatte']}",
                                            f"GB_RETRO_MGBA={RUNS['mgba']}", f"GBC_RETRO={COLOR_RUNS['gambatte']}",
                                            f"GBC_RETRO_MGBA={COLOR_RUNS['mgba']}"], cwd=ROOT,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if not check(proc.returncode == 0, "ROM built and run headless in gambatte and mGBA, as a Game Boy and a Color",
                 proc.stdout[-2500:]):
        return cc.finish(1)
    rec = {k: json.loads((d / "results.json").read_text()) for k, d in RUNS.items()}
    color = {k: json.loads((d / "results.json").read_text()) for k, d in COLOR_RUNS.items()}
    for emu in RUNS:
        cc.check_report_finds(RUNS[emu] / "results.json", f"{emu}: the report finds the Game Boy record")
        cc.check_report_finds(COLOR_RUNS[emu] / "results.json", f"{emu}: the report finds the Color record")

    roster = cc.host_roster()
    ids = [a["id"] for a in roster]
    names = short_names()
    check(len(names) == len(ids) == 40, "40 algorithms in the roster, 40 labels in gb_names.c")
    absent = planned_absent(roster)
    # the fast rows built in their compact form (gb.mk's GB_COMPACT): named so
    compact = cc.compact_ids("gb", roster)
    named = {x["algorithm"] for x in rec["gambatte"]["results"] if x["implementation"] == "compact"}
    check(named == compact, f"the record names compact the {len(compact)} rows gb.mk's GB_COMPACT builds "
          "in their compact form (compact.mk)", f"differ: {sorted(named ^ compact)}")
    expect = cc.expected_digests(ids)
    for emu, r in rec.items():
        cc.check_schema(r, f"{emu}: results validate against the schema")
        ctx = r["context"]
        check(ctx["platform"] == "gb" and ctx["clock_hz"] == 4194304 and ctx["counter"]["hz"] == 65536
              and ("Gambatte" if emu == "gambatte" else "mGBA") in ctx["emulator"]
              and ctx["emulator"].endswith(MODEL[("gb", emu)]),
              f"{emu}: context: platform gb, 4.194304 MHz, TIMA at 65536 Hz, the emulator and its model named",
              json.dumps(ctx)[:300])
        res = r["results"]
        check({x["algorithm"] for x in res} == set(ids), f"{emu}: all 40 algorithms measured")
        have = {(x["algorithm"], x["implementation"], x["size"]) for x in res}
        not_run, other = set(), []
        for w in r["warnings"]:
            m = NOT_RUN.match(w)
            if m:
                not_run.add((m.group(1), m.group(2), int(m.group(3))))
            else:
                other.append(w)
        check(not other, f"{emu}: no warnings but the not-run ones", "; ".join(other[:3]))
        want = cc.portable_c_keys(roster, compact=compact)
        check(have | not_run == want and not (have & not_run),
              f"{emu}: every implementation x size measured or reported not run ({len(want)} in all)",
              f"missing {sorted(want - have - not_run)[:4]}")
        check({(a, "fast" if i == "compact" else i) for a, i, _ in not_run} == absent,
              f"{emu}: not run = the {len(absent)} implementations the bank plan left out (larger than a bank)",
              f"not run {sorted({(a, i) for a, i, _ in not_run} ^ absent)[:4]}")
        check(absent == GB_NOT_IN_ROM,
              f"{emu}: left out: exactly the {len(GB_NOT_IN_ROM)} implementations docs/consoles/gb.md "
              "shows no room for (every other one runs)",
              f"left out {sorted(absent ^ GB_NOT_IN_ROM)}")
        cc.check_digests(res, ids, expect, f"{emu}: digests equal the host's at 64, 256, 1024 bytes")
        short = [f"{x['algorithm']} {x['implementation']} {x['size']}" for x in res
                 if min(x["samples_ticks"]) < 1000]
        check(not short, f"{emu}: every sample spans at least 1000 ticks (64 T-cycles each)", "; ".join(short[:3]))
        # the rerun: same digests (the runner fails a run whose passes
        # disagree on one) and the same ticks to within the timer's step:
        # mGBA repeats exactly, gambatte's TIMA phase after a divider reset
        # differs by up to one tick from pass to pass
        two = [x for x in res if len(x["samples_ticks"]) == 2]
        apart = [f"{x['algorithm']} {x['implementation']} {x['size']}: {x['samples_ticks']}" for x in two
                 if abs(x["samples_ticks"][0] - x["samples_ticks"][1]) > 1]
        exact = sum(1 for x in two if x["samples_ticks"][0] == x["samples_ticks"][1])
        check(len(two) == len(res) and not apart,
              f"{emu}: the rerun (pass 2) repeats pass 1's ticks to within one tick ({exact} of {len(res)} exactly)",
              "; ".join(apart[:3]))

    # the two emulators
    g = {(x["algorithm"], x["implementation"], x["size"]): x["cycles_per_byte"] for x in rec["gambatte"]["results"]}
    m = {(x["algorithm"], x["implementation"], x["size"]): x["cycles_per_byte"] for x in rec["mgba"]["results"]}
    check(g.keys() == m.keys(), "gambatte and mGBA measured the same implementations and sizes")
    off = sorted((abs(m[k] - g[k]) / g[k], k) for k in g.keys() & m.keys())
    worst = off[-1] if off else (0, None)
    check(off and worst[0] < 0.01, "gambatte and mGBA agree within 1% on every algorithm, implementation and size",
          f"worst {worst[1]}: {100 * worst[0]:.3f}%")
    print(f"     (largest difference {100 * worst[0]:.3f}% at {worst[1]})")

    # screenshots
    for emu, d in RUNS.items():
        imgs = check_photos(d, "gb", emu)
        table1, table2 = shot("gb", emu, passno=1), shot("gb", emu)
        port, page3 = shot("gb", emu, impl="portable"), shot("gb", emu, page=3)
        speed = shot("gb", emu, sort="speed")
        if not all(n in imgs for n in (table1, table2, port, page3, speed)):
            continue
        check(imgs[table1][2] == imgs[table2][2],
              f"{emu}: the table after the rerun (B) is pixel-identical to the first")
        check_table(imgs[table1], f"{emu} {table1}", "fast", roster, names, rec[emu]["results"])
        check_table(imgs[port], f"{emu} {port}", "portable", roster, names, rec[emu]["results"])
        # DOWN, DOWN: the fast view's page 3, the crypto rows, most of them compact
        check_table(imgs[page3], f"{emu} {page3}", "fast", roster, names, rec[emu]["results"], page=2)
        check_speed_view(imgs[speed], f"{emu} {speed}", roster, names, rec[emu]["results"])
    check_color(color, rec, roster, ids, expect, names)
    cc.check_banner_notes("gb", list(rec.values()) + list(color.values()))
    rc, out = cc.run_without_a(ROOT / "build/retro-run", ROOT / "build/roms/hashbench.gb", "gb", WORK / "no-a.png")
    check(rc == 1 and "the ROM is booting, 0 entries" in out,
          "without A: after 300 frames the results block is still booting, no entry written", out[-600:])
    if (WORK / "no-a.png").exists():
        cc.check_banner(cc.TextGrid(cc.read_png(WORK / "no-a.png"), cell_w=8, cell_h=8), "gb",
                        what="without A, frame 300")
    return cc.finish()


def check_color(color, dmg, roster, ids, expect, names):
    """the Color runs (double speed) against the Game Boy runs of the same emulator"""
    for emu, r in color.items():
        cc.check_schema(r, f"{emu} as a Color: results validate against the schema")
        ctx = r["context"]
        check(ctx["platform"] == "gbc" and ctx["clock_hz"] == 8388608 and ctx["counter"]["hz"] == 131072
              and ctx["emulator"].endswith(MODEL[("gbc", emu)]),
              f"{emu} as a Color: context: platform gbc, 8.388608 MHz, TIMA at 131072 Hz, the model named",
              json.dumps(ctx)[:300])
        res = r["results"]
        cc.check_digests(res, ids, expect, f"{emu} as a Color: digests equal the host's at 64, 256, 1024 bytes")
        # the conversion: a tick is 64 cycles of 8388608 Hz, 7629.39 ns
        wrong = [f"{x['algorithm']} {x['implementation']} {x['size']}" for x in res
                 if abs(x["samples_ns"][0] - x["samples_ticks"][0] * 64e9 / 8388608 / x["iterations_per_sample"])
                 > 1e-5 * x["samples_ns"][0]]
        check(not wrong, f"{emu} as a Color: nanoseconds = ticks x 64 / 8.388608 MHz / calls", "; ".join(wrong[:3]))
        two = [x for x in res if len(x["samples_ticks"]) == 2]
        apart = [f"{x['algorithm']} {x['implementation']} {x['size']}" for x in two
                 if abs(x["samples_ticks"][0] - x["samples_ticks"][1]) > 1]
        check(len(two) == len(res) and not apart, f"{emu} as a Color: the rerun repeats pass 1 within one tick",
              "; ".join(apart[:3]))
        # double speed doubles the clock, not the work: the same cycles, half the time
        g = {(x["algorithm"], x["implementation"], x["size"]): x for x in dmg[emu]["results"]}
        c = {(x["algorithm"], x["implementation"], x["size"]): x for x in res}
        check(g.keys() == c.keys(), f"{emu} as a Color: the same implementations and sizes as on the Game Boy")
        off = sorted((abs(c[k]["cycles_per_byte"] / g[k]["cycles_per_byte"] - 1), k) for k in g.keys() & c.keys())
        speed = sorted((abs(c[k]["bytes_per_second"] / g[k]["bytes_per_second"] / 2 - 1), k)
                       for k in g.keys() & c.keys())
        check(off and off[-1][0] < 0.01 and speed[-1][0] < 0.01,
              f"{emu} as a Color: cycles per byte as on the Game Boy within 1%, bytes per second twice",
              f"cycles worst {off[-1] if off else None}, speed worst {speed[-1] if speed else None}")
        if off:
            print(f"     ({emu}: largest Color vs Game Boy cycle difference {100 * off[-1][0]:.3f}% at {off[-1][1]})")
        imgs = check_photos(COLOR_RUNS[emu], "gbc", emu)
        table1, table2 = shot("gbc", emu, passno=1), shot("gbc", emu)
        if table1 in imgs and table2 in imgs:
            check(imgs[table1][2] == imgs[table2][2],
                  f"{emu} as a Color: the table after the rerun (B) is pixel-identical to the first")
            check_table(imgs[table1], f"{emu} as a Color {table1}", "fast", roster, names, res, "gbc")

if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""The GBA ROM's checks: two headless runs in mGBA (each with two passes),
then

  - the results record validates against docs/schema/results.schema.json;
  - all 40 algorithms are there, every implementation the host registry
    has in portable C (portable, fast), both builds (Thumb in ROM, ARM in
    IWRAM), all three sizes, with cycle-exact timing at 16.78 MHz and the
    WAITCNT setting recorded;
  - every digest equals the host's: tests/vectors/workload-digests.txt at
    1024 bytes, `build/hashbench sum` of the same workload at 64 and 256;
  - cycle counts repeat exactly: between the two passes of one run and
    between the two runs;
  - every view the ROM's controls offer is photographed (tools/retro-run/
    views.py: banner, each sort, page, the sweep and its pages, each build
    shown, the rerun, START), none blank, each different from the others of
    its pass and the same when shown again, each with its own header (build,
    size view, sort, page); the screenshots repeat exactly between the two
    runs, and the table screens show the title, the
    header, the algorithm names in roster order and the digest column,
    rendered with the ROM's own font (read from platforms/common/font5x7.c)
    exactly where the ROM draws them: the original suite's row (ITER, US/IT,
    KB/S, as many digest bytes as the digest has up to four) worked out from
    the record, the speed order with the rows showing "-" last, and
    LEFT/RIGHT's portable view;
  - the banner's emulator notes name mGBA and the record's timing fidelity;
  - the controls: the start-up banner (name, CPU, clock, build, controls,
    PRESS A TO START) is on screen before A; a run that never presses A
    stays on it, the results block still booting with no entry, after 300
    frames; A cycles the sorts, B and START each start another pass, SELECT
    the size sweep (the screenshots of the scripted run).

Ends with "N passed, N failed".  Run from the repository root, after
`make roms` and the runner are built (make test-gba does both).
"""
import functools
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "platforms/common"))
os.chdir(ROOT)
import console_checks as cc                      # noqa: E402
import view_checks as vc                         # noqa: E402
from console_checks import check                 # noqa: E402


def run(out_dir):
    out_dir.mkdir(parents=True, exist_ok=True)
    proc = subprocess.run(cc.make_cmd() + ["build/hashbench", "retro-gba", f"GBA_RETRO={out_dir}"],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    check(proc.returncode == 0, f"headless run into {out_dir}", proc.stdout[-2000:])
    path = out_dir / "results.json"
    if not path.exists():
        return None
    return json.loads(path.read_text())


def fixed(v, scale, width):
    """the ROM's hbt_fmt_fixed100 (scale 100) and hbt_fmt_fixed10 (scale 10)"""
    if scale == 100 and v < 1000:
        t = f"{v // 100}.{v // 10 % 10}{v % 10}"
    elif scale == 100 and v < 10000:
        t = f"{v // 100}.{v // 10 % 10}"
    elif scale == 10 and v < 100000:
        t = f"{v // 10}.{v % 10}"
    else:
        t = str(v // scale)
    return t.rjust(width)


def row_figures(r):
    """(ITER, US/IT x10, KB/S x100) of one result as the ROM works them out
    (hbt_table.c: 32-bit floor divisions at the nominal clock)"""
    ticks, iters = r["samples_ticks"][-1], r["iterations_per_sample"]
    return iters, ticks * 10_000_000 // CLOCK // iters, r["size"] * iters * CLOCK // ticks // 10


CLOCK = 16777216


def shown(results, algo, impl, build):
    """the result a row shows in the given view (impl: the view's
    implementation, fast by default), None where the algorithm has none"""
    return next((r for r in results if r["algorithm"] == algo and r["size"] == 1024
                 and r["implementation"] == f"{impl}@{build}"), None)


def expect_row(results, algo, build, digest_bytes, impl="fast"):
    """{column: text} a 1024-byte view row must show: the original suite's
    row (ITER, US/IT, KB/S, H0..H3: as many digest bytes as the digest has,
    up to four), or "-" at column 30 where the algorithm has no such form"""
    r = shown(results, algo, impl, build)
    if r is None:
        return {30: "-", 32: "        "}
    it, us10, kb100 = row_figures(r)
    return {14: str(it).rjust(3), 17: fixed(us10, 10, 8), 25: fixed(kb100, 100, 6),
            32: r["digest"][:2 * min(digest_bytes, 4)].upper().ljust(8)}


@functools.lru_cache(maxsize=None)
def digest_sizes():
    """{algorithm: digest bytes} of the host's roster"""
    return {a["id"]: a["digest_size"] for a in cc.host_roster()}


def check_table_screen(img, title_build, label, results, ids, order=None, what=None, impl="fast"):
    """a 1024-byte view's page 1 showing impl (fast, as the ROM starts):
    title, header, and every row as expect_row says, in the given order
    (category: the roster)"""
    grid = cc.TextGrid(img)
    what = what or title_build
    ok = grid.text_at(0, 0, "HASHBENCH GBA") and grid.text_at(15, 0, label) and grid.text_at(25, 0, {"fast": "FAST", "portable": "PORT"}[impl]) \
        and grid.text_at(1, 2, "ALGORITHM") and grid.text_at(13, 2, "ITER") and grid.text_at(20, 2, "US/IT") \
        and grid.text_at(27, 2, "KB/S") and grid.text_at(32, 2, "H0H1H2H3")
    check(ok, f"{what}: title and header (ITER US/IT KB/S H0H1H2H3) drawn in the ROM's font")
    sizes = digest_sizes()
    bad = []
    for i, algo in enumerate((order or ids)[:16]):
        row = 3 + i
        if not grid.text_at(1, row, algo.upper()):
            bad.append(f"row {row}: {algo}")
            continue
        for col, text in expect_row(results, algo, title_build, sizes[algo], impl).items():
            if not grid.text_at(col, row, text):
                bad.append(f"row {row} {algo}: col {col} {text!r}")
    check(not bad, f"{what}: 16 rows show ITER, US/IT, KB/S and the digest's bytes (up to 4) as the record says",
          "; ".join(bad[:5]))


EMU = "mgba"


def check_photos(work):
    """every view the ROM's controls offer photographed in run 1
    (tools/retro-run/views.py), 240x160, each showing its own header: the
    build shown, the size view, the sort, the page"""
    code, sorts, pages = vc.view_labels("gba")
    impl_label = {"fast": "FAST", "portable": "PORT", None: None}

    def header(st):
        top = [code(st, "build").upper().replace("-", " "), impl_label[code(st, "impl")], f"P{st.page + 1}/{pages}"]
        return [([t for t in top if t], [0], None),
                (["BY SIZE" if st.sweep else "1024 B", "SORT " + sorts[st.sort].upper()], [1], None)]

    imgs = vc.check_views(work / "run1", "gba", EMU, cc.TextGrid, header,
                          banner=lambda img, what: cc.check_banner(cc.TextGrid(img), "gba", what=what))
    check(imgs and all(w == 240 and h == 160 for w, h, _ in imgs.values()), "screenshots are 240x160")
    return imgs


def speed_order(results, ids, build):
    """the speed sort: fastest first by the fast column, rows without a fast
    form ("-") last, among themselves by portable (HBT_SPEED_BEFORE)"""
    def key(algo):
        f, p = shown(results, algo, "fast", build), shown(results, algo, "portable", build)
        return (-(row_figures(f)[2] if f else 0), -(row_figures(p)[2] if p else 0))
    return sorted(ids, key=key)     # stable, as the ROM's insertion sort


def check_speed_screen(img, results, ids):
    """A: the speed order, "-" rows after every figure; the shot shows page 1,
    where a ROM ranking them by their portable figure would show knuth, oat
    and pjw"""
    order = speed_order(results, ids, "thumb-rom")
    dash = [a for a in ids if shown(results, a, "fast", "thumb-rom") is None]
    check(dash and set(order[-len(dash):]) == set(dash),
          f"speed order: the {len(dash)} rows without a fast form come last", f"{order[-6:]}")
    check_table_screen(img, "thumb-rom", "THUMB ROM", results, ids, order, "A (speed)")


def check_port_view(imgs, results, ids):
    """LEFT/RIGHT: the portable implementation's rows (every algorithm has
    one), as the main run's walk photographed them (tools/retro-run/views.py)"""
    port = vc.shot("gba", EMU, impl="portable")
    if check(port in imgs, f"LEFT/RIGHT on the table: the portable view photographed ({port})"):
        check_table_screen(imgs[port], "thumb-rom", "THUMB ROM", results, ids, what=f"LEFT/RIGHT (portable) {port}",
                           impl="portable")


def check_waits_for_a(work):
    """300 frames without A: the ROM is still on its banner, nothing measured."""
    rc, out = cc.run_without_a(ROOT / "build/retro-run", ROOT / "build/roms/hashbench.gba", "gba", work / "no-a.png")
    check(rc == 1 and "the ROM is booting, 0 entries" in out,
          "without A: after 300 frames the results block is still booting, no entry written", out[-600:])
    if (work / "no-a.png").exists():
        cc.check_banner(cc.TextGrid(cc.read_png(work / "no-a.png")), "gba", what="without A, frame 300")


def main():
    work = ROOT / "build/retro/gba-test"
    r1 = run(work / "run1")
    r2 = run(work / "run2")
    if r1 is None or r2 is None:
        return cc.finish(extra_failures=1)
    cc.check_report_finds(work / "run1" / "results.json", "the report finds this record")

    # the record
    cc.check_schema(r1)
    ctx = r1["context"]
    check(ctx["platform"] == "gba" and ctx["clock_hz"] == 16777216 and ctx["console"]["waitcnt"] == "0x4317",
          "context: platform gba, 16.78 MHz, WAITCNT 0x4317 recorded", json.dumps(ctx)[:300])
    check(r1["warnings"] == [], "no run-wide warnings", "; ".join(r1["warnings"][:3]))
    res = r1["results"]
    check(all(r["timing_fidelity"] == "cycle-exact" and r["cycles_per_byte"] > 0 and r["iterations_per_sample"] >= 1
              for r in res), "every result cycle-exact with a positive cycle count")

    # all 40, every implementation, both builds, all sizes
    host = cc.host_roster()
    ids = [a["id"] for a in host]
    check(len(ids) == 40 and sorted({r["algorithm"] for r in res}) == sorted(ids),
          "all 40 algorithms of the roster are in the results")
    want = cc.portable_c_keys(host, builds=("thumb-rom", "arm-iwram"))
    have = {(r["algorithm"], r["implementation"], r["size"]) for r in res}
    check(want == have, f"every implementation x build x size present ({len(want)} results)",
          f"missing {sorted(want - have)[:5]}, extra {sorted(have - want)[:5]}")

    # digests against the host
    cc.check_digests(res, ids, cc.expected_digests(ids))

    # repeatability
    cc.check_repeats(res, r2["results"])

    # screenshots
    imgs = check_photos(work)
    same_runs = [n for n in imgs if cc.read_png(work / "run2" / n)[2] != imgs[n][2]]
    check(imgs and not same_runs, "screenshots identical between the two runs", ", ".join(same_runs))
    table, arm = vc.shot("gba", EMU, passno=1), vc.shot("gba", EMU, build="arm-iwram")
    if table in imgs and arm in imgs:
        check_table_screen(imgs[table], "thumb-rom", "THUMB ROM", res, ids)
        check_table_screen(imgs[arm], "arm-iwram", "ARM IWRAM", res, ids)
    speed = vc.shot("gba", EMU, sort="speed")
    if check(speed in imgs, f"A on the table: the speed order photographed ({speed})"):
        check_speed_screen(imgs[speed], res, ids)
    cc.check_banner_notes("gba", [r1])
    check_port_view(imgs, res, ids)
    check_waits_for_a(work)

    return cc.finish()


if __name__ == "__main__":
    sys.exit(main())

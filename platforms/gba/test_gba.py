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
    exactly where the ROM draws them;
  - the controls: the start-up banner (name, CPU, clock, build, controls,
    PRESS A TO START) is on screen before A; a run that never presses A
    stays on it, the results block still booting with no entry, after 300
    frames; A cycles the sorts, B and START each start another pass, SELECT
    the size sweep (the screenshots of the scripted run).

Ends with "N passed, N failed".  Run from the repository root, after
`make roms` and the runner are built (make test-gba does both).
"""
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


def best_impl(results, algo, build):
    names = {r["implementation"] for r in results if r["algorithm"] == algo and r["implementation"].endswith("@" + build)}
    return f"fast@{build}" if f"fast@{build}" in names else f"portable@{build}"


def check_table_screen(img, title_build, label, results, ids):
    grid = cc.TextGrid(img)
    ok = grid.text_at(0, 0, "HASHBENCH GBA") and grid.text_at(15, 0, label) and grid.text_at(1, 2, "ALGORITHM")
    check(ok, f"{title_build}: title and header drawn in the ROM's font")
    digest = {(r["algorithm"], r["implementation"]): r["digest"] for r in results if r["size"] == 1024}
    bad = []
    for i, algo in enumerate(ids[:16]):          # page 1, category order = roster order
        row = 3 + i
        if not grid.text_at(1, row, algo.upper()):
            bad.append(f"row {row}: {algo}")
            continue
        d = digest[(algo, best_impl(results, algo, title_build))][:4].upper().ljust(4, "0")
        if not grid.text_at(34, row, d):
            bad.append(f"row {row}: digest column {d}")
    check(not bad, f"{title_build}: 16 rows show the roster's algorithms and their digests' first bytes",
          "; ".join(bad[:5]))


EMU = "mgba"


def check_photos(work):
    """every view the ROM's controls offer photographed in run 1
    (tools/retro-run/views.py), 240x160, each showing its own header: the
    build shown, the size view, the sort, the page"""
    code, sorts, pages = vc.view_labels("gba")
    shown = {"fast": "FAST", "portable": "PORT", None: None}

    def header(st):
        top = [code(st, "build").upper().replace("-", " "), shown[code(st, "impl")], f"P{st.page + 1}/{pages}"]
        return [([t for t in top if t], [0], None),
                (["BY SIZE" if st.sweep else "1024 B", "SORT " + sorts[st.sort].upper()], [1], None)]

    imgs = vc.check_views(work / "run1", "gba", EMU, cc.TextGrid, header,
                          banner=lambda img, what: cc.check_banner(cc.TextGrid(img), "gba", what=what))
    check(imgs and all(w == 240 and h == 160 for w, h, _ in imgs.values()), "screenshots are 240x160")
    return imgs


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
    check_waits_for_a(work)

    return cc.finish()


if __name__ == "__main__":
    sys.exit(main())

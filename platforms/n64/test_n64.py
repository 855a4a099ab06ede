#!/usr/bin/env python3
"""The N64 ROM's checks: two headless runs in mupen64plus, each driven by
the runner's controller through the ROM's controls as `make retro-n64`
does (N64_KEYS in n64.mk: tools/retro-run/views.py keys n64, worked out
from the ROM's sources): A on the banner, pass 1 over both builds (o32
and n32), B for pass 2, then every view: DOWN through the 1024-byte
view's pages, A through the sorts, Z for the size sweep and DOWN through
its pages, R for the n32 build and both pages of both its views, R back,
START for pass 3; then

  - each run ended at the end of its key script, status 0, well inside its
    timeout, and START started pass 3;
  - the results record validates against docs/schema/results.schema.json,
    says platform n64 at 93.75 MHz, approximate timing, and what a tick is;
  - the ROM's start-up timer detection (n64_timer.h), as the record
    carries it: instruction count, one cycle a tick, in mupen64plus;
    cycle-timed, two cycles a tick, in cen64 (and the record counts so);
  - all 40 algorithms, every implementation (portable, fast), both builds,
    all three sizes are present;
  - every digest equals the host's: tests/vectors/workload-digests.txt at
    1024 bytes, `build/hashbench sum` of the same workload at 64 and 256;
  - the counts repeat exactly between passes and between runs (the
    emulator's COUNT is deterministic), and the n32 build really uses
    64-bit registers (SHA-512 needs far fewer instructions than in o32,
    CRC-32 about as many);
  - every view the ROM's controls offer is photographed (views.py's walk,
    files NN-<view>-<emulator>.png; view_checks.check_views), none blank,
    each different from the others of its pass and pixel-identical when
    shown again (after the rerun, after going round the sorts, the sweep,
    the pages, the builds), each with its own header (build, size view,
    sort, page) in the ROM's font;
  - the screenshots (in both emulators) are 320x240, not blank: the banner
    (name, CPU, clock, build, controls, PRESS A TO START, the emulator
    notes, the timer found) before A; every table shows the title, the
    build, the sort, the page, the header and its 20 rows (name, ITER,
    US/IT, kB/s, the digest's first bytes, as many as it has up to four,
    the implementation; in the sweep kB/s at 64, 256 and 1024 bytes) in the
    order the controls asked for, exactly as the record says, in the ROM's
    own font (read from platforms/common/font5x7.c), and a footer naming
    the timer found: both pages of both views of both builds, so every
    cell; the kB/s and US/IT read back off each different 1024-byte view
    equal the record's bytes_per_second and median_ns to the 0.1 shown;
    final-<emulator>.png is the last table;
  - without A the ROM stays on its banner: a run that presses nothing
    starts no pass before its timeout;
  - bad input fails clearly: a missing ROM, a file that is no N64 image,
    and a ROM that never finishes (the runner's timeout) each give a
    message and a non-zero exit.

Then the same ROM in cen64 (tools/retro-run/backend_cen64.c, cycle-modelled):

  - the cartridge's boot code has the CRC-32 cen64 knows for a 6102 chip,
    and the header's two CRCs are still the 6102 checksum of the program;
  - two runs follow the same key script (cen64-run --keys) and end at its
    end, each with two passes over both builds; the record validates, says
    cycle-modelled, cen64 and its version, and counts two cycles per COUNT
    tick because the ROM found so; every view photographed and checked as
    above;
  - every implementation x build x size is present, every digest equals
    the host's, the counts repeat exactly between passes and between runs;
  - no result needs fewer cycles than mupen64plus counts instructions
    (the VR4300 issues at most one instruction a cycle);
  - a ROM that never finishes is stopped by the watchdog with a clear
    message; a missing cen64 is skipped naming the Debian package.
  Without cen64, Xvfb or xdotool these checks are skipped (said so).

Builds the ROM and the runner first (make); ends with "N passed, N
failed".  Run from the repository root (make test-n64 does).
"""
import json
import os
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "platforms/common"))
os.chdir(ROOT)
import console_checks as cc                      # noqa: E402
import view_checks as vc                         # noqa: E402
from console_checks import check                 # noqa: E402

RUNNER = ROOT / "build/n64-run"
CEN64_RUNNER = ROOT / "build/cen64-run"
ROM = ROOT / "build/roms/hashbench.z64"
PIF = ROOT / "build/roms/n64-pif.bin"
ROM_TOOL = ROOT / "build/n64/n64_rom"
CRC_6102 = 0x90BB6CB5         # zlib CRC-32 of a 6102 cartridge's boot code (cen64's si/cic.c)
SKIP = 77                     # cen64-run: cen64, Xvfb or xdotool not installed
BUILDS = ("o32", "n32")
CLOCK = 93750000


def run_runner(args, timeout=300):
    start = time.time()
    proc = subprocess.run([str(RUNNER)] + args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          timeout=timeout)
    return proc, time.time() - start


# the presses, in both emulators, and the screens the ROM sends after them
# (tools/retro-run/views.py, as N64_KEYS in n64.mk): the banner, a table
# after each press, named NN-<view>-<emulator>.png, the last again as
# final-<emulator>.png
KEYS = ",".join(vc.views.keys("n64"))
N_KEYS = len(KEYS.split(","))
# what the ROM must say it found a COUNT tick to be, per emulator
FOUND = {"mupen64plus": ("instruction-count", 1, "TIMER: INSTRUCTION COUNT (MUPEN64PLUS)"),
         "cen64": ("cycle-timed", 2, "TIMER: COUNT")}
SCREEN_CHARS = " 0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ.-:/()"


def run(out_dir):
    out_dir.mkdir(parents=True, exist_ok=True)
    for old in out_dir.glob("*"):
        old.unlink()
    proc, took = run_runner(["--rom", str(ROM), "--json", str(out_dir / "results.json"), "--shots", str(out_dir),
                             "--config-dir", "build/n64/mupen64plus", "--timeout", "120", "--keys", KEYS])
    ended = proc.returncode == 0 and "stopped cleanly at the end of the key script" in proc.stdout
    check(ended and took < 90, f"{out_dir.name}: the run ended at the end of its key script ({KEYS}), status 0, "
          f"in {took:.1f} s", f"exit {proc.returncode}: {proc.stdout[-1500:]}")
    check("2 passes (3 started)" in proc.stdout and f"{N_KEYS} presses" in proc.stdout,
          f"{out_dir.name}: two passes complete, START started the third, all {N_KEYS} presses made",
          proc.stdout[-600:])
    path = out_dir / "results.json"
    return json.loads(path.read_text()) if path.exists() else None


def fmt_fixed10(v10, width):
    """The ROM's x10 format (hbt_fmt_fixed10)."""
    if v10 < 100000:
        return f"{v10 // 10:>{width - 2}}.{v10 % 10}"
    return f"{v10 // 10:>{width}}"


def cycles_per_tick(record):
    """what the record counts a COUNT tick as (the ROM's finding)"""
    ctx = record["context"]
    return round(ctx["clock_hz"] / ctx["counter"]["hz"])


def shown(results, algo, build, size):
    """the result a row shows: the fast implementation where there is one"""
    by = {(r["algorithm"], r["implementation"], r["size"]): r for r in results}
    return by.get((algo, f"fast@{build}", size)) or by[(algo, f"portable@{build}", size)]


def rate10(results, algo, build, size, cpt):
    """the ROM's kB/s x10 of the row: bytes/s at the clock, truncated, / 100"""
    r = shown(results, algo, build, size)
    return size * CLOCK // (r["samples_ticks"][0] * cpt) // 100


def digest_shown(results, algo, build):
    """as many digest bytes as the digest has, up to four"""
    d = shown(results, algo, build, 1024)["digest"]
    return d[:min(8, len(d))].upper()


def row_order(results, ids, build, sort, cpt):
    if sort == "speed":    # fastest first, ties in roster order (a stable sort)
        return sorted(ids, key=lambda a: -rate10(results, a, build, 1024, cpt))
    if sort == "name":
        return sorted(ids)
    return list(ids)


def read_cells(grid, col, row, n):
    """the text of n cells from (col, row), read back in the ROM's font ("?"
    for a cell that is none of its characters)"""
    out = []
    for c in range(col, col + n):
        out.append(next((ch for ch in SCREEN_CHARS if grid.cell_matches(c, row, ch)), "?"))
    return "".join(out)


def check_table(img, what, build, sort, sweep, page, record, ids):
    """one table screen, as n64_ui.c draws it: the title, the header, 20 rows
    of a page with every cell as the record says"""
    res, cpt = record["results"], cycles_per_tick(record)
    grid = cc.TextGrid(img)
    text_at = grid.text_at
    ok = (text_at(0, 0, "HASHBENCH N64") and text_at(40, 0, build.upper()) and text_at(39, 1, sort.upper())
          and text_at(49, 1, f"P{page + 1}/2") and text_at(1, 2, "ALGORITHM")
          and (text_at(43, 2, "DIGEST") if sweep else text_at(15, 2, "ITER") and text_at(24, 2, "US/IT")
               and text_at(34, 2, "KB/S") and text_at(40, 2, "DIGEST") and text_at(49, 2, "IMPL")))
    check(ok, f"{what}: title, build {build}, sort {sort}, page {page + 1}/2 and header drawn in the ROM's font")
    order = row_order(res, ids, build, sort, cpt)
    bad = []
    for i, algo in enumerate(order[20 * page:20 * page + 20]):
        row = 3 + i
        r = shown(res, algo, build, 1024)
        if sweep:
            cells = [(1, algo.upper())]
            cells += [(16 + 9 * s, fmt_fixed10(rate10(res, algo, build, n, cpt), 8)) for s, n in enumerate(cc.SIZES)]
            cells.append((43, digest_shown(res, algo, build)))
        else:
            us10 = r["samples_ticks"][0] * cpt * 400000 // (CLOCK // 25 * r["iterations_per_sample"])
            cells = [(1, algo.upper()), (15, f"{r['iterations_per_sample']:>4}"), (20, fmt_fixed10(us10, 9)),
                     (30, fmt_fixed10(rate10(res, algo, build, 1024, cpt), 8)), (40, digest_shown(res, algo, build)),
                     (49, "FAST" if r["implementation"].startswith("fast") else "PORT")]
        bad += [f"row {row}: {algo} {t.strip()!r}" for c, t in cells if not text_at(c, row, t)][:1]
    check(not bad, f"{what}: 20 rows ({'kB/s at 64, 256, 1024 B' if sweep else 'ITER, US/IT, KB/S, IMPL'}; "
          f"digest bytes as many as the digest has, up to four) in {sort} order, as the record says",
          "; ".join(bad[:5]))


def agrees(text, value):
    """a figure as the screen shows it (truncated: to 0.1, or to 1 where it
    has no decimal) agrees with the record's: the record's lies in the
    shown step, give or take 10 ppm (the record derives its figures from
    whole nanoseconds)"""
    shown_value, step = float(text), 0.1 if "." in text else 1.0
    return abs(value - (shown_value + step / 2)) <= step / 2 + value * 1e-5


def check_screen_rates(img, what, build, page, record, ids):
    """The kB/s a person reads on a 1024-byte page equals the record's
    bytes_per_second / 1000 to the step shown (read off the screen, not
    formatted here), and so does US/IT the record's median_ns / 1000."""
    grid = cc.TextGrid(img)
    by_id = {a.upper(): a for a in ids}
    off, seen = [], 0
    for row in range(3, 23):
        name = read_cells(grid, 1, row, 13).strip()
        if name not in by_id:
            continue
        r = shown(record["results"], by_id[name], build, 1024)
        kbs, us = read_cells(grid, 30, row, 8).strip(), read_cells(grid, 20, row, 9).strip()
        try:
            good = agrees(kbs, r["bytes_per_second"] / 1000), agrees(us, r["median_ns"] / 1000)
        except ValueError:
            off.append(f"{name}: unreadable {kbs!r} {us!r}")
            continue
        seen += 1
        if not good[0]:
            off.append(f"{name}: screen {kbs} kB/s, record {r['bytes_per_second'] / 1000:.3f}")
        if not good[1]:
            off.append(f"{name}: screen {us} us, record {r['median_ns'] / 1000:.3f}")
    check(seen == 20 and not off, f"{what}: the kB/s and US/IT read off the screen equal the record's "
          f"({seen} rows, to the step shown)", "; ".join(off[:4]))


def check_banner(img, what, emulator):
    """the banner before A: the shared lines, the emulator notes and the
    timer found (in this emulator)"""
    found, _, line = FOUND[emulator]
    banner = cc.TextGrid(img)
    cc.check_banner(banner, "n64", what=what)
    check(banner.text_at(0, 14, "EMULATOR NOTES") and banner.text_at(0, 15, "CEN64: CYCLE-MODELLED")
          and banner.text_at(0, 17, "MUPEN64PLUS: COUNT STEPS ONCE AN INSTRUCTION") and banner.text_at(0, 20, line),
          f"{what}: the banner carries the emulator notes and the timer found ({found})")


def check_screens(shots_dir, record, ids, emulator):
    """the key script's screenshots of one run (either emulator): every view
    views.py lists photographed and told apart (view_checks), then every
    table's cells against the record"""
    found, _, line = FOUND[emulator]
    code, sorts, pages = vc.view_labels("n64")

    def header(st):
        size = "KB/S AT 64/256/1024 B" if st.sweep else "1024 B"
        return [(["BUILD " + code(st, "build").upper()], [0], None),
                ([size, "SORT " + sorts[st.sort].upper(), f"P{st.page + 1}/{pages}"], [1], None)]

    imgs = vc.check_views(shots_dir, "n64", emulator, cc.TextGrid, header,
                          banner=lambda img, what: check_banner(img, what, emulator), what=f"n64 in {emulator}")
    blank = [n for n, img in imgs.items() if cc.colours(img) < 3]
    check(imgs and not blank and all(w == 320 and h == 240 for w, h, _ in imgs.values()),
          f"{emulator}: screenshots are 320x240 and not blank", ", ".join(blank))
    tables = [(f, v.state) for f, v in vc.views.files("n64", emulator) if v.state is not None and f in imgs]
    rates_read = set()
    for f, st in tables:
        build, sort = code(st, "build"), sorts[st.sort]
        check_table(imgs[f], f"{emulator} {f}", build, sort, st.sweep, st.page, record, ids)
        grid = cc.TextGrid(imgs[f])
        check(grid.text_at(0, 26, line) and (grid.text_at(0, 27, "A TICK IS ONE INSTRUCTION") if found ==
              "instruction-count" else grid.text_at(0, 27, "TWO CPU CYCLES A COUNT TICK")),
              f"{emulator} {f}: the footer says the timer found ({found}) and its note")
        # each different 1024-byte view once (a repeat is pixel-identical: check_views)
        if not st.sweep and (build, sort, st.page) not in rates_read:
            rates_read.add((build, sort, st.page))
            check_screen_rates(imgs[f], f"{emulator} {f}", build, st.page, record, ids)
    # the builds, sorts and pages whose cells were read: both pages of both views of both builds
    seen = {(code(st, "build"), st.sweep, st.page) for _, st in tables}
    check(seen == {(b, sw, p) for b in BUILDS for sw in (False, True) for p in range(pages)},
          f"{emulator}: every cell of both builds shown and read (both pages of the 1024-byte view and the sweep)",
          str(sorted(seen)))
    p1, p2 = vc.shot("n64", emulator, passno=1), vc.shot("n64", emulator)
    check(p1 in imgs and p2 in imgs and imgs[p1][2] == imgs[p2][2],
          f"{emulator}: the table after the rerun (B) is pixel-identical to pass 1's ({p1}, {p2})")
    final = shots_dir / f"final-{emulator}.png"
    last = tables[-1][0] if tables else None
    ok = final.exists() and last is not None and cc.read_png(final)[2] == imgs[last][2]
    check(ok, f"{emulator}: final-{emulator}.png is the last table ({last})")
    if final.exists():
        imgs[final.name] = cc.read_png(final)
    return imgs


def check_timer_found(record, emulator):
    """the ROM's start-up detection as the record carries it"""
    found, cpt, _ = FOUND[emulator]
    t = record["context"]["console"].get("timer_detection") or {}
    per_field = t.get("ticks_per_field", 0)
    check(t.get("found") == found and t.get("cycles_per_tick") == cpt == cycles_per_tick(record)
          and t.get("fields", 0) >= 4 and t.get("tv") == "NTSC" and t.get("loop_instructions") == 7000,
          f"{emulator}: the ROM found {found}, {cpt} cycle(s) a tick, and the record counts that "
          f"({per_field} ticks a field, {t.get('count_hz', 0) / 1e6:.3f} MHz, "
          f"{t.get('loop_ticks')} ticks for {t.get('loop_instructions')} instructions)", json.dumps(t))
    return t


def check_waits_for_a(tmp):
    """a run that presses nothing: the ROM stays on its banner until the timeout"""
    proc, took = run_runner(["--rom", str(ROM), "--shots", str(tmp / "no-a"), "--keys", "-", "--timeout", "6",
                             "--config-dir", str(tmp / "cfg")], timeout=90)
    check(proc.returncode == 1 and "timed out after 6 s" in proc.stdout and "started 0" in proc.stdout,
          "without A: no pass starts before the timeout", f"exit {proc.returncode}: {proc.stdout[-400:]}")
    shot = tmp / "no-a" / "banner-mupen64plus.png"
    if check(shot.exists(), "without A: the banner was sent"):
        cc.check_banner(cc.TextGrid(cc.read_png(shot)), "n64", what="without A")


def check_bad_input(tmp):
    proc, _ = run_runner(["--rom", str(tmp / "missing.z64")])
    check(proc.returncode == 1 and "cannot open the ROM" in proc.stdout,
          "a missing ROM: clear message, exit 1", f"exit {proc.returncode}: {proc.stdout[-300:]}")
    junk = tmp / "junk.z64"
    junk.write_bytes(b"not an N64 image" * 100)
    proc, _ = run_runner(["--rom", str(junk)])
    check(proc.returncode == 1 and "is not a big-endian (.z64) N64 image" in proc.stdout,
          "a file that is no N64 image: clear message, exit 1", f"exit {proc.returncode}: {proc.stdout[-300:]}")
    # a ROM whose boot code spins forever (beq $0,$0,-1; nop): only the timeout ends it
    hang = bytearray(1 << 20)
    hang[0:4] = bytes.fromhex("80371240")
    hang[8:12] = bytes.fromhex("80000400")
    hang[0x40:0x48] = bytes.fromhex("1000ffff00000000")
    (tmp / "hang.z64").write_bytes(bytes(hang))
    proc, took = run_runner(["--rom", str(tmp / "hang.z64"), "--timeout", "3",
                             "--config-dir", str(tmp / "cfg")], timeout=60)
    check(proc.returncode == 1 and "timed out after 3 s" in proc.stdout and took < 30,
          f"a ROM that never finishes: the runner's timeout stops it, exit 1 ({took:.1f} s)",
          f"exit {proc.returncode}: {proc.stdout[-300:]}")
    proc, _ = run_runner(["--rom", str(ROM), "--timeout", "0"])
    check(proc.returncode == 2 and "--timeout needs a positive number" in proc.stdout,
          "a bad option: clear message, exit 2", f"exit {proc.returncode}: {proc.stdout[-300:]}")


def checksum_6102(rom):
    """The header CRCs a 6102 boot code computes over ROM 0x1000..0x101000
    (written again here from the algorithm, to check n64_rom's)."""
    data = rom[0x1000:0x101000].ljust(0x100000, b"\0")
    t1 = t2 = t3 = t4 = t5 = t6 = 0xF8CA4DDC
    m = 0xFFFFFFFF
    for i in range(0, 0x100000, 4):
        d = int.from_bytes(data[i:i + 4], "big")
        if (t6 + d) & m < t6:
            t4 = (t4 + 1) & m
        t6 = (t6 + d) & m
        t3 ^= d
        n = d & 31
        r = ((d << n) | (d >> (32 - n))) & m if n else d
        t5 = (t5 + r) & m
        t2 = t2 ^ r if t2 > d else t2 ^ t6 ^ d
        t1 = (t1 + (t5 ^ d)) & m
    return (t6 ^ t4 ^ t3) & m, (t5 ^ t2 ^ t1) & m


def run_cen64(args, timeout=400):
    start = time.time()
    proc = subprocess.run([str(CEN64_RUNNER)] + args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          timeout=timeout)
    return proc, time.time() - start


def cen64_record(out_dir):
    """One cen64 run into out_dir: the record, None when it failed, or SKIP."""
    out_dir.mkdir(parents=True, exist_ok=True)
    for old in out_dir.glob("*"):
        old.unlink()
    proc, took = run_cen64(["--rom", str(ROM), "--pif", str(PIF), "--json", str(out_dir / "results.json"),
                            "--shots", str(out_dir), "--keys", KEYS, "--timeout", "300"])
    if proc.returncode == SKIP:
        print(f"skip: the cen64 checks: {proc.stdout.strip().splitlines()[-1]}")
        return SKIP
    ok = proc.returncode == 0 and "cen64 stopped after the ROM was done, at the end of the key script" in proc.stdout
    check(ok and took < 240, f"cen64 {out_dir.name}: the run ended at the end of its key script ({KEYS}), "
          f"status 0, in {took:.1f} s", f"exit {proc.returncode}: {proc.stdout[-1500:]}")
    check("2 passes (3 started)" in proc.stdout and f"{N_KEYS} key presses" in proc.stdout,
          f"cen64 {out_dir.name}: two passes complete, START started the third, {N_KEYS} presses made",
          proc.stdout[-600:])
    path = out_dir / "results.json"
    return json.loads(path.read_text()) if ok and path.exists() else None


def check_cen64(mupen_results, host, ids):
    rom = ROM.read_bytes()
    check(zlib.crc32(rom[0x40:0x1000]) == CRC_6102,
          f"boot code 0x40..0xFFF has the 6102 CRC-32 cen64 knows ({zlib.crc32(rom[0x40:0x1000]):08X})")
    crc1, crc2 = checksum_6102(rom)
    check(rom[0x10:0x18] == crc1.to_bytes(4, "big") + crc2.to_bytes(4, "big"),
          f"header CRCs are the 6102 checksum of the program ({crc1:08X} {crc2:08X})", rom[0x10:0x18].hex())
    check(PIF.exists() and PIF.stat().st_size == 0x7C0, "our PIF boot program is built (0x7C0 bytes)")

    work = ROOT / "build/retro/n64-cen64-test"
    r1 = cen64_record(work / "run1")
    if r1 == SKIP:
        return
    r2 = cen64_record(work / "run2")
    if r1 is None or r2 is None:
        check(False, "cen64: both runs wrote a record")
        return
    cc.check_schema(r1, "cen64: the record validates against the schema")
    ctx = r1["context"]
    check(ctx["platform"] == "n64" and ctx["emulator"].startswith("cen64 ") and ctx["counter"]["hz"] == CLOCK / 2
          and "cen64" in ctx["console"].get("timing_note", "") and ctx["console"]["builds"] == list(BUILDS),
          "cen64 context: platform n64, cen64 and its version, COUNT at half the clock, the timing note",
          json.dumps(ctx)[:400])
    res = r1["results"]
    check(r1["warnings"] == [] and all(r["timing_fidelity"] == "cycle-modelled" and r["warnings"] == []
                                       and r["instructions_per_byte"] is None for r in res),
          "cen64: every result cycle-modelled, no warnings, no instruction count")
    want = cc.portable_c_keys(host, builds=BUILDS)
    have = {(r["algorithm"], r["implementation"], r["size"]) for r in res}
    check(want == have and len(have) == len(res), f"cen64: every implementation x build x size ({len(want)})",
          f"missing {sorted(want - have)[:5]}, extra {sorted(have - want)[:5]}")
    cc.check_digests(res, ids, cc.expected_digests(ids),
                     "cen64: digests equal the host's at 64, 256, 1024 bytes (both builds)")
    cc.check_repeats(res, r2["results"], unit="cen64 cycle counts")
    check_timer_found(r1, "cen64")
    imgs = check_screens(work / "run1", r1, ids, "cen64")
    same = [n for n in imgs if not (work / "run2" / n).exists() or cc.read_png(work / "run2" / n)[2] != imgs[n][2]]
    check(imgs and not same, f"cen64: the {len(imgs)} screenshots identical between the two runs", ", ".join(same))
    # two cycles a tick: cycles per byte x size = 2 x ticks (the record keeps 6 significant digits)
    bad = [f"{r['algorithm']} {r['implementation']} {r['size']}" for r in res
           if abs(r["cycles_per_byte"] * r["size"] - 2 * r["samples_ticks"][0]) > 1e-5 * r["cycles_per_byte"] * r["size"]]
    check(not bad, "cen64: cycles are twice the COUNT ticks", "; ".join(bad[:3]))
    # a scalar CPU: at least one cycle per instruction
    instr = {(r["algorithm"], r["implementation"], r["size"]): r["samples_ticks"][0] for r in mupen_results}
    fewer = [f"{r['algorithm']} {r['implementation']} {r['size']}: {2 * r['samples_ticks'][0]} cycles, "
             f"{instr[k]} instructions" for r in res
             for k in [(r["algorithm"], r["implementation"], r["size"])] if 2 * r["samples_ticks"][0] < instr[k]]
    check(not fewer, "cen64: no result takes fewer cycles than mupen64plus counts instructions", "; ".join(fewer[:3]))


def check_cen64_bad_input(tmp):
    proc, _ = run_cen64(["--rom", str(ROM), "--pif", str(PIF), "--cen64", str(tmp / "no-cen64")])
    check(proc.returncode == SKIP and "Debian package cen64" in proc.stdout,
          "cen64-run without cen64: skipped, naming the Debian package", f"exit {proc.returncode}: {proc.stdout[-300:]}")
    if subprocess.run([str(CEN64_RUNNER), "--rom", str(tmp / "missing.z64"), "--pif", str(PIF)],
                      stdout=subprocess.PIPE, stderr=subprocess.STDOUT).returncode == SKIP:
        return
    proc, _ = run_cen64(["--rom", str(ROM), "--pif", str(PIF), "--keys", "A,FOO"])
    check(proc.returncode == 2 and "--keys A,FOO: expected buttons" in proc.stdout,
          "cen64-run with a key script naming no button: clear message, exit 2",
          f"exit {proc.returncode}: {proc.stdout[-300:]}")
    proc, _ = run_cen64(["--rom", str(ROM), "--pif", str(tmp / "no-pif.bin")])
    check(proc.returncode == 1 and "cannot read the PIF boot program" in proc.stdout,
          "cen64-run with no PIF boot program: clear message, exit 1", f"exit {proc.returncode}: {proc.stdout[-300:]}")
    # boot code that spins (beq $0,$0,-1; nop), made a cartridge cen64 accepts by the ROM tool
    (tmp / "spin.bin").write_bytes(bytes.fromhex("1000ffff00000000"))
    (tmp / "prog.bin").write_bytes(bytes(4))
    subprocess.run([str(ROM_TOOL), str(tmp / "spin.bin"), str(tmp / "prog.bin"), str(tmp / "spin.z64")],
                   check=True, stdout=subprocess.DEVNULL)
    proc, took = run_cen64(["--rom", str(tmp / "spin.z64"), "--pif", str(PIF), "--timeout", "5"], timeout=90)
    check(proc.returncode == 1 and "timed out after 5 s" in proc.stdout and "never started a pass" in proc.stdout
          and took < 30, f"cen64: a ROM that never finishes is stopped by the watchdog, exit 1 ({took:.1f} s)",
          f"exit {proc.returncode}: {proc.stdout[-300:]}")


def main():
    start = time.time()
    proc = subprocess.run(cc.make_cmd(jobs=2) + ["build/hashbench", "build/n64-run", "build/roms/hashbench.z64",
                                                 "build/cen64-run", "build/roms/n64-pif.bin"],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    warnings = [l for l in proc.stdout.splitlines() if "warning:" in l]
    if not check(proc.returncode == 0 and RUNNER.exists() and ROM.exists(),
                 f"the ROM and the runner build ({time.time() - start:.0f} s)", proc.stdout[-2000:]):
        return cc.finish()
    check(not warnings, "no compiler warnings", "; ".join(warnings[:3]))
    check(ROM.stat().st_size == 1 << 20 and ROM.read_bytes()[:4] == bytes.fromhex("80371240"),
          "build/roms/hashbench.z64 is a big-endian image padded to 1 MiB")
    work = ROOT / "build/retro/n64-test"
    r1 = run(work / "run1")
    r2 = run(work / "run2")
    if r1 is None or r2 is None:
        return cc.finish(extra_failures=1)
    cc.check_report_finds(work / "run1" / "results.json", "the report finds this record")

    cc.check_schema(r1)
    ctx = r1["context"]
    check(ctx["platform"] == "n64" and ctx["clock_hz"] == CLOCK and ctx["console"]["builds"] == list(BUILDS)
          and "CountPerOp=1" in ctx["emulator"] and "instructions" in ctx["console"].get("timing_note", ""),
          "context: platform n64, 93.75 MHz, builds o32 and n32, CountPerOp=1, the timing note",
          json.dumps(ctx)[:400])
    check(r1["warnings"] == [], "no run-wide warnings", "; ".join(r1["warnings"][:3]))
    res = r1["results"]
    check(all(r["timing_fidelity"] == "approximate" and r["instructions_per_byte"] > 0
              and abs(r["instructions_per_byte"] - r["counter_ticks_per_byte"]) < 1e-9 and r["warnings"] == []
              for r in res), "every result approximate, with its instructions per byte (= COUNT ticks per byte)")

    host = cc.host_roster()
    ids = [a["id"] for a in host]
    check(len(ids) == 40 and sorted({r["algorithm"] for r in res}) == sorted(ids),
          "all 40 algorithms of the roster are in the results")
    want = cc.portable_c_keys(host, builds=BUILDS)
    have = {(r["algorithm"], r["implementation"], r["size"]) for r in res}
    check(want == have and len(have) == len(res), f"every implementation x build x size present ({len(want)})",
          f"missing {sorted(want - have)[:5]}, extra {sorted(have - want)[:5]}")

    cc.check_digests(res, ids, cc.expected_digests(ids),
                     "digests equal the host's at 64, 256, 1024 bytes (both builds)")
    cc.check_repeats(res, r2["results"], unit="counts")
    tick = {(r["algorithm"], r["implementation"], r["size"]): r["samples_ticks"][0] for r in res}
    s512 = tick[("sha512", "fast@o32", 1024)] / tick[("sha512", "fast@n32", 1024)]
    c32 = tick[("crc32", "fast@o32", 1024)] / tick[("crc32", "fast@n32", 1024)]
    check(s512 > 1.5 and 0.98 < c32 < 1.02,
          f"n32 is a 64-bit build: SHA-512 o32/n32 instructions {s512:.2f}, CRC-32 {c32:.3f}")

    check_timer_found(r1, "mupen64plus")
    imgs = check_screens(work / "run1", r1, ids, "mupen64plus")
    same = [n for n in imgs if not (work / "run2" / n).exists() or cc.read_png(work / "run2" / n)[2] != imgs[n][2]]
    check(imgs and not same, f"mupen64plus: the {len(imgs)} screenshots identical between the two runs",
          ", ".join(same))

    with tempfile.TemporaryDirectory() as tmp:
        check_bad_input(Path(tmp))
        check_waits_for_a(Path(tmp))

    check_cen64(res, host, ids)
    with tempfile.TemporaryDirectory() as tmp:
        check_cen64_bad_input(Path(tmp))

    return cc.finish()


if __name__ == "__main__":
    sys.exit(main())

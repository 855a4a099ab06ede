#!/usr/bin/env python3
"""The N64 ROM's checks: two headless runs in mupen64plus, each driven by
the runner's controller through the ROM's controls as `make retro-n64`
does (N64_KEYS in n64.mk): A on the banner, pass 1 over both builds (o32
and n32), B for pass 2, A three times through the sorts, Z for the size
sweep, DOWN for its page 2, R for the n32 build, Z back, START for pass 3;
then

  - each run ended at the end of its key script, status 0, well inside its
    timeout, and START started pass 3;
  - the results record validates against docs/schema/results.schema.json,
    says platform n64 at 93.75 MHz, approximate timing, and what a tick is;
  - all 40 algorithms, every implementation (portable, fast), both builds,
    all three sizes are present;
  - every digest equals the host's: tests/vectors/workload-digests.txt at
    1024 bytes, `build/hashbench sum` of the same workload at 64 and 256;
  - the counts repeat exactly between passes and between runs (the
    emulator's COUNT is deterministic), and the n32 build really uses
    64-bit registers (SHA-512 needs far fewer instructions than in o32,
    CRC-32 about as many);
  - the screenshots are 320x240, not blank: the banner (name, CPU, clock,
    build, controls, PRESS A TO START) before A; every table shows the
    title, the build, the sort, the header and all 40 rows (name, kB/s,
    first digest bytes; in the sweep kB/s at 64, 256 and 1024 bytes, 20 a
    page) in the order the controls asked for, exactly as the record says,
    in the ROM's own font (read from platforms/common/font5x7.c); the same
    view is pixel-identical after the rerun and after three A presses;
  - without A the ROM stays on its banner: a run that presses nothing
    starts no pass before its timeout;
  - bad input fails clearly: a missing ROM, a file that is no N64 image,
    and a ROM that never finishes (the runner's timeout) each give a
    message and a non-zero exit.

Builds the ROM and the runner first (make); ends with "N passed, N
failed".  Run from the repository root (make test-n64 does).
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "platforms/common"))
os.chdir(ROOT)
import console_checks as cc                      # noqa: E402
from console_checks import check                 # noqa: E402

RUNNER = ROOT / "build/n64-run"
ROM = ROOT / "build/roms/hashbench.z64"
BUILDS = ("o32", "n32")
CLOCK = 93750000


def run_runner(args, timeout=300):
    start = time.time()
    proc = subprocess.run([str(RUNNER)] + args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          timeout=timeout)
    return proc, time.time() - start


KEYS = re.search(r'^N64_KEYS := (\S+)', (ROOT / "platforms/n64/n64.mk").read_text(), re.M).group(1)
SHOTS = ["banner", "01-p1-o32-category-1024", "02-p2-o32-category-1024", "03-p2-o32-speed-1024",
         "04-p2-o32-name-1024", "05-p2-o32-category-1024", "06-p2-o32-category-sweep",
         "07-p2-o32-category-sweep-page2", "08-p2-n32-category-sweep-page2", "09-p2-n32-category-1024", "final"]


def run(out_dir):
    out_dir.mkdir(parents=True, exist_ok=True)
    for old in out_dir.glob("*"):
        old.unlink()
    proc, took = run_runner(["--rom", str(ROM), "--json", str(out_dir / "results.json"), "--shots", str(out_dir),
                             "--config-dir", "build/n64/mupen64plus", "--timeout", "120", "--keys", KEYS])
    ended = proc.returncode == 0 and "stopped cleanly at the end of the key script" in proc.stdout
    check(ended and took < 90, f"{out_dir.name}: the run ended at the end of its key script ({KEYS}), status 0, "
          f"in {took:.1f} s", f"exit {proc.returncode}: {proc.stdout[-1500:]}")
    check("2 passes (3 started)" in proc.stdout and "10 presses" in proc.stdout,
          f"{out_dir.name}: two passes complete, START started the third, all ten presses made",
          proc.stdout[-600:])
    path = out_dir / "results.json"
    return json.loads(path.read_text()) if path.exists() else None


def fmt_fixed10(v10, width):
    """The ROM's kB/s x10 format (n64_ui.c)."""
    if v10 < 100000:
        return f"{v10 // 10:>{width - 2}}.{v10 % 10}"
    return f"{v10 // 10:>{width}}"


def rate10(results, algo, build, size, sample=0):
    """the ROM's kB/s x10 of the implementation a row shows (fast where
    there is one): bytes/s at the clock, truncated, / 100; cycles per
    tick 1 (the record says so)"""
    by = {(r["algorithm"], r["implementation"], r["size"]): r for r in results}
    r = by.get((algo, f"fast@{build}", size)) or by[(algo, f"portable@{build}", size)]
    return size * CLOCK // r["samples_ticks"][sample] // 100, r["digest"][:4].upper().ljust(4, "0")


def row_order(results, ids, build, sort):
    if sort == "speed":    # fastest first, ties in roster order (a stable sort)
        return sorted(ids, key=lambda a: -rate10(results, a, build, 1024)[0])
    if sort == "name":
        return sorted(ids)
    return list(ids)


def check_table(img, what, build, sort, sweep, page, results, ids):
    """one table screen, as n64_ui.c draws it"""
    text_at = cc.TextGrid(img).text_at
    ok = (text_at(0, 0, "HASHBENCH N64") and text_at(40, 0, build.upper()) and text_at(39, 1, sort.upper())
          and text_at(1, 2, "ALGORITHM") and (text_at(38, 2, "1024") if sweep else text_at(28, 2, "ALGORITHM")))
    check(ok, f"{what}: title, build {build}, sort {sort} and header drawn in the ROM's font")
    order = row_order(results, ids, build, sort)
    bad = []
    if sweep:
        for i, algo in enumerate(order[20 * page:20 * page + 20]):
            row = 3 + i
            cells = [(1, algo.upper())]
            cells += [(16 + 9 * s, fmt_fixed10(rate10(results, algo, build, n)[0], 8))
                      for s, n in enumerate(cc.SIZES)]
            cells.append((44, rate10(results, algo, build, 1024)[1]))
            bad += [f"row {row}: {algo} {t.strip()}" for c, t in cells if not text_at(c, row, t)][:1]
    else:
        for i, algo in enumerate(order):
            col, row = (0, 3 + i) if i < 20 else (27, 3 + i - 20)
            kbs, digest = rate10(results, algo, build, 1024)
            for c, t in ((col + 1, algo.upper()), (col + 15, fmt_fixed10(kbs, 6)), (col + 22, digest)):
                if not text_at(c, row, t):
                    bad.append(f"row {row}: {algo} {t.strip()}")
                    break
    check(not bad, f"{what}: {'20 rows of the sweep (kB/s at 64, 256, 1024 B)' if sweep else 'all 40 rows'} "
          f"in {sort} order show the name, the record's kB/s and digest bytes", "; ".join(bad[:5]))


def check_waits_for_a(tmp):
    """a run that presses nothing: the ROM stays on its banner until the timeout"""
    proc, took = run_runner(["--rom", str(ROM), "--shots", str(tmp / "no-a"), "--keys", "-", "--timeout", "6",
                             "--config-dir", str(tmp / "cfg")], timeout=90)
    check(proc.returncode == 1 and "timed out after 6 s" in proc.stdout and "started 0" in proc.stdout,
          "without A: no pass starts before the timeout", f"exit {proc.returncode}: {proc.stdout[-400:]}")
    shot = tmp / "no-a" / "banner.png"
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


def main():
    start = time.time()
    proc = subprocess.run(cc.make_cmd(jobs=2) + ["build/hashbench", "build/n64-run", "build/roms/hashbench.z64"],
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

    imgs = {p.name: cc.read_png(p) for p in sorted((work / "run1").glob("*.png"))}
    check(set(imgs) == {f"{n}.png" for n in SHOTS}, f"{len(SHOTS)} screenshots written (banner, nine tables, final)",
          ", ".join(imgs))
    blank = [n for n, img in imgs.items() if cc.colours(img) < 3]
    check(not blank and all(w == 320 and h == 240 for w, h, _ in imgs.values()),
          "screenshots are 320x240 and not blank", ", ".join(blank))
    same = [n for n in imgs if cc.read_png(work / "run2" / n)[2] != imgs[n][2]]
    check(not same, "screenshots identical between the two runs", ", ".join(same))
    if set(imgs) == {f"{n}.png" for n in SHOTS}:
        cc.check_banner(cc.TextGrid(imgs["banner.png"]), "n64", what="the banner, before A")
        for name in SHOTS[1:-1]:
            _, p, build, sort, view = name.split("-", 4)
            check_table(imgs[f"{name}.png"], name, build, sort, view.startswith("sweep"), view.endswith("page2"),
                        res, ids)
        same = imgs["01-p1-o32-category-1024.png"][2] == imgs["02-p2-o32-category-1024.png"][2] \
            == imgs["05-p2-o32-category-1024.png"][2]
        check(same, "the same view is pixel-identical after the rerun (B) and after A three times")
        check(imgs["final.png"][2] == imgs["09-p2-n32-category-1024.png"][2], "final.png is the last table")
        views = [n for n in SHOTS if n not in ("02-p2-o32-category-1024", "05-p2-o32-category-1024", "final")]
        check(len({b"".join(imgs[f"{n}.png"][2]) for n in views}) == len(views), "every other view looks different")

    with tempfile.TemporaryDirectory() as tmp:
        check_bad_input(Path(tmp))
        check_waits_for_a(Path(tmp))

    return cc.finish()


if __name__ == "__main__":
    sys.exit(main())

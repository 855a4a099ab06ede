#!/usr/bin/env python3
"""The DS ROM's checks: one headless run in DeSmuME (two passes, the views
through the ROM's own keys), then

  - the cartridge header: the logo's CRC-16 is 0xCF56 and stored at 0x15C,
    the header's CRC-16 at 0x15E, both recomputed here with crcmod's
    MODBUS CRC (not the project's code); the ARM9 and ARM7 binaries are
    where the header says;
  - the results record validates against docs/schema/results.schema.json,
    says DS, 67.03 MHz, 2 cycles per tick, approximate timing, caches on;
  - all 40 algorithms, every portable-C implementation the host has
    (portable, fast), all three sizes, two passes;
  - every digest equals the host's: tests/vectors/workload-digests.txt at
    1024 bytes, `build/hashbench sum` of the same workload at 64 and 256;
  - every view the ROM's controls offer is photographed (tools/retro-run/
    views.py: banner, results page, each sort, page, the sweep and its
    pages, the rerun, START), none blank, each different from the others
    of its pass and the same when shown again, each with its own header
    (sort and page on top, size view and page below);
  - the screenshots: 256x384; the top screen shows the title,
    the header, the roster's algorithms and each one's first digest bytes,
    the bottom screen the details (kB/s as the record gives them) and the
    size sweep, each in the ROM's own font (platforms/common/font5x7.c)
    exactly where the ROM draws it; the speed view is in speed order;
  - the controls: the start-up banner (name, CPU, clock, build, controls,
    PRESS A TO START) is on the top screen before A, and still after 300
    frames of a run that never presses A; START on the table starts
    another pass, as B does;
  - the frame-page decoder of tools/retro-run: the results page the ROM
    showed is accepted, and rejected once a pixel, the page number or the
    layout is damaged; pages written here from the format's description
    (with zlib's CRC-32) are put back together into the same bytes.

Ends with "N passed, N failed".  Run from the repository root (it builds
what it needs through make; make test-nds does the same).
"""
import json
import os
import struct
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

ROM = ROOT / "build/roms/hashbench.nds"
FB_CHECK = ROOT / "build/nds/fb_check"
W, H = 256, 192                      # one screen; the frame is both, top above bottom
ROWS_PER_PAGE, FIRST_ROW = 20, 3


# ---- the cartridge header -------------------------------------------------

def check_header():
    import crcmod.predefined
    modbus = crcmod.predefined.mkCrcFun("modbus")
    check(modbus(b"123456789") == 0x4B37, "crcmod's MODBUS CRC-16 gives the catalogue's check value")
    rom = ROM.read_bytes()
    logo_crc = struct.unpack_from("<H", rom, 0x15C)[0]
    check(modbus(rom[0xC0:0x15C]) == 0xCF56 and logo_crc == 0xCF56,
          "logo CRC-16 is 0xCF56 and stored at 0x15C", f"computed {modbus(rom[0xC0:0x15C]):04X}, stored {logo_crc:04X}")
    head_crc = struct.unpack_from("<H", rom, 0x15E)[0]
    check(modbus(rom[:0x15E]) == head_crc, "header CRC-16 at 0x15E matches bytes 0x000-0x15D",
          f"computed {modbus(rom[:0x15E]):04X}, stored {head_crc:04X}")
    damaged = bytearray(rom[:0x15E])
    damaged[0x0C] ^= 1
    check(modbus(bytes(damaged)) != head_crc, "a one-bit change in the header changes its CRC")
    off9, entry9, addr9, size9, off7, entry7, addr7, size7 = struct.unpack_from("<8I", rom, 0x20)
    arm9 = (ROOT / "build/nds/arm9.bin").read_bytes()
    arm7 = (ROOT / "build/nds/arm7.bin").read_bytes()
    check(entry9 == addr9 == 0x02000000 and size9 == len(arm9) and rom[off9:off9 + size9] == arm9,
          "the ARM9 binary is where the header says, loaded and entered at 0x02000000")
    check(entry7 == addr7 == 0x037F8000 and size7 == len(arm7) and rom[off7:off7 + size7] == arm7,
          "the ARM7 binary is where the header says, loaded and entered at 0x037F8000")
    check(struct.unpack_from("<I", rom, 0x80)[0] == len(rom) and (0x20000 << rom[0x14]) >= len(rom),
          "header: used ROM size and chip capacity cover the image")


# ---- the run ----------------------------------------------------------------

def run(out_dir):
    out_dir.mkdir(parents=True, exist_ok=True)
    for old in out_dir.glob("*.png"):
        old.unlink()
    start = time.time()
    proc = subprocess.run(cc.make_cmd() + ["build/hashbench", "retro-nds", f"NDS_RETRO={out_dir}",
                                           f"NDS_DSI_RETRO={out_dir / 'dsi'}"],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    check(proc.returncode == 0, f"headless run into {out_dir} ({time.time() - start:.1f} s)", proc.stdout[-2000:])
    check("page was rejected" not in proc.stdout, "no results page rejected during the run",
          "\n".join(l for l in proc.stdout.splitlines() if "rejected" in l)[:500])
    path = out_dir / "results.json"
    return json.loads(path.read_text()) if path.exists() else None


def check_record(r, ids, host):
    cc.check_schema(r)
    ctx = r["context"]
    cp15 = int(ctx["console"].get("cp15_control", "0"), 16)
    check(ctx["platform"] == "nds" and ctx["clock_hz"] == 67027964 and ctx["counter"]["hz"] == 33513982,
          "context: platform nds, ARM9 at 67.03 MHz, timer at 33.51 MHz", json.dumps(ctx)[:300])
    check(cp15 & 0x1005 == 0x1005, "CP15 control recorded: protection unit, data and instruction caches on",
          hex(cp15))
    check(r["warnings"] == [], "no run-wide warnings", "; ".join(r["warnings"][:3]))
    res = r["results"]
    check(all(x["timing_fidelity"] == "approximate" and x["cycles_per_byte"] > 0 for x in res),
          "every result labelled approximate, with a positive cycle count")
    check(all(len(x["samples_ticks"]) == 2 for x in res), "two passes (the B rerun) for every result")
    check(len(ids) == 40 and sorted({x["algorithm"] for x in res}) == sorted(ids),
          "all 40 algorithms of the roster are in the results")
    want = cc.portable_c_keys(host)
    have = {(x["algorithm"], x["implementation"], x["size"]) for x in res}
    check(want == have, f"every implementation x size present ({len(want)} results)",
          f"missing {sorted(want - have)[:5]}, extra {sorted(have - want)[:5]}")
    cc.check_digests(res, ids, cc.expected_digests(ids))


def check_dsi(ds, dsi):
    """The DSi projection (project_dsi.py): the DS's cycle counts at twice the clock."""
    if dsi is None:
        check(False, "DSi projection written (retro-nds runs project_dsi.py)")
        return
    cc.check_schema(dsi, "DSi projection validates against the schema")
    ctx = dsi["context"]
    check(ctx["platform"] == "dsi" and ctx["clock_hz"] == 2 * ds["context"]["clock_hz"],
          "DSi projection: platform dsi at 134.06 MHz", json.dumps(ctx)[:300])
    check(any("projected" in w for w in dsi["warnings"]), "DSi projection says it is one, run-wide")
    pairs = list(zip(ds["results"], dsi["results"]))
    check(len(pairs) == len(ds["results"]) == len(dsi["results"]) and all(
        a["algorithm"] == b["algorithm"] and a["implementation"] == b["implementation"]
        and a["size"] == b["size"] and b["timing_fidelity"] == "projected"
        and b["cycles_per_byte"] == a["cycles_per_byte"] and b["digest"] == a["digest"]
        and abs(b["bytes_per_second"] - 2 * a["bytes_per_second"]) <= 1e-6 * a["bytes_per_second"]
        for a, b in pairs), "DSi projection: every DS result, projected, same cycles, twice the throughput")


# ---- screenshots --------------------------------------------------------------

def text_at(img, screen, col, row, text):
    """text in the 6x8 cells of the top (0) or bottom (1) screen"""
    return cc.TextGrid(img, y0=screen * H).text_at(col, row, text)


def fixed100(v100, width):
    """the ROM's number format (nds_ui.c fmt_fixed100): 2 decimals below 10, 1 below 100"""
    if v100 < 1000:
        s = f"{v100 // 100}.{v100 // 10 % 10}{v100 % 10}"
    elif v100 < 10000:
        s = f"{v100 // 100}.{v100 // 10 % 10}"
    else:
        s = f"{v100 // 100}"
    return s.rjust(width)


def rate100(r, pass_no=2):
    """kB/s x100 from one pass's ticks, as the ROM computes it"""
    ticks = r["samples_ticks"][pass_no - 1]
    return r["size"] * 67027964 // 10 // (ticks * 2)


EMU = "desmume"


def fixed10(v10, width):
    """the ROM's hbt_fmt_fixed10: one decimal below 10000"""
    return (f"{v10 // 10}.{v10 % 10}" if v10 < 100000 else str(v10 // 10)).rjust(width)


def original_row(r, digest_size, pass_no):
    """{column: text} of the top screen's row beyond the name: ITER (calls
    timed), US/IT (microseconds a call, hbt_table_us10: floor(cycles x 10^7
    / clock) / calls), H0..H3 (as many digest bytes as the digest has, up to
    four, the rest blank)"""
    ticks, iters = r["samples_ticks"][pass_no - 1], r["iterations_per_sample"]
    return {14: str(iters).rjust(3), 17: fixed10(ticks * 2 * 10_000_000 // 67027964 // iters, 8),
            33: r["digest"][:2 * min(digest_size, 4)].upper().ljust(8)}


def shot(**view):
    return vc.shot("nds", EMU, **view)


def results_page():
    """the photograph of the results page the ROM shows after pass 1"""
    return next(f for f, v in vc.views.files("nds", EMU) if v.kind == "data")


def check_photos(out_dir):
    """every view the ROM's controls offer photographed (tools/retro-run/
    views.py), 256x384, each showing its own header: the sort and page on
    the top screen, the size view and page on the bottom one"""
    _, sorts, pages = vc.view_labels("nds")

    def header(st):
        size = "SIZE SWEEP: FAST KB/S" if st.sweep else "DETAILS: 1024 B"
        return [([f"P{st.page + 1}/{pages}", "SORT " + sorts[st.sort].upper()], [0, 1], None),
                ([size, f"P{st.page + 1}/{pages}"], [0], lambda img: cc.TextGrid(img, y0=H))]

    imgs = vc.check_views(out_dir, "nds", EMU, cc.TextGrid, header,
                          banner=lambda img, what: cc.check_banner(cc.TextGrid(img), "nds", what=what + " (top screen)"))
    check(imgs and all(w == W and h == 2 * H for w, h, _ in imgs.values()), "screenshots are 256x384 (both screens)")
    return imgs


def check_screens(out_dir, res, ids, host):
    imgs = check_photos(out_dir)
    views = [dict(passno=1), dict(), dict(sort="speed"), dict(sweep=True), dict(page=2)]
    if not all((out_dir / shot(**v)).exists() for v in views):
        return

    by = {(x["algorithm"], x["implementation"], x["size"]): x for x in res}
    impls = {a["id"]: [i["name"] for i in a["implementations"] if i["name"] in ("portable", "fast")] for a in host}
    best = {a: ("fast" if "fast" in impls[a] else "portable") for a in ids}

    dsize = {a["id"]: a["digest_size"] for a in host}

    def top_rows(img, order, label, pass_no=2):
        ok = text_at(img, 0, 0, 0, "HASHBENCH DS") and text_at(img, 0, 1, 2, "ALGORITHM") and \
            text_at(img, 0, 13, 2, "ITER") and text_at(img, 0, 20, 2, "US/IT") and text_at(img, 0, 33, 2, "H0H1H2H3")
        check(ok, f"{label}: top screen title and header in the ROM's font")
        bad = []
        for i, algo in enumerate(order[:ROWS_PER_PAGE]):
            row = FIRST_ROW + i
            r = by[(algo, best[algo], 1024)]
            if not text_at(img, 0, 1, row, algo.upper()):
                bad.append(f"row {row}: {algo}")
                continue
            for col, want in original_row(r, dsize[algo], pass_no).items():
                if not text_at(img, 0, col, row, want):
                    bad.append(f"row {row} {algo}: col {col} {want!r}")
            if not text_at(img, 0, 25, row, fixed100(rate100(r, pass_no), 7)):
                bad.append(f"row {row}: kB/s {fixed100(rate100(r, pass_no), 7)}")
        check(not bad, f"{label}: top screen rows show the algorithms, ITER, US/IT, kB/s and the digest's bytes "
              "(as many as it has, up to 4)",
              "; ".join(bad[:4]))

    def bottom_rows(img, order, label, sweep, pass_no=2):
        title = "SIZE SWEEP: FAST KB/S" if sweep else "DETAILS: 1024 B"
        check(text_at(img, 1, 0, 0, title), f"{label}: bottom screen says {title}")
        bad = []
        for i, algo in enumerate(order[:ROWS_PER_PAGE]):
            row = FIRST_ROW + i
            if not text_at(img, 1, 1, row, algo.upper()):
                bad.append(f"row {row}: {algo}")
                continue
            cols = ([(best[algo], n) for n in (64, 256, 1024)] if sweep
                    else [(j, 1024) for j in ("portable", "fast") if j in impls[algo]])
            for k, (impl, n) in enumerate(cols):
                col = 15 + 8 * (k if sweep else ("portable", "fast").index(impl))
                want = fixed100(rate100(by[(algo, impl, n)], pass_no), 7)
                if not text_at(img, 1, col, row, want):
                    bad.append(f"row {row}: {impl} {n} B {want.strip()}")
        check(not bad, f"{label}: bottom screen rows show every kB/s figure of the record", "; ".join(bad[:4]))

    # stable, as the ROM's insertion sort; equal figures by portable (HBT_SPEED_BEFORE)
    speed = sorted(ids, key=lambda a: (-rate100(by[(a, best[a], 1024)]), -rate100(by[(a, "portable", 1024)])))
    table1, table2 = imgs[shot(passno=1)], imgs[shot()]
    top_rows(table1, ids, "after pass 1", pass_no=1)
    bottom_rows(table1, ids, "after pass 1", sweep=False, pass_no=1)
    top_rows(table2, ids, "after the rerun (B)")
    top_rows(imgs[shot(sort="speed")], speed, "A: sorted by speed")
    bottom_rows(imgs[shot(sweep=True)], ids, "SELECT: size sweep", sweep=True)
    top_rows(imgs[shot(page=2)], ids[ROWS_PER_PAGE:], "DOWN: page 2")
    last = imgs.get(shot(index=-1))
    if last is not None:
        top_rows(last, ids, "back to category order, page 1, the details")
        bottom_rows(last, ids, "back to the details", sweep=False)


# ---- the frame-page decoder -----------------------------------------------------

def write_ppm(path, width, height, rgb):
    path.write_bytes(b"P6 %d %d 255\n" % (width, height) + bytes(rgb))


def fb_check(files, dump=None):
    cmd = [str(FB_CHECK)] + (["--dump", str(dump)] if dump else []) + [str(f) for f in files]
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return proc.returncode, proc.stdout


def encode_pages(block, seq, address=0x02000000, payload=16384, width=W):
    """the pages of one showing, written from the format's description
    (include/nds_frame_layout.h) with zlib's CRC-32"""
    pages = (len(block) + payload - 1) // payload
    frames = []
    for p in range(pages):
        part = block[p * payload:(p + 1) * payload]
        head = b"HBFP" + bytes([1, p, pages, seq]) + struct.pack("<IIHHI", len(block), p * payload, len(part),
                                                                width, address)
        head += struct.pack(">I", zlib.crc32(head + part)) + bytes(4)
        data = head + part
        rgb = bytearray(width * 2 * H * 3)       # both screens, black
        base = width * 7 * 3                      # the page starts on row 7, say
        for i, b in enumerate(data):
            hi, lo = b >> 4, b & 15
            r5, g5, b5 = 2 * hi + 1, 2 * lo + 1, 16
            rgb[base + 3 * i:base + 3 * i + 3] = bytes([(r5 << 3) | (r5 >> 2), (g5 << 3) | (g5 >> 2),
                                                        (b5 << 3) | (b5 >> 2)])
        frames.append(rgb)
    return frames


def check_decoder(page_png, tmp):
    tmp = Path(tmp)
    w, h, rows = cc.read_png(page_png)
    real = bytearray(b"".join(rows))
    write_ppm(tmp / "real.ppm", w, h, real)
    rc, out = fb_check([tmp / "real.ppm"])
    check(rc == 0 and "accepted" in out, "the results page the ROM showed is accepted by the decoder", out)

    # the same picture, damaged
    def damaged(name, pixel, channel, value):
        bad = bytearray(real)
        bad[3 * pixel + channel] = value
        write_ppm(tmp / name, w, h, bad)
        return fb_check([tmp / name])

    # payload byte 100 sits at pixel 32 + 100: change its high nibble
    px = 32 + 100
    rc, out = damaged("payload.ppm", px, 0, real[3 * px] ^ 0x80)
    check(rc != 0 and "rejected" in out and "CRC-32" in out, "a page with one damaged payload pixel is rejected",
          out)
    rc, out = damaged("pageno.ppm", 5, 1, real[3 * 5 + 1] ^ 0x10)       # the page number's low nibble
    check(rc != 0 and "rejected" in out, "a page with a damaged page number is rejected", out)
    rc, out = damaged("stride.ppm", 18, 1, real[3 * 18 + 1] ^ 0x10)     # the recorded row stride
    check(rc != 0 and "rejected" in out and "wide" in out, "a page laid out for another width is rejected", out)

    # pages made here from the format's description
    block = bytes((i * 131 + 17) & 0xFF for i in range(37928))
    frames = encode_pages(block, seq=5)
    files = []
    for i, rgb in enumerate(frames):
        files.append(tmp / f"syn{i}.ppm")
        write_ppm(files[-1], W, 2 * H, rgb)
    rc, out = fb_check(list(reversed(files)), dump=tmp / "block.bin")
    got = (tmp / "block.bin").read_bytes() if (tmp / "block.bin").exists() else b""
    check(rc == 0 and len(frames) == 3 and got == block,
          "three pages written from the format's description (in reverse order) give back the block", out)
    rc, out = fb_check(files[:2])
    check("0 complete showings" in out, "two pages of three complete nothing", out)
    bad = bytearray(frames[1])
    bad[W * 7 * 3 + 3 * 5000] ^= 0x40                   # one payload pixel of page 2
    write_ppm(tmp / "syn1bad.ppm", W, 2 * H, bad)
    rc, out = fb_check([files[0], tmp / "syn1bad.ppm", files[2]])
    check(rc != 0 and "0 complete showings" in out and "CRC-32" in out,
          "a showing with one damaged page is not published", out)


def main():
    started = time.time()
    proc = subprocess.run(cc.make_cmd() + ["build/hashbench", str(ROM.relative_to(ROOT)), str(FB_CHECK.relative_to(ROOT))],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if not check(proc.returncode == 0, f"build the ROM, hashbench and fb_check ({time.time() - started:.1f} s)",
                 proc.stdout[-2000:]):
        return cc.finish()
    check_header()
    out_dir = ROOT / "build/retro/nds-test"
    r = run(out_dir)
    if r is None:
        return cc.finish(extra_failures=1)
    cc.check_report_finds(out_dir / "results.json", "the report finds this record")
    host = cc.host_roster()
    ids = [a["id"] for a in host]
    check_record(r, ids, host)
    dsi_path = out_dir / "dsi" / "results.json"
    check_dsi(r, json.loads(dsi_path.read_text()) if dsi_path.exists() else None)
    check_screens(out_dir, r["results"], ids, host)
    cc.check_banner_notes("nds", [r])
    with tempfile.TemporaryDirectory() as tmp:
        check_decoder(out_dir / results_page(), tmp)
        # 300 frames without A: still the banner (DeSmuME shows no memory:
        # the picture is the evidence; the first pass would redraw the top screen)
        no_a = Path(tmp) / "no-a.png"
        rc, log = cc.run_without_a(ROOT / "build/retro-run", ROM, "nds", no_a)
        check(rc == 1 and "pass 1 complete" not in log, "without A: no pass completes in 300 frames", log[-600:])
        if no_a.exists():
            cc.check_banner(cc.TextGrid(cc.read_png(no_a)), "nds", what="without A, frame 300 (top screen)")
    print(f"(checks took {time.time() - started:.1f} s)")
    return cc.finish()


if __name__ == "__main__":
    sys.exit(main())

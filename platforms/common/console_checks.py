"""What every console's test script shares: counting checks and the closing
"N passed, N failed" line, the host's reference digests of the canonical
workload, schema validation, reading the emulator's PNG screenshots and
reading text off them in the ROMs' own 5x7 font (platforms/common/font5x7.c).

The console scripts (platforms/*/test_*.py) import it after putting this
folder on sys.path; each keeps only what is its console's own (layout of the
screen, its runner, its record's context).
"""
import json
import re
import struct
import subprocess
import tempfile
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SIZES = (64, 256, 1024)

# ---- counting ---------------------------------------------------------------

passed = failed = 0


def check(ok, what, detail=""):
    """Counts and prints one check; returns ok so a caller can stop early."""
    global passed, failed
    if ok:
        passed += 1
        print(f"ok   {what}")
    else:
        failed += 1
        print(f"FAIL {what}" + (f": {detail}" if detail else ""))
    return ok


def finish(extra_failures=0):
    """Prints the summary line and returns the exit status: 1 on any failure.
    extra_failures counts a run that stopped before its checks (never a pass)."""
    print(f"{passed} passed, {failed + extra_failures} failed")
    return 1 if failed + extra_failures else 0


# ---- building and the host ----------------------------------------------------

def make_cmd(jobs=None):
    """make with the platform targets (the top Makefile may not include them)."""
    cmd = ["make", "-s"] + ([f"-j{jobs}"] if jobs else [])
    if "platforms/platforms.mk" in (ROOT / "Makefile").read_text():
        return cmd
    return cmd + ["-f", "Makefile", "-f", "platforms/platforms.mk"]


_report_inputs = None


def report_inputs():
    """What `make report` ingests besides results/ (make report-inputs): files
    and folders, absolute."""
    global _report_inputs
    if _report_inputs is None:
        proc = subprocess.run(["make", "-s", "--no-print-directory", "report-inputs"], cwd=ROOT,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        _report_inputs = [(ROOT / line.strip()).resolve() for line in proc.stdout.splitlines() if line.strip()]
    return _report_inputs


def check_report_finds(path, what):
    """The record this tier wrote is one `make report` reads: a console whose
    records the report does not find shows as an empty column (issue 21)."""
    path = Path(path).resolve()
    found = any(p == path or p in path.parents for p in report_inputs())
    return check(found, what + " (listed by make report-inputs)",
                 f"{path.relative_to(ROOT) if ROOT in path.parents else path} is not among "
                 f"{len(report_inputs())} inputs")


def host_roster():
    """`hashbench list --format json`: the roster in category order, with each
    algorithm's implementations."""
    return json.loads(subprocess.run([str(ROOT / "build/hashbench"), "list", "--format", "json"],
                                     stdout=subprocess.PIPE, text=True, check=True).stdout)


def compact_ids(console, roster):
    """The algorithms whose fast row the console runs in a compact form
    (<algo>_compact.c: the console's list in its makefile, the rows of each in
    platforms/common/compact.mk); its records name that row `compact`."""
    rows = subprocess.run(["make", "-s", "--no-print-directory", f"compact-rows-{console}"], cwd=ROOT,
                          stdout=subprocess.PIPE, text=True, check=True).stdout.split()
    by_row = {a["id"].replace("-", "_") + "_fast": a["id"] for a in roster}
    unknown = [r for r in rows if r not in by_row]
    if unknown:
        raise SystemExit(f"compact-rows-{console}: {unknown} name no fast row of the host's roster")
    return {by_row[r] for r in rows}


def console_name(algo, impl, compact=frozenset()):
    """What a console's record calls the host's implementation impl of algo:
    `compact` for a fast row the console runs in its compact form."""
    return "compact" if impl == "fast" and algo in compact else impl


def portable_c_keys(roster, builds=(None,), sizes=SIZES, compact=frozenset()):
    """Every (algorithm, implementation, size) a console must report: the
    implementations in portable C (portable, fast; compact where the console
    runs that form: compact_ids), named impl@build when the console has
    several builds."""
    return {(a["id"], console_name(a["id"], i["name"], compact) + ("" if b is None else f"@{b}"), n)
            for a in roster for i in a["implementations"] if i["name"] in ("portable", "fast")
            for b in builds for n in sizes}


def workload(n):
    """The canonical workload of size n: (i * 31 + 7) & 0xFF."""
    return bytes((i * 31 + 7) & 0xFF for i in range(n))


def workload_digests():
    """tests/vectors/workload-digests.txt: each algorithm's digest of the
    1024-byte workload, from implementations nobody here wrote."""
    ref = {}
    for line in (ROOT / "tests/vectors/workload-digests.txt").read_text().splitlines():
        f = line.split()
        if len(f) == 2 and not line.startswith("#"):
            ref[f[0]] = f[1]
    return ref


def host_sums(algos, sizes=SIZES):
    """{algo: {size: digest}} from `build/hashbench sum` (portable) of the
    workload at each size, one call per algorithm."""
    with tempfile.TemporaryDirectory() as tmp:
        files = []
        for n in sizes:
            files.append(Path(tmp) / f"workload{n}")
            files[-1].write_bytes(workload(n))
        out = {}
        for a in algos:
            text = subprocess.run([str(ROOT / "build/hashbench"), "sum", "-a", a, "--impl", "portable"]
                                  + [str(f) for f in files], stdout=subprocess.PIPE, text=True, check=True).stdout
            out[a] = dict(zip(sizes, (line.split()[0] for line in text.splitlines())))
    return out


def expected_digests(algos):
    """{algo: {size: digest}}: workload-digests.txt at 1024 bytes, the host's
    `hashbench sum` at 64 and 256."""
    ref = workload_digests()
    sums = host_sums(algos, (64, 256))
    return {a: {64: sums[a][64], 256: sums[a][256], 1024: ref[a]} for a in algos}


def check_digests(results, algos, expect, what="digests equal the host's at 64, 256, 1024 bytes"):
    """One check per algorithm: every result's digest equals expect[algo][size]."""
    for algo in algos:
        bad = [f"{r['implementation']} {r['size']}: {r['digest']} != {expect[algo][r['size']]}"
               for r in results if r["algorithm"] == algo and r["digest"] != expect[algo][r["size"]]]
        check(not bad, f"{algo}: {what}", "; ".join(bad[:3]))


def check_schema(record, what="results validate against the schema"):
    """The record against docs/schema/results.schema.json (jsonschema from the
    project's .venv: its absence is a failure, not a skip)."""
    try:
        import jsonschema
    except ImportError:
        return check(False, what, "jsonschema missing (sh tools/setup.sh test)")
    schema = json.loads((ROOT / "docs/schema/results.schema.json").read_text())
    errors = [e.message for e in jsonschema.Draft202012Validator(schema).iter_errors(record)]
    return check(not errors, what, "; ".join(errors[:3]))


def check_repeats(results, other=None, unit="cycle counts"):
    """Deterministic timing: pass 1 and pass 2 of a run give the same ticks,
    and (with other, a second run's results) so do the two runs."""
    within = [f"{r['algorithm']} {r['implementation']} {r['size']}" for r in results
              if len(r["samples_ticks"]) != 2 or r["samples_ticks"][0] != r["samples_ticks"][1]]
    check(not within, f"{unit} identical in pass 1 and pass 2 of a run", "; ".join(within[:3]))
    if other is None:
        return
    t2 = {(r["algorithm"], r["implementation"], r["size"]): r["samples_ticks"] for r in other}
    across = [f"{r['algorithm']} {r['implementation']} {r['size']}" for r in results
              if t2.get((r["algorithm"], r["implementation"], r["size"])) != r["samples_ticks"]]
    check(not across, f"{unit} identical between two runs", "; ".join(across[:3]))


# ---- screenshots -----------------------------------------------------------------

def read_png(path):
    """(width, height, rows of RGB bytes) of an 8-bit RGB PNG with filter-0
    rows (what tools/retro-run writes, for every back-end); chunk CRCs checked."""
    data = Path(path).read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width, height = 8, b"", 0, 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        crc = struct.unpack(">I", data[pos + 8 + n:pos + 12 + n])[0]
        assert zlib.crc32(kind + body) == crc, f"bad CRC in {kind}"
        if kind == b"IHDR":
            width, height, depth, ctype = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and ctype == 2, "expected 8-bit RGB"
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    stride = width * 3 + 1
    rows = []
    for y in range(height):
        assert raw[y * stride] == 0, "expected filter type 0"
        rows.append(raw[y * stride + 1:(y + 1) * stride])
    return width, height, rows


def colours(img):
    """How many different colours the picture has (a blank screen: one or two)."""
    return len({bytes(row[i:i + 3]) for row in img[2] for i in range(0, len(row), 3)})


def load_font():
    """{character: 35 '.'/'#' pixels} read from the ROMs' font source, so the
    screenshots are checked against exactly what the ROMs draw."""
    src = (ROOT / "platforms/common/font5x7.c").read_text()
    chars = re.search(r'font5x7_chars\[\] = "(.*)";', src).group(1)
    glyphs = re.findall(r'^\s*((?:"[.#]{5}"\s*){7}),', src, re.M)
    return {ch: "".join(re.findall(r'"([.#]{5})"', g)) for ch, g in zip(chars, glyphs)}


FONT = load_font()


class TextGrid:
    """Text cells of a screenshot: cell (col, row) is cell_w x cell_h pixels
    starting at pixel (x0 + col * cell_w, y0 + row * cell_h), the glyph in its
    top-left 5x7 pixels, the rest of the cell background."""

    def __init__(self, img, cell_w=6, cell_h=8, x0=0, y0=0):
        self.rows = img[2]
        self.cell_w, self.cell_h, self.x0, self.y0 = cell_w, cell_h, x0, y0

    def cell_matches(self, col, row, ch):
        """The cell shows glyph ch: lit pixels share one colour, the others
        share the cell's background (its bottom-right pixel, never lit), and
        the two differ (a space: background only)."""
        glyph = FONT.get(ch.upper())
        top, left = self.y0 + row * self.cell_h, self.x0 + col * self.cell_w
        if glyph is None or top < 0 or top + self.cell_h > len(self.rows) or left < 0 \
                or (left + self.cell_w) * 3 > len(self.rows[0]):
            return False
        corner = (left + self.cell_w - 1) * 3
        bg = self.rows[top + self.cell_h - 1][corner:corner + 3]
        fg = None
        for y in range(self.cell_h):
            line = self.rows[top + y]
            for x in range(self.cell_w):
                px = line[(left + x) * 3:(left + x) * 3 + 3]
                if y < 7 and x < 5 and glyph[y * 5 + x] == "#":
                    fg = fg or px
                    if px != fg or px == bg:
                        return False
                elif px != bg:
                    return False
        return True

    def text_at(self, col, row, text):
        return all(self.cell_matches(col + i, row, c) for i, c in enumerate(text))


# ---- the start-up banner -------------------------------------------------------------

def _c_macros(path):
    """#define NAME value lines of a C header (values as written)."""
    return dict(re.findall(r'^#define\s+(\w+)\s+(.+?)\s*$', Path(path).read_text(), re.M))


def banner_lines(console):
    """The banner's lines as the ROM of platforms/<console> draws them: the
    initializer of hbt_banner_lines in platforms/common/hbt_banner.c with that
    console's hbt_platform.h macros and HB_VERSION put in, adjacent string
    literals joined (read from the sources, so the check follows them)."""
    src = (ROOT / "platforms/common/hbt_banner.c").read_text()
    body = re.search(r'hbt_banner_lines\[\] = \{(.*?)\n\};', src, re.S).group(1)
    macros = _c_macros(ROOT / "include/hashbench.h")
    macros.update(_c_macros(ROOT / f"platforms/{console}/hbt_platform.h"))
    # hbt_banner.c's #ifdef: an empty line and the notes, or nothing
    macros["HBT_NOTE_LINES"] = '"", HBT_EMU_NOTES' if "HBT_EMU_NOTES" in macros else ""
    for _ in range(3):
        body = re.sub(r'\b(HBT?_\w+)\b', lambda m: macros.get(m.group(1), m.group(1)), body)
    lines, cur = [], None
    for tok in re.findall(r'"(?:[^"\\]|\\.)*"|,|\b0\b', body):
        if tok == ",":
            if cur is not None:
                lines.append(cur)
            cur = None
        elif tok == "0":
            break
        else:
            cur = (cur or "") + tok[1:-1]
    return lines


def check_banner(grid, console, col=0, row=0, what="the start-up banner"):
    """Every banner line drawn in the ROM's font from (col, row) down, with
    the title first and "PRESS A TO START" last; returns the check."""
    lines = banner_lines(console)
    bad = [f"row {row + i}: {text!r}" for i, text in enumerate(lines) if not grid.text_at(col, row + i, text)]
    ok = lines and lines[0].startswith("HASHBENCH ") and lines[-1] == "PRESS A TO START"
    return check(ok and not bad, f"{what}: {len(lines)} lines (name, CPU, clock, build, controls, "
                 "PRESS A TO START) on screen", "; ".join(bad[:4]) or f"lines: {lines}")


def banner_notes(console):
    """The banner's emulator notes (HBT_EMU_NOTES of platforms/<console>/
    hbt_platform.h), in the order drawn; [] when it has none."""
    value = _c_macros(ROOT / f"platforms/{console}/hbt_platform.h").get("HBT_EMU_NOTES", "")
    return re.findall(r'"((?:[^"\\]|\\.)*)"', value)


# the word a banner note uses for each timing_fidelity of the record
FIDELITY_WORDS = {"cycle-exact": "CYCLE-EXACT", "approximate": "APPROX"}


def check_banner_notes(console, records, what="the banner's emulator notes"):
    """The banner's notes are true to the runs: they name the emulator of
    every record given (the first word of its context.emulator: Nestopia,
    Gambatte, mGBA, DeSmuME, ...) and say the timing_fidelity its results
    have (CYCLE-EXACT, APPROX).  Returns the check."""
    notes = banner_notes(console)
    text = " ".join(notes)
    missing = []
    for rec in records:
        emu = rec["context"].get("emulator", "").split()[0].upper() if rec["context"].get("emulator") else "?"
        if emu not in text.replace("+", " ").replace("/", " ").split():
            missing.append(f"emulator {emu}")
        for fid in sorted({r["timing_fidelity"] for r in rec["results"]}):
            if FIDELITY_WORDS.get(fid, fid.upper()) not in text:
                missing.append(f"{fid} as {FIDELITY_WORDS.get(fid, fid.upper())}")
    return check(bool(notes) and not missing, f"{what} ({' / '.join(notes)}) name the emulator and its timing "
                 "as the record says", "; ".join(missing) or "no HBT_EMU_NOTES")


def run_without_a(retro_run, rom, platform, shot, frames=300, extra=()):
    """Runs the ROM headless for `frames` frames without pressing A
    (retro-run --start-at 0) and photographs the last one: the ROM must still
    be on its banner, no pass begun.  Returns (exit status, stderr)."""
    proc = subprocess.run([str(retro_run), "--platform", platform, "--rom", str(rom), "--start-at", "0",
                           "--verbose", "--at", str(frames), f"shot:{shot}", "--at", str(frames + 1), "quit",
                           *extra], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return proc.returncode, proc.stdout

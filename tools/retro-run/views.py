#!/usr/bin/env python3
"""Every view a console ROM's results screen offers, and the run that
photographs each one.

The views are derived from the ROM's own sources, not typed here: its
controls from the banner it draws (platforms/common/hbt_banner.c with the
console's hbt_platform.h: "A SORT ORDER", "SELECT SIZE SWEEP", "UP/DN PAGE",
"L/R CODE SHOWN", "B START RUN AGAIN"), the sort orders from
platforms/common/hbt_sort.c, the pages from the console's rows per page and
the roster's length (src/registry.c), the builds shown by L/R from the
ROM's build table.  What is the console's own (where those facts live, how
many frames a redraw takes, which view has pages) is in CONSOLES below.

The walk: the banner; the table after pass 1; B (pass 2); then from that
table each control in turn through all its values and back (every page,
every sort, the sweep and its pages, every build or implementation shown),
a photograph after every press; START (pass 3 begins).  A view's name says
what it shows, the way the N64 ROM names the screens it sends:
p<pass>[-<code>]-<sort>-<1024|sweep>[-page<N>], e.g. p2-fast-speed-sweep-page2;
a file is NN-<view>-<emulator>.png.

  views.py at CONSOLE EMULATOR DIR   the --at arguments of tools/retro-run
  views.py keys CONSOLE              the --keys list (the N64's back-ends)
  views.py list CONSOLE EMULATOR     the expected files, one a line: FILE VIEW

Exit status 2 with a message on a bad console or command.
"""
import math
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# What is each console's own.  ui: the file with its rows per page (macro
# rows); pages_in: the modes whose rows are paged ("1024": the table,
# "sweep"); settle: frames from a press until the view is drawn (NES: three
# rows a vertical blank); builds: the file whose hbt_build table names the
# code L/R shows; impls: the implementations LT/RT shows, the first by
# default; data_page: the ROM shows its results as a frame page after each
# pass (the DS: the runner reads the block from it); sweep_resets_page: the
# sweep button goes back to page 1; running_shot: START's screen (pass 3
# running) is photographed (the N64 ROM sends no screen then: its run ends);
# rom_names: the ROM sends its screens named (n64_ui.c: NN-<view>, the
# banner "banner"), the back-end adds -<emulator>; pages_each_code: every
# page is photographed in every build's views too, not only the first
# build's (the N64: test_n64.py reads every cell of both builds).
CONSOLES = {
    "nes": dict(ui="platforms/nes/nes_ui.c", rows="ROWS_PER_PAGE", pages_in=("1024", "sweep"), settle=40),
    "gb": dict(ui="platforms/gb/gb_ui.c", rows="ROWS_PER_PAGE", pages_in=("1024", "sweep"), settle=40,
               impls=("fast", "portable")),
    "gbc": dict(same_as="gb"),
    "gba": dict(ui="platforms/gba/gba_ui.c", rows="ROWS_PER_PAGE", pages_in=("1024", "sweep"), settle=30,
                builds="platforms/gba/main.c"),
    "nds": dict(ui="platforms/nds/nds_ui.c", rows="ROWS_PER_PAGE", pages_in=("1024", "sweep"), settle=30,
                data_page=True),
    "n64": dict(ui="platforms/n64/n64_ui.c", rows="HALF", pages_in=("1024", "sweep"), settle=0,
                builds="platforms/n64/n64_builds.c", sweep_resets_page=True, running_shot=False,
                rom_names=True, pages_each_code=True),
}
BANNER_AT = 110          # frames: before tools/retro-run presses A (--start-at, 120)
GAP = 10                 # frames from a photograph to the next press


def console(name):
    if name not in CONSOLES:
        raise SystemExit(f"views.py: no console {name!r} (known: {', '.join(CONSOLES)})")
    c = dict(CONSOLES[name])
    if "same_as" in c:
        c = dict(CONSOLES[c["same_as"]], platform=c["same_as"])
    c.setdefault("platform", name)
    return c


def _text(path):
    return (ROOT / path).read_text()


def controls(name):
    """{what: key}: the control lines of the banner the ROM draws, what each
    does -> the button a run presses.  Read by the keys, which every ROM
    writes the same way (hbt_platform.h): A sorts, the sweep line says SIZE
    SWEEP, UP/DN pages, L/R the build shown (the shoulder buttons), LT/RT the
    implementation shown (the d-pad), B START run again."""
    sys.path.insert(0, str(ROOT / "platforms/common"))
    import console_checks  # the banner as the ROM draws it, read from the sources
    out = {}
    for line in console_checks.banner_lines(console(name)["platform"]):
        words = line.split()
        if len(words) < 2:
            continue
        if line.endswith(" SIZE SWEEP"):
            out["sweep"] = words[0]
        elif words[0] == "A" and "SORT" in words:
            out["sort"] = "A"
        elif words[0] == "UP/DN":
            out["page"] = "DOWN"            # DOWN goes forward
        elif words[0] == "L/R":
            out["build"] = "R"
        elif words[0] == "LT/RT":
            out["impl"] = "RIGHT"
        elif words[:2] == ["B", "START"]:
            out["rerun"] = "B"
    return out


def sort_names():
    body = re.search(r"hbt_sort_names\[[^]]*\]\s*=\s*\{(.*?)\}", _text("platforms/common/hbt_sort.c"), re.S).group(1)
    return [s.lower() for s in re.findall(r'"([^"]+)"', body)]


def roster_length():
    return len(re.findall(r"^\s*&hb_algo_\w+,", _text("src/registry.c"), re.M))


def pages(name):
    c = console(name)
    rows = int(re.search(rf"^#define {c['rows']}\s+(\d+)", _text(c["ui"]), re.M).group(1))
    return math.ceil(roster_length() / rows)


def code_dims(name):
    """[(dimension, button, values)]: what L/R (the build) and LT/RT (the
    implementation) show, in the order the button goes through them, the
    ROM's first view first"""
    c, ctl, out = console(name), controls(name), []
    if "build" in ctl:
        table = re.search(r"hbt_build \w+\[\]\s*=\s*\{(.*?)\};", _text(c["builds"]), re.S).group(1)
        out.append(("build", ctl["build"], [s.lower().replace(" ", "-") for s in re.findall(r'\{\s*"([^"]+)"', table)]))
    if "impl" in ctl:
        out.append(("impl", ctl["impl"], ["fast", "portable"]))   # the ROMs show fast first (view_impl = 1)
    return out


def codes(name):
    """the values of the console's first code dimension ([] without one)"""
    dims = code_dims(name)
    return dims[0][2] if dims else []


class State:
    """What a table view shows: the pass, the value of each code dimension
    (index), the sort (index), the sweep or the 1024-byte table, the page."""

    def __init__(self, passno=1, code=None, sort=0, sweep=False, page=0):
        self.passno, self.sort, self.sweep, self.page = passno, sort, sweep, page
        self.code = dict(code or {})

    def key(self):
        # a dimension at its first value is the same view as one never pressed
        return (tuple(sorted((d, i) for d, i in self.code.items() if i)), self.sort, self.sweep, self.page)

    def copy(self, **kw):
        s = State(self.passno, self.code, self.sort, self.sweep, self.page)
        for k, v in kw.items():
            setattr(s, k, v)
        return s


class View:
    """One photograph: its name, the state shown (None: banner, data page,
    a pass running), the press before it."""

    def __init__(self, name, state=None, press=None, kind="table"):
        self.name, self.state, self.press, self.kind = name, state, press, kind

    def file(self, n, emulator):
        return f"{n:02d}-{self.name}-{emulator}.png"


def view_name(name, s):
    parts = [f"p{s.passno}"] + [values[s.code.get(dim, 0)] for dim, _, values in code_dims(name)]
    parts += [sort_names()[s.sort], "sweep" if s.sweep else "1024"]
    if s.page:
        parts.append(f"page{s.page + 1}")
    return "-".join(parts)


def walk(name):
    """The views in the order the run takes them."""
    c, ctl = console(name), controls(name)
    n_sorts, n_pages = len(sort_names()), pages(name)
    views = [View("banner", kind="banner")]
    s = State(1)
    if c.get("data_page"):
        views.append(View("p1-results-page", kind="data"))
    views.append(View(view_name(name, s), s))
    s = s.copy(passno=2)
    views.append(View(view_name(name, s), s, ctl.get("rerun", "B")))

    def press(key, **change):
        nonlocal s
        s = s.copy(**change)
        views.append(View(view_name(name, s), s, key))

    def sweep(on):
        press(ctl["sweep"], sweep=on, page=0 if c.get("sweep_resets_page") else s.page)

    def through_pages(mode):
        if "page" in ctl and mode in c["pages_in"]:
            for p in list(range(1, n_pages)) + [0]:
                press("DOWN", page=p)

    through_pages("1024")
    if "sort" in ctl:
        for k in list(range(1, n_sorts)) + [0]:
            press(ctl["sort"], sort=k, page=0)
    if "sweep" in ctl:
        sweep(True)
        through_pages("sweep")
        sweep(False)
    # every other build and implementation shown: its table and its sweep
    # (and their pages, where every page of every build is wanted), then
    # round to the first again
    each = c.get("pages_each_code")
    for dim, key, values in code_dims(name):
        for k in list(range(1, len(values))) + [0]:
            press(key, code=dict(s.code, **{dim: k}))
            if k and each:
                through_pages("1024")
            if k and "sweep" in ctl:
                sweep(True)
                if each:
                    through_pages("sweep")
                sweep(False)
    if c.get("running_shot", True):
        views.append(View("p3-running", press="START", kind="running"))
    return views


def files(name, emulator):
    rom_names = console(name).get("rom_names")
    return [(f"banner-{emulator}.png" if rom_names and v.kind == "banner" else v.file(i, emulator), v)
            for i, v in enumerate(walk(name))]


def at_args(name, emulator, out_dir):
    """tools/retro-run's frame script: each photograph `settle` frames after
    its press, the next press GAP frames later; quit after the last."""
    settle = console(name)["settle"]
    args, t = [], 0
    for f, v in files(name, emulator):
        path = f"{out_dir}/{f}"
        if v.kind == "banner":
            args += ["--at", str(BANNER_AT), f"shot:{path}"]
        elif v.kind == "data":
            args += ["--at", "done1+0", f"shot:{path}"]
        elif v.press is None:
            args += ["--at", f"done1+{settle}", f"shot:{path}"]
            t = settle + GAP
        elif v.state is not None and v.state.passno == 2 and v.press == "B":
            args += ["--at", f"done1+{t}", "press:B", "--at", f"done2+{settle}", f"shot:{path}"]
            t = settle + GAP
        else:
            args += ["--at", f"done2+{t}", f"press:{v.press}", "--at", f"done2+{t + settle}", f"shot:{path}"]
            t += settle + GAP
    args += ["--at", f"done2+{t - GAP + 1}", "quit"]
    return args


def keys(name):
    """The presses, for a back-end that presses whenever the ROM waits
    (the N64's): A to start, then one per view after pass 1's table."""
    presses = [v.press for v in walk(name) if v.press]
    return ["A"] + presses + ([] if console(name).get("running_shot", True) else ["START"])


def main(argv):
    if len(argv) >= 3 and argv[0] == "at" and len(argv) == 4:
        print(" ".join(at_args(argv[1], argv[2], argv[3])))
    elif len(argv) == 2 and argv[0] == "keys":
        print(",".join(keys(argv[1])))
    elif len(argv) == 3 and argv[0] == "list":
        for f, v in files(argv[1], argv[2]):
            print(f, v.name)
    else:
        print(__doc__.split("\n\n")[-2], file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

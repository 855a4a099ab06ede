"""The console screenshots the report shows: every PNG below the folders it
is given, grouped by the run that took them (the folder: a console run
writes its results.json beside its photographs) and by console, each
labelled with the emulator that run's record names (context.emulator), so
a console's screens in each emulator can be set side by side, one row per
view.

A photograph's view comes from its file name, NN-<view>-<emulator>.png
(tools/retro-run/views.py; the N64 ROM names its own screens NN-<view>):
the number and, where the record names the emulator, that emulator's tag
are taken off.  A folder without a record is labelled by its name and says
so; its pictures are grouped under that name."""
import json
import re
from pathlib import Path

from . import platforms as pf


class Run:
    """One folder of screenshots: the console and emulator its record names."""

    def __init__(self, folder, caption_root):
        self.folder = Path(folder)
        self.caption_root = caption_root
        self.platform, self.emulator, self.from_record = None, None, False
        rec = self.folder / "results.json"
        if rec.is_file():
            try:
                ctx = json.loads(rec.read_text()).get("context", {})
            except (OSError, ValueError):
                ctx = {}
            if ctx.get("platform") and ctx.get("emulator"):
                self.platform, self.emulator, self.from_record = ctx["platform"], ctx["emulator"], True
        self.shots = sorted(self.folder.glob("*.png"))

    @property
    def label(self):
        """the emulator as the record names it; the folder's name without a record"""
        return self.emulator if self.from_record else f"{self.folder.name} (no results.json: emulator unknown)"

    @property
    def console(self):
        return self.platform or self.folder.name

    def tag(self):
        """the emulator's word as views.py puts it in file names ("mgba" for "mGBA 0.10.1")"""
        return (self.emulator or "").split(" ")[0].lower()

    def view_of(self, path):
        """"p2-speed-1024" for 06-p2-speed-1024-mgba.png; the N64's unnumbered
        banner-cen64.png and final-cen64.png: "banner", "final" (the ROM names
        them, the back-end adds the emulator); else the stem"""
        stem = path.stem
        m = re.match(r"^\d+-(.+)$", stem)
        view = m.group(1) if m else stem
        if self.from_record and self.tag() and view.endswith("-" + self.tag()):
            view = view[:-len(self.tag()) - 1]
        return view

    def caption(self, path):
        return str(path.relative_to(self.caption_root))


def collect(folders):
    """[(console title, [Run], [(view, occurrence)])]: the consoles in the
    report's order, each with its runs (columns) and its views (rows, in the
    order the runs took them; a view shown twice is two rows)."""
    given = [Path(d) for d in folders]
    runs, seen = [], set()
    for top in (d for d in given if d.is_dir()):
        # the caption names the run's folder too when several were given ("gba/03-...png")
        root = top if len(given) == 1 else top.parent
        # a folder given twice (or inside another given one) is one run
        for d in sorted({p.parent for p in top.rglob("*.png")} - seen):
            seen.add(d)
            runs.append(Run(d, root))
    by_console = {}
    for r in runs:
        by_console.setdefault(r.console, []).append(r)
    order = [c for c, _ in pf.CONSOLES if c in by_console] + sorted(c for c in by_console if c not in pf.CONSOLE_NAMES)
    out = []
    for c in order:
        rows = []
        for r in by_console[c]:
            seen = {}
            for p in r.shots:
                v = r.view_of(p)
                key = (v, seen.get(v, 0))
                seen[v] = key[1] + 1
                if key not in rows:
                    rows.append(key)
        out.append((pf.display_name(c), by_console[c], rows))
    return out


def cells(run, rows):
    """{(view, occurrence): path} of one run"""
    out, seen = {}, {}
    for p in run.shots:
        v = run.view_of(p)
        out[(v, seen.get(v, 0))] = p
        seen[v] = seen.get(v, 0) + 1
    return out

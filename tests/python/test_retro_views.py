"""tools/retro-run/views.py: the views a console ROM's controls offer and
the frame script that photographs each (the console tiers check the
photographs themselves)."""
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
VIEWS = ROOT / "tools/retro-run/views.py"
sys.path.insert(0, str(VIEWS.parent))
import views  # noqa: E402

LIBRETRO = {"nes": "nestopia", "gb": "gambatte", "gbc": "mgba", "gba": "mgba", "nds": "desmume"}


def run(*args):
    return subprocess.run([sys.executable, str(VIEWS), *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True)


@pytest.mark.parametrize("console", sorted(views.CONSOLES))
def test_every_control_value_is_visited(console):
    walk = views.walk(console)
    states = [v.state for v in walk if v.state is not None]
    ctl = views.controls(console)
    # the banner's controls as the ROM draws them: every ROM sorts, sweeps, reruns
    assert {"sort", "sweep", "rerun"} <= set(ctl), ctl
    assert {s.sort for s in states} == set(range(len(views.sort_names())))
    assert {s.sweep for s in states} == {False, True}
    if "page" in ctl:
        assert {s.page for s in states} == set(range(views.pages(console)))
        assert views.pages(console) >= 2
    for dim, _, values in views.code_dims(console):
        assert {s.code.get(dim, 0) for s in states} == set(range(len(values))), dim
    # the banner first, pass 1's table, then the rerun's
    assert walk[0].kind == "banner"
    assert [s.passno for s in states][:2] == [1, 2]
    names = [v.file(i, "emu") for i, v in enumerate(walk)]
    assert len(set(names)) == len(names)


@pytest.mark.parametrize("console", sorted(LIBRETRO))
def test_the_frame_script_photographs_each_view_after_its_press(console):
    out = run("at", console, LIBRETRO[console], "OUT")
    assert out.returncode == 0, out.stderr
    args = out.stdout.split()
    events = [(args[i + 1], args[i + 2]) for i in range(0, len(args), 3)]
    assert all(args[i] == "--at" for i in range(0, len(args), 3))
    shots = [a[5:] for _, a in events if a.startswith("shot:")]
    assert shots == [f"OUT/{f}" for f, _ in views.files(console, LIBRETRO[console])]
    assert all(f.endswith(f"-{LIBRETRO[console]}.png") for f in shots)

    def frame(when):
        m = re.match(r"done(\d)\+(\d+)$", when)
        return (int(m.group(1)), int(m.group(2))) if m else (0, int(when))
    # after pass 2: press, then its photograph, later; the quit last
    timed = [(frame(w), a) for w, a in events]
    assert timed[-1][1] == "quit" and timed[-1][0] == max(t for t, _ in timed)
    after = [(t, a) for t, a in timed if t[0] == 2]
    for (t1, a1), (t2, a2) in zip(after, after[1:]):
        assert t1 < t2, (a1, a2)
    # within the runner's limit of --at events (tools/retro-run/script.c), with its own --start-at press
    limit = int(re.search(r"#define MAX_EVENTS (\d+)", (VIEWS.parent / "script.c").read_text()).group(1))
    assert len(events) + 1 <= limit


def test_the_n64_keys_follow_the_walk():
    out = run("keys", "n64")
    assert out.returncode == 0, out.stderr
    keys = out.stdout.strip().split(",")
    assert keys[0] == "A" and keys[1] == "B" and keys[-1] == "START"
    # one press per screen the ROM sends after pass 1's table
    assert len(keys) == 1 + sum(1 for v in views.walk("n64") if v.press) + 1


def test_the_n64_walk_shows_every_page_of_every_build():
    # the N64 pages both views (n64_ui.c: 20 rows a page) and its checks read
    # every cell of both builds: each build's 1024-byte view and sweep, every page
    states = [v.state for v in views.walk("n64") if v.state is not None]
    builds = views.code_dims("n64")[0][2]
    assert views.pages("n64") >= 2 and len(builds) >= 2
    seen = {(s.code.get("build", 0), s.sweep, s.page) for s in states}
    assert seen == {(b, sw, p) for b in range(len(builds)) for sw in (False, True)
                    for p in range(views.pages("n64"))}
    # the ROM names its screens: the views' names as it writes them
    assert [f for f, _ in views.files("n64", "cen64")][:4] == [
        "banner-cen64.png", "01-p1-o32-category-1024-cen64.png", "02-p2-o32-category-1024-cen64.png",
        "03-p2-o32-category-1024-page2-cen64.png"]


def test_bad_usage_says_so():
    out = run("at", "snes", "x", "OUT")
    assert out.returncode != 0 and "no console 'snes'" in out.stderr
    out = run("frobnicate")
    assert out.returncode == 2 and "views.py" in out.stderr

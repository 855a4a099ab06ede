"""Every view a console ROM offers, photographed in a run, and each
photograph showing that view: the checks the console scripts
(platforms/*/test_*.py) run on a run's screenshots.  The views and their
file names come from tools/retro-run/views.py (which reads the ROM's
sources, the banner through console_checks); the counting, the PNG reading
and the text reading are console_checks'.
"""
import sys

from console_checks import ROOT, check, check_banner, colours, read_png  # noqa: F401

sys.path.insert(0, str(ROOT / "tools/retro-run"))
import views  # noqa: E402


def find_text(grid, text, rows):
    """text drawn in the ROM's font anywhere along the given text rows of
    grid: the first (col, row) it starts at, else None"""
    cols = len(grid.rows[0]) // 3 // grid.cell_w
    for row in rows:
        for col in range(cols - len(text) + 1):
            if grid.text_at(col, row, text):
                return col, row
    return None


def shows_pass(grid, passno, rows):
    """"RUNNING PASS" and the pass number after it, on one of rows"""
    at = find_text(grid, "RUNNING PASS", rows)
    return at is not None and any(grid.text_at(at[0] + 12 + k, at[1], str(passno)) for k in range(6))


def view_labels(console):
    """(code, sorts, pages): what views.py found the ROM offers: code(state,
    dim) the value a code dimension ("build": L/R, "impl": LT/RT) has in a
    view's state as views.py names it (None: the ROM has no such control),
    the sort names, the number of pages"""
    v = views
    dims = {dim: values for dim, _, values in v.code_dims(console)}

    def code(st, dim):
        return dims[dim][st.code.get(dim, 0)] if dim in dims else None
    return code, v.sort_names(), v.pages(console)


def check_views(folder, console, emulator, grid_of, header, banner=None, running_rows=range(0, 4), what=None):
    """The photographs of one run (tools/retro-run/views.py's walk, files
    NN-<view>-<emulator>.png in folder):

      - every view the ROM's controls offer was photographed, none blank;
      - the same view in the same pass photographed twice (a control taken
        round its values and back) is pixel-identical, and every other view
        of that pass differs from it: a photograph shows the view its name
        says, not a copy of another;
      - each table view shows its own header: header(state) gives
        (texts, rows, grid) triples, each text to be found in those text
        rows of grid(img) (grid_of(img) when grid is None), in the ROM's font;
      - the banner (banner(img): the console's check) and pass 3 running
        after START.

    Returns {view file: image} of the photographs that exist."""
    what = what or f"{console} in {emulator}"
    expected = views.files(console, emulator)
    imgs = {f: read_png(folder / f) for f, _ in expected if (folder / f).exists()}
    missing = [f for f, _ in expected if f not in imgs]
    check(not missing, f"{what}: all {len(expected)} views the ROM's controls offer photographed "
          f"(banner, tables, each sort, sweep, page, code shown, rerun)", ", ".join(missing[:6]))
    blank = [f for f, img in imgs.items() if colours(img) < 2]
    check(imgs and not blank, f"{what}: no photograph blank", ", ".join(blank))
    tables = [(f, v) for f, v in expected if v.state is not None and f in imgs]
    groups = {}
    for f, v in tables:
        groups.setdefault((v.state.passno, v.state.key()), []).append(f)
    repeats = [fs for fs in groups.values() if len(fs) > 1]
    unequal = [f"{fs[0]} != {f}" for fs in repeats for f in fs[1:] if imgs[f][2] != imgs[fs[0]][2]]
    check(repeats and not unequal, f"{what}: a view shown again after going round a control is pixel-identical "
          f"({sum(len(fs) - 1 for fs in repeats)} repeats)", "; ".join(unequal[:3]))
    by_pass = {}
    for (passno, _), fs in groups.items():
        by_pass.setdefault(passno, []).append(fs[0])
    same = []
    for passno, fs in by_pass.items():
        seen = {}
        for f in fs:
            px = b"".join(imgs[f][2])
            if px in seen:
                same.append(f"{f} == {seen[px]}")
            seen[px] = f
    n_views = sum(len(fs) for fs in by_pass.values())
    check(not same, f"{what}: the {n_views} different views of each pass all look different", "; ".join(same[:3]))
    bad = []
    for f, v in tables:
        for texts, rows, grid in header(v.state):
            g = (grid or grid_of)(imgs[f])
            for t in texts:
                if not find_text(g, t, rows):
                    bad.append(f"{f}: no {t!r}")
    check(tables and not bad, f"{what}: each of the {len(tables)} table views shows its own header "
          "(sort, size view, page, code shown)", "; ".join(bad[:4]))
    for f, v in expected:
        if f not in imgs:
            continue
        if v.kind == "banner" and banner:
            banner(imgs[f], f"{what}: {f}")
        elif v.kind == "running":
            check(shows_pass(grid_of(imgs[f]), 3, running_rows),
                  f"{what}: {f}: START begins pass 3 (RUNNING PASS 3 on screen)")
    return imgs


def shot(console, emulator, passno=2, sort="category", sweep=False, page=1, index=0, **code):
    """the file name of the photograph of a table view, named by what it
    shows (code: build=..., impl=...; a dimension not named: the ROM's first
    value); index: which of the photographs of that view, in the order taken
    (-1: the last)"""
    v = views
    dims = {dim: values for dim, _, values in v.code_dims(console)}
    want = {dim: values.index(code[dim]) if dim in code else 0 for dim, values in dims.items()}
    names = [f for f, view in v.files(console, emulator) if view.state is not None
             and view.state.passno == passno and v.sort_names()[view.state.sort] == sort
             and view.state.sweep == sweep and view.state.page == page - 1
             and all(view.state.code.get(d, 0) == i for d, i in want.items())]
    if not names or index >= len(names):
        raise SystemExit(f"views.py offers no view pass {passno} {sort} sweep={sweep} page {page} {code} "
                         f"for {console}")
    return names[index]

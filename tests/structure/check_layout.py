#!/usr/bin/env python3
"""The layering rules of docs/architecture.md, checked on the tree.

Each check prints "ok" or "FAIL" with what it found (file and line), and the
last line is the project's summary, "N passed, N failed".  They take
seconds: the include and import graphs and the name and function scans read
the sources; the call relation reads the symbols (`nm`) of the objects the
build made (BUILD/obj, `make` first: the check fails when there are none)
and of tools/retro-run, which this script compiles itself (the runner is
built in one command, with no objects to read).

    python3 tests/structure/check_layout.py [--root DIR] [--build DIR] [-v]

--build build/cross/aarch64 reads that target's objects instead (the host
build has no objects of the other architectures' kernels).

The checks:
  include-cycles   no two C files (src/, tools/, platforms/, include/)
                   include each other
  call-cycles      no two object files call each other: A uses a symbol B
                   defines and B one A defines (nm: U against T/D/B/R...)
  python-cycles    no two Python modules import each other (report/, and
                   the project's other Python: tests/, cross/, tools/,
                   platforms/, fuzz/, peers/tests/)
  cli-weak         no weak symbol defined under src/cli (source and nm)
  compact-ifdef    no HB_FAST_COMPACT in the code under src/algorithms
  name-lookups     no code under src/cli or src/arch looks an algorithm or
                   an implementation up by a name written in it
  family-includes  no algorithm family includes another family's folder,
                   but where it runs that family's code (FAMILY_USES)
  arch-includes    no file under src/arch includes a src/algorithms header
  cli-functions    the longest function under src/cli, and every hb_cmd_*
                   at most CMD_LIMIT lines

Not checked: peers/rust (a Rust crate: its modules refer to each other
through crate:: paths and compile as one unit; the rules here are about C
files and Python modules, which are separate units), and the calls of the
console programs (platforms/: cc65, SDCC and the consoles' cross
compilers build them, so the host build has no objects of them; their
includes are checked).
"""
import argparse
import ast
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

CMD_LIMIT = 60          # lines of an hb_cmd_* (issue 31: parse, run, emit)
C_DIRS = ("src", "tools", "platforms", "include")
PY_DIRS = ("report", "tests", "cross", "tools", "platforms", "fuzz", "peers/tests")
# the registry's lookups by name (include/hashbench.h) and any function named like one
LOOKUP_CALL = re.compile(r"^(hb_algo_find|hb_impl_find|\w*(?:find|lookup|by_name|named)\w*)$", re.I)
COMPARE_CALL = re.compile(r"^(strcmp|strncmp|strcasecmp|strncasecmp|strstr|memcmp|hb_\w*(?:eq|same)\w*)$")
OUTPUT_CALL = re.compile(r"^(\w*printf|fputs|puts|fputc|perror|hb_\w*(?:warn|error|die|note|fail|say)\w*|"
                         r"\w*usage\w*|\w*help\w*)$")
STR = re.compile(r"__STR_(\d+)__")


# ---------------------------------------------------------------- C text

def strip_c(text):
    """The C text with comments blanked (newlines kept), each string literal
    replaced by __STR_n__ and char literals by 0; and the literals' values."""
    out, lits = [], []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == '"' or c == "'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            body = text[i + 1:j]
            if c == '"':
                out.append(f"__STR_{len(lits)}__")
                lits.append(body)
            else:
                out.append("0")
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out), lits


def blank_preprocessor(code):
    """Directive lines (and their continuations) blanked, newlines kept."""
    lines = code.split("\n")
    cont = False
    for k, line in enumerate(lines):
        if cont or line.lstrip().startswith("#"):
            cont = line.rstrip().endswith("\\")
            lines[k] = ""
    return "\n".join(lines)


def match_paren(code, i):
    """Index of the ')' closing the '(' at i, or -1."""
    depth = 0
    for j in range(i, len(code)):
        if code[j] == "(":
            depth += 1
        elif code[j] == ")":
            depth -= 1
            if depth == 0:
                return j
    return -1


def split_args(s):
    args, depth, cur = [], 0, []
    for ch in s:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if ch == "," and depth == 0:
            args.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    if "".join(cur).strip():
        args.append("".join(cur).strip())
    return args


CALL = re.compile(r"\b([A-Za-z_]\w*)\s*\(")
KEYWORDS = {"if", "for", "while", "switch", "return", "sizeof", "defined", "__attribute__", "_Alignof"}


def calls(code):
    """(callee, [args], offset of the callee) for every call in code."""
    for m in CALL.finditer(code):
        if m.group(1) in KEYWORDS:
            continue
        o = m.end() - 1
        c = match_paren(code, o)
        if c > 0:
            yield m.group(1), split_args(code[o + 1:c]), m.start()


def functions(code):
    """(name, first line, last line) of each function defined in code
    (comments, literals and directives already blanked)."""
    depth, i, n = 0, 0, len(code)
    while i < n:
        ch = code[i]
        if ch == "{":
            if depth == 0:
                k = i - 1
                while k >= 0 and code[k].isspace():
                    k -= 1
                if k >= 0 and code[k] == ")":
                    # back to the '(' of the parameter list, then the name before it
                    d, p = 0, k
                    while p >= 0:
                        if code[p] == ")":
                            d += 1
                        elif code[p] == "(":
                            d -= 1
                            if d == 0:
                                break
                        p -= 1
                    m = re.search(r"([A-Za-z_]\w*)\s*$", code[:p])
                    end = i
                    d = 0
                    while end < n:
                        if code[end] == "{":
                            d += 1
                        elif code[end] == "}":
                            d -= 1
                            if d == 0:
                                break
                        end += 1
                    if m and m.group(1) not in KEYWORDS:
                        yield m.group(1), code.count("\n", 0, m.start(1)) + 1, code.count("\n", 0, end) + 1
                    i = end + 1
                    continue
            depth += 1
        elif ch == "}":
            depth -= 1
        i += 1


def line_of(code, offset):
    return code.count("\n", 0, offset) + 1


# ---------------------------------------------------------------- the tree

class Tree:
    def __init__(self, root, build):
        self.root = root
        self.build = build
        self.c_files = sorted(p for d in C_DIRS for p in (root / d).rglob("*")
                              if p.suffix in (".c", ".h") and p.is_file())
        self._text = {}

    def rel(self, p):
        return str(Path(p).resolve().relative_to(self.root.resolve()))

    def text(self, p):
        if p not in self._text:
            self._text[p] = strip_c(Path(p).read_text(errors="replace"))
        return self._text[p]

    def under(self, top):
        return [p for p in self.c_files if self.rel(p).startswith(top + "/")]


INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


def include_dirs(tree, f):
    """Where an include of f is looked for: its folder, then the -I folders
    of the build that compiles it."""
    root, rel = tree.root, tree.rel(f)
    dirs = [f.parent, root / "include", root / "src"]
    parts = rel.split("/")
    if parts[0] == "platforms":
        dirs.append(root / "platforms" / "common")
        if parts[1] == "common":       # hbt_platform.h and the like: each console's own
            dirs += [d for d in sorted((root / "platforms").iterdir()) if d.is_dir() and d.name != "common"]
        else:
            dirs.append(root / "platforms" / parts[1])
    return dirs


def include_graph(tree):
    """{file: {(included file, line, as written)}} over the C files; an
    include found in several folders (platforms/common's hbt_platform.h) is
    an edge to each.  Made once a tree."""
    if getattr(tree, "_includes", None) is None:
        tree._includes = _include_graph(tree)
    return tree._includes


def _include_graph(tree):
    g = defaultdict(set)
    for f in tree.c_files:
        raw = f.read_text(errors="replace")
        for m in INCLUDE.finditer(raw):
            line = raw.count("\n", 0, m.start()) + 1
            found = [d / m.group(1) for d in include_dirs(tree, f) if (d / m.group(1)).is_file()]
            if found and tree.rel(found[0].parent) == tree.rel(f.parent):
                found = found[:1]       # its own folder first, as the compiler does
            elif tree.rel(f).startswith("platforms/common/"):
                pass                    # one per console
            else:
                found = found[:1]
            for t in found:
                g[tree.rel(f)].add((tree.rel(t), line, m.group(1)))
    return g


def mutual(edges):
    """Pairs (a, b), a < b, with an edge each way.  edges: {a: {b: witness}}."""
    out = []
    for a, targets in edges.items():
        for b in targets:
            if a < b and a in edges.get(b, {}):
                out.append((a, b, targets[b], edges[b][a]))
    return sorted(out)


def check_include_cycles(tree):
    g = include_graph(tree)
    edges = defaultdict(dict)
    for a, ts in g.items():
        for b, line, _ in ts:
            if a != b:
                edges[a][b] = line
    found = [f"{a}:{la} <-> {b}:{lb}" for a, b, la, lb in mutual(edges)]
    return found, f"{len(tree.c_files)} C files"


# ---------------------------------------------------------------- calls (nm)

def nm_symbols(objs):
    """{object: (defined global symbols, undefined symbols)}, one nm run a
    hundred objects."""
    res = {str(o): (set(), set()) for o in objs}
    objs = [str(o) for o in objs]
    for k in range(0, len(objs), 100):
        out = subprocess.run(["nm", "-P", "-A"] + objs[k:k + 100], capture_output=True, text=True)
        if out.returncode != 0:
            raise RuntimeError(f"nm: {out.stderr.strip()[:400]}")
        for line in out.stdout.splitlines():
            head, _, rest = line.partition(": ")
            parts = rest.split()
            if len(parts) < 2 or head not in res:
                continue
            name, kind = parts[0], parts[1]
            if kind in ("U", "w", "v"):
                res[head][1].add(name)
            elif kind.isupper() or kind == "u":
                res[head][0].add(name)
    return res


def retro_run_objects(tree, tmp):
    """tools/retro-run compiled here (retro-run.mk builds it in one command):
    ([(source, object)], note)."""
    root = tree.root
    header = Path("/usr/include/libretro-common/libretro.h")
    if not header.is_file():
        return [], "tools/retro-run not compiled (no libretro.h): its calls unchecked"
    mupen = Path("/usr/include/mupen64plus/m64p_frontend.h").is_file()
    srcs = [p for p in sorted((root / "tools" / "retro-run").glob("*.c")) if p.name != "n64_input.c"
            and (mupen or p.name != "backend_mupen64plus.c")]
    objs = []
    for s in srcs:
        o = Path(tmp) / (s.stem + ".o")
        cmd = ["cc", "-std=c99", "-D_GNU_SOURCE", "-c", "-w", f"-I{root}/include", f"-I{root}/src",
               "-I/usr/include/libretro-common", "-DRR_CORE_DIR=\"/\"", "-o", str(o), str(s)]
        if mupen:
            cmd.insert(1, "-DRR_HAVE_MUPEN64PLUS")
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            raise RuntimeError(f"compiling {s}: {r.stderr.strip()[:400]}")
        objs.append((tree.rel(s), o))
    return objs, None


def build_objects(tree):
    """[(source, object)] of the build: BUILD/obj/<path>.o for <path>.c (the
    -fPIC copies in obj/pic are the same sources)."""
    top = tree.build / "obj"
    out = []
    for o in sorted(top.rglob("*.o")):
        rel = o.relative_to(top)
        if rel.parts[0] == "pic":
            continue
        src = rel.with_suffix(".c")
        name = str(src) if (tree.root / src).is_file() else str(rel)
        if not (tree.root / src).is_file() and rel.parts[0] != "gen":
            continue                    # a stale object of a source since moved
        out.append((name, o))
    return out


def check_call_cycles(tree, extra_objects):
    objs = build_objects(tree)
    if not objs:
        return [f"no objects under {tree.build}/obj: build first (make)"], ""
    notes = []
    with tempfile.TemporaryDirectory() as tmp:
        rr, note = retro_run_objects(tree, tmp)
        if note:
            notes.append(note)
        objs = objs + rr + extra_objects
        defs, uses = defaultdict(set), {}
        syms = nm_symbols([o for _, o in objs])
        for src, o in objs:
            d, u = syms[str(o)]
            for s in d:
                defs[s].add(src)
            uses[src] = uses.get(src, set()) | u
    edges = defaultdict(dict)
    for a, used in uses.items():
        for s in sorted(used):
            for b in defs.get(s, ()):
                if b != a:
                    edges[a].setdefault(b, s)
    found = [f"{a} <-> {b} ({a} uses {sa}, {b} uses {sb})" for a, b, sa, sb in mutual(edges)]
    return found, f"{len(objs)} objects" + ("; " + "; ".join(notes) if notes else "")


# ---------------------------------------------------------------- Python imports

def python_modules(root):
    """{module file: (package dir or None)} of the project's Python."""
    files = []
    for d in PY_DIRS:
        if (root / d).is_dir():
            files += [p for p in (root / d).rglob("*.py") if ".venv" not in p.parts and "build" not in p.parts]
    return sorted(set(files))


def absolute_dirs(root, f):
    """Where `import x` finds the project's x: the report package's folder
    (installed in the venv), and f's own folder when f is a script or a
    test (its folder is on sys.path), not when f is a package module (no
    implicit relative imports: `import html` in hashbench_report/ is the
    standard library's, not html.py)."""
    dirs = [root / "report"]
    if not (f.parent / "__init__.py").is_file():
        dirs.insert(0, f.parent)
    return dirs


def resolve_import(root, f, node):
    """The project files an import statement names (siblings, package
    modules); standard and third-party modules give none."""
    out = []
    if isinstance(node, ast.ImportFrom):
        if node.level:
            base = f.parent
            for _ in range(node.level - 1):
                base = base.parent
        else:
            base = None
        mod = node.module.split(".") if node.module else []
        cands = []
        if base is not None:
            cands.append(base.joinpath(*mod))
        elif mod:
            cands += [d.joinpath(*mod) for d in absolute_dirs(root, f)]
        for c in cands:
            if c.with_suffix(".py").is_file():
                out.append(c.with_suffix(".py"))
                break
            if c.is_dir():
                # from package import name: a module of the package, else its __init__
                for a in node.names:
                    m = c / (a.name + ".py")
                    if m.is_file():
                        out.append(m)
                    elif (c / "__init__.py").is_file():
                        out.append(c / "__init__.py")
                break
    else:
        for a in node.names:
            mod = a.name.split(".")
            for c in (d.joinpath(*mod) for d in absolute_dirs(root, f)):
                if c.with_suffix(".py").is_file():
                    out.append(c.with_suffix(".py"))
                    break
                if (c / "__init__.py").is_file():
                    out.append(c / "__init__.py")
                    break
    return out


def check_python_cycles(tree):
    root = tree.root
    files = python_modules(root)
    edges = defaultdict(dict)
    for f in files:
        try:
            mod = ast.parse(f.read_text(errors="replace"), str(f))
        except SyntaxError as e:
            return [f"{tree.rel(f)}: cannot parse: {e}"], ""
        for node in ast.walk(mod):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                for t in resolve_import(root, f, node):
                    if t.resolve() != f.resolve():
                        edges[tree.rel(f)].setdefault(tree.rel(t), node.lineno)
    found = [f"{a}:{la} <-> {b}:{lb}" for a, b, la, lb in mutual(edges)]
    return found, f"{len(files)} modules"


# ---------------------------------------------------------------- src/cli, src/arch, src/algorithms

WEAK = re.compile(r"__attribute__\s*\(\(\s*(?:__)?weak(?:__)?\b|#\s*pragma\s+weak\b")


def check_cli_weak(tree):
    found = []
    for f in tree.under("src/cli"):
        code, _ = tree.text(f)
        for m in WEAK.finditer(code):
            found.append(f"{tree.rel(f)}:{line_of(code, m.start())}: {code[m.start():m.end()]}")
    objdir = tree.build / "obj" / "src" / "cli"
    objs = sorted(objdir.rglob("*.o")) if objdir.is_dir() else []
    for o in objs:
        out = subprocess.run(["nm", "-P", str(o)], capture_output=True, text=True).stdout
        for line in out.splitlines():
            p = line.split()
            if len(p) >= 2 and p[1] in ("W", "V"):
                found.append(f"{o.relative_to(tree.build)}: weak symbol {p[0]}")
    return found, f"{len(tree.under('src/cli'))} sources, {len(objs)} objects"


def check_compact_ifdef(tree):
    found = []
    for f in tree.under("src/algorithms"):
        code, _ = tree.text(f)
        for m in re.finditer(r"\bHB_FAST_COMPACT\b", code):
            found.append(f"{tree.rel(f)}:{line_of(code, m.start())}")
    return found, f"{len(tree.under('src/algorithms'))} files"


def roster_names(tree):
    """The algorithms' ids as the registry files write them."""
    ids = set()
    for f in tree.under("src/algorithms"):
        code, lits = tree.text(f)
        for m in re.finditer(r"\bhb_algo\s+\w+\s*=\s*\{\s*__STR_(\d+)__", code):
            ids.add(lits[int(m.group(1))])
    return ids


DECL = re.compile(r"\bhb_(?:algo|impl|impl_row)\b\s*(?:const\s*)?\*?\s*(?:const\s*)?\*?\s*([A-Za-z_]\w*)\s*([;\[,)=])")


def typed_names(tree, headers, f):
    """Names declared as an hb_algo, hb_impl or hb_impl_row (pointer or
    not): their name or id is an algorithm's or an implementation's.  The
    file's own variables and parameters, and the struct fields (and
    externs) of the headers, not the headers' parameter names."""
    code, _ = tree.text(f)
    names = {m.group(1) for m in DECL.finditer(code)}
    for h in headers:
        hcode, _ = tree.text(h)
        names.update(m.group(1) for m in DECL.finditer(hcode) if m.group(2) in ";[")
    return names


def names_a_name(arg, typed):
    """Is the expression an algorithm's id or an implementation's name?
    (x->name, x.id, rows[i].algo, ... where x is declared as one.)"""
    m = re.search(r"([A-Za-z_]\w*)\s*(?:\[[^\]]*\])?\s*(?:->|\.)\s*(name|id|algo)\s*$", arg)
    return bool(m and m.group(1) in typed)


def check_name_lookups(tree):
    ids = roster_names(tree)
    headers = [p for p in tree.c_files if p.suffix == ".h"]
    found = []
    scanned = tree.under("src/cli") + tree.under("src/arch")
    for f in scanned:
        rel = tree.rel(f)
        code, lits = tree.text(f)
        code = blank_preprocessor(code)
        typed = typed_names(tree, headers, f)
        # where output and help text are: literals there are never lookups
        quiet = set()
        for callee, args, at in calls(code):
            if OUTPUT_CALL.match(callee):
                for a in args:
                    quiet.update(int(n) for n in STR.findall(a))
        for name, first, last in functions(code):
            if re.search(r"usage|help", name):
                body = "\n".join(code.split("\n")[first - 1:last])
                quiet.update(int(n) for n in STR.findall(body))
        flagged = {}
        for callee, args, at in calls(code):
            lit_args = [a for a in args if STR.fullmatch(a)]
            if not lit_args:
                continue
            if LOOKUP_CALL.match(callee):
                for a in lit_args:
                    flagged[(line_of(code, at), a)] = f"{callee}(\"{lits[int(STR.fullmatch(a).group(1))]}\")"
            elif COMPARE_CALL.match(callee):
                if any(names_a_name(a, typed) for a in args if not STR.fullmatch(a)):
                    for a in lit_args:
                        flagged[(line_of(code, at), a)] = \
                            f"{callee}(.., \"{lits[int(STR.fullmatch(a).group(1))]}\") on an algorithm/implementation name"
        # an algorithm's id written in src/cli (not in src/arch: the CPU
        # features the kernel reports, "sha1", "crc32", "sha512", share them)
        if rel.startswith("src/cli/"):
            for m in STR.finditer(code):
                k = int(m.group(1))
                if lits[k] in ids and k not in quiet:
                    key = (line_of(code, m.start()), m.group(0))
                    flagged.setdefault(key, f"the algorithm id \"{lits[k]}\" written in code")
        for (line, _), what in sorted(flagged.items()):
            found.append(f"{rel}:{line}: {what}")
    return found, f"{len(scanned)} files, {len(ids)} algorithm ids"


def check_arch_includes(tree):
    g = include_graph(tree)
    found = []
    for f in tree.under("src/arch"):
        rel = tree.rel(f)
        for target, line, written in sorted(g.get(rel, ())):
            if target.startswith("src/algorithms/"):
                found.append(f"{rel}:{line}: #include \"{written}\"")
        raw = f.read_text(errors="replace")
        for m in INCLUDE.finditer(raw):
            if "algorithms/" in m.group(1) and not any(w == m.group(1) for _, _, w in g.get(rel, ())):
                found.append(f"{rel}:{raw.count(chr(10), 0, m.start()) + 1}: #include \"{m.group(1)}\"")
    return found, f"{len(tree.under('src/arch'))} files"


# Families whose files may include another family's folder, and why: the
# code they include is that family's and is really used (not a shared
# header that happens to live there).
FAMILY_USES = {
    ("mac", "sha2"): "HMAC-SHA256 and PBKDF2-SHA256 run SHA-256's SHA-NI and ARMv8 compress functions",
}


def check_family_includes(tree):
    g = include_graph(tree)
    found, allowed = [], defaultdict(int)
    for f in tree.under("src/algorithms"):
        rel = tree.rel(f)
        fam = rel.split("/")[2]
        for target, line, written in sorted(g.get(rel, ())):
            parts = target.split("/")
            if parts[:2] != ["src", "algorithms"] or parts[2] in (fam, "common") or len(parts) < 4:
                continue
            if (fam, parts[2]) in FAMILY_USES:
                allowed[(fam, parts[2])] += 1
            else:
                found.append(f"{rel}:{line}: #include \"{written}\" (the {parts[2]} family's folder)")
    info = "; ".join(f"{a} -> {b}: {n} includes ({FAMILY_USES[(a, b)]})" for (a, b), n in sorted(allowed.items()))
    return found, info


def check_cli_functions(tree):
    fns = []
    for f in tree.under("src/cli"):
        if f.suffix != ".c":
            continue
        code, _ = tree.text(f)
        code = blank_preprocessor(code)
        for name, first, last in functions(code):
            fns.append((last - first + 1, name, tree.rel(f), first))
    if not fns:
        return ["no functions found under src/cli"], ""
    fns.sort(reverse=True)
    found = [f"{path}:{line}: {name} is {n} lines (limit {CMD_LIMIT})"
             for n, name, path, line in fns if name.startswith("hb_cmd_") and n > CMD_LIMIT]
    n, name, path, line = fns[0]
    over = sum(1 for x in fns if x[0] > CMD_LIMIT)
    return found, f"longest: {name} ({path}:{line}) {n} lines; {over} of {len(fns)} functions over {CMD_LIMIT}"


# ---------------------------------------------------------------- main

def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--root", default=str(Path(__file__).resolve().parents[2]))
    ap.add_argument("--build", help="the build folder whose objects give the calls (default ROOT/build)")
    ap.add_argument("--objects", action="append", default=[], metavar="SRC=OBJ",
                    help="one more object for the call relation, as its source's path=its object")
    ap.add_argument("-v", "--verbose", action="store_true", help="every finding, not the first 40 of each")
    a = ap.parse_args(argv)
    root = Path(a.root).resolve()
    tree = Tree(root, Path(a.build).resolve() if a.build else root / "build")
    extra = [tuple(x.split("=", 1)) for x in a.objects]
    checks = [
        ("include-cycles", "no two C files include each other", lambda: check_include_cycles(tree)),
        ("call-cycles", "no two object files call each other", lambda: check_call_cycles(tree, extra)),
        ("python-cycles", "no two Python modules import each other", lambda: check_python_cycles(tree)),
        ("cli-weak", "no weak symbol defined under src/cli", lambda: check_cli_weak(tree)),
        ("compact-ifdef", "no HB_FAST_COMPACT under src/algorithms", lambda: check_compact_ifdef(tree)),
        ("name-lookups", "no lookup by a name written in src/cli or src/arch", lambda: check_name_lookups(tree)),
        ("family-includes", "no family includes another's folder but for code it uses",
         lambda: check_family_includes(tree)),
        ("arch-includes", "src/arch includes no src/algorithms header", lambda: check_arch_includes(tree)),
        ("cli-functions", f"no hb_cmd_* over {CMD_LIMIT} lines", lambda: check_cli_functions(tree)),
    ]
    passed = failed = 0
    for key, what, run in checks:
        try:
            found, info = run()
        except (OSError, RuntimeError) as e:
            found, info = [f"could not check: {e}"], ""
        status = "FAIL" if found else "ok  "
        print(f"{status} {key}: {what}" + (f" [{info}]" if info else "")
              + (f": {len(found)} found" if found else ""), flush=True)
        for line in (found if a.verbose else found[:40]):
            print(f"       {line}")
        if len(found) > 40 and not a.verbose:
            print(f"       ... {len(found) - 40} more (-v)")
        if found:
            failed += 1
        else:
            passed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

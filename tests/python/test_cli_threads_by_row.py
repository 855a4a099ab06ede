"""src/cli asks a row for its threads, never an implementation by name
(issue 31, "Capabilities on the row"): no weak symbol stands in there for a
library function, no code looks up BLAKE3's `mt` (or the Rust rayon peer)
by the name written in it, and no command calls the threaded BLAKE3's own
functions -- they reach it through the row's hb_threads_iface
(src/impl_rows.h).  Help text may still name them: string literals that
are more than the bare name are not lookups.

Each check runs over the sources with comments removed, and is first shown
to catch what it looks for in a snippet written the old way."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CLI = ROOT / "src" / "cli"

COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)

# what each check finds: a weak definition; a bare implementation name as a
# whole string literal ("mt", "rust-blake3-rayon"); the threaded BLAKE3's
# own functions or header
FORBIDDEN = {
    "weak symbol": re.compile(r"__attribute__\s*\(\(\s*(__)?weak(__)?\b|#\s*pragma\s+weak\b"),
    "implementation looked up by name": re.compile(r'"(mt|rust-blake3-rayon)"'),
    "threaded BLAKE3 called by its own name": re.compile(r"\bhb_blake3_\w*mt\w*\b|algorithms/blake3/"),
}

OLD_WAY = '''
#include "algorithms/blake3/blake3_mt.h"
__attribute__((weak)) unsigned hb_blake3_mt_threads(void) { return 1; }
static void pick(const hb_algo *a) { const hb_impl *mt = hb_impl_find(a, "mt"); (void)mt; }
'''


def code_of(text):
    return COMMENT.sub(" ", text)


def findings(text):
    code = code_of(text)
    return {what: pat.findall(code) for what, pat in FORBIDDEN.items() if pat.search(code)}


def test_the_checks_catch_the_old_way():
    found = findings(OLD_WAY)
    assert set(found) == set(FORBIDDEN), found


def test_help_text_and_comments_are_not_lookups():
    text = '''/* BLAKE3's "mt" by name: hb_impl_find(a, "mt") */
    fprintf(f, "  --scale  implementations on several threads (blake3 mt, rust-blake3-rayon)\\n");'''
    assert findings(text) == {}


def test_src_cli_has_no_weak_symbol_nor_name_lookup():
    sources = sorted(CLI.glob("*.[ch]"))
    assert sources, CLI
    bad = {}
    for path in sources:
        found = findings(path.read_text(errors="replace"))
        if found:
            bad[str(path.relative_to(ROOT))] = found
    assert bad == {}, bad

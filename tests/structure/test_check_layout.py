"""Each check of check_layout.py fails on a small tree that breaks its
rule and passes on the same tree without the break: the checks can fail,
and they do not flag what the rules allow (a feature name in src/arch, a
help text, an include of the standard library's `html`)."""
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import check_layout as cl  # noqa: E402


def write(root, rel, text):
    p = root / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(textwrap.dedent(text))
    return p


def tree(root):
    return cl.Tree(root, root / "build")


def test_include_cycles(tmp_path):
    write(tmp_path, "src/a/a.h", '#include "b.h"\n')
    write(tmp_path, "src/a/b.h", '#include "a.h"\n')
    found, _ = cl.check_include_cycles(tree(tmp_path))
    assert found == ["src/a/a.h:1 <-> src/a/b.h:1"]
    write(tmp_path, "src/a/b.h", "/* nothing */\n")
    assert cl.check_include_cycles(tree(tmp_path))[0] == []


@pytest.mark.skipif(not shutil.which("cc") or not shutil.which("nm"), reason="needs cc and nm")
def test_call_cycles(tmp_path):
    def build(files):
        for name, text in files.items():
            src = write(tmp_path, f"src/x/{name}.c", text)
            obj = tmp_path / "build" / "obj" / "src" / "x" / f"{name}.o"
            obj.parent.mkdir(parents=True, exist_ok=True)
            subprocess.run(["cc", "-c", "-o", str(obj), str(src)], check=True)
    build({"a": "int b_fn(void);\nint a_fn(void) { return b_fn(); }\n",
           "b": "int a_fn(void);\nint b_fn(void) { return 1; }\nint b_other(void) { return a_fn(); }\n"})
    found, _ = cl.check_call_cycles(tree(tmp_path), [])
    assert len(found) == 1 and found[0].startswith("src/x/a.c <-> src/x/b.c")
    build({"b": "int b_fn(void) { return 1; }\n"})
    assert cl.check_call_cycles(tree(tmp_path), [])[0] == []


def test_call_cycles_without_a_build_fails(tmp_path):
    write(tmp_path, "src/x/a.c", "int a;\n")
    found, _ = cl.check_call_cycles(tree(tmp_path), [])
    assert found and "build first" in found[0]


def test_python_cycles(tmp_path):
    write(tmp_path, "report/pkg/__init__.py", "")
    write(tmp_path, "report/pkg/x.py", "from . import y\n")
    write(tmp_path, "report/pkg/y.py", "def f():\n    from . import x\n")
    # the standard library's html, not the package's html.py
    write(tmp_path, "report/pkg/html.py", "from . import page\n")
    write(tmp_path, "report/pkg/page.py", "import html\n")
    found, _ = cl.check_python_cycles(tree(tmp_path))
    assert found == ["report/pkg/x.py:1 <-> report/pkg/y.py:2"]
    write(tmp_path, "report/pkg/y.py", "import json\n")
    assert cl.check_python_cycles(tree(tmp_path))[0] == []


def test_cli_weak(tmp_path):
    write(tmp_path, "src/cli/a.c", "__attribute__((weak)) int f(void) { return 0; }\n")
    found, _ = cl.check_cli_weak(tree(tmp_path))
    assert found == ["src/cli/a.c:1: __attribute__((weak"]
    write(tmp_path, "src/cli/a.c", "/* no __attribute__((weak)) here */\nint f(void) { return 0; }\n")
    assert cl.check_cli_weak(tree(tmp_path))[0] == []


def test_compact_ifdef(tmp_path):
    write(tmp_path, "src/algorithms/md/md5_fast.c", "#ifdef HB_FAST_COMPACT\n#endif\n")
    assert cl.check_compact_ifdef(tree(tmp_path))[0] == ["src/algorithms/md/md5_fast.c:1"]
    write(tmp_path, "src/algorithms/md/md5_fast.c", "/* once HB_FAST_COMPACT, now md5_compact.c */\n")
    assert cl.check_compact_ifdef(tree(tmp_path))[0] == []


ROSTER = 'const hb_algo hb_algo_sha256 = { "sha256", "SHA-256" };\n'


def test_name_lookups_finds_each_kind(tmp_path):
    write(tmp_path, "src/algorithms/sha2/sha2_register.c", ROSTER)
    write(tmp_path, "src/cli/x.c", """\
        static const struct { const char *id; } tags[] = { { "sha256" } };
        int pick(const hb_algo *a, const hb_impl *impl)
        {
            const hb_impl *mt = hb_impl_find(a, "mt");
            return strcmp(impl->name, "avx2") == 0 && mt;
        }
        """)
    found, _ = cl.check_name_lookups(tree(tmp_path))
    assert found == ['src/cli/x.c:1: the algorithm id "sha256" written in code',
                     'src/cli/x.c:4: hb_impl_find("mt")',
                     'src/cli/x.c:5: strcmp(.., "avx2") on an algorithm/implementation name']


def test_name_lookups_leaves_what_is_no_lookup(tmp_path):
    write(tmp_path, "src/algorithms/sha2/sha2_register.c", ROSTER)
    write(tmp_path, "src/cli/x.c", """\
        struct mask { const char *name; };
        static void usage(void) { puts("sha256"); }
        int f(const struct mask *in_force, const hb_algo *a)
        {
            printf("%s\\n", "sha256");             /* output */
            return strcmp(in_force->name, "avx2") == 0 && hb_algo_find(a->id);
        }
        """)
    # the CPU's feature names in src/arch ("sha1", "crc32" ...) are no algorithm lookup
    write(tmp_path, "src/arch/aarch64/cpu_view_aarch64.c",
          'static const char *const names[] = { "sha1", "sha256", "crc32" };\n')
    assert cl.check_name_lookups(tree(tmp_path))[0] == []


def test_family_includes(tmp_path):
    write(tmp_path, "src/algorithms/sha2/x86/sha_x86.h", "")
    write(tmp_path, "src/algorithms/sha1/x86/sha1_shani.c", '#include "../../sha2/x86/sha_x86.h"\n')
    write(tmp_path, "src/algorithms/mac/x86/mac_x86.h", '#include "algorithms/sha2/x86/sha_x86.h"\n')
    found, info = cl.check_family_includes(tree(tmp_path))
    assert found == ['src/algorithms/sha1/x86/sha1_shani.c:1: #include "../../sha2/x86/sha_x86.h" '
                     "(the sha2 family's folder)"]
    assert info.startswith("mac -> sha2: 1 includes (HMAC")


def test_arch_includes(tmp_path):
    write(tmp_path, "src/algorithms/common/register.h", "")
    write(tmp_path, "src/arch/x86/x86_impl.h", '#include "algorithms/common/register.h"\n')
    found, _ = cl.check_arch_includes(tree(tmp_path))
    assert found == ['src/arch/x86/x86_impl.h:1: #include "algorithms/common/register.h"']
    write(tmp_path, "src/arch/x86/x86_impl.h", '#include "arch/x86/cpu_x86.h"\n')
    assert cl.check_arch_includes(tree(tmp_path))[0] == []


def test_cli_functions(tmp_path):
    def cmd(lines):
        body = "".join(f"    x += {i};\n" for i in range(lines - 5))
        return f"int hb_cmd_x(int argc)\n{{\n    int x = argc;\n{body}    return x;\n}}\n"
    write(tmp_path, "src/cli/cmd_x.c", cmd(61))
    found, info = cl.check_cli_functions(tree(tmp_path))
    assert found == ["src/cli/cmd_x.c:1: hb_cmd_x is 61 lines (limit 60)"]
    assert info.startswith("longest: hb_cmd_x (src/cli/cmd_x.c:1) 61 lines")
    write(tmp_path, "src/cli/cmd_x.c", cmd(60))
    assert cl.check_cli_functions(tree(tmp_path))[0] == []

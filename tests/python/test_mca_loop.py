"""tools/mca_loop.py: --mca and its default cores (llvm-mca-19's znver4,
znver5 with the note that LLVM 19's znver5 is the Zen 4 model,
icelake-server, sapphirerapids), --cpus, a loop taken from a shared
library and from an archive by a part of its demangled name (--symbols),
and the bad inputs.  Each llvm-mca's tests skip where it is not
installed; the loops are built here by cc from a small C file."""
import re
import shutil
import subprocess
import sys

import pytest
from conftest import ROOT

TOOL = [sys.executable, str(ROOT / "tools" / "mca_loop.py")]
LOOP_C = r"""
#include <stdint.h>
#include <stddef.h>
uint64_t sum_words(const uint64_t *p, size_t n)
{
    uint64_t s = 0, t = 0;
    size_t i;
    for (i = 0; i + 1 < n; i += 2) {
        s += p[i] * 3;
        t ^= p[i + 1];
    }
    return s + t;
}
"""
CXX_LOOP = r"""
#include <cstdint>
#include <cstddef>
namespace hbtest { uint64_t mix(const uint64_t *p, size_t n) {
    uint64_t s = 0; for (size_t i = 0; i < n; i++) s = (s ^ p[i]) * 31; return s; } }
"""


def tool(*args):
    return subprocess.run([*TOOL, *map(str, args)], capture_output=True, text=True)


def need(program):
    if not shutil.which(program):
        pytest.skip(f"{program} is not installed")


@pytest.fixture(scope="module")
def libs(tmp_path_factory):
    d = tmp_path_factory.mktemp("mca")
    src = d / "loop.c"
    src.write_text(LOOP_C)
    so, obj, ar = d / "libloop.so", d / "loop.o", d / "libloop.a"
    subprocess.run(["cc", "-O2", "-shared", "-fPIC", str(src), "-o", str(so)], check=True)
    subprocess.run(["cc", "-O2", "-c", str(src), "-o", str(obj)], check=True)
    subprocess.run(["ar", "rcs", str(ar), str(obj)], check=True)
    out = {"so": so, "obj": obj, "ar": ar}
    if shutil.which("c++"):
        cxx = d / "mix.cc"
        cxx.write_text(CXX_LOOP)
        out["cxx"] = d / "libmix.so"
        subprocess.run(["c++", "-O2", "-shared", "-fPIC", str(cxx), "-o", str(out["cxx"])], check=True)
    return out


def rows(stdout):
    return [l.split() for l in stdout.splitlines() if re.match(r"^\S+\s+loop\s+[\d.]+", l)]


def test_default_is_llvm14_and_its_cores(libs):
    need("llvm-mca-14")
    p = tool("-o", libs["obj"], "-f", "sum_words", "--bytes", 16)
    assert p.returncode == 0, p.stderr
    assert [r[0] for r in rows(p.stdout)] == ["znver2", "znver3", "alderlake", "icelake-client", "skylake"]
    assert "(llvm-mca-14)" in p.stdout and "Zen 4 model" not in p.stdout
    for r in rows(p.stdout):
        assert float(r[2]) > 0 and float(r[-1]) > 0


def test_llvm19_cores_and_znver5_note(libs):
    need("llvm-mca-19")
    p = tool("-o", libs["so"], "-f", "sum_words", "--mca", "llvm-mca-19", "--bytes", 16)
    assert p.returncode == 0, p.stderr
    got = rows(p.stdout)
    assert [r[0] for r in got] == ["znver4", "znver5", "icelake-server", "sapphirerapids"]
    assert [r[-1] for r in got if r[0] == "znver5"] == ["(*)"]
    assert "(*) LLVM 19's znver5 uses the Zen 4 model" in p.stdout


def test_cpus_chooses(libs):
    need("llvm-mca-19")
    p = tool("-o", libs["ar"], "-f", "sum_words", "--mca", "llvm-mca-19", "--cpus", "znver4,icelake-server")
    assert p.returncode == 0, p.stderr
    assert [r[0] for r in rows(p.stdout)] == ["znver4", "icelake-server"]
    assert "Zen 4 model" not in p.stdout


def test_demangled_part_and_symbols(libs):
    if "cxx" not in libs:
        pytest.skip("no C++ compiler")
    need("llvm-mca-14")
    p = tool("-o", libs["cxx"], "--symbols", "hbtest::")
    assert p.returncode == 0 and "hbtest::mix" in p.stdout, p.stdout + p.stderr
    p = tool("-o", libs["cxx"], "-f", "hbtest::mix", "--cpus", "znver3")
    assert p.returncode == 0, p.stderr
    assert [r[0] for r in rows(p.stdout)] == ["znver3"]


@pytest.mark.parametrize("args, message", [
    (["-f", "no_such_function"], "no function no_such_function"),
    (["--mca", "llvm-mca-99"], "no default cores known"),
    (["--mca", "/nonexistent/llvm-mca-14"], "not found"),
    (["--cpus", ","], "no core named"),
    (["--bytes", "0"], "--bytes must be above 0"),
    (["--loop", "7"], "innermost loop(s)"),
])
def test_bad_input(libs, args, message):
    need("llvm-mca-14")
    base = ["-o", libs["so"]] + ([] if "-f" in args else ["-f", "sum_words"])
    p = tool(*base, *args)
    assert p.returncode != 0 and message in p.stderr, (args, p.stdout, p.stderr)


def test_missing_object():
    p = tool("-o", "/nonexistent/lib.so", "-f", "x")
    assert p.returncode == 2 and "no such file" in p.stderr

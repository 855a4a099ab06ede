"""hashbench --as-cpu LEVEL: an AVX2-class core measured on a machine with
more (docs/peers-avx2.md).  The option sets HB_X86_MASK, HB_X86_CORE and
OPENSSL_ia32cap and runs hashbench again; the run records it."""
import json
import os
import platform
import re
import shutil

import pytest

from conftest import ROOT

pytestmark = pytest.mark.skipif(platform.machine() != "x86_64", reason="--as-cpu applies to x86-64 only")

NO_AVX512 = (1 << 10) | (1 << 11) | (1 << 12) | (1 << 13) | (1 << 17) | (1 << 18)
LEVELS = {
    "avx2-vpclmul": (NO_AVX512, ":~0x5842dc230000"),
    "avx2": (NO_AVX512 | (1 << 14) | (1 << 15) | (1 << 16), ":~0x5f42dc230000"),
}
QUICK = ["--budget", "5", "--repeat", "3", "-q", "-s", "64"]


def clean_env(**extra):
    env = {k: v for k, v in os.environ.items()
           if k not in ("HB_X86_MASK", "HB_X86_CORE", "HB_AS_CPU", "OPENSSL_ia32cap", "HB_RUST_PEERS")}
    env.update(extra)
    return env


def info(hashbench, *args, **env):
    out = hashbench(*args, env=clean_env(**env), check=0).stdout.decode()
    return {m.group(1): m.group(2) for m in re.finditer(r"^(\S+(?: \S+)?)\s{2,}(.*)$", out, re.M)}


@pytest.mark.parametrize("level", list(LEVELS))
def test_info_shows_the_masked_features_and_tuning(hashbench, level):
    mask, ossl = LEVELS[level]
    plain = info(hashbench, "info")
    assert plain["as cpu"] == "none"
    for args in (("--as-cpu", level, "info"), ("info", "--as-cpu", level), ("info", f"--as-cpu={level}")):
        got = info(hashbench, *args)
        sees = got["dispatch sees"].split()
        assert not [f for f in sees if f.startswith("avx512")], sees
        assert set(sees) <= set(plain["dispatch sees"].split())
        if "avx2" in plain["dispatch sees"].split():
            assert "avx2" in sees
        if level == "avx2":
            assert "vaes" not in sees and "vpclmulqdq" not in sees and "gfni" not in sees
        else:
            for kept in ("vaes", "vpclmulqdq"):
                assert (kept in sees) == (kept in plain["dispatch sees"].split())
        assert got["cpu tuning"].startswith("other ")
        assert got["as cpu"].startswith(level + ":")
        assert f"HB_X86_MASK={hex(mask)}" in got["as cpu"] and f"OPENSSL_ia32cap={ossl}" in got["as cpu"]
        # the machine's own flags are still what /proc/cpuinfo says
        assert got["cpu features"] == plain["cpu features"]


def test_a_core_the_user_named_and_a_mask_the_user_set_stay(hashbench):
    got = info(hashbench, "info", "--as-cpu", "avx2-vpclmul", HB_X86_CORE="zen4", HB_X86_MASK=str(1 << 9))
    assert got["cpu tuning"].startswith("zen4 ")
    assert f"HB_X86_MASK={hex(NO_AVX512 | 1 << 9)}" in got["as cpu"]
    assert "sha_ni" not in got["dispatch sees"].split()


def test_list_is_the_masked_listing(hashbench):
    """--as-cpu picks as HB_X86_MASK + HB_X86_CORE=other pick."""
    for level, (mask, _) in LEVELS.items():
        as_cpu = json.loads(hashbench("list", "--format", "json", "--as-cpu", level, env=clean_env(), check=0).stdout)
        masked = json.loads(hashbench("list", "--format", "json", check=0,
                                      env=clean_env(HB_X86_MASK=str(mask), HB_X86_CORE="other")).stdout)
        assert as_cpu == masked
        for algo in as_cpu:
            best = [i for i in algo["implementations"] if i["best"]][0]
            assert "avx512" not in best["name"], (level, algo["id"], best)


def test_the_peers_not_masked_follow_the_cpus_own_features(hashbench):
    """The peers that read cpuid themselves are named from the features the
    CPU has before the mask (src/arch's hb_x86_features_unmasked): the mask
    takes AVX-512, VAES and VPCLMULQDQ from hashbench, not from them."""
    flags = set(re.search(r"^flags\s*:(.*)$", open("/proc/cpuinfo").read(), re.M).group(1).split())
    out = hashbench("--as-cpu", "avx2", "info", env=clean_env(), check=0).stdout.decode()
    named = " ".join(re.findall(r"^\s+not masked\s+(.*)$", out, re.M))
    assert ("rust-crc-fast" in named) == ({"avx512vl", "vpclmulqdq"} <= flags), named
    assert ("rust-aes" in named) == ("vaes" in flags), named


def test_the_record_says_so(hashbench):
    schema = json.loads((ROOT / "docs" / "schema" / "results.schema.json").read_text())
    proc = hashbench("bench", "--as-cpu", "avx2-vpclmul", "-a", "sha256,crc32", "--impl", "best,peers", *QUICK,
                     "--format", "json", env=clean_env(), check=0)
    rec = json.loads(proc.stdout)
    as_cpu = rec["context"]["as_cpu"]
    assert as_cpu["level"] == "avx2-vpclmul"
    assert as_cpu["hb_x86_mask"] == hex(NO_AVX512)
    assert as_cpu["hb_x86_core"] == "other" and rec["context"]["cpu_tuning"] == "other"
    assert as_cpu["openssl_ia32cap"] == ":~0x5842dc230000"
    lib = rec["context"].get("rust_peers", {}).get("library")
    assert as_cpu["rust_peers"] == lib
    if lib:                             # never the native build
        assert lib.endswith("libhashbench_rust_peers.avx2-vpclmul.so")
    assert isinstance(as_cpu["not_masked"], list)
    try:
        import jsonschema
    except ImportError:
        pass
    else:
        jsonschema.validate(rec, schema)
    # the table says it too; a run without the option records nothing
    table = hashbench("bench", "--as-cpu", "avx2", "-a", "crc32", *QUICK, env=clean_env(), check=0).stdout.decode()
    assert re.search(r"^AS CPU avx2: ", table, re.M)
    plain = json.loads(hashbench("bench", "-a", "crc32", *QUICK, "--format", "json", env=clean_env(), check=0).stdout)
    assert "as_cpu" not in plain["context"]


def test_without_the_levels_rust_build_the_crates_are_left_out(hashbench, tmp_path):
    """A copy of hashbench with no library beside it: never the native crates."""
    exe = tmp_path / "hashbench"
    shutil.copy(ROOT / "build" / "hashbench" if not os.environ.get("HB_BUILD")
                else os.path.join(os.environ["HB_BUILD"], "hashbench"), exe)
    native = tmp_path / "libhashbench_rust_peers.so"
    native.write_bytes(b"not loaded under --as-cpu")
    import subprocess
    proc = subprocess.run([str(exe), "bench", "--as-cpu", "avx2", "-a", "crc32", "--impl", "best,peers", *QUICK,
                           "--format", "json"], capture_output=True, env=clean_env())
    assert proc.returncode == 0, proc.stderr
    rec = json.loads(proc.stdout)
    assert rec["context"]["as_cpu"]["rust_peers"] is None and "rust_peers" not in rec["context"]
    assert any("no build of them for --as-cpu avx2" in w and "make peers-avx2" in w for w in rec["warnings"])


@pytest.mark.parametrize("args,message", [
    (["--as-cpu", "avx512"], "unknown level 'avx512'"),
    (["--as-cpu=zen3"], "unknown level 'zen3'"),
    (["--as-cpu"], "a level is needed"),
])
def test_a_bad_level_is_a_usage_error(hashbench, args, message):
    for cmd in (["bench", "-a", "crc32"], ["info"]):
        proc = hashbench(*cmd, *args, env=clean_env())
        assert proc.returncode == 2
        err = proc.stderr.decode()
        assert message in err and "avx2, avx2-vpclmul" in err
        assert proc.stdout == b""


def test_a_conflicting_openssl_ia32cap_is_refused(hashbench):
    proc = hashbench("info", "--as-cpu", "avx2", env=clean_env(OPENSSL_ia32cap="~0x200000200000000"))
    assert proc.returncode == 2
    assert "OPENSSL_ia32cap=~0x200000200000000 is set already" in proc.stderr.decode()
    # the value the level sets itself is fine (a run started by another --as-cpu run)
    ok = hashbench("info", "--as-cpu", "avx2", env=clean_env(OPENSSL_ia32cap=":~0x5f42dc230000"))
    assert ok.returncode == 0

"""The dispatcher: it picks, for every algorithm, the highest-ranked
implementation the CPU can run, never a peer library; and every path it can
pick is right.  HB_X86_MASK removes CPU features, so the lower paths are
forced in turn (the BLAKE3 C tests' feature-subset loop, in spirit), and
HB_X86_CORE names the core whose ranks the dispatcher follows
(src/arch/x86/core_x86.c), so every core's pick is checked here whatever
the machine's core."""
import json
import os
import platform
import re

import pytest

# feature groups, as in src/arch/x86/cpu_x86.h
X86_MASKS = {
    "all features": 0,
    "no AVX-512": (1 << 10) | (1 << 11) | (1 << 12) | (1 << 13) | (1 << 14) | (1 << 15),
    # the path AVX2-class cores with VPCLMULQDQ take (Zen 3, Ice Lake and
    # Alder Lake clients; hashbench --as-cpu avx2-vpclmul)
    "no AVX-512, VAES and VPCLMULQDQ kept": (1 << 10) | (1 << 11) | (1 << 12) | (1 << 13) | (1 << 17) | (1 << 18),
    "no AVX-512, no AVX2": (1 << 7) | (1 << 10) | (1 << 11) | (1 << 12) | (1 << 13) | (1 << 14) | (1 << 15),
    "no SHA, no AES, no CLMUL": (1 << 9) | (1 << 5) | (1 << 4) | (1 << 14) | (1 << 15),
    "nothing beyond SSE2": 0xFFFFFFFE,
    "nothing at all": 0xFFFFFFFF,
}


# the x86-64 cores (src/arch/x86/core_x86.c)
X86_CORES = ["zen3", "zen4", "zen5", "other"]

# on ARM hosts the same idea with the ARM feature words (tests/host_tiers.py
# runs the same masks in the verify and contract tiers): HB_ARM_MASK on
# aarch64 (src/arch/aarch64/cpu_aarch64.h), HB_ARM32_MASK on 32-bit ARM
# (src/arch/arm/cpu_arm.h)
AARCH64 = platform.machine() in ("aarch64", "arm64")
ARM32 = platform.machine().startswith("arm") and not AARCH64
ARM_MASK_VAR = "HB_ARM_MASK" if AARCH64 else "HB_ARM32_MASK"
ARM_MASKS = {
    "all features": 0,
    "no CRC32": 0x20,
    "no PMULL, AES": 0x06,
    "no SHA1, SHA2": 0x18,
    "no Advanced SIMD (NEON)": 0x01,
    "nothing at all": 0xFFFFFFFF,
}
if AARCH64:
    ARM_MASKS["no SHA3, SHA512"] = 0xC0
not_x86 = pytest.mark.skipif(platform.machine() != "x86_64",
                             reason="HB_X86_MASK and HB_X86_CORE apply to x86-64 only (ARM: the test_arm_ tests)")


def listing(hashbench, mask, core=None):
    env = dict(os.environ, HB_X86_MASK=str(mask))
    if core:
        env["HB_X86_CORE"] = core
    return json.loads(hashbench("list", "--format", "json", env=env, check=0).stdout)


@not_x86
@pytest.mark.parametrize("label", list(X86_MASKS))
@pytest.mark.parametrize("core", X86_CORES)
def test_best_is_highest_ranked_available(hashbench, label, core):
    x86 = platform.machine() == "x86_64"
    for algo in listing(hashbench, X86_MASKS[label], core):
        assert algo["cpu_tuning"] == (core if x86 else "none")
        assert_best_is_top(algo)


def assert_best_is_top(algo):
    """The pick of `list --format json` is the highest-ranked implementation
    this CPU can run, and exactly one."""
    impls = algo["implementations"]
    best = [i for i in impls if i["best"]]
    assert len(best) == 1, algo["id"]
    best = best[0]
    assert best["available"] and best["rank"] >= 0, (algo["id"], best)
    # pickable: false for a threaded one (BLAKE3 mt) when the affinity mask
    # holds one CPU (taskset -c 1): never the pick there
    top = max(i["rank"] for i in impls if i["available"] and i["rank"] >= 0 and i["pickable"])
    # no exceptions: where measurement found an order wrong (fnv1a32's
    # portable above fast on x86-64 and aarch64) a row says so
    assert best["rank"] == top, (algo["id"], best, impls)


@pytest.mark.skipif(platform.machine() != "x86_64", reason="HB_X86_CORE applies to x86-64 only")
def test_the_core_is_read_from_cpuid_unless_named(hashbench):
    info = hashbench("info").stdout.decode()
    tuning = re.search(r"^cpu tuning\s+(\S+)", info, re.M).group(1)
    assert tuning in X86_CORES
    cpuinfo = open("/proc/cpuinfo").read()
    family = int(re.search(r"^cpu family\s*:\s*(\d+)", cpuinfo, re.M).group(1))
    amd = "AuthenticAMD" in cpuinfo
    avx512 = re.search(r"^flags\s*:.*\bavx512f\b", cpuinfo, re.M) is not None
    expect = ("zen5" if amd and family == 0x1A else "zen4" if amd and family == 0x19 and avx512
              else "zen3" if amd and family == 0x19 else "other")
    assert tuning == expect
    named = hashbench("info", env=dict(os.environ, HB_X86_CORE="zen5")).stdout.decode()
    assert re.search(r"^cpu tuning\s+zen5\b", named, re.M)
    # taking features away (HB_X86_MASK) reaches lower implementations; it must
    # not change which core's tuning they follow
    masked = hashbench("info", env=dict(os.environ, HB_X86_MASK="4294967295")).stdout.decode()
    assert re.search(r"^cpu tuning\s+(\S+)", masked, re.M).group(1) == expect


@pytest.mark.skipif(platform.machine() != "x86_64", reason="HB_X86_CORE applies to x86-64 only")
@pytest.mark.parametrize("core", X86_CORES)
def test_a_cores_own_ranks_take_effect(hashbench, core):
    # Zen 4's tuning ranks SHA-3 bmi2 above avx512 (3 > 2); Zen 3's ranks it
    # above fast (2 > 1) and avx512 above it (3), and so does "other" where
    # the dispatcher sees no AVX-512 (masked here, so on every machine);
    # Zen 5, and "other" with AVX-512, keep the table's rank (1, below avx512)
    no_avx512 = X86_MASKS["no AVX-512"]
    for mask in (0, no_avx512):
        zen3_ranks = core == "zen3" or (core == "other" and mask == no_avx512)
        want = 3 if core == "zen4" else 2 if zen3_ranks else None
        for algo in listing(hashbench, mask, core):
            if not algo["id"].startswith("sha3-"):
                continue
            impls = {i["name"]: i for i in algo["implementations"]}
            if want is None:    # "other" unmasked: depends on this machine's AVX-512
                assert impls["bmi2"]["rank"] in (1, 2), (core, algo["id"])
                continue
            assert impls["bmi2"]["rank"] == want, (core, mask, algo["id"])
            if zen3_ranks:
                assert impls["avx512"]["rank"] == 3, algo["id"]
            if impls["bmi2"]["available"] and not impls["avx512"]["available"]:
                assert algo["best"] == "bmi2", (core, mask, algo["id"])


# What the per-core knob tables chose before the settings became rows
# (sha2/xxh/blake3 *_x86_knobs.c, issue 31): the static pick per core with
# every feature, and without AVX-512 (a core nobody measured is then
# "other" with Zen 3's ranks).  Cores' AVX-512 picks assume IFMA (Zen 4
# has it; the mask below keeps it where the machine has it).
KNOB_PICKS = {
    # core: (sha512/384, xxh32, xxh64, xxh3-64/128, blake3 single-threaded)
    "zen5": ("avx512-chain4", "avx512ifma", "avx512", "avx512", "avx512"),
    "zen4": ("avx512-deferred", "avx512ifma-split", "avx512-split", "avx512-noprefetch", "avx512-rows"),
    "zen3": ("avx512-deferred", "avx512ifma", "avx512", "avx512", "avx512"),
    "other": ("avx512", "avx512ifma", "avx512", "avx512", "avx512"),
}
KNOB_PICKS_NO_AVX512 = {
    "zen5": ("avx2", "fast", "fast", "avx2", "avx2"),
    "zen4": ("avx2-deferred", "fast", "fast", "avx2", "avx2"),
    "zen3": ("avx2-deferred", "avx2", "avx2", "avx2", "avx2"),
    "other": ("avx2-deferred", "avx2", "avx2", "avx2", "avx2"),
}


@pytest.mark.skipif(platform.machine() != "x86_64", reason="HB_X86_CORE applies to x86-64 only")
@pytest.mark.parametrize("core", X86_CORES)
@pytest.mark.parametrize("avx512", [True, False])
def test_knob_rows_pick_what_the_knob_tables_chose(hashbench, core, avx512):
    mask = 0 if avx512 else X86_MASKS["no AVX-512"]
    algos = {a["id"]: a for a in listing(hashbench, mask, core)}
    xxh32 = {i["name"]: i for i in algos["xxh32"]["implementations"]}
    if avx512 and not xxh32["avx512ifma"]["available"]:
        pytest.skip("this machine has no AVX-512 IFMA")
    want = (KNOB_PICKS if avx512 else KNOB_PICKS_NO_AVX512)[core]
    # blake3: the single-threaded pick (mt, above it, runs that one's kernels)
    got = (algos["sha512"]["best"], algos["xxh32"]["best"], algos["xxh64"]["best"],
           algos["xxh3-64"]["best"], top_single_threaded(algos["blake3"]))
    assert got == want, (core, avx512)
    assert algos["sha384"]["best"] == want[0] and algos["xxh3-128"]["best"] == want[3]


def top_single_threaded(algo):
    """The highest-ranked available implementation that is not threaded (BLAKE3 mt)."""
    impls = [i for i in algo["implementations"] if i["available"] and i["rank"] >= 0 and i["name"] != "mt"]
    return max(impls, key=lambda i: i["rank"])["name"]


@pytest.mark.skipif(platform.machine() != "x86_64", reason="HB_X86_MASK applies to x86-64 only")
def test_masking_everything_leaves_portable_c(hashbench):
    for algo in listing(hashbench, X86_MASKS["nothing at all"]):
        best = [i for i in algo["implementations"] if i["best"]][0]
        assert best["name"] in ("portable", "fast"), (algo["id"], best)


@not_x86
@pytest.mark.parametrize("label", list(X86_MASKS))
@pytest.mark.parametrize("core", X86_CORES)
def test_every_dispatch_path_passes_the_vectors(hashbench, label, core):
    env = dict(os.environ, HB_X86_MASK=str(X86_MASKS[label]), HB_X86_CORE=core)
    out = hashbench("verify", "--impl", "best", env=env, check=0).stdout.decode()
    assert out.strip().splitlines()[-1].endswith(" 0 failed")


# defined on ARM hosts only, so x86-64's counts stay those of its own tests
if AARCH64 or ARM32:
    def arm_listing(hashbench, mask):
        env = dict(os.environ, **{ARM_MASK_VAR: str(mask)})
        return json.loads(hashbench("list", "--format", "json", env=env, check=0).stdout)


    @pytest.mark.parametrize("label", list(ARM_MASKS))
    def test_arm_best_is_highest_ranked_available(hashbench, label):
        for algo in arm_listing(hashbench, ARM_MASKS[label]):
            assert algo["cpu_tuning"] == "none"
            assert_best_is_top(algo)


    def test_arm_masking_everything_leaves_portable_c(hashbench):
        # everything masked: no kernel that needs a feature bit stays available
        # (BLAKE3's mt is the portable C on threads where no SIMD is left)
        full = {a["id"]: a for a in arm_listing(hashbench, 0)}
        for algo in arm_listing(hashbench, ARM_MASKS["nothing at all"]):
            names = {i["name"] for i in algo["implementations"] if i["available"]}
            best = [i for i in algo["implementations"] if i["best"]][0]
            assert best["name"] in ("portable", "fast", "mt"), (algo["id"], best)
            assert names <= {i["name"] for i in full[algo["id"]]["implementations"] if i["available"]}


    @pytest.mark.parametrize("label", list(ARM_MASKS))
    def test_arm_every_dispatch_path_passes_the_vectors(hashbench, label):
        env = dict(os.environ, **{ARM_MASK_VAR: str(ARM_MASKS[label])})
        out = hashbench("verify", "--impl", "best", env=env, check=0).stdout.decode()
        assert out.strip().splitlines()[-1].endswith(" 0 failed")

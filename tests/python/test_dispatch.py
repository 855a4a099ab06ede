"""The dispatcher: it picks, for every algorithm, the highest-ranked
implementation the CPU can run, never a peer library; and every path it can
pick is right.  HB_X86_MASK removes CPU features, so the lower paths are
forced in turn (the BLAKE3 C tests' feature-subset loop, in spirit)."""
import json
import os
import platform

import pytest

# feature groups, as in src/arch/x86/cpu_x86.h
X86_MASKS = {
    "all features": 0,
    "no AVX-512": (1 << 10) | (1 << 11) | (1 << 12) | (1 << 13) | (1 << 14) | (1 << 15),
    "no AVX-512, no AVX2": (1 << 7) | (1 << 10) | (1 << 11) | (1 << 12) | (1 << 13) | (1 << 14) | (1 << 15),
    "no SHA, no AES, no CLMUL": (1 << 9) | (1 << 5) | (1 << 4) | (1 << 14) | (1 << 15),
    "nothing beyond SSE2": 0xFFFFFFFE,
    "nothing at all": 0xFFFFFFFF,
}


def listing(hashbench, mask):
    env = dict(os.environ, HB_X86_MASK=str(mask))
    return json.loads(hashbench("list", "--format", "json", env=env, check=0).stdout)


@pytest.mark.parametrize("label", list(X86_MASKS))
def test_best_is_highest_ranked_available(hashbench, label):
    for algo in listing(hashbench, X86_MASKS[label]):
        impls = algo["implementations"]
        best = [i for i in impls if i["best"]]
        assert len(best) == 1, algo["id"]
        best = best[0]
        assert best["available"] and best["rank"] >= 0, (algo["id"], best)
        top = max(i["rank"] for i in impls if i["available"] and i["rank"] >= 0)
        if algo["id"] != "fnv1a32":      # the one measured exception (src/dispatch.c)
            assert best["rank"] == top, (algo["id"], best, impls)


@pytest.mark.skipif(platform.machine() != "x86_64", reason="HB_X86_MASK applies to x86-64 only")
def test_masking_everything_leaves_portable_c(hashbench):
    for algo in listing(hashbench, X86_MASKS["nothing at all"]):
        best = [i for i in algo["implementations"] if i["best"]][0]
        assert best["name"] in ("portable", "fast"), (algo["id"], best)


@pytest.mark.parametrize("label", list(X86_MASKS))
def test_every_dispatch_path_passes_the_vectors(hashbench, label):
    env = dict(os.environ, HB_X86_MASK=str(X86_MASKS[label]))
    out = hashbench("verify", "--impl", "best", env=env, check=0).stdout.decode()
    assert out.strip().splitlines()[-1].endswith(" 0 failed")

"""`hashbench sum` against independent implementations (tests/python/
references.py), for all 40 algorithms and every implementation `hashbench
list --format json` names and this CPU runs, on random messages of every
length class: block and rate boundaries, the 64 KiB read chunks of `sum`,
and a few megabytes."""
import json
import random

import pytest
from conftest import workload, workload_digests
from references import REFERENCES

# around every block (16..144 bytes), rate (72, 104, 136) and chunk boundary,
# and past 4 MiB, where the vector Adler-32 code reduces its sums
LENGTHS = sorted({0, 1, 2, 3, 5, 7, 8, 9} | {b + d for b in (16, 32, 64, 72, 104, 128, 136, 144, 240, 256, 1024)
                                              for d in (-1, 0, 1)}
                 | {65535, 65536, 65537, 131073, 5 * 1024 * 1024 + 5})
# pure-Python references of byte-serial algorithms are slow on megabytes
SLOW_PYTHON = {"fletcher16", "fletcher32", "fletcher64", "pearson8", "djb2", "fnv1a32", "knuth", "oat", "pjw", "sdbm",
               "aes-cbc-mac"}


def test_references_reproduce_the_workload_digests():
    # the references themselves are checked before they judge anything
    for algo, ref in REFERENCES.items():
        assert ref(workload()).hex() == workload_digests()[algo], algo
    assert len(REFERENCES) == 40


@pytest.fixture(scope="module")
def messages(tmp_path_factory):
    rnd = random.Random(4242)
    d = tmp_path_factory.mktemp("sum")
    out = []
    for n in LENGTHS:
        f = d / f"len{n:08d}"
        f.write_bytes(rnd.randbytes(n))
        out.append(f)
    return out


@pytest.fixture(scope="module")
def implementations(hashbench):
    return {a["id"]: [i["name"] for i in a["implementations"] if i["available"]]
            for a in json.loads(hashbench("list", "--format", "json", check=0).stdout)}


@pytest.mark.parametrize("algo", sorted(REFERENCES))
def test_sum_agrees_with_independent_implementation(hashbench, messages, implementations, algo):
    files = [f for f in messages if algo not in SLOW_PYTHON or f.stat().st_size < 200000]
    want = [REFERENCES[algo](f.read_bytes()).hex() for f in files]
    assert implementations[algo]
    for impl in implementations[algo]:
        out = hashbench("sum", "-a", algo, "--impl", impl, *files, check=0).stdout.decode().splitlines()
        got = [line.split("  ", 1)[0] for line in out]
        bad = [(f.stat().st_size, g, w) for f, g, w in zip(files, got, want) if g != w]
        assert len(got) == len(files) and not bad, f"{algo}/{impl}: first mismatches {bad[:3]}"

"""XXH3's seeded form (with_params: an 8-byte key is the seed,
little-endian) against the independent Python `xxhash` package.

tests/vectors/xxh3-seeded.vec is generated here from the package (run this
file with python to rewrite it) and compiled into `hashbench verify`, which
runs each line through every implementation's with_params.  The tests check
that the file is exactly what the package gives today, and that verify passes
on every XXH3 implementation.  Lengths: every path and stripe/block boundary
(0, 1-3, 4-8, 9-16, 17-128, 129-240, and the 64-byte stripes and 1024-byte
blocks of the long loop) plus random ones up to 2000; seeds 0, 1, 2^63, all
ones and random ones."""
import json
import random
import sys
from pathlib import Path

import xxhash

VEC = Path(__file__).resolve().parents[1] / "vectors" / "xxh3-seeded.vec"

BOUNDARIES = [0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 96, 127, 128, 129,
              160, 192, 224, 239, 240, 241, 255, 256, 257, 319, 320, 321, 511, 512, 513, 1023,
              1024, 1025, 1087, 1088, 1089, 1983, 1984, 1985, 2000]


def sanity(n):
    """xxHash's sanity buffer (our xxhsanity:<n>)."""
    g, out = 2654435761, bytearray()
    for _ in range(n):
        out.append(g >> 56)
        g = (g * 11400714785074694797) & ((1 << 64) - 1)
    return bytes(out)


def cases():
    rnd = random.Random(20261202)
    lengths = sorted(set(BOUNDARIES + [rnd.randrange(0, 2001) for _ in range(40)]))
    out = []
    for n in lengths:
        seeds = [0, 1, 1 << 63, (1 << 64) - 1, rnd.getrandbits(64), rnd.getrandbits(32)]
        out += [(n, s) for s in seeds]
    return out


def want(width, data, seed):
    if width == 64:
        return xxhash.xxh3_64_hexdigest(data, seed=seed)
    return xxhash.xxh3_128_hexdigest(data, seed=seed)      # high64 then low64, our form


def render():
    buf = sanity(2000)
    lines = [
        "# XXH3 with a seed, through with_params: key = the 64-bit seed little-endian.",
        "# Generated from the Python xxhash package (xxh3_64_hexdigest, xxh3_128_hexdigest",
        "# with seed=) by tests/python/test_xxh3_seeded_py.py, which checks the file still",
        "# matches it.  Messages: xxHash's sanity buffer (xxhsanity:<n>, see xxh3-sanity.vec).",
    ]
    for width in (64, 128):
        lines.append(f"[xxh3-{width}]")
        for n, seed in cases():
            key = seed.to_bytes(8, "little").hex()
            lines.append(f"msg=xxhsanity:{n} key=hex:{key} out={want(width, buf[:n], seed)}")
    return "\n".join(lines) + "\n"


def test_package_sanity():
    # xxHash's own sanity values (cli/xsum_sanity_check.c), seed PRIME32 and 0
    assert xxhash.xxh3_64_hexdigest(b"") == "2d06800538d394c2"
    assert xxhash.xxh3_64_hexdigest(sanity(1), seed=0) == "c44bdff4074eecdb"


def test_vector_file_matches_package():
    assert VEC.read_text() == render(), "rerun: python tests/python/test_xxh3_seeded_py.py"


def test_verify_every_implementation(hashbench):
    listing = json.loads(hashbench("list", "--format", "json", check=0).stdout)
    for algo in ("xxh3-64", "xxh3-128"):
        impls = [i["name"] for a in listing if a["id"] == algo for i in a["implementations"] if i["available"]]
        assert "portable" in impls and "fast" in impls
        proc = hashbench("verify", "-a", algo, "--impl", "all", "-v", check=0)
        out = proc.stdout.decode()
        n = len(cases()) + sum(1 for l in (VEC.parent / "xxh3-sanity.vec").read_text().splitlines()
                               if l.startswith("msg="))
        for impl in impls:
            assert any(l.split()[:3] == ["ok", algo, impl] for l in out.splitlines()), (impl, out)
        assert " 0 failed" in out, out


if __name__ == "__main__":
    VEC.write_text(render())
    print(f"wrote {VEC}")

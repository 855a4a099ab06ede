"""Long messages of bytes 0xFF, 0xFE, 0xFD, ... drive every Fletcher and
Adler sum close to its largest value between two reductions (all-0xFF
alone would not do: 0xFF, 0xFFFF and 0xFFFFFFFF are 0 modulo Fletcher's
moduli, so a checksum that stayed 0 would pass); each implementation reduces at its
own points (fletcher64: every 8192 words in `fast`, every 65536 words in
`x64`), so each must agree with an independent Python reference at lengths
that cross those points, whole and cut mid-word."""
import json

import pytest

from references import REFERENCES

SIZES = (262143, 262144 + 5, (1 << 20) + 3, 3 * (1 << 20) + 1)
ALGOS = ("fletcher16", "fletcher32", "fletcher64", "adler32")


@pytest.mark.parametrize("algo", ALGOS)
def test_every_implementation_at_its_bounds(hashbench, tmp_path, algo):
    listing = {a["id"]: a for a in json.loads(hashbench("list", "--format", "json").stdout)}
    impls = [i["name"] for i in listing[algo]["implementations"] if i["available"]]
    assert "portable" in impls and len(impls) >= 2
    for size in SIZES:
        data = (b"\xff\xfe\xfd" * (size // 3 + 1))[:size]
        f = tmp_path / f"high{size}"
        f.write_bytes(data)
        want = REFERENCES[algo](data).hex()
        for impl in impls:
            out = hashbench("sum", "-a", algo, "--impl", impl, f, check=0).stdout.decode().split()
            assert out[0] == want, (algo, impl, size)

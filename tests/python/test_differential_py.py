"""Differential tests for the algorithms no C library on Debian offers, against
independent Python packages: mmh3 (MurmurHash3), blake3 (the BLAKE3 team's
Rust implementation), crcmod (CRC-8/SMBUS, CRC-16/XMODEM).  Every
implementation this CPU can run, every length 0..1100 and large random ones,
through `hashbench sum` on files (so the CLI's chunked reading is crossed
too)."""
import json
import random
import struct

import blake3
import crcmod
import mmh3
import pytest

crc8 = crcmod.mkCrcFun(0x107, initCrc=0, rev=False, xorOut=0)
crc16 = crcmod.mkCrcFun(0x11021, initCrc=0, rev=False, xorOut=0)


def murmur3_128(data):
    h1, h2 = mmh3.hash64(data, 0, signed=False)  # h1, h2 of MurmurHash3_x64_128
    return struct.pack("<QQ", h1, h2)


REFERENCES = {
    "murmur3-32": lambda d: struct.pack(">I", mmh3.hash(d, 0, signed=False)),
    "murmur3-128": murmur3_128,
    "blake3": lambda d: blake3.blake3(d).digest(),
    "crc8": lambda d: struct.pack(">B", crc8(d)),
    "crc16": lambda d: struct.pack(">H", crc16(d)),
}


def test_references_agree_with_catalogue():
    assert crc8(b"123456789") == 0xF4 and crc16(b"123456789") == 0x31C3
    assert blake3.blake3(b"").hexdigest().startswith("af1349b9")


@pytest.fixture(scope="module")
def messages(tmp_path_factory):
    rnd = random.Random(20261122)
    d = tmp_path_factory.mktemp("msgs")
    lengths = list(range(0, 1101)) + [rnd.randrange(1, 1 << 20) for _ in range(6)] + [65536, 65537, 131071]
    files = []
    for i, n in enumerate(lengths):
        f = d / f"m{i:05d}"
        f.write_bytes(rnd.randbytes(n))
        files.append(f)
    return files


@pytest.mark.parametrize("algo", sorted(REFERENCES))
def test_against_python_package(hashbench, messages, algo):
    listing = json.loads(hashbench("list", "--format", "json", check=0).stdout)
    impls = [i["name"] for a in listing if a["id"] == algo for i in a["implementations"] if i["available"]]
    assert impls
    for impl in impls:
        out = hashbench("sum", "-a", algo, "--impl", impl, *messages, check=0).stdout.decode().splitlines()
        assert len(out) == len(messages)
        for line, f in zip(out, messages):
            want = REFERENCES[algo](f.read_bytes()).hex()
            got, name = line.split("  ", 1)
            assert name == str(f)
            assert got == want, f"{algo}/{impl} length {f.stat().st_size}"

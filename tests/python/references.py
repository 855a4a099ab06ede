"""Independent implementations of all 40 roster algorithms, for checking
`hashbench sum` end to end.

Where a library exists it is used: hashlib (OpenSSL), zlib, crcmod,
pycryptodome, mmh3, xxhash, siphash24, blake3.  For the eight small
algorithms no package offers (fletcher16/32/64, pearson8, djb2, knuth, oat,
pjw, sdbm, fnv1a32), the definitions of docs/ROSTER.md are transcribed here
in Python: different code in a different language, which the published
FNV vectors and the canonical workload digests pin down further."""
import hashlib
import hmac
import struct
import zlib
from pathlib import Path

import blake3
import crcmod
import mmh3
import siphash24
import xxhash
from Crypto.Cipher import AES
from Crypto.Hash import MD4, RIPEMD160

ROOT = Path(__file__).resolve().parents[2]

_crc8 = crcmod.mkCrcFun(0x107, initCrc=0, rev=False, xorOut=0)
_crc16 = crcmod.mkCrcFun(0x11021, initCrc=0, rev=False, xorOut=0)
_crc32c = crcmod.mkCrcFun(0x11EDC6F41, initCrc=0, rev=True, xorOut=0xFFFFFFFF)
_crc64 = crcmod.mkCrcFun(0x142F0E1EBA9EA3693, initCrc=0, rev=False, xorOut=0)
_crc64xz = crcmod.mkCrcFun(0x142F0E1EBA9EA3693, initCrc=0, rev=True, xorOut=0xFFFFFFFFFFFFFFFF)


def _pearson_table():
    rows = [l for l in (ROOT / "tests/vectors/pearson-table.txt").read_text().splitlines()
            if l.strip() and not l.startswith("#")]
    return [int(x, 16) for l in rows for x in l.split()]


_PEARSON = _pearson_table()
M32 = 0xFFFFFFFF


def fletcher16(d):
    a = b = 0
    for c in d:
        a = (a + c) % 255
        b = (b + a) % 255
    return struct.pack(">H", (b << 8) | a)


def fletcher32(d):
    if len(d) % 2:
        d += b"\0"
    a = b = 0
    for i in range(0, len(d), 2):
        a = (a + (d[i] << 8 | d[i + 1])) % 65535
        b = (b + a) % 65535
    return struct.pack(">I", (b << 16) | a)


def fletcher64(d):
    d += b"\0" * (-len(d) % 4)
    a = b = 0
    for i in range(0, len(d), 4):
        a = (a + struct.unpack(">I", d[i:i + 4])[0]) % M32
        b = (b + a) % M32
    return struct.pack(">Q", (b << 32) | a)


def pearson8(d):
    h = 0
    for c in d:
        h = _PEARSON[h ^ c]
    return bytes([h])


def djb2(d):
    h = 5381
    for c in d:
        h = (h * 33 + c) & M32
    return struct.pack(">I", h)


def fnv1a32(d):
    h = 0x811C9DC5
    for c in d:
        h = ((h ^ c) * 0x01000193) & M32
    return struct.pack(">I", h)


def knuth(d):
    h = 0
    for c in d:
        h = ((h ^ c) * 0x9E3779B1) & M32
    return struct.pack(">I", h)


def oat(d):
    h = 0
    for c in d:
        h = (h + c) & M32
        h = (h + (h << 10)) & M32
        h ^= h >> 6
    h = (h + (h << 3)) & M32
    h ^= h >> 11
    h = (h + (h << 15)) & M32
    return struct.pack(">I", h)


def pjw(d):
    h = 0
    for c in d:
        h = ((h << 4) + c) & M32
        g = h & 0xF0000000
        if g:
            h ^= g >> 24
            h &= ~g & M32
    return struct.pack(">I", h)


def sdbm(d):
    h = 0
    for c in d:
        h = (c + h * 65599) & M32
    return struct.pack(">I", h)


def aes_cbc_mac(d):
    ecb = AES.new(b"hash-bench-aes!\0", AES.MODE_ECB)
    mac = bytes(16)
    d += b"\0" * (-len(d) % 16)
    for i in range(0, len(d), 16):
        mac = ecb.encrypt(bytes(x ^ y for x, y in zip(mac, d[i:i + 16])))
    return mac


REFERENCES = {
    "crc8": lambda d: bytes([_crc8(d)]),
    "crc16": lambda d: struct.pack(">H", _crc16(d)),
    "crc32": lambda d: struct.pack(">I", zlib.crc32(d)),
    "crc32c": lambda d: struct.pack(">I", _crc32c(d)),
    "crc64": lambda d: struct.pack(">Q", _crc64(d)),
    "crc64-xz": lambda d: struct.pack(">Q", _crc64xz(d)),
    "adler32": lambda d: struct.pack(">I", zlib.adler32(d)),
    "fletcher16": fletcher16,
    "fletcher32": fletcher32,
    "fletcher64": fletcher64,
    "pearson8": pearson8,
    "djb2": djb2,
    "fnv1a32": fnv1a32,
    "knuth": knuth,
    "oat": oat,
    "pjw": pjw,
    "sdbm": sdbm,
    "murmur3-32": lambda d: struct.pack(">I", mmh3.hash(d, 0, signed=False)),
    "murmur3-128": lambda d: struct.pack("<QQ", *mmh3.hash64(d, 0, signed=False)),
    "xxh32": lambda d: xxhash.xxh32(d).digest(),
    "xxh64": lambda d: xxhash.xxh64(d).digest(),
    "xxh3-64": lambda d: xxhash.xxh3_64(d).digest(),
    "xxh3-128": lambda d: xxhash.xxh3_128(d).digest(),
    "siphash-2-4": lambda d: siphash24.siphash24(d, key=bytes(range(16))).digest(),
    "md4": lambda d: MD4.new(d).digest(),
    "md5": lambda d: hashlib.md5(d).digest(),
    "sha1": lambda d: hashlib.sha1(d).digest(),
    "ripemd160": lambda d: RIPEMD160.new(d).digest(),
    "sha256": lambda d: hashlib.sha256(d).digest(),
    "sha384": lambda d: hashlib.sha384(d).digest(),
    "sha512": lambda d: hashlib.sha512(d).digest(),
    "sha3-256": lambda d: hashlib.sha3_256(d).digest(),
    "sha3-384": lambda d: hashlib.sha3_384(d).digest(),
    "sha3-512": lambda d: hashlib.sha3_512(d).digest(),
    "blake2s": lambda d: hashlib.blake2s(d).digest(),
    "blake2b": lambda d: hashlib.blake2b(d).digest(),
    "blake3": lambda d: blake3.blake3(d).digest(),
    "hmac-sha256": lambda d: hmac.new(b"hash-bench-nds\0\0", d, hashlib.sha256).digest(),
    "pbkdf2-sha256": lambda d: hashlib.pbkdf2_hmac("sha256", d, b"hash-bench-salt", 100, 32),
    "aes-cbc-mac": aes_cbc_mac,
}

#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets (fuzz/corpus/<name>/),
crafted from the layouts the readers parse: include/hbt_layout.h
(the results block), include/nds_frame_layout.h (frame pages), the
sim65 driver's ENTRIES lines, and the fuzz targets' own input layouts (the
comments at the top of fuzz/fuzz_*.c).  Run once; the files are committed.
Regression inputs (findings) are added beside them by hand, named
regression-*, and this script leaves those alone.

    python3 fuzz/make_seeds.py
"""
import random
import struct
import zlib
from pathlib import Path

CORPUS = Path(__file__).resolve().parent / "corpus"
N_ALGOS = 40          # the roster (docs/ROSTER.md)


def put(name, index, data):
    d = CORPUS / name
    d.mkdir(parents=True, exist_ok=True)
    (d / f"seed-{index:02d}").write_bytes(data)


def differential():
    rng = random.Random(22)
    # one seed per algorithm, lengths around block sizes, and a few long ones
    # (BLAKE3's 8-chunk AVX2 path, the CRC folding loops)
    lengths = [0, 1, 3, 15, 16, 63, 64, 65, 127, 128, 136, 200, 1024, 1025, 4096]
    for a in range(N_ALGOS):
        n = lengths[a % len(lengths)] if a < 36 else [8193, 9000, 17000, 16384][a - 36]
        splits = [rng.choice([0, 1, 7, 63, 64, 65, 1000]) for _ in range(a % 5)]
        head = bytes([a, rng.randrange(8), rng.randrange(64), len(splits)])
        head += b"".join(struct.pack("<H", s) for s in splits)
        put("differential", a, head + bytes(rng.randrange(256) for _ in range(n)))


def sizes():
    for i, s in enumerate(["64", "1K", "16M", "1GiB", "1kb", "64,256,1024", "16,64,256,1K,8K,64K,1M,16M",
                           " 7", "0", "-1", "18446744073709551615", "18446744073709551616", "17179869184G",
                           "4x", "", ",", "1,1,1", "1,,2", "64 ", "0x40", "1B,1KiB,1MiB,1GB",
                           ",".join(str(n) for n in range(1, 70))]):
        put("sizes", i, s.encode())


def block_bytes(n_entries=6, capacity=8, digest=8, n_algos=N_ALGOS, n_builds=2, count=None, platform=3):
    """A results block as a ROM leaves it: header, then the ring."""
    entry = 10 + digest
    hdr = bytearray(40)
    hdr[0:4] = b"HBRB"
    hdr[4], hdr[5], hdr[6], hdr[7] = 1, 40, entry, digest
    struct.pack_into("<HH", hdr, 8, capacity, n_entries if count is None else count)
    hdr[12], hdr[13], hdr[14], hdr[15] = 2, 1, n_algos, 3
    struct.pack_into("<4H", hdr, 16, 64, 256, 1024, 0)
    struct.pack_into("<IH", hdr, 24, 16777216, 1)
    hdr[30], hdr[31] = platform, n_builds
    struct.pack_into("<HH", hdr, 32, 0x4317, 30)
    ring = bytearray(capacity * entry)
    for i in range(n_entries):
        e = struct.pack("<BBBBIH", i % n_algos, (i % 2) | ((i // 2 % n_builds) << 4), i % 3, 1,
                        1000 + 17 * i, 4) + bytes((i * 31 + k) & 0xFF for k in range(digest))
        slot = i % capacity
        ring[slot * entry:(slot + 1) * entry] = e
    return bytes(hdr + ring)


def block():
    seeds = [
        bytes([0]) + b"\0" * 16 + block_bytes(),
        bytes([1 | 1 << 3]) + struct.pack("<H", 6) + b"junk" + block_bytes(count=0),
        bytes([3 | 2 << 3]) + struct.pack("<3H", 2, 5, 9) + block_bytes(n_entries=9, capacity=12, count=0),
        bytes([2]) + struct.pack("<2H", 0xFFFF, 3) + block_bytes(count=0),
        bytes([1 | 1 << 3]) + struct.pack("<H", 3) + block_bytes(n_entries=3, digest=32, n_builds=1, count=0,
                                                                platform=5),
        bytes([0]) + block_bytes()[:39],                        # header cut short
        bytes([0]) + b"HBRB" + block_bytes(),                    # a false start before the real one
        bytes([1]) + struct.pack("<H", 200) + block_bytes(capacity=4, n_entries=4, count=0),
    ]
    for i, s in enumerate(seeds):
        put("block", i, s)


def frame_pages(block_data, width=256, page_payload=300, seq=1, address=0x02000000):
    """The pages of one showing of block_data, as bytes laid out row by row
    (one byte a pixel), each page starting on a row."""
    pages = [block_data[i:i + page_payload] for i in range(0, len(block_data), page_payload)] or [b""]
    out = bytearray()
    for p, payload in enumerate(pages):
        head = bytearray(32)
        head[0:4] = b"HBFP"
        head[4], head[5], head[6], head[7] = 1, p, len(pages), seq
        struct.pack_into("<IIHHI", head, 8, len(block_data), p * page_payload, len(payload), width, address)
        head[24:28] = zlib.crc32(bytes(head[:24]) + payload).to_bytes(4, "big")
        page = bytes(head) + payload
        page += b"\0" * (-len(page) % width)
        out += page
    return bytes(out)


def frame_block():
    blk = block_bytes()
    seeds = [
        bytes([252, 0]) + frame_pages(blk),                               # 256 wide, one frame
        bytes([252, 1]) + frame_pages(blk) + frame_pages(blk),            # two frames, the same showing
        bytes([60, 0]) + frame_pages(blk, width=64, page_payload=100),    # a narrow screen
        bytes([252, 2]) + frame_pages(blk, seq=1) + frame_pages(blk, seq=2) + frame_pages(blk, seq=2),
        bytes([252, 0]) + frame_pages(blk, width=200),                    # stride differs from the frame
        bytes([252, 0]) + frame_pages(blk)[:300],                         # cut off
        bytes([0, 0]) + frame_pages(b"", width=4),                        # an empty block
    ]
    bad_crc = bytearray(frame_pages(blk))
    bad_crc[40] ^= 1
    seeds.append(bytes([252, 0]) + bytes(bad_crc))
    for i, s in enumerate(seeds):
        put("frame_block", i, s)


def sim65_record():
    lines = [
        "crc32 portable 64 12345 10 cbf43926",
        "sha256 portable 256 987654 4 " + "ab" * 32,
        "md5 fast 1024 1234567 2 " + "0f" * 16,
        "blake2b portable 64 20000 0 -",
        "# a comment",
        "",
        "sha512 portable 1024 4294967295 1 " + "11" * 64,
        "sha512 portable 1024 4294967296 1 " + "11" * 64,
        "nope portable 64 1 1 00",
        "crc32 avx2 64 1 1 00000000",
        "crc32 portable 63 1 1 00000000",
        "crc32 portable 64 1 1 0000000g",
        "crc8 portable 64 -5 1 -1",
    ]
    seeds = ["\n".join(lines[:4]) + "\n"] + [l + "\n" for l in lines] + ["\n".join(lines)]
    for i, s in enumerate(seeds):
        put("sim65_record", i, s.encode())


def profile():
    """profiles (format 2, docs/schema/profile.schema.json) as tune writes
    them and as a person might: the key any (the target checks a text
    against the key it holds), overrides, an algorithm with sizes of its
    own, escapes, and a format-1 one"""
    import json
    key = {"cpu_vendor": "AuthenticAMD", "cpu_family": "25", "cpu_model": "1", "cpu_stepping": "1",
           "cpu_microcode": "0x1000065", "features": "x86-64 0x0008c3ff sse2 ssse3 sse4_1 sse4_2 pclmulqdq aes avx "
           "avx2 bmi2 sha_ni vaes vpclmulqdq bmi1", "cpu_tuning": "zen3",
           "build": "0.1.0 build-id 1f256b2092767c11d28fa2f98452111799c4194b"}
    algos = ["crc8", "crc16", "crc32", "crc32c", "adler32", "fletcher32", "xxh64", "sha256", "blake2s", "blake2b",
             "blake3"]
    doc = {"format": "hashbench-profile", "format_version": 2, "key": key, "cpu_name": "AMD EPYC",
           "created": "2026-11-27T19:01:45Z",
           "settings": {"rounds": 5, "budget_ms": 8.0, "protocol": "one-shot where every implementation has one"},
           "sizes": [64, 256, 1024, 4096, 16384, 65536, 1048576], "algorithms": algos,
           "overrides": [{"algorithm": "crc32c", "size": 256, "pick": "vpclmul256", "static_pick": "fused256"},
                         {"algorithm": "xxh64", "size": 64, "pick": "fast", "static_pick": "avx2"},
                         {"algorithm": "blake2s", "size": 65536, "pick": "x64", "static_pick": "avx2"},
                         {"algorithm": "blake2b", "size": 64, "pick": "avx2", "static_pick": "x64"},
                         {"algorithm": "blake3", "size": 64, "pick": "avx2", "static_pick": "mt"}]}
    own = dict(doc, sizes=[1024], algorithms=[{"id": "crc32", "sizes": [64, 65536]}, "sha256"],
               overrides=[{"algorithm": "crc32", "size": 64, "pick": "portable"},
                          {"algorithm": "crc32", "size": 65536, "pick": "fast"},
                          {"algorithm": "sha256", "size": 1024, "pick": "portable"}])
    v1 = {"format": "hashbench-profile", "format_version": 1, "key": key,
          "algorithms": [{"id": "sha256", "sizes": [{"size": 64, "pick": "portable", "static_pick": "shani"}]}]}
    seeds = [json.dumps(doc, indent=1), json.dumps(doc, separators=(",", ":")), json.dumps(own),
             json.dumps(dict(doc, cpu_name='"EPYC"\t\u00e9\U0001F600'), ensure_ascii=True)
             .replace('"crc32"', '"\\u0063rc32"'),
             json.dumps(dict(doc, cpu_name="\u00e9\U0001F600"), ensure_ascii=False, indent="\t").replace("\n", "\r\n"),
             json.dumps(v1), json.dumps(dict(doc, overrides=[])), "[1, -0.5e3, true, false, null, {}, []]"]
    for i, s in enumerate(seeds):
        put("profile", i, s.encode())


def large():
    # fuzz/fuzz_large.c's layout: a length near BLAKE3 mt's thresholds and
    # sum's buffers, windows and spans, a seed and a few patches; the
    # roster's order (hashbench list): blake3 36 (portable, fast, mt, avx2,
    # avx512), sha256 28, xxh3-64 21, crc32 2, crc32c 3
    READ, MMAP, PREAD = 1 << 5, 2 << 5, 3 << 5
    THREADED = 0x80

    def seed(mode, algo, impl, e, m=1, term=0, delta=0, kdelta=0, content=0, shift=0, stream=0,
             pieces=(), patches=((0x8000, 0, 0x5A),)):
        b = bytes([mode, algo, impl, (e - 10) | (m - 1) << 5, term, delta & 0xFF, kdelta & 0xFF, content, shift])
        b += struct.pack("<Q", 0x9E3779B97F4A7C15 * (algo + 1) % (1 << 64)) + bytes([stream])
        for length, power in pieces:
            b += struct.pack("<HB", length, power)
        b += bytes(3 * (3 - len(pieces)))
        for frac, near, value in patches:
            b += struct.pack("<HbB", frac, near, value)
        return b

    seeds = [
        # in memory: BLAKE3 mt at its 128 KiB threshold and past 1 MiB's node
        seed(0, 36, 2, 17, delta=1),
        seed(0, 36, 2, 17, delta=-1, content=1 << 2),
        seed(0, 36, 2, 20, term=17, stream=(17 << 2) | 1, pieces=((1025, 0),)),
        seed(0, 36, 2, 19, m=4, content=3 << 2),
        seed(0, 36, 4, 19, m=3, delta=3, kdelta=-1),
        seed(0, 28, 2, 20, delta=-1, stream=(7 << 2) | 2, pieces=((63, 0), (1, 16))),
        seed(0, 21, 3, 21, delta=-1, stream=13 << 2, content=2),
        seed(0, 3, 4, 20, delta=-1, content=1),
        # sum's reader at its own sizes: 64 MiB windows and spans, 128 KiB reads
        seed(1, 36, 2, 26, delta=1, content=PREAD | THREADED),
        seed(1, 36, 2, 26, delta=-1, content=MMAP | THREADED),
        seed(1, 28, 2, 20, delta=1, content=READ),
        # ... shrunk: the same edges in small files
        seed(1, 36, 2, 14, m=3, delta=1, content=PREAD | THREADED, shift=12),
        seed(1, 21, 3, 16, m=2, delta=-1, content=MMAP, shift=10),
        seed(1, 36, 2, 20, content=THREADED, shift=8),
        seed(1, 2, 3, 12, delta=1, content=READ, shift=17),
        seed(1, 36, 3, 18, kdelta=1, content=MMAP, shift=6),
    ]
    for i, s in enumerate(seeds):
        put("large", i, s)


if __name__ == "__main__":
    differential()
    sizes()
    block()
    frame_block()
    sim65_record()
    profile()
    large()

#!/usr/bin/env python3
"""Derives the constants of the x86 CRC implementations and checks them.

Writes two headers (whole files, generated):

  src/algorithms/crc/x86/crc_clmul_constants.h
      folding and Barrett constants for crc32, crc32c, crc64, crc64-xz and
      crc16, used by the PCLMULQDQ (crc_fold_clmul.c) and VPCLMULQDQ
      (crc_fold_vpclmul.c) implementations;
  src/algorithms/crc/x86/crc32c_shift_tables.h
      "advance the register over N zero bytes" tables for crc32c, used by the
      SSE4.2 implementation (crc32c_sse42.c) to join its three streams.

Usage (from the repository root):

    python3 tools/gen_clmul_constants.py            # rewrite both headers
    python3 tools/gen_clmul_constants.py --check    # exit 1 if one is stale

Nothing is written unless a bit-exact model of the C kernels, built on a
model of PCLMULQDQ, gives the same CRCs as a bitwise CRC on random messages
and random starting registers (every fold distance, both reductions, the
catalogue check values).

The mathematics (GF(2) polynomials; P the CRC polynomial of degree W):

The message so far, read as a polynomial V (its last bit the x^0 term),
gives the CRC register V * x^W mod P.  The kernels keep a 128-bit
accumulator A with A == V (mod P).  Appending a 128-bit chunk C gives
V' = V * x^128 + C, and more generally a chunk d bits further on gives
A * x^d + C.  A is split into two 64-bit halves, A = Ahi * x^64 + Alo, and

    A * x^d == Ahi * (x^(d+64) mod P) + Alo * (x^d mod P)      (mod P)

two 64x64 carry-less products of at most 127 bits: the constants are
x^(d+64) mod P and x^d mod P.  d = 128 k for lane distance k (k = 1..16:
eight xmm accumulators fold by k = 8, four zmm accumulators by k = 16; the
final merges of the accumulators use the smaller k).

Non-reflected CRCs (crc64 = CRC-64/ECMA-182): the first message byte's top
bit is the highest power, so a 16-byte chunk is loaded and byte-reversed
(PSHUFB): then bit i of the 128-bit lane is the x^i coefficient and the
products above are plain PCLMULQDQ products.

Reflected CRCs (crc32, crc32c, crc64-xz): byte 0 bit 0 is the highest power,
so a lane loaded as is holds bit i = coefficient of x^(127-i); its low
qword is the high half.  PCLMULQDQ of two such bit-reversed 64-bit values
a, b gives the bit-reversed 128-bit product shifted by one place: bit k of
the result is the x^(126-k) coefficient of a*b, i.e. it represents a*b*x.
Hence the reflected constants are reversed in 64 bits and one power lower:
rev64(x^(d+63) mod P) for the high half and rev64(x^(d-1) mod P).

Final reduction (both kinds): with P64 = P * x^(64-W) (P itself when W = 64)
    CRC * x^(64-W) = V * x^64 mod P64,
so one 64-bit Barrett reduction serves every width.  The lanes left at the
end (accumulators and any last whole lanes) are not folded onto one
another: each lane, k lanes before the last, is multiplied at once by
x^(128 k + 64) modulo P64 (the "merge" constants: x^(128 k + 128) and
x^(128 k + 64) mod P64 for its two halves), all products independent, and
their sum R (128 bits, == V * x^64 mod P64) goes to Barrett.  The merge
constants must be reduced modulo P64 rather than P, so that R mod P64 is
exactly CRC * x^(64-W).  With mu = floor(x^128 / P64) = x^64 + mu' and
P64 = x^64 + P':
    q = Rhi + floor(Rhi * mu' / x^64)                 (the quotient R div P64)
    r = Rlo + (q * P' mod x^64)                       (R mod P64)
In the reflected form the one-place shift of the products is absorbed by
shifting the constants left by one bit: mu' and P' reversed in 64 bits and
shifted left once (P' gets a 65th bit when its x^0 term is 1, which adds q
itself to the high half of the product: the kernel's poly_top flag).
"""
import os
import random
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
X86 = os.path.join(ROOT, "src", "algorithms", "crc", "x86")
M64 = (1 << 64) - 1

# roster id: (C name, width, poly (normal form, no x^W term), init, reflected,
#             xorout, check value of "123456789")
SPECS = [
    ("crc32", "crc32", 32, 0x04C11DB7, 0xFFFFFFFF, True, 0xFFFFFFFF, 0xCBF43926),
    ("crc32c", "crc32c", 32, 0x1EDC6F41, 0xFFFFFFFF, True, 0xFFFFFFFF, 0xE3069283),
    ("crc64", "crc64", 64, 0x42F0E1EBA9EA3693, 0, False, 0, 0x6C40DF5F0B497347),
    ("crc64-xz", "crc64_xz", 64, 0x42F0E1EBA9EA3693, M64, True, M64, 0x995DC9BBDF1939FA),
    # CRC-16/XMODEM (docs/ROSTER.md): W = 16, so P64 = P * x^48 and the
    # Barrett result is the register times x^48 (the kernel shifts it down);
    # the fold constants are x^d mod P, 16-bit values, like any other width
    ("crc16", "crc16", 16, 0x1021, 0, False, 0, 0x31C3),
]

MAX_K = 16                       # loop fold distances 1..16 lanes of 128 bits
WIDE_K = 32                      # and the eight-zmm loop's (crc_fold_vpclmul.c, _x8)
MAX_M = 18                       # merge distances 0..18 lanes (15 + 3 left over)
SHIFT_BLOCKS = (4096, 512, 64)   # crc32c SSE4.2: bytes per stream


# ---- GF(2) polynomial arithmetic on Python integers (bit i = x^i) ----

def pmul(a, b):
    r = 0
    while b:
        if b & 1:
            r ^= a
        a <<= 1
        b >>= 1
    return r


def pdivmod(a, m):
    q = 0
    dm = m.bit_length() - 1
    while a and a.bit_length() - 1 >= dm:
        s = a.bit_length() - 1 - dm
        q |= 1 << s
        a ^= m << s
    return q, a


def xpow_mod(n, m):
    """x^n mod m, by square and multiply."""
    r, base = 1, 2
    _, base = pdivmod(base, m)
    while n:
        if n & 1:
            _, r = pdivmod(pmul(r, base), m)
        _, base = pdivmod(pmul(base, base), m)
        n >>= 1
    return r


def rev(v, bits):
    r = 0
    for _ in range(bits):
        r = (r << 1) | (v & 1)
        v >>= 1
    return r


def clmul(a, b):
    """PCLMULQDQ on two 64-bit operands: the 128-bit carry-less product."""
    assert 0 <= a <= M64 and 0 <= b <= M64
    return pmul(a, b)


# ---- the constants ----

def constants(width, poly, reflected):
    P = (1 << width) | poly
    P64 = P << (64 - width)
    fold, merge = {}, {}
    for k in list(range(1, MAX_K + 1)) + [WIDE_K]:
        d = 128 * k
        if reflected:
            fold[k] = (rev(xpow_mod(d + 63, P), 64), rev(xpow_mod(d - 1, P), 64))
        else:
            fold[k] = (xpow_mod(d, P), xpow_mod(d + 64, P))
    for k in range(0, MAX_M + 1):
        d = 128 * k + 64                 # k lanes on, and the x^64 of the reduction
        if reflected:
            merge[k] = (rev(xpow_mod(d + 63, P64), 64), rev(xpow_mod(d - 1, P64), 64))
        else:
            merge[k] = (xpow_mod(d, P64), xpow_mod(d + 64, P64))
    mu, rem = pdivmod(1 << 128, P64)
    assert mu >> 64 == 1
    mu_low = mu & M64
    p_low = P64 & M64
    if reflected:
        mu_c = (rev(mu_low, 64) << 1) & M64
        p_wide = rev(p_low, 64) << 1
        poly_c, poly_top = p_wide & M64, p_wide >> 64
    else:
        mu_c, poly_c, poly_top = mu_low, p_low, 0
    return {"fold": fold, "merge": merge, "mu": mu_c, "poly": poly_c, "poly_top": poly_top}


# ---- bit-exact model of the C kernels ----

def bitwise_register(width, poly, reflected, reg, data):
    """The CRC register after data, from register reg (no init, no xorout)."""
    mask = (1 << width) - 1
    if reflected:
        rp = rev(poly, width)
        for b in data:
            reg ^= b
            for _ in range(8):
                reg = (reg >> 1) ^ rp if reg & 1 else reg >> 1
    else:
        top = 1 << (width - 1)
        for b in data:
            reg ^= b << (width - 8)
            for _ in range(8):
                reg = ((reg << 1) ^ poly) & mask if reg & top else (reg << 1) & mask
    return reg


def lane(chunk, reflected):
    return int.from_bytes(chunk, "little" if reflected else "big")


def fold(a, k, c, reflected, consts, table="fold"):
    """a moved k lanes on, plus c: the two PCLMULQDQ (0x00, 0x11) and XORs.
    With table="merge": moved k lanes on and multiplied by x^64 mod P64."""
    klo, khi = consts[table][k]
    return clmul(a & M64, klo) ^ clmul(a >> 64, khi) ^ c


def inject(reg, width, reflected):
    """The running register as it enters the first lane."""
    return reg if reflected else reg << (128 - width)


def barrett(r, width, reflected, c):
    """R (== V x^64 mod P64, 128 bits) -> the CRC register."""
    if reflected:
        q = (r ^ clmul(r & M64, c["mu"])) & M64
        t = clmul(q, c["poly"]) ^ (q << 64 if c["poly_top"] else 0)
        out = ((r ^ t) >> 64) & M64
        assert out >> width == 0
        return out
    q = ((r ^ clmul(r >> 64, c["mu"])) >> 64) & M64
    out = (r ^ clmul(q, c["poly"])) & M64
    assert out & ((1 << (64 - width)) - 1) == 0
    return out >> (64 - width)


def merge_all(pending, width, reflected, c):
    """pending: (lane, k lanes before the last); their merge, then Barrett."""
    r = 0
    for v, k in pending:
        r = fold(v, k, r, reflected, c, "merge")
    return barrett(r, width, reflected, c)


def model_xmm(width, poly, reflected, c, reg, data, nacc=8):
    """crc_fold_clmul.c: nacc accumulators while 16*nacc bytes remain; then
    the accumulators and the r lanes left over merge at once (accumulator j
    by k = nacc - 1 - j + r); fewer than nacc lanes merge at once from the
    start.  The tail of fewer than 16 bytes goes to the table code."""
    n = len(data) // 16
    if n == 0:                       # shorter than a lane: the table code
        return bitwise_register(width, poly, reflected, reg, data)
    lanes = [lane(data[16 * i:16 * i + 16], reflected) for i in range(n)]
    lanes[0] ^= inject(reg, width, reflected)
    if n < nacc:
        r = merge_all([(lanes[i], n - 1 - i) for i in range(n)], width, reflected, c)
    else:
        acc = lanes[0:nacc]
        i = nacc
        while n - i >= nacc:
            acc = [fold(acc[j], nacc, lanes[i + j], reflected, c) for j in range(nacc)]
            i += nacc
        left = n - i
        pending = [(acc[j], nacc - 1 - j + left) for j in range(nacc)]
        pending += [(lanes[i + m], left - 1 - m) for m in range(left)]
        r = merge_all(pending, width, reflected, c)
    return bitwise_register(width, poly, reflected, r, data[16 * n:])


def model_zmm(width, poly, reflected, c, reg, data):
    """crc_fold_vpclmul.c: zmm = 4 lanes.  Four zmm accumulators fold 256
    bytes a step (k = 16); if fewer than 4 lanes remain, the sixteen lanes
    and the r left over merge at once (k = 15 - lane + r); otherwise the zmm
    fold onto the last (k = 12, 8, 4), whole zmm follow (k = 4), and its four
    lanes and those left over merge.  Fewer than 4 lanes: as model_xmm."""
    n = len(data) // 16
    if n < 4:
        return model_xmm(width, poly, reflected, c, reg, data, nacc=8)
    lanes = [lane(data[16 * i:16 * i + 16], reflected) for i in range(n)]
    lanes[0] ^= inject(reg, width, reflected)
    if n >= 16:
        z = [lanes[4 * j:4 * j + 4] for j in range(4)]
        i = 16
        while n - i >= 16:
            z = [[fold(z[j][m], 16, lanes[i + 4 * j + m], reflected, c) for m in range(4)]
                 for j in range(4)]
            i += 16
        left = n - i
        if left < 4:
            pending = [(z[j][m], 15 - 4 * j - m + left) for j in range(4) for m in range(4)]
            pending += [(lanes[i + m], left - 1 - m) for m in range(left)]
            r = merge_all(pending, width, reflected, c)
            return bitwise_register(width, poly, reflected, r, data[16 * n:])
        zz = [fold(z[0][m], 12, fold(z[1][m], 8, fold(z[2][m], 4, z[3][m], reflected, c),
                                     reflected, c), reflected, c) for m in range(4)]
    else:
        zz = lanes[0:4]
        i = 4
    while n - i >= 4:
        zz = [fold(zz[m], 4, lanes[i + m], reflected, c) for m in range(4)]
        i += 4
    left = n - i
    pending = [(zz[m], 3 - m + left) for m in range(4)]
    pending += [(lanes[i + m], left - 1 - m) for m in range(left)]
    r = merge_all(pending, width, reflected, c)
    return bitwise_register(width, poly, reflected, r, data[16 * n:])


def model_zmm8(width, poly, reflected, c, reg, data):
    """crc_fold_vpclmul.c's _x8 rows: from 32 lanes, eight zmm accumulators
    fold 512 bytes a step (k = 32); then each of the first four is folded
    onto the one 256 bytes after it (k = 16), and the four go on as four
    zmm accumulators do in model_zmm, from the loop on.  Fewer than 32
    lanes: model_zmm."""
    n = len(data) // 16
    if n < 32:
        return model_zmm(width, poly, reflected, c, reg, data)
    lanes = [lane(data[16 * i:16 * i + 16], reflected) for i in range(n)]
    lanes[0] ^= inject(reg, width, reflected)
    z = [lanes[4 * j:4 * j + 4] for j in range(8)]
    i = 32
    while n - i >= 32:
        z = [[fold(z[j][m], WIDE_K, lanes[i + 4 * j + m], reflected, c) for m in range(4)]
             for j in range(8)]
        i += 32
    z = [[fold(z[j][m], 16, z[j + 4][m], reflected, c) for m in range(4)] for j in range(4)]
    # the rest as model_zmm's from its loop on: the lanes before i are the
    # four accumulators, so model them as the message with z in its first
    # 256 bytes: the same arithmetic, with the accumulators as "lanes"
    flat = [z[j][m] for j in range(4) for m in range(4)] + lanes[i:]
    while len(flat) - 16 >= 16:
        head = flat[:16]
        flat = [fold(head[t], 16, flat[16 + t], reflected, c) for t in range(16)] + flat[32:]
    left = len(flat) - 16
    if left < 4:
        pending = [(flat[t], 15 - t + left) for t in range(16)]
        pending += [(flat[16 + m], left - 1 - m) for m in range(left)]
        r = merge_all(pending, width, reflected, c)
        return bitwise_register(width, poly, reflected, r, data[16 * n:])
    zz = [fold(flat[m], 12, fold(flat[4 + m], 8, fold(flat[8 + m], 4, flat[12 + m], reflected, c),
                                 reflected, c), reflected, c) for m in range(4)]
    i = 16
    while len(flat) - i >= 4:
        zz = [fold(zz[m], 4, flat[i + m], reflected, c) for m in range(4)]
        i += 4
    left = len(flat) - i
    pending = [(zz[m], 3 - m + left) for m in range(4)]
    pending += [(flat[i + m], left - 1 - m) for m in range(left)]
    r = merge_all(pending, width, reflected, c)
    return bitwise_register(width, poly, reflected, r, data[16 * n:])


def check_spec(spec, c, rng):
    rid, _, width, poly, init, reflected, xorout, check = spec
    got = model_xmm(width, poly, reflected, c, init, b"123456789" * 4)
    want = bitwise_register(width, poly, reflected, init, b"123456789" * 4)
    assert got == want
    if bitwise_register(width, poly, reflected, init, b"123456789") ^ xorout != check:
        raise SystemExit("%s: bitwise model disagrees with the catalogue" % rid)
    lengths = list(range(0, 80)) + [127, 128, 129, 255, 256, 257, 511, 512, 520, 767, 768,
                                      831, 1023, 1024, 1040, 1087, 1500, 1536, 2048, 4099]
    for n in lengths:
        data = bytes(rng.getrandbits(8) for _ in range(n))
        reg = rng.getrandbits(width)
        want = bitwise_register(width, poly, reflected, reg, data)
        for model in (model_xmm, model_zmm, model_zmm8):
            got = model(width, poly, reflected, c, reg, data)
            if got != want:
                raise SystemExit("%s: %s wrong at length %d" % (rid, model.__name__, n))
    # every constant on its own: a random lane, then k lanes of zeros
    for k in range(0, MAX_M + 1):
        a = rng.getrandbits(128)
        msg = a.to_bytes(16, "little" if reflected else "big") + bytes(16 * k)
        want = bitwise_register(width, poly, reflected, 0, msg)
        if merge_all([(a, k)], width, reflected, c) != want:
            raise SystemExit("%s: merge constant k=%d wrong" % (rid, k))
        if 1 <= k <= MAX_K and merge_all([(fold(a, k, 0, reflected, c), 0)], width,
                                         reflected, c) != want:
            raise SystemExit("%s: fold constant k=%d wrong" % (rid, k))
    a = rng.getrandbits(128)
    msg = a.to_bytes(16, "little" if reflected else "big") + bytes(16 * WIDE_K)
    if merge_all([(fold(a, WIDE_K, 0, reflected, c), 0)], width, reflected, c) != \
            bitwise_register(width, poly, reflected, 0, msg):
        raise SystemExit("%s: fold constant k=%d wrong" % (rid, WIDE_K))


# ---- crc32c SSE4.2: shift tables ----

def shift_tables(width, poly, nbytes):
    """T[j][b]: the reflected register with byte j = b (others 0), advanced
    over nbytes zero bytes: a linear map, so any register is the XOR of its
    four bytes' entries."""
    P = (1 << width) | poly
    xk = xpow_mod(8 * nbytes, P)
    tabs = []
    for j in range(width // 8):
        row = []
        for b in range(256):
            r = b << (8 * j)                      # reflected register
            p = rev(r, width)                     # as a polynomial
            _, s = pdivmod(pmul(p, xk), P)
            row.append(rev(s, width))
        tabs.append(row)
    return tabs


def check_shift(width, poly, nbytes, tabs, rng):
    for _ in range(20):
        reg = rng.getrandbits(width)
        want = bitwise_register(width, poly, True, reg, bytes(nbytes))
        got = 0
        for j in range(width // 8):
            got ^= tabs[j][(reg >> (8 * j)) & 0xFF]
        if got != want:
            raise SystemExit("crc32c shift table for %d bytes wrong" % nbytes)


# ---- output ----

HEADER_NOTE = " * Generated by tools/gen_clmul_constants.py: do not edit; rerun it.\n"


def hex64(v):
    return "0x%016XULL" % v


def constants_header(all_consts):
    out = []
    out.append("/* Folding, merging and Barrett constants of the x86 carry-less-multiply\n")
    out.append(" * CRCs (crc_fold_clmul.c, crc_fold_vpclmul.c).\n")
    out.append(HEADER_NOTE)
    out.append(" *\n")
    out.append(" * Each entry is { low-qword constant, high-qword constant } for the two\n")
    out.append(" * PCLMULQDQ (0x00, 0x11) of one 128-bit lane:\n")
    out.append(" *   fold[16 - k]   moves a lane k lanes (128 k bits) on, k = 16 .. 1;\n")
    out.append(" *   fold%d         the same for k = %d (the eight-zmm loop, 512 bytes);\n" % (WIDE_K, WIDE_K))
    out.append(" *   merge[18 - k]  moves a lane k lanes on and multiplies it by x^64\n")
    out.append(" *                  modulo P64 (the start of the reduction), k = 18 .. 0.\n")
    out.append(" * Both run from the largest k down, so that the merge of sixteen lanes\n")
    out.append(" * (k = 15 + r .. r) or of one zmm's four (k = 3 + r .. r) is one run of\n")
    out.append(" * consecutive entries: whole zmm loads.  mupoly, poly_top: Barrett.  The\n")
    out.append(" * derivation is in the generator.\n */\n")
    out.append("#ifndef HB_CRC_CLMUL_CONSTANTS_H\n#define HB_CRC_CLMUL_CONSTANTS_H\n\n")
    out.append("#include <stdint.h>\n\n")
    out.append("/* In this order so that, the struct being 64-byte aligned, the zmm loads\n")
    out.append(" * of merge[3 + 4 j] and merge[15] (no lanes left over, the usual case)\n")
    out.append(" * are aligned: a load across two cache lines costs a cycle more. */\n")
    out.append("typedef struct hb_crc_clmul_consts {\n")
    out.append("    uint64_t mupoly[2];     /* { mu', P' } (as the kernel needs them) */\n")
    out.append("    uint64_t merge[%d][2];\n" % (MAX_M + 1))
    out.append("    uint64_t fold[%d][2];\n" % MAX_K)
    out.append("    uint64_t poly_top;      /* 1: P' had a 65th bit (reflected, x^0 term) */\n")
    out.append("    uint64_t fold%d[2];\n" % WIDE_K)
    out.append("} hb_crc_clmul_consts;\n\n")
    for spec, c in all_consts:
        rid, cname, width, poly, init, reflected, xorout, check = spec
        out.append("/* %s: W = %d, P = x^%d + 0x%X, %s */\n"
                   % (rid, width, width, poly, "reflected" if reflected else "not reflected"))
        out.append("static const hb_crc_clmul_consts hb_%s_clmul __attribute__((aligned(64))) = {\n"
                   % cname)
        out.append("    { %s, %s },\n" % (hex64(c["mu"]), hex64(c["poly"])))
        for table, top, bottom in (("merge", MAX_M, 0), ("fold", MAX_K, 1)):
            out.append("    {\n")
            for k in range(top, bottom - 1, -1):
                lo, hi = c[table][k]
                out.append("        { %s, %s }%s /* k = %d */\n"
                           % (hex64(lo), hex64(hi), "," if k > bottom else " ", k))
            out.append("    },\n")
        lo, hi = c["fold"][WIDE_K]
        out.append("    %d,\n" % c["poly_top"])
        out.append("    { %s, %s } /* k = %d */\n};\n\n" % (hex64(lo), hex64(hi), WIDE_K))
    out.append("#endif\n")
    return "".join(out)


def shift_header(tables):
    out = []
    out.append("/* crc32c (reflected, poly 0x1EDC6F41): the register advanced over N zero\n")
    out.append(" * bytes, byte by byte: shifted(r) = T[0][r & 255] ^ T[1][(r >> 8) & 255]\n")
    out.append(" * ^ T[2][(r >> 16) & 255] ^ T[3][r >> 24].  The SSE4.2 implementation\n")
    out.append(" * joins three streams of N bytes with it.\n")
    out.append(HEADER_NOTE)
    out.append(" */\n")
    out.append("#ifndef HB_CRC32C_SHIFT_TABLES_H\n#define HB_CRC32C_SHIFT_TABLES_H\n\n")
    out.append("#include <stdint.h>\n\n")
    for nbytes, tabs in tables:
        out.append("static const uint32_t hb_crc32c_shift_%d[4][256] = {\n" % nbytes)
        for j, row in enumerate(tabs):
            out.append("    {\n")
            for i in range(0, 256, 6):
                vals = ", ".join("0x%08XU" % v for v in row[i:i + 6])
                out.append("        %s%s\n" % (vals, "," if i + 6 < 256 else ""))
            out.append("    }%s\n" % ("," if j < 3 else ""))
        out.append("};\n\n")
    out.append("#endif\n")
    return "".join(out)


def main(argv):
    check_only = "--check" in argv
    rng = random.Random(20240604)
    all_consts = []
    for spec in SPECS:
        rid, cname, width, poly, init, reflected, xorout, check = spec
        c = constants(width, poly, reflected)
        check_spec(spec, c, rng)
        all_consts.append((spec, c))
    tables = []
    for nbytes in SHIFT_BLOCKS:
        tabs = shift_tables(32, 0x1EDC6F41, nbytes)
        check_shift(32, 0x1EDC6F41, nbytes, tabs, rng)
        tables.append((nbytes, tabs))
    files = {
        os.path.join(X86, "crc_clmul_constants.h"): constants_header(all_consts),
        os.path.join(X86, "crc32c_shift_tables.h"): shift_header(tables),
    }
    stale = 0
    for path, text in files.items():
        old = open(path).read() if os.path.exists(path) else None
        if old == text:
            continue
        if check_only:
            print("stale: %s" % os.path.relpath(path, ROOT))
            stale += 1
        else:
            with open(path, "w") as f:
                f.write(text)
            print("wrote %s" % os.path.relpath(path, ROOT))
    if check_only:
        print("%d files stale" % stale if stale else "CLMUL constants up to date")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

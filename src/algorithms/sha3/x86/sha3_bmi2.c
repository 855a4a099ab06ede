/* SHA-3 (FIPS 202) for x86-64 with BMI1 and BMI2: Keccak-f[1600] with the
 * 25 lanes in named variables, so that the compiler keeps most of them in
 * registers, and two copies of the state (a -> e, then e -> a) so that no
 * lane is moved for pi: the round reads each lane where theta-rho-pi finds
 * it and writes chi's output under its new name.  BMI1's andn computes
 * chi's ~b & c in one instruction, so the plain chi costs what the lane
 * complementing transform of sha3_fast.c saves with its NOT bookkeeping,
 * without the bookkeeping; BMI2's rorx rotates without first copying the
 * lane.
 *
 * The round is five PLANEs, each naming the five lanes that pi brings to
 * it with their rho rotations: the lane read for output (X, Y) is
 * (x, y) = (3 (Y - 3X) mod 5, X), rotated by rho's r[x, y].
 *
 * Measured against sha3_fast.c, sha3_avx512.c and OpenSSL in
 * docs/impl-xxh3-adler-sha3.md ("SHA-3 on Zen 4"). */
#include <string.h>
#include "algorithms/sha3/x86/sha3_x86.h"
#include "algorithms/common/empty_msg.h"

/* n = 0 too (lane (0, 0) is not rotated): the shift right is by 0 then */
#define ROL(x, n) (((x) << (n)) | ((x) >> ((64 - (n)) & 63)))
#define ANDN(b, c) (~(b) & (c))

/* Plane Y of E: the five lanes that theta, rho and pi bring to it (lane
 * (x, y) of A, written xy, with theta's D[x] added and rotated by r), then
 * chi; rc is iota's constant for plane 0, 0 for the others.  E's column
 * parities C0..C4 for the next round's theta start at plane 0 and gather
 * the others. */
#define PLANE(A, E, Y, l0, d0, r0, l1, d1, r1, l2, d2, r2, l3, d3, r3, l4, d4, r4, rc)  \
    do {                                                                             \
        uint64_t b0 = ROL(A##l0 ^ d0, r0), b1 = ROL(A##l1 ^ d1, r1);                 \
        uint64_t b2 = ROL(A##l2 ^ d2, r2), b3 = ROL(A##l3 ^ d3, r3);                 \
        uint64_t b4 = ROL(A##l4 ^ d4, r4);                                           \
        E##0##Y = b0 ^ ANDN(b1, b2) ^ (rc);                                          \
        E##1##Y = b1 ^ ANDN(b2, b3);                                                 \
        E##2##Y = b2 ^ ANDN(b3, b4);                                                 \
        E##3##Y = b3 ^ ANDN(b4, b0);                                                 \
        E##4##Y = b4 ^ ANDN(b0, b1);                                                 \
        if (Y == 0) {                                                                \
            C0 = E##00; C1 = E##10; C2 = E##20; C3 = E##30; C4 = E##40;             \
        } else {                                                                     \
            C0 ^= E##0##Y; C1 ^= E##1##Y; C2 ^= E##2##Y; C3 ^= E##3##Y; C4 ^= E##4##Y; \
        }                                                                            \
    } while (0)

/* theta's D from A's column parities C0..C4, then one round A -> E.
 * Plane Y's lane X comes from lane (x, y) = (3 (Y - 3X) mod 5, X) of A.
 * PLANE gathers E's column parities for the next round as chi writes each
 * lane, while it is still in a register: A's lanes are then read once per
 * round instead of twice, which with 16 registers means fewer spill loads
 * (2.5% fewer cycles on Zen 3 than summing the columns at the round's
 * start; docs/impl-xxh3-adler-sha3.md). */
#define ROUND(A, E, rc)                                                                  \
    do {                                                                                 \
        uint64_t D0 = C4 ^ ROL(C1, 1), D1 = C0 ^ ROL(C2, 1), D2 = C1 ^ ROL(C3, 1);     \
        uint64_t D3 = C2 ^ ROL(C4, 1), D4 = C3 ^ ROL(C0, 1);                             \
        PLANE(A, E, 0, 00, D0, 0, 11, D1, 44, 22, D2, 43, 33, D3, 21, 44, D4, 14, rc); \
        PLANE(A, E, 1, 30, D3, 28, 41, D4, 20, 02, D0, 3, 13, D1, 45, 24, D2, 61, 0); \
        PLANE(A, E, 2, 10, D1, 1, 21, D2, 6, 32, D3, 25, 43, D4, 8, 04, D0, 18, 0); \
        PLANE(A, E, 3, 40, D4, 27, 01, D0, 36, 12, D1, 10, 23, D2, 15, 34, D3, 56, 0); \
        PLANE(A, E, 4, 20, D2, 62, 31, D3, 55, 42, D4, 39, 03, D0, 41, 14, D1, 2, 0); \
    } while (0)

/* F(xy, i) for every lane: its name's digits and its index x + 5y */
#define FOR_LANES(F)                                                                 \
    F(00, 0) F(10, 1) F(20, 2) F(30, 3) F(40, 4) F(01, 5) F(11, 6) F(21, 7) F(31, 8)  \
    F(41, 9) F(02, 10) F(12, 11) F(22, 12) F(32, 13) F(42, 14) F(03, 15) F(13, 16)    \
    F(23, 17) F(33, 18) F(43, 19) F(04, 20) F(14, 21) F(24, 22) F(34, 23) F(44, 24)
#define DECLARE(xy, i) uint64_t a##xy, e##xy;
#define LOAD(xy, i) a##xy = s[i];
#define STORE(xy, i) s[i] = a##xy;

/* gcc's second scheduling pass (after register allocation) interleaves
 * the planes' spill loads and stores with their ALU work in an order that
 * costs Zen 3 about 3.5% (measured: docs/impl-xxh3-adler-sha3.md, "Zen 3 /
 * AVX2-class cores"); clang has no such pass to turn off */
#if defined(__GNUC__) && !defined(__clang__)
#define NO_SCHED2 __attribute__((optimize("no-schedule-insns2")))
#else
#define NO_SCHED2
#endif

NO_SCHED2 static void permute(uint64_t *s)
{
    FOR_LANES(DECLARE)
    uint64_t C0, C1, C2, C3, C4;
    unsigned i;

    FOR_LANES(LOAD)
    C0 = a00 ^ a01 ^ a02 ^ a03 ^ a04;
    C1 = a10 ^ a11 ^ a12 ^ a13 ^ a14;
    C2 = a20 ^ a21 ^ a22 ^ a23 ^ a24;
    C3 = a30 ^ a31 ^ a32 ^ a33 ^ a34;
    C4 = a40 ^ a41 ^ a42 ^ a43 ^ a44;
    for (i = 0; i < 24; i += 2) {
        ROUND(a, e, HB_U64_LO(hb_keccak_rc[i]) | (uint64_t)HB_U64_HI(hb_keccak_rc[i]) << 32);
        ROUND(e, a, HB_U64_LO(hb_keccak_rc[i + 1]) | (uint64_t)HB_U64_HI(hb_keccak_rc[i + 1]) << 32);
    }
    FOR_LANES(STORE)
}

/* the context's lanes as plain 64-bit words and back (hb_u64 is a pair of
 * 32-bit halves in the two-word build) */
static void get_lanes(uint64_t *w, const hb_u64 *st)
{
    unsigned i;
    for (i = 0; i < HB_SHA3_LANES; i++)
        w[i] = (uint64_t)HB_U64_HI(st[i]) << 32 | HB_U64_LO(st[i]);
}

static void put_lanes(hb_u64 *st, const uint64_t *w)
{
    unsigned i;
    for (i = 0; i < HB_SHA3_LANES; i++)
        HB_U64_SET(st[i], (uint32_t)(w[i] >> 32), (uint32_t)w[i]);
}

/* for the shared sponge's buffered blocks and padding (sha3_common.c) */
static void permute_ctx(hb_u64 *st)
{
    uint64_t w[HB_SHA3_LANES];
    get_lanes(w, st);
    permute(w);
    put_lanes(st, w);
}

void hb_keccakf1600_bmi2(hb_u64 *st)
{
    permute_ctx(st);
}

void hb_sha3_update_bmi2(hb_sha3_ctx *c, const uint8_t *data, size_t len)
{
    unsigned rate = c->rate, i;

    if (len == 0)       /* data may be NULL then (common/empty_msg.h) */
        return;
    if (c->used != 0) {
        size_t k = rate - c->used < len ? rate - c->used : len;
        hb_sha3_absorb(c, data, k, permute_ctx);
        data += k;
        len -= k;
    }
    /* whole blocks straight from the input, the lanes in one array
     * across them (x86-64 is little-endian: a lane is one load) */
    if (len >= rate) {
        uint64_t w[HB_SHA3_LANES], m;
        get_lanes(w, c->st);
        do {
            for (i = 0; i < rate / 8; i++) {
                memcpy(&m, data + 8 * i, 8);
                w[i] ^= m;
            }
            permute(w);
            data += rate;
            len -= rate;
        } while (len >= rate);
        put_lanes(c->st, w);
    }
    if (len > 0)
        hb_sha3_absorb(c, data, len, permute_ctx);
}

void hb_sha3_final_bmi2(hb_sha3_ctx *c, uint8_t *digest)
{
    hb_sha3_finish(c, digest, permute_ctx);
}

/* One message, no context: the lanes start at zero in a local array, whole
 * blocks are XORed in from the input, and the last 0..rate-1 bytes with the
 * padding are XORed straight into the lanes (no block buffer to fill byte
 * by byte, clear and read back).  At 64 bytes this is one permutation and
 * a few dozen instructions around it. */
static inline void oneshot(const uint8_t *data, size_t len, uint8_t *digest, unsigned rate,
                           unsigned digest_size)
{
    uint64_t w[HB_SHA3_LANES] = { 0 }, m;
    unsigned i, r;

    data = hb_msg_or_empty(data, len);
    while (len >= rate) {
        for (i = 0; i < rate / 8; i++) {
            memcpy(&m, data + 8 * i, 8);
            w[i] ^= m;
        }
        permute(w);
        data += rate;
        len -= rate;
    }
    for (i = 0; i < len / 8; i++) {
        memcpy(&m, data + 8 * i, 8);
        w[i] ^= m;
    }
    /* the lane that holds the message's end: its 0..7 bytes, then 0x06 */
    data += 8 * i;
    r = (unsigned)len & 7;
    m = (uint64_t)6 << (8 * r);
    while (r > 0) {
        r--;
        m |= (uint64_t)data[r] << (8 * r);
    }
    w[i] ^= m;
    w[rate / 8 - 1] ^= (uint64_t)0x80 << 56;
    permute(w);
    memcpy(digest, w, digest_size);
}

void hb_sha3_256_oneshot_bmi2(const uint8_t *data, size_t len, uint8_t *digest)
{
    oneshot(data, len, digest, 136, 32);
}
void hb_sha3_384_oneshot_bmi2(const uint8_t *data, size_t len, uint8_t *digest)
{
    oneshot(data, len, digest, 104, 48);
}
void hb_sha3_512_oneshot_bmi2(const uint8_t *data, size_t len, uint8_t *digest)
{
    oneshot(data, len, digest, 72, 64);
}

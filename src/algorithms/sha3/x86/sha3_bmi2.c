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
 * The round body is written out lane by lane (25 times "rotate the lane
 * that pi brings here, then chi"): the lane read for output (X, Y) is
 * (x, y) = (3 (Y - 3X) mod 5, X), rotated by rho's r[x, y].
 *
 * Measured against sha3_fast.c, sha3_avx512.c and OpenSSL in
 * docs/impl-xxh3-adler-sha3.md ("SHA-3 on Zen 4"). */
#include <string.h>
#include "hashbench/sha3.h"

#define ROL(x, n) (((x) << (n)) | ((x) >> (64 - (n))))
#define ANDN(b, c) (~(b) & (c))

/* theta's D from A's columns, then one round A -> E */
#define ROUND(A, E, rc)                                                                  \
    do {                                                                                 \
        uint64_t C0 = A##00 ^ A##01 ^ A##02 ^ A##03 ^ A##04;                             \
        uint64_t C1 = A##10 ^ A##11 ^ A##12 ^ A##13 ^ A##14;                             \
        uint64_t C2 = A##20 ^ A##21 ^ A##22 ^ A##23 ^ A##24;                             \
        uint64_t C3 = A##30 ^ A##31 ^ A##32 ^ A##33 ^ A##34;                             \
        uint64_t C4 = A##40 ^ A##41 ^ A##42 ^ A##43 ^ A##44;                             \
        uint64_t D0 = C4 ^ ROL(C1, 1), D1 = C0 ^ ROL(C2, 1), D2 = C1 ^ ROL(C3, 1);     \
        uint64_t D3 = C2 ^ ROL(C4, 1), D4 = C3 ^ ROL(C0, 1);                             \
        uint64_t B0, B1, B2, B3, B4;                                                     \
        B0 = (A##00 ^ D0); \
        B1 = ROL(A##11 ^ D1, 44); \
        B2 = ROL(A##22 ^ D2, 43); \
        B3 = ROL(A##33 ^ D3, 21); \
        B4 = ROL(A##44 ^ D4, 14); \
        E##00 = B0 ^ ANDN(B1, B2) ^ (rc); \
        E##10 = B1 ^ ANDN(B2, B3); \
        E##20 = B2 ^ ANDN(B3, B4); \
        E##30 = B3 ^ ANDN(B4, B0); \
        E##40 = B4 ^ ANDN(B0, B1); \
        B0 = ROL(A##30 ^ D3, 28); \
        B1 = ROL(A##41 ^ D4, 20); \
        B2 = ROL(A##02 ^ D0, 3); \
        B3 = ROL(A##13 ^ D1, 45); \
        B4 = ROL(A##24 ^ D2, 61); \
        E##01 = B0 ^ ANDN(B1, B2); \
        E##11 = B1 ^ ANDN(B2, B3); \
        E##21 = B2 ^ ANDN(B3, B4); \
        E##31 = B3 ^ ANDN(B4, B0); \
        E##41 = B4 ^ ANDN(B0, B1); \
        B0 = ROL(A##10 ^ D1, 1); \
        B1 = ROL(A##21 ^ D2, 6); \
        B2 = ROL(A##32 ^ D3, 25); \
        B3 = ROL(A##43 ^ D4, 8); \
        B4 = ROL(A##04 ^ D0, 18); \
        E##02 = B0 ^ ANDN(B1, B2); \
        E##12 = B1 ^ ANDN(B2, B3); \
        E##22 = B2 ^ ANDN(B3, B4); \
        E##32 = B3 ^ ANDN(B4, B0); \
        E##42 = B4 ^ ANDN(B0, B1); \
        B0 = ROL(A##40 ^ D4, 27); \
        B1 = ROL(A##01 ^ D0, 36); \
        B2 = ROL(A##12 ^ D1, 10); \
        B3 = ROL(A##23 ^ D2, 15); \
        B4 = ROL(A##34 ^ D3, 56); \
        E##03 = B0 ^ ANDN(B1, B2); \
        E##13 = B1 ^ ANDN(B2, B3); \
        E##23 = B2 ^ ANDN(B3, B4); \
        E##33 = B3 ^ ANDN(B4, B0); \
        E##43 = B4 ^ ANDN(B0, B1); \
        B0 = ROL(A##20 ^ D2, 62); \
        B1 = ROL(A##31 ^ D3, 55); \
        B2 = ROL(A##42 ^ D4, 39); \
        B3 = ROL(A##03 ^ D0, 41); \
        B4 = ROL(A##14 ^ D1, 2); \
        E##04 = B0 ^ ANDN(B1, B2); \
        E##14 = B1 ^ ANDN(B2, B3); \
        E##24 = B2 ^ ANDN(B3, B4); \
        E##34 = B3 ^ ANDN(B4, B0); \
        E##44 = B4 ^ ANDN(B0, B1); \
    } while (0)

#define LANES(P) P##00, P##10, P##20, P##30, P##40, P##01, P##11, P##21, P##31, P##41, \
                 P##02, P##12, P##22, P##32, P##42, P##03, P##13, P##23, P##33, P##43, \
                 P##04, P##14, P##24, P##34, P##44

static void permute(uint64_t *s)
{
    uint64_t LANES(a), LANES(e);
    unsigned i;

    a00 = s[0]; a10 = s[1]; a20 = s[2]; a30 = s[3]; a40 = s[4];
    a01 = s[5]; a11 = s[6]; a21 = s[7]; a31 = s[8]; a41 = s[9];
    a02 = s[10]; a12 = s[11]; a22 = s[12]; a32 = s[13]; a42 = s[14];
    a03 = s[15]; a13 = s[16]; a23 = s[17]; a33 = s[18]; a43 = s[19];
    a04 = s[20]; a14 = s[21]; a24 = s[22]; a34 = s[23]; a44 = s[24];
    for (i = 0; i < 24; i += 2) {
        ROUND(a, e, HB_U64_LO(hb_keccak_rc[i]) | (uint64_t)HB_U64_HI(hb_keccak_rc[i]) << 32);
        ROUND(e, a, HB_U64_LO(hb_keccak_rc[i + 1]) | (uint64_t)HB_U64_HI(hb_keccak_rc[i + 1]) << 32);
    }
    s[0] = a00; s[1] = a10; s[2] = a20; s[3] = a30; s[4] = a40;
    s[5] = a01; s[6] = a11; s[7] = a21; s[8] = a31; s[9] = a41;
    s[10] = a02; s[11] = a12; s[12] = a22; s[13] = a32; s[14] = a42;
    s[15] = a03; s[16] = a13; s[17] = a23; s[18] = a33; s[19] = a43;
    s[20] = a04; s[21] = a14; s[22] = a24; s[23] = a34; s[24] = a44;
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

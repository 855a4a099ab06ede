/* SHA-3, portable: Keccak-f[1600] as FIPS 202 section 3.2 writes it --
 * theta, rho, pi, chi and iota one after the other, each a loop over the
 * lanes, with the rotation offsets of rho and the lane permutation of pi as
 * tables.  The input goes byte by byte into the block buffer. */
#include "hashbench/common.h"
#include "hashbench/u64.h"
#include "hashbench/sha3.h"

/* rho: lane (x, y) = index x + 5y rotates by (t + 1)(t + 2) / 2 mod 64,
 * where (x, y) is the t-th lane visited from (1, 0) by
 * (x, y) <- (y, 2x + 3y mod 5) (FIPS 202 Algorithm 2, Table 2). */
static const uint8_t rho_offset[25] = {
     0,  1, 62, 28, 27,
    36, 44,  6, 55, 20,
     3, 10, 43, 25, 39,
    41, 45, 15, 21,  8,
    18,  2, 61, 56, 14
};

/* pi: A'[x, y] = A[(x + 3y) mod 5, x] (FIPS 202 Algorithm 3); this is the
 * index of the source lane for each destination index x + 5y. */
static const uint8_t pi_source[25] = {
     0,  6, 12, 18, 24,
     3,  9, 10, 16, 22,
     1,  7, 13, 19, 20,
     4,  5, 11, 17, 23,
     2,  8, 14, 15, 21
};

static const uint8_t mod5_plus1[5] = { 1, 2, 3, 4, 0 };
static const uint8_t mod5_plus2[5] = { 2, 3, 4, 0, 1 };
static const uint8_t mod5_minus1[5] = { 4, 0, 1, 2, 3 };

void hb_keccakf1600_portable(hb_u64 *a)
{
    hb_u64 c[5], row[5], d, t;
    unsigned round, x, y, i, j;

    for (round = 0; round < 24; round++) {
        /* theta: C[x] = xor of column x; D[x] = C[x-1] ^ rot(C[x+1], 1) */
        for (x = 0; x < 5; x++) {
            c[x] = a[x];
            for (y = 5; y < 25; y += 5)
                HB_U64_XOR(c[x], c[x], a[x + y]);
        }
        for (x = 0; x < 5; x++) {
            HB_U64_ROTL(d, c[mod5_plus1[x]], 1);
            HB_U64_XOR(d, d, c[mod5_minus1[x]]);
            for (y = 0; y < 25; y += 5)
                HB_U64_XOR(a[x + y], a[x + y], d);
        }
        /* rho: rotate every lane but (0, 0) */
        for (i = 1; i < 25; i++)
            HB_U64_ROTL(a[i], a[i], rho_offset[i]);
        /* pi: the 24 lanes other than (0, 0) form one cycle, so walk it in
         * place, keeping only the first lane aside */
        t = a[1];
        i = 1;
        for (;;) {
            j = pi_source[i];
            if (j == 1)
                break;
            a[i] = a[j];
            i = j;
        }
        a[i] = t;
        /* chi: A[x, y] ^= ~A[x+1, y] & A[x+2, y], plane by plane */
        for (y = 0; y < 25; y += 5) {
            for (x = 0; x < 5; x++)
                row[x] = a[y + x];
            for (x = 0; x < 5; x++) {
                HB_U64_ANDN(t, row[mod5_plus1[x]], row[mod5_plus2[x]]);
                HB_U64_XOR(a[y + x], row[x], t);
            }
        }
        /* iota */
        HB_U64_XOR(a[0], a[0], hb_keccak_rc[round]);
    }
}

static void sha3_update(hb_sha3_ctx *c, const uint8_t *data, size_t len)
{
    unsigned used = c->used, rate = c->rate;

    while (len > 0) {
        c->buf[used++] = *data++;
        len--;
        if (used == rate) {
            hb_sha3_xor_lanes(c->st, c->buf, rate >> 3);
            hb_keccakf1600_portable(c->st);
            used = 0;
        }
    }
    c->used = (uint8_t)used;
}

void hb_sha3_256_update_portable(hb_sha3_256_ctx *c, const uint8_t *data, size_t len)
{
    sha3_update(c, data, len);
}
void hb_sha3_256_final_portable(hb_sha3_256_ctx *c, uint8_t *digest)
{
    hb_sha3_finish(c, digest, hb_keccakf1600_portable);
}
void hb_sha3_384_update_portable(hb_sha3_384_ctx *c, const uint8_t *data, size_t len)
{
    sha3_update(c, data, len);
}
void hb_sha3_384_final_portable(hb_sha3_384_ctx *c, uint8_t *digest)
{
    hb_sha3_finish(c, digest, hb_keccakf1600_portable);
}
void hb_sha3_512_update_portable(hb_sha3_512_ctx *c, const uint8_t *data, size_t len)
{
    sha3_update(c, data, len);
}
void hb_sha3_512_final_portable(hb_sha3_512_ctx *c, uint8_t *digest)
{
    hb_sha3_finish(c, digest, hb_keccakf1600_portable);
}

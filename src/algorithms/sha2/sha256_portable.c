/* SHA-256, portable: FIPS 180-4 section 6.2.2 as written.  A 64-word
 * message schedule, then 64 rounds over the eight working variables a..h. */
#include "hashbench/sha2.h"

#define CH(x, y, z)  (((x) & (y)) ^ (~(x) & (z)))
#define MAJ(x, y, z) (((x) & (y)) ^ ((x) & (z)) ^ ((y) & (z)))
#define BSIG0(x) (HB_ROTR32(x, 2) ^ HB_ROTR32(x, 13) ^ HB_ROTR32(x, 22))
#define BSIG1(x) (HB_ROTR32(x, 6) ^ HB_ROTR32(x, 11) ^ HB_ROTR32(x, 25))
#define SSIG0(x) (HB_ROTR32(x, 7) ^ HB_ROTR32(x, 18) ^ ((x) >> 3))
#define SSIG1(x) (HB_ROTR32(x, 17) ^ HB_ROTR32(x, 19) ^ ((x) >> 10))

void hb_sha256_compress_portable(uint32_t *state, const uint8_t *blocks, size_t nblocks)
{
    /* 256 bytes of locals: cc65 builds use -Cl (locals live in static
     * storage there), every other compiler has a real stack. */
    uint32_t w[64];
    uint32_t a, b, c, d, e, f, g, h, t1, t2;
    unsigned t;

    while (nblocks-- > 0) {
        /* 1. prepare the message schedule */
        for (t = 0; t < 16; t++)
            w[t] = HB_LOAD32_BE(blocks + 4 * t);
        for (t = 16; t < 64; t++)
            w[t] = SSIG1(w[t - 2]) + w[t - 7] + SSIG0(w[t - 15]) + w[t - 16];

        /* 2. initialise the working variables */
        a = state[0]; b = state[1]; c = state[2]; d = state[3];
        e = state[4]; f = state[5]; g = state[6]; h = state[7];

        /* 3. the 64 rounds */
        for (t = 0; t < 64; t++) {
            t1 = h + BSIG1(e) + CH(e, f, g) + hb_sha256_k[t] + w[t];
            t2 = BSIG0(a) + MAJ(a, b, c);
            h = g;
            g = f;
            f = e;
            e = d + t1;
            d = c;
            c = b;
            b = a;
            a = t1 + t2;
        }

        /* 4. the intermediate hash value */
        state[0] += a; state[1] += b; state[2] += c; state[3] += d;
        state[4] += e; state[5] += f; state[6] += g; state[7] += h;

        blocks += HB_SHA256_BLOCK;
    }
}

void hb_sha256_update_portable(hb_sha256_ctx *c, const uint8_t *data, size_t len)
{
    hb_sha256_update_with(c, data, len, hb_sha256_compress_portable);
}

void hb_sha256_final_portable(hb_sha256_ctx *c, uint8_t *digest)
{
    hb_sha256_final_with(c, digest, hb_sha256_compress_portable);
}

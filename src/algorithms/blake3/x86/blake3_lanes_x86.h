/* BLAKE3's hash_many with one input per vector lane (the BLAKE3 paper,
 * section 5.3): word i of the state of every input sits in vector v[i],
 * lane j belonging to input j, so the rounds are the scalar rounds written
 * with vector operations and need no shuffles at all; the only shuffling
 * is the transposition of the message blocks as they are loaded.
 *
 * A template: the including file defines
 *   B3L_V, B3L_N               the vector type and its 32-bit lanes
 *   B3L_ADD, B3L_XOR, B3L_SET1, B3L_LOADU, B3L_STOREU
 *   B3L_ROT16/12/8/7(x)        rotate each lane right
 *   B3L_LOAD_MSG(m, in, off)   m[w] = word w of block `off` bytes into
 *                              in[0..N-1], lane j from in[j]
 *   B3L_FN                     the kernel's name
 * and gets
 *   B3L_FN(in, blocks, key, ctr_lo, ctr_hi, flags, flags_start, flags_end, out)
 * hashing N inputs of `blocks` blocks, counters per lane in ctr_lo/ctr_hi,
 * the chaining values to out[word][lane]. */
#include "blake3_schedule_x86.h"

#define B3L_G(a, b, c, d, x, y)                                     \
    do {                                                            \
        a = B3L_ADD(B3L_ADD(a, x), b);                              \
        d = B3L_ROT16(B3L_XOR(d, a));                               \
        c = B3L_ADD(c, d);                                          \
        b = B3L_ROT12(B3L_XOR(b, c));                               \
        a = B3L_ADD(B3L_ADD(a, y), b);                              \
        d = B3L_ROT8(B3L_XOR(d, a));                                \
        c = B3L_ADD(c, d);                                          \
        b = B3L_ROT7(B3L_XOR(b, c));                                \
    } while (0)

#define B3L_M(r, i) m[hb_b3_schedule[r][i]]
#define B3L_ROUND(r)                                                                \
    do {                                                                            \
        B3L_G(v[0], v[4], v[8], v[12], B3L_M(r, 0), B3L_M(r, 1));                   \
        B3L_G(v[1], v[5], v[9], v[13], B3L_M(r, 2), B3L_M(r, 3));                   \
        B3L_G(v[2], v[6], v[10], v[14], B3L_M(r, 4), B3L_M(r, 5));                  \
        B3L_G(v[3], v[7], v[11], v[15], B3L_M(r, 6), B3L_M(r, 7));                  \
        B3L_G(v[0], v[5], v[10], v[15], B3L_M(r, 8), B3L_M(r, 9));                  \
        B3L_G(v[1], v[6], v[11], v[12], B3L_M(r, 10), B3L_M(r, 11));                \
        B3L_G(v[2], v[7], v[8], v[13], B3L_M(r, 12), B3L_M(r, 13));                 \
        B3L_G(v[3], v[4], v[9], v[14], B3L_M(r, 14), B3L_M(r, 15));                 \
    } while (0)

static void B3L_FN(const uint8_t *const *in, size_t blocks, const uint32_t *key,
                   const uint32_t *ctr_lo, const uint32_t *ctr_hi, unsigned flags,
                   unsigned flags_start, unsigned flags_end, uint32_t out[8][B3L_N])
{
    B3L_V h[8], v[16], m[16];
    const B3L_V lo = B3L_LOADU(ctr_lo), hi = B3L_LOADU(ctr_hi);
    size_t b;
    unsigned i, f;

    for (i = 0; i < 8; i++)
        h[i] = B3L_SET1(key[i]);
    for (b = 0; b < blocks; b++) {
        f = flags;
        if (b == 0)
            f |= flags_start;
        if (b + 1 == blocks)
            f |= flags_end;
        B3L_LOAD_MSG(m, in, b * HB_BLAKE3_BLOCK_LEN);
        for (i = 0; i < 8; i++)
            v[i] = h[i];
        v[8] = B3L_SET1(hb_blake3_iv[0]);
        v[9] = B3L_SET1(hb_blake3_iv[1]);
        v[10] = B3L_SET1(hb_blake3_iv[2]);
        v[11] = B3L_SET1(hb_blake3_iv[3]);
        v[12] = lo;
        v[13] = hi;
        v[14] = B3L_SET1(HB_BLAKE3_BLOCK_LEN);
        v[15] = B3L_SET1(f);
        B3L_ROUND(0); B3L_ROUND(1); B3L_ROUND(2); B3L_ROUND(3);
        B3L_ROUND(4); B3L_ROUND(5); B3L_ROUND(6);
        for (i = 0; i < 8; i++)
            h[i] = B3L_XOR(v[i], v[i + 8]);
    }
    for (i = 0; i < 8; i++)
        B3L_STOREU(out[i], h[i]);
}

#undef B3L_G
#undef B3L_M
#undef B3L_ROUND

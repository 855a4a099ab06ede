/* Fletcher-32 with NEON on 32-bit ARM, 16 big-endian words (32 bytes) a
 * block, in the form of Adler-32's vector loop (../adler/neon/).  Over a
 * block of words w_0..w_15 entered with (a, b):
 *     a' = a + sum w_i,    b' = b + 16 a + sum (16 - i) w_i.
 * Per block, in 32-bit lanes:
 *   vsum += vs1                 (a's growth before each block, times 16 later);
 *   vs1  += pairwise sums of the words (VPADAL.U16, twice);
 *   vs2  += the words times their weights 16..1 (VMLAL.U16, four times,
 *           into two accumulators vs2a and vs2b: two chains of two
 *           multiply-accumulates instead of one of four, 13 cycles a block
 *           in gcc's Cortex-A8 model instead of 20).
 * The words are the bytes swapped in pairs (VREV16).  After a run of n
 * blocks
 *     b' = b + 16 n a + 16 vsum + vs2,    a' = a + vs1   (lanes summed).
 *
 * Bound: a block adds at most 16 * 65535 to vs1's four lanes together, so
 * after n blocks vsum's four lanes add up to at most 524280 n (n - 1), below
 * 2^32 for n <= 90, and vs2's to at most 65535 * 136 n; a run is
 * RUN_BLOCKS = 90 blocks (2880 bytes) at most, so that each sum's lanes can
 * be added in 32 bits before one reduction modulo 65535 (no 64-bit division
 * on 32-bit ARM), into the reduced a and b that `fast` keeps between calls.  A word cut between
 * two calls, the bytes after the last whole block and an odd last byte go
 * through `fast`'s update, which shares the context. */
#include <arm_neon.h>
#include "fletcher_arm32.h"

#define F32_M 65535u
#define RUN_BLOCKS 90u

static const uint16_t word_weights[16] = { 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1 };

/* the sum of the four lanes, modulo 65535: the lanes added pairwise in 32
 * bits (VADD, VPADD; the bound above), then one reduction (a constant
 * divisor: a multiply) */
static uint32_t lanes_mod(uint32x4_t v)
{
    uint32x2_t t = vadd_u32(vget_low_u32(v), vget_high_u32(v));
    return vget_lane_u32(vpadd_u32(t, t), 0) % F32_M;
}

void hb_fletcher32_update_neon(hb_fletcher32_ctx *c, const uint8_t *data, size_t len)
{
    const uint16x4_t k0 = vld1_u16(word_weights), k1 = vld1_u16(word_weights + 4);
    const uint16x4_t k2 = vld1_u16(word_weights + 8), k3 = vld1_u16(word_weights + 12);
    size_t blocks;

    if (c->npend != 0 && len > 0) {     /* finish the word the last call cut */
        hb_fletcher32_update_fast(c, data, 1);
        data++;
        len--;
    }
    blocks = len / 32;
    while (blocks > 0) {
        const size_t n = blocks < RUN_BLOCKS ? blocks : RUN_BLOCKS;
        uint32x4_t vs1 = vdupq_n_u32(0), vsum = vdupq_n_u32(0);
        uint32x4_t vs2a = vdupq_n_u32(0), vs2b = vdupq_n_u32(0);
        uint32_t a = c->a, b = c->b, run_a;
        size_t i;

        for (i = 0; i < n; i++, data += 32) {
            uint16x8_t w0 = vreinterpretq_u16_u8(vrev16q_u8(vld1q_u8(data)));
            uint16x8_t w1 = vreinterpretq_u16_u8(vrev16q_u8(vld1q_u8(data + 16)));
            vsum = vaddq_u32(vsum, vs1);
            vs1 = vpadalq_u16(vpadalq_u16(vs1, w0), w1);
            vs2a = vmlal_u16(vs2a, vget_low_u16(w0), k0);
            vs2b = vmlal_u16(vs2b, vget_low_u16(w1), k2);
            vs2a = vmlal_u16(vs2a, vget_high_u16(w0), k1);
            vs2b = vmlal_u16(vs2b, vget_high_u16(w1), k3);
        }
        /* b + 16 n a + 16 vsum + vs2: 16 n <= 1440, so 16 n a < 2^32 */
        run_a = (uint32_t)(16u * n) * a % F32_M;
        b = ((b + run_a) % F32_M + lanes_mod(vsum) * 16u % F32_M + lanes_mod(vaddq_u32(vs2a, vs2b))) % F32_M;
        a = (a + lanes_mod(vs1)) % F32_M;
        c->a = a;
        c->b = b;
        blocks -= n;
    }
    hb_fletcher32_update_fast(c, data, len % 32);  /* the rest, whole words and a cut one */
}

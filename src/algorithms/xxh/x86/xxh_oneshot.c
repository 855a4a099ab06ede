/* XXH32 and XXH64 one-shot functions (src/impl_rows.h) for the `fast` C
 * implementations and the AVX-512 ones, host only (built at the baseline
 * on x86-64; the consoles keep the streaming code alone).
 *
 * The streaming form keeps its four accumulators in the context between
 * update and final, and final reads the tail from the context's buffer;
 * for a short message those stores and reloads, and the calls, cost as
 * much as the rounds (at 64 bytes XXH32 is four rounds of a 5-cycle
 * chain).  Here the accumulators stay in registers and the tail is read
 * from the input (xxh_x86.h, shared with the AVX-512 files, which call
 * these for long messages).  The lanes of XXH32 are made to differ as in
 * xxh32_fast.c, which keeps GCC from vectorising them badly. */
#include "hashbench.h"
#include "algorithms/xxh/x86/xxh_x86.h"

#define P32_2_NEG 0x7A143589u       /* 2^32 - PRIME32_2 */

void hb_xxh32_oneshot_fast(const uint8_t *p, size_t len, uint8_t *digest)
{
    const uint8_t *end = (p = hb_msg_or_empty(p, len)) + len;
    uint32_t acc;
    if (len >= 16) {
        uint32_t v0 = HB_P32_1 + HB_P32_2, v1 = HB_P32_2, v2 = 0, v3 = 0u - HB_P32_1;
        const uint8_t *limit = end - 16;
        do {
            v0 = hb_xx_rotl32(v0 + hb_xx_rd32(p) * HB_P32_2, 13) * HB_P32_1;
            v1 = hb_xx_rotl32(v1 - hb_xx_rd32(p + 4) * P32_2_NEG, 13) * HB_P32_1;
            v2 = hb_xx_rotl32(v2 + hb_xx_rd32(p + 8) * HB_P32_2, 13) * HB_P32_1;
            v3 = hb_xx_rotl32(v3 - hb_xx_rd32(p + 12) * P32_2_NEG, 13) * HB_P32_1;
            p += 16;
        } while (p <= limit);
        acc = hb_xx_rotl32(v0, 1) + hb_xx_rotl32(v1, 7) + hb_xx_rotl32(v2, 12) + hb_xx_rotl32(v3, 18);
    } else {
        acc = HB_P32_5;
    }
    hb_xxh32_finish(acc, p, end, len, digest);
}

void hb_xxh64_oneshot_fast(const uint8_t *p, size_t len, uint8_t *digest)
{
    hb_xxh64_oneshot_scalar(p, len, digest, 0);
}

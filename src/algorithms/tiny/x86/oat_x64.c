/* Jenkins one-at-a-time, its per-byte step regrouped to shorten the chain.
 *
 * The portable step h += c; h += h << 10; h ^= h >> 6 is five dependent
 * ALU operations (add, shl, add, shr, xor: 5 cycles per byte).  But
 * (h + c) * 1025 = (h << 10) + (h + c * 1025), and c * 1025 depends on the
 * data only, so the shift and the first add run side by side:
 *   t = h + c*1025 | s = h << 10   (1 cycle)
 *   h = s + t                      (1)
 *   h ^= h >> 6                    (2)
 * 4 cycles per byte, the state after every byte being portable's.
 *
 * Left to itself gcc -O2 reassociates the three-term sum back into a
 * 5-cycle order ((h + c) * 1025 as shl + add, or (h << 10) + h first), so
 * an empty asm statement (no instruction; the same device as
 * src/algorithms/xxh/x86/xxh3_avx2.c) makes t opaque and pins the grouping.
 * Checked in the object code: shl and add in parallel, add, shr, xor. */
#include "tiny_x86.h"

void hb_oat_update_x64(hb_oat_ctx *c, const uint8_t *data, size_t len)
{
    uint32_t h = c->h;
    size_t i;

    for (i = 0; i < len; i++) {
        uint32_t k = ((uint32_t)data[i] << 10) + data[i];   /* c * 1025 */
        uint32_t t = h + k;
        __asm__("" : "+r"(t));
        h = (h << 10) + t;
        h ^= h >> 6;
    }
    c->h = h;
}

/* PJW / ELF hash without the branch, on an unreduced state.
 *
 * portable reduces after every byte: u = (h << 4) + c; if the top nibble
 * g of u is set, fold g >> 24 into bits 4..7 and clear it.  With random
 * data that branch is taken half the time and mispredicts.  Written as
 * h = R(u) = (u & 0x0FFFFFFF) ^ ((u >> 24) & 0xF0), the next u is
 *   u' = (R(u) << 4) + c = ((u << 4) ^ ((u >> 20) & 0xF00)) + c
 * (the mask 0x0FFFFFFF falls off the shift), so the loop carries u:
 *   s = u << 4 | g = u >> 20   (1 cycle)
 *   g &= 0xF00                 (1)
 *   s ^= g                     (1)
 *   u = s + c                  (1)
 * 4 cycles per byte, and R is applied once, when the state is stored.  The
 * stored h has a clear top nibble, so R(h) = h and h is a valid u. */
#include "tiny_x86.h"

void hb_pjw_update_x64(hb_pjw_ctx *c, const uint8_t *data, size_t len)
{
    uint32_t u = c->h;
    size_t i;

    for (i = 0; i < len; i++)
        u = ((u << 4) ^ ((u >> 20) & 0xF00u)) + data[i];
    c->h = (u & 0x0FFFFFFFu) ^ ((u >> 24) & 0xF0u);
}

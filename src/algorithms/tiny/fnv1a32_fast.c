/* FNV-1a 32, fast for 8-bit CPUs: the multiply by the FNV prime
 * 0x01000193 = 2^24 + 2^8 + 2^7 + 2^4 + 2^1 + 1 done as shifts and adds,
 * h * prime = h + (h << 1) + (h << 4) + (h << 7) + (h << 8) + (h << 24),
 * the form the FNV authors themselves give for CPUs without a fast multiply.
 *
 * Pays on the 6502: cc65 -O, sim65, about 1830 instead of 2490 cycles per
 * byte (the 32-bit multiply is a runtime call; << 8 and << 24 are byte
 * moves).  It does NOT pay on the host, where one multiply instruction is
 * cheaper than five shifts and adds (about 0.7x portable at 1 MiB, x86-64):
 * registered for the consoles, the dispatcher keeps `portable` on hosts. */
#include "hashbench/tiny.h"

void hb_fnv1a32_update_fast(hb_fnv1a32_ctx *c, const uint8_t *data, size_t len)
{
    uint32_t h = c->h;
    size_t i;

    for (i = 0; i < len; i++) {
        h ^= data[i];
        h += (h << 1) + (h << 4) + (h << 7) + (h << 8) + (h << 24);
    }
    c->h = h;
}

void hb_fnv1a32_final_fast(hb_fnv1a32_ctx *c, uint8_t *digest)
{
    HB_STORE32_BE(digest, c->h);
}

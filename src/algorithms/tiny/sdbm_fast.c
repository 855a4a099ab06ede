/* SDBM, fast: an 8-byte look-ahead that takes the multiply off the chain.
 *
 * Eight steps of h = c + h * 65599 give
 *   h' = h * 65599^8 + (c0 65599^7 + ... + c6 65599 + c7)   (mod 2^32),
 * and the bracket depends on the data only: it is computed by Horner's rule
 * in sdbm's own shift-and-add form (t * 65599 = (t << 6) + (t << 16) - t)
 * alongside the previous block, so the loop-carried chain is one
 * multiply-add per 8 bytes.  65599^8 mod 2^32 = 0xD319BE01.
 *
 * Pays on the host (about 3x portable at 1 MiB, gcc -O2, x86-64) and on
 * the 6502 (cc65 -O, sim65: about 1240 instead of 2520 cycles per byte:
 * the 32-bit multiply is a runtime call there, while << 16 is two byte
 * moves). */
#include "hashbench/tiny.h"

#define SDBM_K8 0xD319BE01UL        /* 65599^8 mod 2^32 */
#define STEP(t, c) t = (c) + (t << 6) + (t << 16) - t

void hb_sdbm_update_fast(hb_sdbm_ctx *c, const uint8_t *data, size_t len)
{
    uint32_t h = c->h, t;
    const uint8_t *p = data;

    while (len >= 8) {
        t = p[0];
        STEP(t, p[1]);
        STEP(t, p[2]);
        STEP(t, p[3]);
        STEP(t, p[4]);
        STEP(t, p[5]);
        STEP(t, p[6]);
        STEP(t, p[7]);
        h = h * SDBM_K8 + t;
        p += 8;
        len -= 8;
    }
    while (len > 0) {
        STEP(h, *p);
        p++;
        len--;
    }
    c->h = h;
}

void hb_sdbm_final_fast(hb_sdbm_ctx *c, uint8_t *digest)
{
    HB_STORE32_BE(digest, c->h);
}

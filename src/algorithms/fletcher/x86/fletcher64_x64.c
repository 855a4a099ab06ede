/* Fletcher-64 for 64-bit hosts: the two sums in 64-bit registers.
 *
 * `fast` keeps each sum as a 32-bit word plus a count of its carries, so
 * that 8- and 16-bit CPUs never need 64-bit arithmetic: per word it runs
 * add, setc, add, add, setc, add, two of them on b's chain.  Here a and b
 * are plain 64-bit sums and each word costs load, bswap, add, add: b's
 * chain is one add per 4-byte word, 0.25 cycles per byte.
 *
 * Bound: a run starts with a, b < 2^32.  After n words a < (n + 1) 2^32
 * and b < (n + 1)(n + 2) / 2 * 2^32, below 2^64 up to n = 92680; runs are
 * 65536 words (256 KiB), then both sums are reduced modulo 2^32 - 1 (the
 * form `fast` and `portable` keep between calls: 0 .. 2^32 - 2).  A word
 * cut between two calls, and the final padding, go through `fast`. */
#include <string.h>
#include "fletcher_x86.h"

#define F64_M 0xFFFFFFFFu
#define F64_RUN_WORDS 65536u

/* a big-endian word (docs/ROSTER.md), zero-extended.  The swap is an asm
 * statement on the 64-bit register: gcc follows __builtin_bswap32 with a
 * `mov r32, r32` to zero-extend what the 32-bit bswap already has, a
 * fourth ALU instruction a word, and four a cycle is all Zen 4 issues
 * (1 MiB: 0.30 c/B that way, 0.25, the chain, this way). */
static inline uint64_t word_be(const uint8_t *p)
{
    uint32_t w;
    uint64_t v;
    memcpy(&w, p, 4);
    v = w;
    __asm__("bswap %k0" : "+r"(v));
    return v;
}

void hb_fletcher64_update_x64(hb_fletcher64_ctx *c, const uint8_t *data, size_t len)
{
    size_t words;
    uint64_t a, b;

    if (len == 0)       /* data may be NULL then (common/empty_msg.h) */
        return;
    if (c->npend != 0) {            /* finish the word the last call cut */
        size_t k = 4u - c->npend < len ? 4u - c->npend : len;
        hb_fletcher64_update_fast(c, data, k);
        data += k;
        len -= k;
    }
    words = len / 4;
    a = c->a;
    b = c->b;
    while (words > 0) {
        size_t run = words < F64_RUN_WORDS ? words : F64_RUN_WORDS;
        words -= run;
        for (; run >= 4; run -= 4, data += 16) {
            a += word_be(data);
            b += a;
            a += word_be(data + 4);
            b += a;
            a += word_be(data + 8);
            b += a;
            a += word_be(data + 12);
            b += a;
        }
        for (; run > 0; run--, data += 4) {
            a += word_be(data);
            b += a;
        }
        a %= F64_M;
        b %= F64_M;
    }
    c->a = (uint32_t)a;
    c->b = (uint32_t)b;
    hb_fletcher64_update_fast(c, data, len & 3);   /* keeps the start of a cut word */
}

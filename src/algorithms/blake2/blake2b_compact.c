/* The compact form of blake2b_fast.c: the same functions, for the 8-bit
 * consoles (docs/writing-an-algorithm.md, "Compact forms").  The fast code:
 * BLAKE2b, fast portable C: the twelve rounds unrolled, each naming the
 * message words in that round's permuted order (no SIGMA lookups at run
 * time), the working state a local array the host compilers keep in
 * registers once the round functions are inlined.  64-bit arithmetic goes
 * through hashbench/u64.h, so the two-word build (cc65) runs the same
 * source.
 *
 * One function per round rather than one giant unrolled body: SDCC's
 * register allocator needs many minutes on the latter.  The message words
 * are a static array: with the sixteen state words they would pass the
 * ~200-byte stack frame cc65 indexes well (and gcc does no worse).
 *
 * This compact form (for the 8-bit consoles' builds, whose code
 * must fit a 16 KB bank) keeps the G steps inlined on fixed state words but
 * runs one round body twelve times, the message words picked through SIGMA
 * (the portable code calls G with state indices instead). */
#include "hashbench.h"
#include "hashbench/blake2.h"
#include "blake2b_fast_shared.h"

/* any round: columns, then diagonals, message words in the order s */
static void round_sigma(hb_u64 *v, const hb_u64 *m, const uint8_t *s)
{
    G(v[0], v[4], v[8], v[12], m[s[0]], m[s[1]]);
    G(v[1], v[5], v[9], v[13], m[s[2]], m[s[3]]);
    G(v[2], v[6], v[10], v[14], m[s[4]], m[s[5]]);
    G(v[3], v[7], v[11], v[15], m[s[6]], m[s[7]]);
    G(v[0], v[5], v[10], v[15], m[s[8]], m[s[9]]);
    G(v[1], v[6], v[11], v[12], m[s[10]], m[s[11]]);
    G(v[2], v[7], v[8], v[13], m[s[12]], m[s[13]]);
    G(v[3], v[4], v[9], v[14], m[s[14]], m[s[15]]);
}

void hb_blake2b_compress_fast(hb_u64 *h, hb_u64 *t, const uint8_t *blocks,
                              size_t nblocks, unsigned inc, int last)
{
    hb_u64 m[16];
    hb_u64 v[16];
    unsigned i;

    for (; nblocks > 0; nblocks--, blocks += HB_BLAKE2B_BLOCK) {
        HB_U64_ADD32(t[0], t[0], inc);
        if (HB_U64_HI(t[0]) == 0 && HB_U64_LO(t[0]) < (uint32_t)inc)
            HB_U64_ADD32(t[1], t[1], 1);
        for (i = 0; i < 16; i++)
            HB_U64_LOAD_LE(m[i], blocks + 8 * i);
        for (i = 0; i < 8; i++) {
            v[i] = h[i];
            v[i + 8] = hb_blake2b_iv[i];
        }
        HB_U64_XOR(v[12], v[12], t[0]);
        HB_U64_XOR(v[13], v[13], t[1]);
        if (last)
            HB_U64_NOT(v[14], v[14]);
        for (i = 0; i < 12; i++)
            round_sigma(v, m, hb_blake2_sigma[i]);
        for (i = 0; i < 8; i++) {
            HB_U64_XOR(h[i], h[i], v[i]);
            HB_U64_XOR(h[i], h[i], v[i + 8]);
        }
    }
}

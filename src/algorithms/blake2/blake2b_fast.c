/* BLAKE2b, fast portable C: the twelve rounds unrolled, each naming the
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
 * The 8-bit consoles build blake2b_compact.c, the compact form of this
 * code, in its place (docs/writing-an-algorithm.md, "Compact forms");
 * what the two forms share is in blake2b_fast_shared.c. */
#include "hashbench.h"
#include "hashbench/blake2.h"
#include "blake2b_fast_shared.h"

/* round r: columns, then diagonals, message words in SIGMA[r mod 10] order */
static void round0(hb_u64 *v, const hb_u64 *m)
{
    G(v[0], v[4], v[8], v[12], m[0], m[1]);
    G(v[1], v[5], v[9], v[13], m[2], m[3]);
    G(v[2], v[6], v[10], v[14], m[4], m[5]);
    G(v[3], v[7], v[11], v[15], m[6], m[7]);
    G(v[0], v[5], v[10], v[15], m[8], m[9]);
    G(v[1], v[6], v[11], v[12], m[10], m[11]);
    G(v[2], v[7], v[8], v[13], m[12], m[13]);
    G(v[3], v[4], v[9], v[14], m[14], m[15]);
}

static void round1(hb_u64 *v, const hb_u64 *m)
{
    G(v[0], v[4], v[8], v[12], m[14], m[10]);
    G(v[1], v[5], v[9], v[13], m[4], m[8]);
    G(v[2], v[6], v[10], v[14], m[9], m[15]);
    G(v[3], v[7], v[11], v[15], m[13], m[6]);
    G(v[0], v[5], v[10], v[15], m[1], m[12]);
    G(v[1], v[6], v[11], v[12], m[0], m[2]);
    G(v[2], v[7], v[8], v[13], m[11], m[7]);
    G(v[3], v[4], v[9], v[14], m[5], m[3]);
}

static void round2(hb_u64 *v, const hb_u64 *m)
{
    G(v[0], v[4], v[8], v[12], m[11], m[8]);
    G(v[1], v[5], v[9], v[13], m[12], m[0]);
    G(v[2], v[6], v[10], v[14], m[5], m[2]);
    G(v[3], v[7], v[11], v[15], m[15], m[13]);
    G(v[0], v[5], v[10], v[15], m[10], m[14]);
    G(v[1], v[6], v[11], v[12], m[3], m[6]);
    G(v[2], v[7], v[8], v[13], m[7], m[1]);
    G(v[3], v[4], v[9], v[14], m[9], m[4]);
}

static void round3(hb_u64 *v, const hb_u64 *m)
{
    G(v[0], v[4], v[8], v[12], m[7], m[9]);
    G(v[1], v[5], v[9], v[13], m[3], m[1]);
    G(v[2], v[6], v[10], v[14], m[13], m[12]);
    G(v[3], v[7], v[11], v[15], m[11], m[14]);
    G(v[0], v[5], v[10], v[15], m[2], m[6]);
    G(v[1], v[6], v[11], v[12], m[5], m[10]);
    G(v[2], v[7], v[8], v[13], m[4], m[0]);
    G(v[3], v[4], v[9], v[14], m[15], m[8]);
}

static void round4(hb_u64 *v, const hb_u64 *m)
{
    G(v[0], v[4], v[8], v[12], m[9], m[0]);
    G(v[1], v[5], v[9], v[13], m[5], m[7]);
    G(v[2], v[6], v[10], v[14], m[2], m[4]);
    G(v[3], v[7], v[11], v[15], m[10], m[15]);
    G(v[0], v[5], v[10], v[15], m[14], m[1]);
    G(v[1], v[6], v[11], v[12], m[11], m[12]);
    G(v[2], v[7], v[8], v[13], m[6], m[8]);
    G(v[3], v[4], v[9], v[14], m[3], m[13]);
}

static void round5(hb_u64 *v, const hb_u64 *m)
{
    G(v[0], v[4], v[8], v[12], m[2], m[12]);
    G(v[1], v[5], v[9], v[13], m[6], m[10]);
    G(v[2], v[6], v[10], v[14], m[0], m[11]);
    G(v[3], v[7], v[11], v[15], m[8], m[3]);
    G(v[0], v[5], v[10], v[15], m[4], m[13]);
    G(v[1], v[6], v[11], v[12], m[7], m[5]);
    G(v[2], v[7], v[8], v[13], m[15], m[14]);
    G(v[3], v[4], v[9], v[14], m[1], m[9]);
}

static void round6(hb_u64 *v, const hb_u64 *m)
{
    G(v[0], v[4], v[8], v[12], m[12], m[5]);
    G(v[1], v[5], v[9], v[13], m[1], m[15]);
    G(v[2], v[6], v[10], v[14], m[14], m[13]);
    G(v[3], v[7], v[11], v[15], m[4], m[10]);
    G(v[0], v[5], v[10], v[15], m[0], m[7]);
    G(v[1], v[6], v[11], v[12], m[6], m[3]);
    G(v[2], v[7], v[8], v[13], m[9], m[2]);
    G(v[3], v[4], v[9], v[14], m[8], m[11]);
}

static void round7(hb_u64 *v, const hb_u64 *m)
{
    G(v[0], v[4], v[8], v[12], m[13], m[11]);
    G(v[1], v[5], v[9], v[13], m[7], m[14]);
    G(v[2], v[6], v[10], v[14], m[12], m[1]);
    G(v[3], v[7], v[11], v[15], m[3], m[9]);
    G(v[0], v[5], v[10], v[15], m[5], m[0]);
    G(v[1], v[6], v[11], v[12], m[15], m[4]);
    G(v[2], v[7], v[8], v[13], m[8], m[6]);
    G(v[3], v[4], v[9], v[14], m[2], m[10]);
}

static void round8(hb_u64 *v, const hb_u64 *m)
{
    G(v[0], v[4], v[8], v[12], m[6], m[15]);
    G(v[1], v[5], v[9], v[13], m[14], m[9]);
    G(v[2], v[6], v[10], v[14], m[11], m[3]);
    G(v[3], v[7], v[11], v[15], m[0], m[8]);
    G(v[0], v[5], v[10], v[15], m[12], m[2]);
    G(v[1], v[6], v[11], v[12], m[13], m[7]);
    G(v[2], v[7], v[8], v[13], m[1], m[4]);
    G(v[3], v[4], v[9], v[14], m[10], m[5]);
}

static void round9(hb_u64 *v, const hb_u64 *m)
{
    G(v[0], v[4], v[8], v[12], m[10], m[2]);
    G(v[1], v[5], v[9], v[13], m[8], m[4]);
    G(v[2], v[6], v[10], v[14], m[7], m[6]);
    G(v[3], v[7], v[11], v[15], m[1], m[5]);
    G(v[0], v[5], v[10], v[15], m[15], m[11]);
    G(v[1], v[6], v[11], v[12], m[9], m[14]);
    G(v[2], v[7], v[8], v[13], m[3], m[12]);
    G(v[3], v[4], v[9], v[14], m[13], m[0]);
}

/* rounds 10 and 11 repeat rounds 0 and 1; one function for both, so that
 * no compiler folds them into round0/round1 and calls those twice */
static void round10_11(hb_u64 *v, const hb_u64 *m)
{
    G(v[0], v[4], v[8], v[12], m[0], m[1]);
    G(v[1], v[5], v[9], v[13], m[2], m[3]);
    G(v[2], v[6], v[10], v[14], m[4], m[5]);
    G(v[3], v[7], v[11], v[15], m[6], m[7]);
    G(v[0], v[5], v[10], v[15], m[8], m[9]);
    G(v[1], v[6], v[11], v[12], m[10], m[11]);
    G(v[2], v[7], v[8], v[13], m[12], m[13]);
    G(v[3], v[4], v[9], v[14], m[14], m[15]);
    G(v[0], v[4], v[8], v[12], m[14], m[10]);
    G(v[1], v[5], v[9], v[13], m[4], m[8]);
    G(v[2], v[6], v[10], v[14], m[9], m[15]);
    G(v[3], v[7], v[11], v[15], m[13], m[6]);
    G(v[0], v[5], v[10], v[15], m[1], m[12]);
    G(v[1], v[6], v[11], v[12], m[0], m[2]);
    G(v[2], v[7], v[8], v[13], m[11], m[7]);
    G(v[3], v[4], v[9], v[14], m[5], m[3]);
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
        round0(v, m);
        round1(v, m);
        round2(v, m);
        round3(v, m);
        round4(v, m);
        round5(v, m);
        round6(v, m);
        round7(v, m);
        round8(v, m);
        round9(v, m);
        round10_11(v, m);
        for (i = 0; i < 8; i++) {
            HB_U64_XOR(h[i], h[i], v[i]);
            HB_U64_XOR(h[i], h[i], v[i + 8]);
        }
    }
}

/* BLAKE3, fast portable C: the seven rounds unrolled, each reading the
 * message words straight from the block in that round's permuted order
 * (the permutation is resolved when the source is written: no table and no
 * shuffling at run time), the state a local array the host compilers keep
 * in registers once the round functions are inlined.
 *
 * One function per round rather than one giant unrolled body: SDCC's
 * register allocator needs many minutes on the latter, seconds on these.
 *
 * The 8-bit consoles build blake3_compact.c, the compact form of this
 * code, in its place (docs/writing-an-algorithm.md, "Compact forms");
 * what the two forms share is in blake3_fast_shared.c. */
#include "hashbench.h"
#include "hashbench/blake3.h"
#include "blake3_fast_shared.h"

/* message word i of the block b */
#define W(i) HB_LOAD32_LE(b + 4 * (i))

/* round r: columns, then diagonals, message words permuted r times */
static void round0(uint32_t *v, const uint8_t *b)
{
    G(v[0], v[4], v[8], v[12], W(0), W(1));
    G(v[1], v[5], v[9], v[13], W(2), W(3));
    G(v[2], v[6], v[10], v[14], W(4), W(5));
    G(v[3], v[7], v[11], v[15], W(6), W(7));
    G(v[0], v[5], v[10], v[15], W(8), W(9));
    G(v[1], v[6], v[11], v[12], W(10), W(11));
    G(v[2], v[7], v[8], v[13], W(12), W(13));
    G(v[3], v[4], v[9], v[14], W(14), W(15));
}

static void round1(uint32_t *v, const uint8_t *b)
{
    G(v[0], v[4], v[8], v[12], W(2), W(6));
    G(v[1], v[5], v[9], v[13], W(3), W(10));
    G(v[2], v[6], v[10], v[14], W(7), W(0));
    G(v[3], v[7], v[11], v[15], W(4), W(13));
    G(v[0], v[5], v[10], v[15], W(1), W(11));
    G(v[1], v[6], v[11], v[12], W(12), W(5));
    G(v[2], v[7], v[8], v[13], W(9), W(14));
    G(v[3], v[4], v[9], v[14], W(15), W(8));
}

static void round2(uint32_t *v, const uint8_t *b)
{
    G(v[0], v[4], v[8], v[12], W(3), W(4));
    G(v[1], v[5], v[9], v[13], W(10), W(12));
    G(v[2], v[6], v[10], v[14], W(13), W(2));
    G(v[3], v[7], v[11], v[15], W(7), W(14));
    G(v[0], v[5], v[10], v[15], W(6), W(5));
    G(v[1], v[6], v[11], v[12], W(9), W(0));
    G(v[2], v[7], v[8], v[13], W(11), W(15));
    G(v[3], v[4], v[9], v[14], W(8), W(1));
}

static void round3(uint32_t *v, const uint8_t *b)
{
    G(v[0], v[4], v[8], v[12], W(10), W(7));
    G(v[1], v[5], v[9], v[13], W(12), W(9));
    G(v[2], v[6], v[10], v[14], W(14), W(3));
    G(v[3], v[7], v[11], v[15], W(13), W(15));
    G(v[0], v[5], v[10], v[15], W(4), W(0));
    G(v[1], v[6], v[11], v[12], W(11), W(2));
    G(v[2], v[7], v[8], v[13], W(5), W(8));
    G(v[3], v[4], v[9], v[14], W(1), W(6));
}

static void round4(uint32_t *v, const uint8_t *b)
{
    G(v[0], v[4], v[8], v[12], W(12), W(13));
    G(v[1], v[5], v[9], v[13], W(9), W(11));
    G(v[2], v[6], v[10], v[14], W(15), W(10));
    G(v[3], v[7], v[11], v[15], W(14), W(8));
    G(v[0], v[5], v[10], v[15], W(7), W(2));
    G(v[1], v[6], v[11], v[12], W(5), W(3));
    G(v[2], v[7], v[8], v[13], W(0), W(1));
    G(v[3], v[4], v[9], v[14], W(6), W(4));
}

static void round5(uint32_t *v, const uint8_t *b)
{
    G(v[0], v[4], v[8], v[12], W(9), W(14));
    G(v[1], v[5], v[9], v[13], W(11), W(5));
    G(v[2], v[6], v[10], v[14], W(8), W(12));
    G(v[3], v[7], v[11], v[15], W(15), W(1));
    G(v[0], v[5], v[10], v[15], W(13), W(3));
    G(v[1], v[6], v[11], v[12], W(0), W(10));
    G(v[2], v[7], v[8], v[13], W(2), W(6));
    G(v[3], v[4], v[9], v[14], W(4), W(7));
}

static void round6(uint32_t *v, const uint8_t *b)
{
    G(v[0], v[4], v[8], v[12], W(11), W(15));
    G(v[1], v[5], v[9], v[13], W(5), W(0));
    G(v[2], v[6], v[10], v[14], W(1), W(9));
    G(v[3], v[7], v[11], v[15], W(8), W(6));
    G(v[0], v[5], v[10], v[15], W(14), W(10));
    G(v[1], v[6], v[11], v[12], W(2), W(12));
    G(v[2], v[7], v[8], v[13], W(3), W(4));
    G(v[3], v[4], v[9], v[14], W(7), W(13));
}

/* The compression function: out[0..7] is the new chaining value and, if
 * full, out[8..15] the second half of the extended output. */
void hb_blake3_compress_core_fast(const uint32_t *cv, const uint8_t *block,
                                  uint32_t counter_lo, uint32_t counter_hi,
                                  unsigned block_len, unsigned flags, uint32_t *out, int full)
{
    uint32_t v[16];

    v[0] = cv[0]; v[1] = cv[1]; v[2] = cv[2]; v[3] = cv[3];
    v[4] = cv[4]; v[5] = cv[5]; v[6] = cv[6]; v[7] = cv[7];
    v[8] = 0x6A09E667UL;  v[9] = 0xBB67AE85UL;
    v[10] = 0x3C6EF372UL; v[11] = 0xA54FF53AUL;
    v[12] = counter_lo;   v[13] = counter_hi;
    v[14] = (uint32_t)block_len;
    v[15] = (uint32_t)flags;
    round0(v, block);
    round1(v, block);
    round2(v, block);
    round3(v, block);
    round4(v, block);
    round5(v, block);
    round6(v, block);
    out[0] = v[0] ^ v[8];  out[1] = v[1] ^ v[9];
    out[2] = v[2] ^ v[10]; out[3] = v[3] ^ v[11];
    out[4] = v[4] ^ v[12]; out[5] = v[5] ^ v[13];
    out[6] = v[6] ^ v[14]; out[7] = v[7] ^ v[15];
    if (full) {
        out[8] = v[8] ^ cv[0];   out[9] = v[9] ^ cv[1];
        out[10] = v[10] ^ cv[2]; out[11] = v[11] ^ cv[3];
        out[12] = v[12] ^ cv[4]; out[13] = v[13] ^ cv[5];
        out[14] = v[14] ^ cv[6]; out[15] = v[15] ^ cv[7];
    }
}

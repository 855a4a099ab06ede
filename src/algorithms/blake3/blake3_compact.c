/* The compact form of blake3_fast.c: the same functions, for the 8-bit
 * consoles (docs/writing-an-algorithm.md, "Compact forms").  The fast code:
 * BLAKE3, fast portable C: the seven rounds unrolled, each reading the
 * message words straight from the block in that round's permuted order
 * (the permutation is resolved when the source is written: no table and no
 * shuffling at run time), the state a local array the host compilers keep
 * in registers once the round functions are inlined.
 *
 * One function per round rather than one giant unrolled body: SDCC's
 * register allocator needs many minutes on the latter, seconds on these.
 *
 * This compact form (for the 8-bit consoles' builds, whose code
 * must fit a 16 KB bank) keeps the permutation resolved in advance (a table
 * of each round's word order, not the portable code's shuffle between
 * rounds) and runs one round body seven times on message words read into m
 * once per block; its eight G steps are calls of one G on the state words'
 * addresses.  (G inlined eight times does not fit beside blake3_common and
 * the portable code in one bank; inlined four times, on the columns and on
 * the diagonals turned into columns, it fitted the Game Boy's bank but the
 * turning made it 9% slower than the portable code on the 6502.) */
#include "hashbench.h"
#include "hashbench/blake3.h"
#include "blake3_fast_shared.h"

/* the message word in each position of round r: the permutation applied r times */
static const uint8_t schedule[7][16] = {
    { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 },
    { 2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8 },
    { 3, 4, 10, 12, 13, 2, 7, 14, 6, 5, 9, 0, 11, 15, 8, 1 },
    { 10, 7, 12, 9, 14, 3, 13, 15, 4, 0, 11, 2, 5, 8, 1, 6 },
    { 12, 13, 9, 11, 15, 10, 14, 8, 7, 2, 5, 3, 0, 1, 6, 4 },
    { 9, 14, 11, 5, 8, 12, 15, 1, 13, 3, 0, 10, 2, 6, 4, 7 },
    { 11, 15, 5, 0, 1, 9, 8, 6, 14, 10, 2, 12, 3, 4, 7, 13 }
};

/* G on four state words given by address (the portable code's g takes
 * indices into v and works out each word's address again at every use),
 * its two message words at xy */
static void g(uint32_t *a, uint32_t *b, uint32_t *c, uint32_t *d, const uint32_t *xy)
{
    G(*a, *b, *c, *d, xy[0], xy[1]);
}

/* any round: columns, then diagonals, message words in the order s
 * (gathered first, so that each step is handed one address for its two) */
static void round_any(uint32_t *v, const uint32_t *m, const uint8_t *s)
{
    uint32_t x[16];
    unsigned i;

    for (i = 0; i < 16; i++)
        x[i] = m[s[i]];
    g(&v[0], &v[4], &v[8], &v[12], x);
    g(&v[1], &v[5], &v[9], &v[13], x + 2);
    g(&v[2], &v[6], &v[10], &v[14], x + 4);
    g(&v[3], &v[7], &v[11], &v[15], x + 6);
    g(&v[0], &v[5], &v[10], &v[15], x + 8);
    g(&v[1], &v[6], &v[11], &v[12], x + 10);
    g(&v[2], &v[7], &v[8], &v[13], x + 12);
    g(&v[3], &v[4], &v[9], &v[14], x + 14);
}

/* The compression function: out[0..7] is the new chaining value and, if
 * full, out[8..15] the second half of the extended output; the state's
 * set-up and the output as loops too. */
void hb_blake3_compress_core_fast(const uint32_t *cv, const uint8_t *block,
                                  uint32_t counter_lo, uint32_t counter_hi,
                                  unsigned block_len, unsigned flags, uint32_t *out, int full)
{
    uint32_t v[16], m[16];
    unsigned i;

    for (i = 0; i < 16; i++)
        m[i] = HB_LOAD32_LE(block + 4 * i);
    for (i = 0; i < 8; i++)
        v[i] = cv[i];
    for (i = 0; i < 4; i++)
        v[8 + i] = hb_blake3_iv[i];
    v[12] = counter_lo;   v[13] = counter_hi;
    v[14] = (uint32_t)block_len;
    v[15] = (uint32_t)flags;
    for (i = 0; i < 7; i++)
        round_any(v, m, schedule[i]);
    /* out may be cv: its second half only when full, and then it is not */
    for (i = 0; i < 8; i++)
        out[i] = v[i] ^ v[i + 8];
    if (full)
        for (i = 0; i < 8; i++)
            out[i + 8] = v[i + 8] ^ cv[i];
}

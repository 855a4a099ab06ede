/* MD4 on x86-64 with the message words read in place: each step's word
 * is a 4-byte load from the input (x86-64 is little-endian and allows
 * unaligned loads), which gcc folds into the step's add as a memory
 * operand.  The steps are md4_fast.c's (md4_fast_shared.h): the same
 * dependency chain, 160 cycles a block on a core with 1-cycle add, and,
 * xor and rol.  What differs is the instruction count: `fast` copies the
 * words to the stack first, and gcc 12 vectorises its byte-wise
 * little-endian loads into ~140 SSE2 instructions (537 instructions a block
 * against 426 for OpenSSL's C, whose chain is longer).  Here it is about
 * 330.  Which one wins depends on how busy the core's front end and
 * schedulers are (docs/impl-md.md, "Zen 5 (issue 34)"), so both are rows
 * and `hashbench tune` measures them (md_x86_rows.c). */
#include <string.h>
#include "hashbench/md.h"
#include "../md4_fast_shared.h"
#include "md_x86.h"

static inline uint32_t md4_word(const uint8_t *p)
{
    uint32_t w;

    memcpy(&w, p, 4); /* one mov (or an add's memory operand) on x86-64 */
    return w;
}

void hb_md4_compress_direct(uint32_t *state, const uint8_t *blocks, size_t nblocks)
{
    uint32_t a, b, c, d;

    while (nblocks > 0) {
#define X(k) md4_word(blocks + 4 * (k))
        a = state[0];
        b = state[1];
        c = state[2];
        d = state[3];

        MD4_STEP1(a, b, c, d, X( 0),  3);
        MD4_STEP1(d, a, b, c, X( 1),  7);
        MD4_STEP1(c, d, a, b, X( 2), 11);
        MD4_STEP1(b, c, d, a, X( 3), 19);
        MD4_STEP1(a, b, c, d, X( 4),  3);
        MD4_STEP1(d, a, b, c, X( 5),  7);
        MD4_STEP1(c, d, a, b, X( 6), 11);
        MD4_STEP1(b, c, d, a, X( 7), 19);
        MD4_STEP1(a, b, c, d, X( 8),  3);
        MD4_STEP1(d, a, b, c, X( 9),  7);
        MD4_STEP1(c, d, a, b, X(10), 11);
        MD4_STEP1(b, c, d, a, X(11), 19);
        MD4_STEP1(a, b, c, d, X(12),  3);
        MD4_STEP1(d, a, b, c, X(13),  7);
        MD4_STEP1(c, d, a, b, X(14), 11);
        MD4_STEP1(b, c, d, a, X(15), 19);

        MD4_STEP2(a, b, c, d, X( 0),  3);
        MD4_STEP2(d, a, b, c, X( 4),  5);
        MD4_STEP2(c, d, a, b, X( 8),  9);
        MD4_STEP2(b, c, d, a, X(12), 13);
        MD4_STEP2(a, b, c, d, X( 1),  3);
        MD4_STEP2(d, a, b, c, X( 5),  5);
        MD4_STEP2(c, d, a, b, X( 9),  9);
        MD4_STEP2(b, c, d, a, X(13), 13);
        MD4_STEP2(a, b, c, d, X( 2),  3);
        MD4_STEP2(d, a, b, c, X( 6),  5);
        MD4_STEP2(c, d, a, b, X(10),  9);
        MD4_STEP2(b, c, d, a, X(14), 13);
        MD4_STEP2(a, b, c, d, X( 3),  3);
        MD4_STEP2(d, a, b, c, X( 7),  5);
        MD4_STEP2(c, d, a, b, X(11),  9);
        MD4_STEP2(b, c, d, a, X(15), 13);

        MD4_STEP3(a, b, c, d, X( 0),  3);
        MD4_STEP3(d, a, b, c, X( 8),  9);
        MD4_STEP3(c, d, a, b, X( 4), 11);
        MD4_STEP3(b, c, d, a, X(12), 15);
        MD4_STEP3(a, b, c, d, X( 2),  3);
        MD4_STEP3(d, a, b, c, X(10),  9);
        MD4_STEP3(c, d, a, b, X( 6), 11);
        MD4_STEP3(b, c, d, a, X(14), 15);
        MD4_STEP3(a, b, c, d, X( 1),  3);
        MD4_STEP3(d, a, b, c, X( 9),  9);
        MD4_STEP3(c, d, a, b, X( 5), 11);
        MD4_STEP3(b, c, d, a, X(13), 15);
        MD4_STEP3(a, b, c, d, X( 3),  3);
        MD4_STEP3(d, a, b, c, X(11),  9);
        MD4_STEP3(c, d, a, b, X( 7), 11);
        MD4_STEP3(b, c, d, a, X(15), 15);
#undef X

        state[0] += a;
        state[1] += b;
        state[2] += c;
        state[3] += d;
        blocks += HB_MD_BLOCK;
        nblocks--;
    }
}

void hb_md4_update_direct(hb_md4_ctx *c, const uint8_t *data, size_t len)
{
    hb_md_block_update(&c->mb, c->h, data, len, hb_md4_compress_direct);
}

void hb_md4_final_direct(hb_md4_ctx *c, uint8_t *digest)
{
    unsigned i;

    hb_md_block_pad(&c->mb, c->h, 0, hb_md4_compress_direct);
    for (i = 0; i < 4; i++)
        HB_STORE32_LE(digest + 4 * i, c->h[i]);
}

/* the x86-64 baseline (gcc uses its SSE2 for the state); asking for SSE2
 * lets HB_X86_MASK take it away, down to the portable C */
HB_X86_IMPL(hb_impl_md4_direct, "direct", HB_X86_SSE2, hb_md4_ctx, hb_md4_init, hb_md4_update_direct,
            hb_md4_final_direct, 0);

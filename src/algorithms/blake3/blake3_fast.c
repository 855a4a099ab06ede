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
 * code, in its place (docs/writing-an-algorithm.md, "Compact forms"). */
#include "hashbench.h"
#include "hashbench/blake3.h"

#define G(a, b, c, d, x, y)                                          \
    do {                                                             \
        a += b + x; d = HB_ROTR32(d ^ a, 16);                        \
        c += d;     b = HB_ROTR32(b ^ c, 12);                        \
        a += b + y; d = HB_ROTR32(d ^ a, 8);                         \
        c += d;     b = HB_ROTR32(b ^ c, 7);                         \
    } while (0)

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
static void compress_core(const uint32_t *cv, const uint8_t *block, uint32_t counter_lo,
                          uint32_t counter_hi, unsigned block_len, unsigned flags,
                          uint32_t *out, int full)
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

void hb_blake3_compress_fast(uint32_t *cv, const uint8_t *block, uint32_t counter_lo,
                             uint32_t counter_hi, unsigned block_len, unsigned flags)
{
    compress_core(cv, block, counter_lo, counter_hi, block_len, flags, cv, 0);
}

void hb_blake3_compress_xof_fast(const uint32_t *cv, const uint8_t *block,
                                 uint32_t counter_lo, uint32_t counter_hi,
                                 unsigned block_len, unsigned flags, uint8_t *out)
{
    uint32_t w[16];
    unsigned i;

    compress_core(cv, block, counter_lo, counter_hi, block_len, flags, w, 1);
    for (i = 0; i < 16; i++)
        HB_STORE32_LE(out + 4 * i, w[i]);
}

/* one input after the other (a SIMD implementation does them side by side) */
void hb_blake3_hash_many_fast(const uint8_t **inputs, size_t n_inputs,
                              size_t blocks, const uint32_t *key,
                              uint32_t counter_lo, uint32_t counter_hi,
                              int increment_counter, unsigned flags,
                              unsigned flags_start, unsigned flags_end, uint8_t *out)
{
    uint32_t cv[8];
    const uint8_t *in;
    size_t i, b;
    unsigned j, f;

    for (i = 0; i < n_inputs; i++, out += HB_BLAKE3_OUT_LEN) {
        in = inputs[i];
        for (j = 0; j < 8; j++)
            cv[j] = key[j];
        for (b = 0; b < blocks; b++, in += HB_BLAKE3_BLOCK_LEN) {
            f = flags;
            if (b == 0)
                f |= flags_start;
            if (b + 1 == blocks)
                f |= flags_end;
            compress_core(cv, in, counter_lo, counter_hi, HB_BLAKE3_BLOCK_LEN, f, cv, 0);
        }
        for (j = 0; j < 8; j++)
            HB_STORE32_LE(out + 4 * j, cv[j]);
        if (increment_counter && ++counter_lo == 0)
            counter_hi++;
    }
}

static const hb_blake3_ops ops = {
    hb_blake3_compress_fast, hb_blake3_compress_xof_fast, hb_blake3_hash_many_fast
};

void hb_blake3_update_fast(hb_blake3_ctx *c, const uint8_t *data, size_t len)
{
    hb_blake3_update_with(c, data, len, &ops);
}

void hb_blake3_final_fast(hb_blake3_ctx *c, uint8_t *digest)
{
    hb_blake3_finalize_with(c, digest, HB_BLAKE3_OUT_LEN, &ops);
}

int hb_blake3_params_fast(const hb_params *p, const uint8_t *data, size_t len,
                          uint8_t *out, size_t out_len)
{
    return hb_blake3_params_with(p, data, len, out, out_len, &ops);
}

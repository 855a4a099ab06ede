/* Registry entries for the BLAKE2s / BLAKE2b x86 compress functions (the
 * buffering, the parameter block and keying stay in blake2_common.c, each
 * entry only hands it a different compress function).  Built at the baseline: the kernels run only after
 * `available` said yes. */
#include "blake_x86.h"
#include <string.h>

#define B2_WRAP(algo, ctx_t, isa)                                                      \
    static void algo##_update_##isa(ctx_t *c, const uint8_t *p, size_t n)             \
    { hb_##algo##_update_with(c, p, n, hb_##algo##_compress_##isa); }                  \
    static void algo##_final_##isa(ctx_t *c, uint8_t *d)                               \
    { hb_##algo##_final_with(c, d, hb_##algo##_compress_##isa); }                      \
    static int algo##_params_##isa(const hb_params *p, const uint8_t *data, size_t len, \
                                   uint8_t *out, size_t out_len)                       \
    { return hb_##algo##_params_with(p, data, len, out, out_len,                       \
                                     hb_##algo##_compress_##isa); }

B2_WRAP(blake2s, hb_blake2s_ctx, x64)
B2_WRAP(blake2b, hb_blake2b_ctx, x64)
B2_WRAP(blake2s, hb_blake2s_ctx, avx2)
B2_WRAP(blake2s, hb_blake2s_ctx, avx512)
B2_WRAP(blake2b, hb_blake2b_ctx, avx2)
B2_WRAP(blake2b, hb_blake2b_ctx, avx512)

HB_X86_IMPL(hb_impl_blake2s_x64, "x64", HB_BLAKE_X86_BASE, hb_blake2s_ctx,
                  hb_blake2s_init, blake2s_update_x64, blake2s_final_x64, blake2s_params_x64);
HB_X86_IMPL(hb_impl_blake2b_x64, "x64", HB_BLAKE_X86_BASE, hb_blake2b_ctx,
                  hb_blake2b_init, blake2b_update_x64, blake2b_final_x64, blake2b_params_x64);
/* The dispatcher's picks (blake2_x86_rows.c) have one-shots: the
 * state on the stack, every block but the last straight from the input in
 * one compress call, the last one padded in a local block, and memcpy
 * (one or two vector moves) where blake2_common.c's portable context code
 * copies byte by byte; a 64-byte message spent about as long in those
 * loops as in its one compression (measured on Zen 4: BLAKE2b 212 ns a
 * message against 116 ns a block at 1 MiB). */
/* every block but the last from the input, the last (1..block bytes, or
 * none: the empty message) padded with zeros and flagged final */
#define B2_ALL_BLOCKS(compress, h, t, data, len, block)                                   \
    do {                                                                               \
        uint8_t last_[block];                                                          \
        size_t whole_ = (len) > 0 ? ((len) - 1) / (block) : 0;                         \
        size_t rest_ = (len) - whole_ * (block);                                       \
        if (whole_ > 0)                                                                \
            compress(h, t, data, whole_, block, 0);                                    \
        if (rest_ > 0)                                                                 \
            memcpy(last_, (data) + whole_ * (block), rest_);                           \
        memset(last_ + rest_, 0, sizeof last_ - rest_);                                \
        compress(h, t, last_, 1, (unsigned)rest_, 1);                                  \
    } while (0)

/* one-shot functions by compress function (x64, avx2) */
#define B2S_ONESHOT(isa)                                                                \
    void hb_blake2s_oneshot_##isa(const uint8_t *data, size_t len, uint8_t *digest)   \
    {                                                                                  \
        uint32_t h[8], t[2] = { 0, 0 };                                                \
        unsigned i;                                                                    \
        for (i = 0; i < 8; i++)                                                        \
            h[i] = hb_blake2s_iv[i];                                                   \
        h[0] ^= 0x01010000u ^ HB_BLAKE2S_DIGEST; /* digest length, fanout, depth */    \
        B2_ALL_BLOCKS(hb_blake2s_compress_##isa, h, t, data, len, HB_BLAKE2S_BLOCK);   \
        memcpy(digest, h, HB_BLAKE2S_DIGEST);    /* x86-64 is little-endian */         \
    }

#define B2B_ONESHOT(isa)                                                                \
    void hb_blake2b_oneshot_##isa(const uint8_t *data, size_t len, uint8_t *digest)   \
    {                                                                                  \
        hb_u64 h[8], t[2], pw;                                                         \
        unsigned i;                                                                    \
        for (i = 0; i < 8; i++)                                                        \
            h[i] = hb_blake2b_iv[i];                                                   \
        HB_U64_SET(pw, 0, 0x01010000u ^ HB_BLAKE2B_DIGEST);                            \
        HB_U64_XOR(h[0], h[0], pw);                                                    \
        HB_U64_SET(t[0], 0, 0);                                                        \
        HB_U64_SET(t[1], 0, 0);                                                        \
        B2_ALL_BLOCKS(hb_blake2b_compress_##isa, h, t, data, len, HB_BLAKE2B_BLOCK);   \
        for (i = 0; i < 8; i++)                                                        \
            HB_U64_STORE_LE(digest + 8 * i, h[i]);                                     \
    }

B2S_ONESHOT(x64)
B2B_ONESHOT(x64)
/* the vector kernels' one-shots: picked on Zen 3 (docs/impl-blake.md,
 * "BLAKE2 on Zen 3") */
B2S_ONESHOT(avx2)
B2B_ONESHOT(avx2)

HB_X86_IMPL(hb_impl_blake2s_avx2, "avx2", HB_BLAKE_X86_AVX2, hb_blake2s_ctx,
                  hb_blake2s_init, blake2s_update_avx2, blake2s_final_avx2,
                  blake2s_params_avx2);
HB_X86_IMPL(hb_impl_blake2s_avx512, "avx512", HB_BLAKE_X86_AVX512, hb_blake2s_ctx,
                  hb_blake2s_init, blake2s_update_avx512, blake2s_final_avx512,
                  blake2s_params_avx512);
HB_X86_IMPL(hb_impl_blake2b_avx2, "avx2", HB_BLAKE_X86_AVX2, hb_blake2b_ctx,
                  hb_blake2b_init, blake2b_update_avx2, blake2b_final_avx2,
                  blake2b_params_avx2);
HB_X86_IMPL(hb_impl_blake2b_avx512, "avx512", HB_BLAKE_X86_AVX512, hb_blake2b_ctx,
                  hb_blake2b_init, blake2b_update_avx512, blake2b_final_avx512,
                  blake2b_params_avx512);

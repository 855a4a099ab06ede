/* The x86-64 implementation of MurmurHash3_x64_128 and its dispatch rank
 * (portable C is 0, fast C 1).  `avx512` ranks 0 here, below `fast`, on
 * every core but Zen 4, where it was measured first
 * (its core rank below, docs/impl-fletcher-murmur3.md); the tests
 * run it wherever the CPU can. */
#include "murmur3_x86.h"

static void seeded_avx512(uint32_t seed, const uint8_t *data, size_t len, uint8_t *digest)
{
    hb_murmur3_128_ctx c;

    hb_murmur3_128_init_seed(&c, seed);
    hb_murmur3_128_update_avx512dq(&c, data, len);
    hb_murmur3_128_final_fast(&c, digest);
}

static int params_avx512(const hb_params *p, const uint8_t *data, size_t len, uint8_t *out,
                         size_t out_len)
{
    return hb_murmur3_params_with(p, data, len, out, out_len, 16, seeded_avx512);
}

HB_X86_IMPL(hb_impl_murmur3_128_avx512, "avx512", HB_X86_ISA_AVX512DQ, hb_murmur3_128_ctx,
            hb_murmur3_128_init, hb_murmur3_128_update_avx512dq, hb_murmur3_128_final_fast,
            params_avx512);

const hb_impl_row hb_murmur3_x86_rows[] = {
    { .algo = "murmur3-128", .impl = &hb_impl_murmur3_128_avx512, .rank = 0,
      /* docs/impl-fletcher-murmur3.md, "Zen 4": above fast (1) */
      .core_ranks = HB_CORE_RANKS({ "zen4", 2 }) },
    { 0 }
};

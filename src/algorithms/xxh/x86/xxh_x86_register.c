/* The x86-64 implementations of XXH32 and XXH64, with their dispatch ranks
 * (higher wins; portable C is 0, fast C 1).  Each runs its vector loop only
 * on the lengths where that measured faster than `fast`, and `fast`'s
 * scalar loop on the others (the thresholds in xxh_x86.h), so each ranks
 * above `fast`; XXH32's IFMA form above its plain AVX-512 one, which it
 * beats from 128 bytes on and equals below (docs/impl-xxh.md).  Built at
 * the baseline: the `available` functions run before any AVX instruction
 * may.  The one-shot functions are listed in xxh_oneshot.c. */
#include "algorithms/xxh/x86/xxh_x86.h"
#include "algorithms/xxh/x86/vector_x86.h"

/* What the Makefile's flags for the suffixes _avx512 (-mavx512f -mavx512bw
 * -mavx512vl -mavx2 -mbmi2), _avx512dq and _avx512ifma (the same plus
 * -mavx512dq or -mavx512ifma) let the compiler use. */
#define XXH_X86_AVX512DQ (HB_VECTOR_X86_AVX512 | HB_X86_AVX512DQ)
#define XXH_X86_AVX512IFMA (HB_VECTOR_X86_AVX512 | HB_X86_AVX512IFMA)

/* The seed in hb_params.key (little-endian, 4 or 8 bytes; none is seed 0),
 * read as xxh_params.c does; -1 if the params do not fit. */
static int xxh_seed(const hb_params *p, size_t seed_len, const uint8_t **seed)
{
    *seed = 0;
    if (p == 0)
        return 0;
    if (p->salt_len != 0 || p->iterations != 0 || (p->key_len != 0 && (p->key_len != seed_len || !p->key)))
        return -1;
    *seed = p->key_len ? p->key : 0;
    return 0;
}

/* The seeded forms run through each implementation's own update and
 * final, so that the seeded vectors test its vector code too. */
static int xxh32_params(const hb_params *p, const uint8_t *data, size_t len, uint8_t *out,
                        size_t out_len, void (*update)(hb_xxh32_ctx *, const uint8_t *, size_t))
{
    hb_xxh32_ctx c;
    const uint8_t *s;
    if (out_len != 4 || xxh_seed(p, 4, &s) != 0)
        return -1;
    hb_xxh32_init_seed(&c, s ? HB_LOAD32_LE(s) : 0);
    update(&c, data, len);
    hb_xxh32_final_avx512(&c, out);
    return 0;
}

static int xxh32_params_avx512(const hb_params *p, const uint8_t *data, size_t len,
                               uint8_t *out, size_t out_len)
{
    return xxh32_params(p, data, len, out, out_len, hb_xxh32_update_avx512);
}

static int xxh32_params_avx512ifma(const hb_params *p, const uint8_t *data, size_t len,
                                   uint8_t *out, size_t out_len)
{
    return xxh32_params(p, data, len, out, out_len, hb_xxh32_update_avx512ifma);
}

static int xxh64_params_avx512(const hb_params *p, const uint8_t *data, size_t len,
                               uint8_t *out, size_t out_len)
{
    hb_xxh64_ctx c;
    const uint8_t *s;
    if (out_len != 8 || xxh_seed(p, 8, &s) != 0)
        return -1;
    hb_xxh64_init_seed(&c, s ? HB_LOAD32_LE(s + 4) : 0, s ? HB_LOAD32_LE(s) : 0);
    hb_xxh64_update_avx512dq(&c, data, len);
    hb_xxh64_final_avx512dq(&c, out);
    return 0;
}

HB_VECTOR_X86_IMPL_P(hb_impl_xxh32_avx512, "avx512", HB_VECTOR_X86_AVX512, hb_xxh32_ctx, hb_xxh32_init,
             hb_xxh32_update_avx512, hb_xxh32_final_avx512, xxh32_params_avx512);
HB_VECTOR_X86_IMPL_P(hb_impl_xxh32_avx512ifma, "avx512ifma", XXH_X86_AVX512IFMA, hb_xxh32_ctx, hb_xxh32_init,
             hb_xxh32_update_avx512ifma, hb_xxh32_final_avx512, xxh32_params_avx512ifma);
HB_VECTOR_X86_IMPL_P(hb_impl_xxh64_avx512, "avx512", XXH_X86_AVX512DQ, hb_xxh64_ctx, hb_xxh64_init,
             hb_xxh64_update_avx512dq, hb_xxh64_final_avx512dq, xxh64_params_avx512);

const hb_extra_impl hb_x86_xxh_impls[] = {
    { "xxh32", &hb_impl_xxh32_avx512, 2 },
    { "xxh32", &hb_impl_xxh32_avx512ifma, 3 },
    { "xxh64", &hb_impl_xxh64_avx512, 2 },
    { 0, 0, 0 }
};

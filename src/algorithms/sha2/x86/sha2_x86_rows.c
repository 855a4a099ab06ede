/* SHA-256, SHA-384 and SHA-512 on x86-64: their rows (src/impl_rows.h),
 * with their dispatch ranks (higher wins; portable C is 0, fast C 1),
 * following the measurements in docs/impl-sha.md: SHA-NI for SHA-256, the
 * AVX-512 message schedule above the AVX2 one for SHA-384/512.  The
 * AVX2 SHA-384/512 one-shots pad in registers (md_pad_x86.h); the AVX-512
 * ones go through src/algorithms/common/oneshot.h.
 *
 * Each SHA-384/512 schedule comes with the round in two forms, ours and
 * OpenSSL's (`-deferred`, sha512_rounds_x86.h), and the core ranks choose
 * the form: OpenSSL's measured faster on Zen 4 (AVX-512) and on Zen 3 (the
 * AVX2 schedule, 7-10 %), ours on Zen 5 (docs/impl-sha.md).  The AVX-512
 * schedule has a third form, the round with a four-cycle chain
 * (`avx512-chain4`, issue 34), which needs more than four ALUs and so ranks
 * first on Zen 5 only.  A core nobody measured follows Zen 5's default
 * ranks with AVX-512 (not its chain4 rank), Zen 3 without (its "zen3"
 * ranks, src/arch/x86/core_x86.c).  So the pick is, for zen5:
 * avx512-chain4, else avx2; for other: avx512, else avx2-deferred; for
 * zen4 and zen3: avx512-deferred, else avx2-deferred. */
#include "sha_x86.h"

/* OpenSSL's form first on these cores, ours elsewhere */
#define DEFERRED_FIRST(rank) HB_CORE_RANKS({ "zen3", (rank) }, { "zen4", (rank) })
/* the four-cycle chain first on this core */
#define CHAIN4_FIRST(rank) HB_CORE_RANKS({ "zen5", (rank) })

const hb_impl_row hb_sha2_x86_rows[] = {
    { .algo = "sha256", .impl = &hb_impl_sha256_shani, .rank = 2, .oneshot = hb_sha256_oneshot_shani },
    { .algo = "sha512", .impl = &hb_impl_sha512_avx2, .rank = 3, .oneshot = hb_sha512_oneshot_avx2,
      .core_ranks = DEFERRED_FIRST(2) },
    { .algo = "sha512", .impl = &hb_impl_sha512_avx2_deferred, .rank = 2,
      .oneshot = hb_sha512_oneshot_avx2_deferred, .core_ranks = DEFERRED_FIRST(3) },
    { .algo = "sha384", .impl = &hb_impl_sha384_avx2, .rank = 3, .oneshot = hb_sha384_oneshot_avx2,
      .core_ranks = DEFERRED_FIRST(2) },
    { .algo = "sha384", .impl = &hb_impl_sha384_avx2_deferred, .rank = 2,
      .oneshot = hb_sha384_oneshot_avx2_deferred, .core_ranks = DEFERRED_FIRST(3) },
    { .algo = "sha512", .impl = &hb_impl_sha512_avx512, .rank = 5, .oneshot = hb_sha512_oneshot_avx512,
      .core_ranks = DEFERRED_FIRST(4) },
    { .algo = "sha512", .impl = &hb_impl_sha512_avx512_deferred, .rank = 4,
      .oneshot = hb_sha512_oneshot_avx512_deferred, .core_ranks = DEFERRED_FIRST(5) },
    { .algo = "sha384", .impl = &hb_impl_sha384_avx512, .rank = 5, .oneshot = hb_sha384_oneshot_avx512,
      .core_ranks = DEFERRED_FIRST(4) },
    { .algo = "sha384", .impl = &hb_impl_sha384_avx512_deferred, .rank = 4,
      .oneshot = hb_sha384_oneshot_avx512_deferred, .core_ranks = DEFERRED_FIRST(5) },
    /* the four-cycle chain (issue 34): first on Zen 5 (six ALUs; chosen
     * by llvm-mca's and a hand model, not yet measured there), below both
     * forms elsewhere; `hashbench tune` measures all three */
    { .algo = "sha512", .impl = &hb_impl_sha512_avx512_chain4, .rank = 3,
      .oneshot = hb_sha512_oneshot_avx512_chain4, .core_ranks = CHAIN4_FIRST(6) },
    { .algo = "sha384", .impl = &hb_impl_sha384_avx512_chain4, .rank = 3,
      .oneshot = hb_sha384_oneshot_avx512_chain4, .core_ranks = CHAIN4_FIRST(6) },
    { 0 }
};

/* SHA-256, SHA-384 and SHA-512 on x86-64: their rows (src/impl_rows.h),
 * with their dispatch ranks (higher wins; portable C is 0, fast C 1),
 * following the measurements in docs/impl-sha.md: SHA-NI for SHA-256, the
 * AVX-512 message schedule above the AVX2 one for SHA-384/512.  The
 * AVX2 SHA-384/512 one-shots pad in registers (md_pad_x86.h); the AVX-512
 * ones go through src/algorithms/common/oneshot.h. */
#include "sha_x86.h"

const hb_impl_row hb_sha2_x86_rows[] = {
    { .algo = "sha256", .impl = &hb_impl_sha256_shani, .rank = 2, .oneshot = hb_sha256_oneshot_shani },
    { .algo = "sha512", .impl = &hb_impl_sha512_avx2, .rank = 2, .oneshot = hb_sha512_oneshot_avx2 },
    { .algo = "sha384", .impl = &hb_impl_sha384_avx2, .rank = 2, .oneshot = hb_sha384_oneshot_avx2 },
    { .algo = "sha512", .impl = &hb_impl_sha512_avx512, .rank = 3, .oneshot = hb_sha512_oneshot_avx512 },
    { .algo = "sha384", .impl = &hb_impl_sha384_avx512, .rank = 3, .oneshot = hb_sha384_oneshot_avx512 },
    { 0 }
};

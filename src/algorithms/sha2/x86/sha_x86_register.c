/* The x86-64 implementations of this family group, with their dispatch
 * ranks (higher wins; portable C is 0, fast C 1).  The ranks follow the
 * measurements in docs/impl-sha.md. */
#include "sha_x86.h"

const hb_extra_impl hb_x86_sha_impls[] = {
    { "sha1", &hb_impl_sha1_shani, 2 },
    { "sha256", &hb_impl_sha256_shani, 2 },
    { "hmac-sha256", &hb_impl_hmac_sha256_shani, 2 },
    { "pbkdf2-sha256", &hb_impl_pbkdf2_sha256_shani, 2 },
    { "sha512", &hb_impl_sha512_avx2, 2 },
    { "sha384", &hb_impl_sha384_avx2, 2 },
    { "sha512", &hb_impl_sha512_avx512, 3 },
    { "sha384", &hb_impl_sha384_avx512, 3 },
    { 0, 0, 0 }
};

/* One-shot functions (hb_oneshot), each beside its kernel: SHA-1, SHA-256,
 * HMAC-SHA-256 (under the roster's fixed key, keyed once) and the AVX2
 * SHA-384/512 pad in registers (md_pad_x86.h); the AVX-512 ones go
 * through src/algorithms/common/oneshot.h. */

const hb_oneshot hb_x86_sha_oneshots[] = {
    { &hb_impl_sha1_shani, hb_sha1_oneshot_shani },
    { &hb_impl_sha256_shani, hb_sha256_oneshot_shani },
    { &hb_impl_sha512_avx2, hb_sha512_oneshot_avx2 },
    { &hb_impl_sha384_avx2, hb_sha384_oneshot_avx2 },
    { &hb_impl_sha512_avx512, hb_sha512_oneshot_avx512 },
    { &hb_impl_sha384_avx512, hb_sha384_oneshot_avx512 },
    { &hb_impl_hmac_sha256_shani, hb_hmac_sha256_oneshot_shani },
    { 0, 0 }
};

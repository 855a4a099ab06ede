/* BLAKE2s and BLAKE2b on x86-64: their rows (src/impl_rows.h), with their
 * dispatch ranks (higher wins; portable C is 0, fast C 1), following the
 * measurements in docs/impl-blake.md:
 *   - x64 (plain C, the state in named variables) beats the fast C and
 *     ranks 2;
 *   - the forms with the rows in vector registers lose to the scalar code
 *     on this project's Zen 5 (two-cycle vector latency on a serial
 *     chain), so they rank 0; on Zen 3 BLAKE2s avx2 ranks first ("BLAKE2
 *     on Zen 3").
 * One-shot functions (the context on one function's stack:
 * blake2_x86_impls.c) for the kernels the dispatcher can pick. */
#include "blake_x86.h"

void hb_blake2s_oneshot_x64(const uint8_t *data, size_t len, uint8_t *digest);
void hb_blake2b_oneshot_x64(const uint8_t *data, size_t len, uint8_t *digest);
void hb_blake2s_oneshot_avx2(const uint8_t *data, size_t len, uint8_t *digest);
void hb_blake2b_oneshot_avx2(const uint8_t *data, size_t len, uint8_t *digest);

const hb_impl_row hb_blake2_x86_rows[] = {
    { .algo = "blake2s", .impl = &hb_impl_blake2s_x64, .rank = 2, .oneshot = hb_blake2s_oneshot_x64 },
    { .algo = "blake2b", .impl = &hb_impl_blake2b_x64, .rank = 2, .oneshot = hb_blake2b_oneshot_x64 },
    { .algo = "blake2s", .impl = &hb_impl_blake2s_avx2, .rank = 0, .oneshot = hb_blake2s_oneshot_avx2,
      .core_ranks = HB_CORE_RANKS({ "zen3", 3 }) },
    { .algo = "blake2s", .impl = &hb_impl_blake2s_avx512, .rank = 0 },
    { .algo = "blake2b", .impl = &hb_impl_blake2b_avx2, .rank = 0, .oneshot = hb_blake2b_oneshot_avx2 },
    { .algo = "blake2b", .impl = &hb_impl_blake2b_avx512, .rank = 0 },
    { 0 }
};

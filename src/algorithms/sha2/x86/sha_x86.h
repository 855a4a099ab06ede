/* The x86-64 implementations of SHA-2 (SHA-256 with SHA-NI, SHA-384/512
 * with AVX2 and AVX-512): their compress functions, their registry entries
 * and the CPU features each needs (the entries: HB_X86_IMPL,
 * algorithms/common/x86_impl.h).  SHA-1's are in sha1/x86/sha1_x86.h;
 * HMAC and PBKDF2 over SHA-256 (mac/x86/mac_x86.h) include this header
 * for hb_sha256_compress_shani.
 *
 * Every file that uses SHA-NI or AVX instructions is compiled with its own
 * target flags (Makefile, "Per-file target flags"); this header declares
 * nothing that needs them, so sha2_x86_rows.c builds at the baseline. */
#ifndef HB_SHA_X86_H
#define HB_SHA_X86_H

#include "hashbench.h"
#include "algorithms/common/oneshot.h"
#include "hashbench/sha2.h"
#include "arch/x86/cpu_x86.h"
#include "algorithms/common/x86_impl.h"

/* SHA-NI needs the SHA extensions and SSE4.1 (pblendw, pshufb is SSSE3);
 * HMAC and PBKDF2 over SHA-256 ask for the same. */
#define HB_SHA_X86_SHANI (HB_X86_SHA | HB_X86_SSE41 | HB_X86_SSSE3)
#define HB_SHA_X86_AVX2 (HB_X86_AVX2 | HB_X86_BMI2)
#define HB_SHA_X86_AVX512 (HB_X86_AVX512F | HB_X86_AVX512BW | HB_X86_AVX512VL | \
                           HB_X86_AVX2 | HB_X86_BMI1 | HB_X86_BMI2)

/* compress functions (hb_block32_fn / hb_block64_fn) */
void hb_sha256_compress_shani(uint32_t *state, const uint8_t *blocks, size_t nblocks);
void hb_sha512_compress_avx2(hb_u64 *state, hb_u64 *w, const uint8_t *blocks, size_t nblocks);
void hb_sha512_compress_avx512(hb_u64 *state, hb_u64 *w, const uint8_t *blocks,
                               size_t nblocks);
/* the same in OpenSSL's form of the round (sha512_rounds_x86.h) */
void hb_sha512_compress_avx2_deferred(hb_u64 *state, hb_u64 *w, const uint8_t *blocks,
                                      size_t nblocks);
void hb_sha512_compress_avx512_deferred(hb_u64 *state, hb_u64 *w, const uint8_t *blocks,
                                        size_t nblocks);
/* and with the round's four-cycle chain (issue 34) */
void hb_sha512_compress_avx512_chain4(hb_u64 *state, hb_u64 *w, const uint8_t *blocks,
                                      size_t nblocks);

/* registry entries */
extern const hb_impl hb_impl_sha256_shani;
extern const hb_impl hb_impl_sha512_avx2;
extern const hb_impl hb_impl_sha384_avx2;
extern const hb_impl hb_impl_sha512_avx512;
extern const hb_impl hb_impl_sha384_avx512;
extern const hb_impl hb_impl_sha512_avx2_deferred;
extern const hb_impl hb_impl_sha384_avx2_deferred;
extern const hb_impl hb_impl_sha512_avx512_deferred;
extern const hb_impl hb_impl_sha384_avx512_deferred;
extern const hb_impl hb_impl_sha512_avx512_chain4;
extern const hb_impl hb_impl_sha384_avx512_chain4;

/* their one-shots, named by their rows (sha2_x86_rows.c) */
void hb_sha256_oneshot_shani(const uint8_t *data, size_t len, uint8_t *digest);
void hb_sha512_oneshot_avx2(const uint8_t *data, size_t len, uint8_t *digest);
void hb_sha384_oneshot_avx2(const uint8_t *data, size_t len, uint8_t *digest);
void hb_sha512_oneshot_avx512(const uint8_t *data, size_t len, uint8_t *digest);
void hb_sha384_oneshot_avx512(const uint8_t *data, size_t len, uint8_t *digest);
void hb_sha512_oneshot_avx2_deferred(const uint8_t *data, size_t len, uint8_t *digest);
void hb_sha384_oneshot_avx2_deferred(const uint8_t *data, size_t len, uint8_t *digest);
void hb_sha512_oneshot_avx512_deferred(const uint8_t *data, size_t len, uint8_t *digest);
void hb_sha384_oneshot_avx512_deferred(const uint8_t *data, size_t len, uint8_t *digest);
void hb_sha512_oneshot_avx512_chain4(const uint8_t *data, size_t len, uint8_t *digest);
void hb_sha384_oneshot_avx512_chain4(const uint8_t *data, size_t len, uint8_t *digest);

#endif /* HB_SHA_X86_H */

/* SHA-3 (FIPS 202): SHA3-256, SHA3-384 and SHA3-512.
 *
 * One sponge over Keccak-f[1600] serves the three; they differ only in the
 * rate (136, 104, 72 bytes) and the digest size (32, 48, 64 bytes), both
 * kept in the context, so the three context types are one struct.  The
 * 200-byte state is 25 hb_u64 lanes, lane (x, y) at index x + 5 * y, and
 * lives in the context (cc65 cannot afford it on its one-byte-indexed
 * stack).
 *
 * Implementations:
 *   portable  FIPS 202 section 3.2 as written: theta, rho, pi, chi, iota
 *             with loops and the rotation-offset and pi tables; input goes
 *             byte by byte through the block buffer.
 *   fast      rounds unrolled over the lanes, rho and pi merged into one
 *             in-place walk, chi with the "lane complementing transform" of
 *             the Keccak implementation overview (one NOT per plane instead
 *             of five); whole blocks are absorbed straight from the input.
 *
 * The permutations are exported so instruction-set variants can reuse the
 * sponge (hb_sha3_absorb_blocks / hb_sha3_finish take the permutation).
 */
#ifndef HASHBENCH_SHA3_H
#define HASHBENCH_SHA3_H

#include "hashbench/common.h"
#include "hashbench/u64.h"

#define HB_SHA3_LANES 25
#define HB_SHA3_MAX_RATE 136    /* SHA3-256; SHA3-384 is 104, SHA3-512 is 72 */

typedef struct hb_sha3_ctx {
    hb_u64 st[HB_SHA3_LANES];       /* the Keccak state, lane x + 5y */
    uint8_t buf[HB_SHA3_MAX_RATE];  /* a partial block */
    uint8_t rate;                   /* block size in bytes */
    uint8_t used;                   /* bytes in buf, 0 .. rate - 1 */
    uint8_t digest_size;            /* 32, 48 or 64 */
} hb_sha3_ctx;

typedef hb_sha3_ctx hb_sha3_256_ctx;
typedef hb_sha3_ctx hb_sha3_384_ctx;
typedef hb_sha3_ctx hb_sha3_512_ctx;

/* Keccak-f[1600] on 25 lanes, in place.  Both give the same result. */
void hb_keccakf1600_portable(hb_u64 *st);
void hb_keccakf1600_fast(hb_u64 *st);

typedef void (*hb_keccak_perm_fn)(hb_u64 *st);

/* The 24 round constants of iota (FIPS 202 section 3.2.5). */
extern const hb_u64 hb_keccak_rc[24];

/* Sponge pieces shared by the implementations (sha3_common.c). */
void hb_sha3_init_rate(hb_sha3_ctx *c, unsigned rate, unsigned digest_size);
/* XORs nlanes little-endian lanes from p into st. */
void hb_sha3_xor_lanes(hb_u64 *st, const uint8_t *p, unsigned nlanes);
/* Absorbs data through the buffer, whole blocks straight from the input. */
void hb_sha3_absorb(hb_sha3_ctx *c, const uint8_t *data, size_t len, hb_keccak_perm_fn perm);
/* Pads (0x06 ... 0x80), absorbs the last block and squeezes the digest. */
void hb_sha3_finish(hb_sha3_ctx *c, uint8_t *digest, hb_keccak_perm_fn perm);

void hb_sha3_256_init(hb_sha3_256_ctx *c);
void hb_sha3_384_init(hb_sha3_384_ctx *c);
void hb_sha3_512_init(hb_sha3_512_ctx *c);

void hb_sha3_256_update_portable(hb_sha3_256_ctx *c, const uint8_t *data, size_t len);
void hb_sha3_256_final_portable(hb_sha3_256_ctx *c, uint8_t *digest);
void hb_sha3_384_update_portable(hb_sha3_384_ctx *c, const uint8_t *data, size_t len);
void hb_sha3_384_final_portable(hb_sha3_384_ctx *c, uint8_t *digest);
void hb_sha3_512_update_portable(hb_sha3_512_ctx *c, const uint8_t *data, size_t len);
void hb_sha3_512_final_portable(hb_sha3_512_ctx *c, uint8_t *digest);

void hb_sha3_256_update_fast(hb_sha3_256_ctx *c, const uint8_t *data, size_t len);
void hb_sha3_256_final_fast(hb_sha3_256_ctx *c, uint8_t *digest);
void hb_sha3_384_update_fast(hb_sha3_384_ctx *c, const uint8_t *data, size_t len);
void hb_sha3_384_final_fast(hb_sha3_384_ctx *c, uint8_t *digest);
void hb_sha3_512_update_fast(hb_sha3_512_ctx *c, const uint8_t *data, size_t len);
void hb_sha3_512_final_fast(hb_sha3_512_ctx *c, uint8_t *digest);

#endif /* HASHBENCH_SHA3_H */

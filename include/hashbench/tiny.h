/* The tiny byte-serial hashes of docs/ROSTER.md: pearson8, djb2, fnv1a32,
 * knuth, oat, pjw, sdbm.  Every state is one integer; every digest is that
 * integer written big-endian (one byte for pearson8, four for the others). */
#ifndef HASHBENCH_TINY_H
#define HASHBENCH_TINY_H

#include "hashbench/common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hb_pearson8_ctx { uint8_t h; } hb_pearson8_ctx;
typedef struct hb_djb2_ctx { uint32_t h; } hb_djb2_ctx;
typedef struct hb_fnv1a32_ctx { uint32_t h; } hb_fnv1a32_ctx;
typedef struct hb_knuth_ctx { uint32_t h; } hb_knuth_ctx;
typedef struct hb_oat_ctx { uint32_t h; } hb_oat_ctx;
typedef struct hb_pjw_ctx { uint32_t h; } hb_pjw_ctx;
typedef struct hb_sdbm_ctx { uint32_t h; } hb_sdbm_ctx;

/* Pearson-8: h = T[h ^ c], h starts at 0, T from tests/vectors/pearson-table.txt */
/* T, the permutation (pearson8_portable.c) */
extern const uint8_t hb_pearson8_table[256];
void hb_pearson8_init(hb_pearson8_ctx *c);
void hb_pearson8_update_portable(hb_pearson8_ctx *c, const uint8_t *data, size_t len);
void hb_pearson8_final_portable(hb_pearson8_ctx *c, uint8_t *digest);

/* DJB2: h = 5381; h = h * 33 + c */
void hb_djb2_init(hb_djb2_ctx *c);
void hb_djb2_update_portable(hb_djb2_ctx *c, const uint8_t *data, size_t len);
void hb_djb2_final_portable(hb_djb2_ctx *c, uint8_t *digest);
void hb_djb2_update_fast(hb_djb2_ctx *c, const uint8_t *data, size_t len);
void hb_djb2_final_fast(hb_djb2_ctx *c, uint8_t *digest);

/* FNV-1a 32: h = 0x811C9DC5; h = (h ^ c) * 0x01000193 */
void hb_fnv1a32_init(hb_fnv1a32_ctx *c);
void hb_fnv1a32_update_portable(hb_fnv1a32_ctx *c, const uint8_t *data, size_t len);
void hb_fnv1a32_final_portable(hb_fnv1a32_ctx *c, uint8_t *digest);
void hb_fnv1a32_update_fast(hb_fnv1a32_ctx *c, const uint8_t *data, size_t len);
void hb_fnv1a32_final_fast(hb_fnv1a32_ctx *c, uint8_t *digest);

/* Knuth multiplicative: h = 0; h = (h ^ c) * 0x9E3779B1 */
void hb_knuth_init(hb_knuth_ctx *c);
void hb_knuth_update_portable(hb_knuth_ctx *c, const uint8_t *data, size_t len);
void hb_knuth_final_portable(hb_knuth_ctx *c, uint8_t *digest);

/* Bob Jenkins' one-at-a-time, h = 0, finaliser applied in final */
void hb_oat_init(hb_oat_ctx *c);
void hb_oat_update_portable(hb_oat_ctx *c, const uint8_t *data, size_t len);
void hb_oat_final_portable(hb_oat_ctx *c, uint8_t *digest);

/* PJW / ELF: h = (h << 4) + c; fold the top nibble down and clear it */
void hb_pjw_init(hb_pjw_ctx *c);
void hb_pjw_update_portable(hb_pjw_ctx *c, const uint8_t *data, size_t len);
void hb_pjw_final_portable(hb_pjw_ctx *c, uint8_t *digest);

/* SDBM: h = 0; h = c + h * 65599 */
void hb_sdbm_init(hb_sdbm_ctx *c);
void hb_sdbm_update_portable(hb_sdbm_ctx *c, const uint8_t *data, size_t len);
void hb_sdbm_final_portable(hb_sdbm_ctx *c, uint8_t *digest);
void hb_sdbm_update_fast(hb_sdbm_ctx *c, const uint8_t *data, size_t len);
void hb_sdbm_final_fast(hb_sdbm_ctx *c, uint8_t *digest);

#ifdef __cplusplus
}
#endif

#endif /* HASHBENCH_TINY_H */

/* Adler-32 (RFC 1950, section 8.2 and the sample code of section 9).
 * Output: the 32-bit value s2 * 65536 + s1, written big-endian. */
#ifndef HASHBENCH_ADLER_H
#define HASHBENCH_ADLER_H

#include "hashbench/common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HB_ADLER32_DIGEST 4

/* s1 and s2 are kept reduced modulo 65521 between calls. */
typedef struct hb_adler32_ctx {
    uint32_t s1;
    uint32_t s2;
} hb_adler32_ctx;

void hb_adler32_init(hb_adler32_ctx *c);

/* portable: RFC 1950's sample code, one modulo per byte */
void hb_adler32_update_portable(hb_adler32_ctx *c, const uint8_t *data, size_t len);
void hb_adler32_final_portable(hb_adler32_ctx *c, uint8_t *digest);

/* fast: zlib's deferred reduction (NMAX = 5552 bytes between modulos), 16x unrolled */
void hb_adler32_update_fast(hb_adler32_ctx *c, const uint8_t *data, size_t len);
void hb_adler32_final_fast(hb_adler32_ctx *c, uint8_t *digest);

#ifdef __cplusplus
}
#endif

#endif /* HASHBENCH_ADLER_H */

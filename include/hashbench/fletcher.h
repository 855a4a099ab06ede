/* Fletcher checksums, as docs/ROSTER.md defines them:
 *   fletcher16: bytes summed modulo 255, output (b << 8) | a;
 *   fletcher32: 16-bit big-endian words modulo 65535, an odd last byte
 *               padded with one zero byte, output (b << 16) | a;
 *   fletcher64: 32-bit big-endian words modulo 2^32 - 1, the tail
 *               zero-padded to 4 bytes, output (b << 32) | a.
 * Both sums start at 0; each digest is the integer written big-endian.
 * Streaming gives the one-shot result for any split: a word cut by the
 * split waits in the context until its other bytes arrive (or final pads it). */
#ifndef HASHBENCH_FLETCHER_H
#define HASHBENCH_FLETCHER_H

#include "hashbench/common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HB_FLETCHER16_DIGEST 2
#define HB_FLETCHER32_DIGEST 4
#define HB_FLETCHER64_DIGEST 8

/* a and b are kept reduced (0 .. 254) between calls. */
typedef struct hb_fletcher16_ctx {
    uint16_t a;
    uint16_t b;
} hb_fletcher16_ctx;

/* a and b reduced (0 .. 65534); pend holds the first byte of a cut word. */
typedef struct hb_fletcher32_ctx {
    uint32_t a;
    uint32_t b;
    uint8_t pend;
    uint8_t npend;      /* 0 or 1 */
} hb_fletcher32_ctx;

/* a and b reduced (0 .. 2^32 - 2); pend holds the first bytes of a cut word. */
typedef struct hb_fletcher64_ctx {
    uint32_t a;
    uint32_t b;
    uint8_t pend[4];
    uint8_t npend;      /* 0 .. 3 */
} hb_fletcher64_ctx;

void hb_fletcher16_init(hb_fletcher16_ctx *c);
void hb_fletcher16_update_portable(hb_fletcher16_ctx *c, const uint8_t *data, size_t len);
void hb_fletcher16_final_portable(hb_fletcher16_ctx *c, uint8_t *digest);
void hb_fletcher16_update_fast(hb_fletcher16_ctx *c, const uint8_t *data, size_t len);
void hb_fletcher16_final_fast(hb_fletcher16_ctx *c, uint8_t *digest);

void hb_fletcher32_init(hb_fletcher32_ctx *c);
void hb_fletcher32_update_portable(hb_fletcher32_ctx *c, const uint8_t *data, size_t len);
void hb_fletcher32_final_portable(hb_fletcher32_ctx *c, uint8_t *digest);
void hb_fletcher32_update_fast(hb_fletcher32_ctx *c, const uint8_t *data, size_t len);
void hb_fletcher32_final_fast(hb_fletcher32_ctx *c, uint8_t *digest);

void hb_fletcher64_init(hb_fletcher64_ctx *c);
void hb_fletcher64_update_portable(hb_fletcher64_ctx *c, const uint8_t *data, size_t len);
void hb_fletcher64_final_portable(hb_fletcher64_ctx *c, uint8_t *digest);
void hb_fletcher64_update_fast(hb_fletcher64_ctx *c, const uint8_t *data, size_t len);
void hb_fletcher64_final_fast(hb_fletcher64_ctx *c, uint8_t *digest);

#ifdef __cplusplus
}
#endif

#endif /* HASHBENCH_FLETCHER_H */

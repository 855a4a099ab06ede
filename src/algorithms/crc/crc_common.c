/* CRC family: what both implementations share, the initial register and
 * the finalisation (xorout, then the CRC integer written big-endian). */
#include "hashbench/common.h"
#include "hashbench/u64.h"
#include "hashbench/crc.h"

/* ---- crc8: CRC-8/SMBUS, init 0x00, xorout 0x00 ---- */
void hb_crc8_init(hb_crc8_ctx *c)
{
    c->crc = 0;
}

static void crc8_final(hb_crc8_ctx *c, uint8_t *digest)
{
    digest[0] = c->crc;
}

void hb_crc8_final_portable(hb_crc8_ctx *c, uint8_t *digest) { crc8_final(c, digest); }
void hb_crc8_final_fast(hb_crc8_ctx *c, uint8_t *digest) { crc8_final(c, digest); }

/* ---- crc16: CRC-16/XMODEM, init 0x0000, xorout 0x0000 ---- */
void hb_crc16_init(hb_crc16_ctx *c)
{
    c->crc = 0;
}

static void crc16_final(hb_crc16_ctx *c, uint8_t *digest)
{
    HB_STORE16_BE(digest, c->crc);
}

void hb_crc16_final_portable(hb_crc16_ctx *c, uint8_t *digest) { crc16_final(c, digest); }
void hb_crc16_final_fast(hb_crc16_ctx *c, uint8_t *digest) { crc16_final(c, digest); }

/* ---- crc32: CRC-32/ISO-HDLC, init and xorout 0xFFFFFFFF ---- */
void hb_crc32_init(hb_crc32_ctx *c)
{
    c->crc = 0xFFFFFFFFUL;
}

static void crc32_final(hb_crc32_ctx *c, uint8_t *digest)
{
    uint32_t v = c->crc ^ 0xFFFFFFFFUL;
    HB_STORE32_BE(digest, v);
}

void hb_crc32_final_portable(hb_crc32_ctx *c, uint8_t *digest) { crc32_final(c, digest); }
void hb_crc32_final_fast(hb_crc32_ctx *c, uint8_t *digest) { crc32_final(c, digest); }

/* ---- crc32c: CRC-32/ISCSI, init and xorout 0xFFFFFFFF ---- */
void hb_crc32c_init(hb_crc32c_ctx *c)
{
    c->crc = 0xFFFFFFFFUL;
}

static void crc32c_final(hb_crc32c_ctx *c, uint8_t *digest)
{
    uint32_t v = c->crc ^ 0xFFFFFFFFUL;
    HB_STORE32_BE(digest, v);
}

void hb_crc32c_final_portable(hb_crc32c_ctx *c, uint8_t *digest) { crc32c_final(c, digest); }
void hb_crc32c_final_fast(hb_crc32c_ctx *c, uint8_t *digest) { crc32c_final(c, digest); }

/* ---- crc64: CRC-64/ECMA-182, init 0, xorout 0 ---- */
void hb_crc64_init(hb_crc64_ctx *c)
{
    HB_U64_SET(c->crc, 0, 0);
}

static void crc64_final(hb_crc64_ctx *c, uint8_t *digest)
{
    HB_U64_STORE_BE(digest, c->crc);
}

void hb_crc64_final_portable(hb_crc64_ctx *c, uint8_t *digest) { crc64_final(c, digest); }
void hb_crc64_final_fast(hb_crc64_ctx *c, uint8_t *digest) { crc64_final(c, digest); }

/* ---- crc64-xz: CRC-64/XZ, init and xorout all ones ---- */
void hb_crc64_xz_init(hb_crc64_xz_ctx *c)
{
    HB_U64_SET(c->crc, 0xFFFFFFFFUL, 0xFFFFFFFFUL);
}

static void crc64_xz_final(hb_crc64_xz_ctx *c, uint8_t *digest)
{
    hb_u64 v;
    HB_U64_NOT(v, c->crc);
    HB_U64_STORE_BE(digest, v);
}

void hb_crc64_xz_final_portable(hb_crc64_xz_ctx *c, uint8_t *digest) { crc64_xz_final(c, digest); }
void hb_crc64_xz_final_fast(hb_crc64_xz_ctx *c, uint8_t *digest) { crc64_xz_final(c, digest); }

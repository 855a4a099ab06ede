/* zlib and ISA-L as peers for the CRCs and Adler-32.  Their states are
 * plain integers carried from call to call, so streaming is exact: each
 * update continues from the previous value.
 *
 * ISA-L's conventions differ per function (which of them invert the value
 * before and after is not uniform); the mapping onto the roster's
 * definitions below is checked by the CRC catalogue's check values in
 * tests/vectors/crc-catalogue.vec, which `hashbench verify` runs on every
 * implementation, these included. */
#include <zlib.h>
#include <isa-l/crc.h>
#include <isa-l/crc64.h>
#include "peers/peers.h"

typedef struct crc_peer_ctx {
    uint64_t v;
} crc_peer_ctx;
HB_PEER_FITS(crc_peer_ctx);

#define CTX(c) ((crc_peer_ctx *)(c))

/* zlib: crc32_z / adler32_z take a z_size_t length, so any size goes in
 * one call.  Given a NULL buffer they return the initial value (that is
 * how the init functions get it), so an update(NULL, 0) in mid-stream
 * would reset the checksum: an empty update is skipped instead. */
static void zlib_crc32_init(void *c) { CTX(c)->v = crc32_z(0, Z_NULL, 0); }
static void zlib_crc32_update(void *c, const uint8_t *p, size_t n)
{
    if (n)
        CTX(c)->v = crc32_z((uLong)CTX(c)->v, p, n);
}
static void zlib_adler32_init(void *c) { CTX(c)->v = adler32_z(0, Z_NULL, 0); }
static void zlib_adler32_update(void *c, const uint8_t *p, size_t n)
{
    if (n)
        CTX(c)->v = adler32_z((uLong)CTX(c)->v, p, n);
}
static void final32(void *c, uint8_t *d) { hb_peer_put_be(d, CTX(c)->v & 0xFFFFFFFFu, 4); }
static void final64(void *c, uint8_t *d) { hb_peer_put_be(d, CTX(c)->v, 8); }
static void zero_init(void *c) { CTX(c)->v = 0; }

/* ISA-L crc32_gzip_refl inverts on entry and exit: chaining its results is
 * CRC-32/ISO-HDLC, starting from 0. */
static void isal_crc32_update(void *c, const uint8_t *p, size_t n)
{
    CTX(c)->v = crc32_gzip_refl((uint32_t)CTX(c)->v, p, n);
}

/* crc32_iscsi inverts nothing and takes an int length: the register starts
 * at all ones, is inverted at the end, and long inputs go in pieces. */
#define ISCSI_PIECE ((size_t)1 << 30)
static void isal_crc32c_init(void *c) { CTX(c)->v = 0xFFFFFFFFu; }
static void isal_crc32c_update(void *c, const uint8_t *p, size_t n)
{
    uint32_t v = (uint32_t)CTX(c)->v;
    while (n) {
        size_t k = n < ISCSI_PIECE ? n : ISCSI_PIECE;
        v = crc32_iscsi((unsigned char *)p, (int)k, v);
        p += k;
        n -= k;
    }
    CTX(c)->v = v;
}
static void isal_crc32c_final(void *c, uint8_t *d) { hb_peer_put_be(d, ~CTX(c)->v & 0xFFFFFFFFu, 4); }

/* crc64_ecma_norm inverts on entry and exit; CRC-64/ECMA-182 does neither,
 * so the register is inverted around each call. */
static void isal_crc64_update(void *c, const uint8_t *p, size_t n)
{
    CTX(c)->v = ~crc64_ecma_norm(~CTX(c)->v, p, n);
}

/* crc64_ecma_refl inverts on entry and exit, as CRC-64/XZ does: chain from 0. */
static void isal_crc64_xz_update(void *c, const uint8_t *p, size_t n)
{
    CTX(c)->v = crc64_ecma_refl(CTX(c)->v, p, n);
}

#define PEER(sym, name, init, update, final) \
    static const hb_impl sym = { name, 0, sizeof(crc_peer_ctx), init, update, final, 0 }

PEER(zlib_crc32, "zlib", zlib_crc32_init, zlib_crc32_update, final32);
PEER(zlib_adler32, "zlib", zlib_adler32_init, zlib_adler32_update, final32);
PEER(isal_crc32, "isal", zero_init, isal_crc32_update, final32);
PEER(isal_crc32c, "isal", isal_crc32c_init, isal_crc32c_update, isal_crc32c_final);
PEER(isal_crc64, "isal", zero_init, isal_crc64_update, final64);
PEER(isal_crc64_xz, "isal", zero_init, isal_crc64_xz_update, final64);

const hb_extra_impl hb_peers_checksums[] = {
    { "crc32", &zlib_crc32, HB_PEER_RANK },
    { "crc32", &isal_crc32, HB_PEER_RANK },
    { "crc32c", &isal_crc32c, HB_PEER_RANK },
    { "crc64", &isal_crc64, HB_PEER_RANK },
    { "crc64-xz", &isal_crc64_xz, HB_PEER_RANK },
    { "adler32", &zlib_adler32, HB_PEER_RANK },
    { 0, 0, 0 }
};

/* ---- one-shot functions: the libraries' own calls, one per message ------ */

static void zlib_crc32_oneshot(const uint8_t *p, size_t n, uint8_t *d)
{
    hb_peer_put_be(d, crc32_z(crc32_z(0, Z_NULL, 0), p, n) & 0xFFFFFFFFu, 4);
}

static void zlib_adler32_oneshot(const uint8_t *p, size_t n, uint8_t *d)
{
    hb_peer_put_be(d, adler32_z(adler32_z(0, Z_NULL, 0), p, n) & 0xFFFFFFFFu, 4);
}

static void isal_crc32_oneshot(const uint8_t *p, size_t n, uint8_t *d)
{
    hb_peer_put_be(d, crc32_gzip_refl(0, p, n), 4);
}

static void isal_crc32c_oneshot(const uint8_t *p, size_t n, uint8_t *d)
{
    uint32_t v = 0xFFFFFFFFu;
    while (n) {                 /* crc32_iscsi takes an int length */
        size_t k = n < ISCSI_PIECE ? n : ISCSI_PIECE;
        v = crc32_iscsi((unsigned char *)p, (int)k, v);
        p += k;
        n -= k;
    }
    hb_peer_put_be(d, ~v & 0xFFFFFFFFu, 4);
}

static void isal_crc64_oneshot(const uint8_t *p, size_t n, uint8_t *d)
{
    hb_peer_put_be(d, ~crc64_ecma_norm(~(uint64_t)0, p, n), 8);
}

static void isal_crc64_xz_oneshot(const uint8_t *p, size_t n, uint8_t *d)
{
    hb_peer_put_be(d, crc64_ecma_refl(0, p, n), 8);
}

const hb_oneshot hb_peers_checksums_oneshots[] = {
    { &zlib_crc32, zlib_crc32_oneshot },
    { &isal_crc32, isal_crc32_oneshot },
    { &isal_crc32c, isal_crc32c_oneshot },
    { &isal_crc64, isal_crc64_oneshot },
    { &isal_crc64_xz, isal_crc64_xz_oneshot },
    { &zlib_adler32, zlib_adler32_oneshot },
    { 0, 0 }
};

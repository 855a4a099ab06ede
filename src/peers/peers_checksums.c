/* zlib and ISA-L as peers for the CRCs and Adler-32.  Their states are
 * plain integers carried from call to call, so streaming is exact: each
 * update continues from the previous value.
 *
 * ISA-L's conventions differ per function (which of them invert the value
 * before and after is not uniform); the mapping onto the roster's
 * definitions below is checked by the CRC catalogue's check values in
 * tests/vectors/crc-catalogue.vec, which `hashbench verify` runs on every
 * implementation, these included. */
#include <limits.h>
#include <string.h>
#include <zlib.h>
#include <isa-l/crc.h>
#include <isa-l/crc64.h>
#include "peers/peers.h"
#if defined(__x86_64__)
#include <cpuid.h>
#include <dlfcn.h>
#include "arch/x86/cpu_x86.h"
#endif

/* ISA-L picks its CRC kernels from cpuid itself (its multibinary dispatch,
 * once, on the first call), so HB_X86_MASK does not reach it.  When the
 * mask has taken away what its AVX-512 kernels (by16_10) need and this CPU
 * has it (hashbench --as-cpu, docs/peers-avx2.md), the calls below go to
 * the kernel ISA-L 2.30's dispatch picks on a core without AVX-512 (its
 * include/multibinary.asm and crc/crc_multibinary.asm): crc32_gzip_refl
 * by8_02 (AVX) or by8, crc32_iscsi_01, crc64 by8.  They are exported
 * symbols, looked up by name; an ISA-L that lacks one of them, or has
 * AVX2 kernels of its own (later than 2.30, whose choice this does not
 * copy), is left to its dispatch and named unmasked by --as-cpu.
 * Otherwise (every unmasked run) isal.* stays NULL and the calls are the
 * library's own entry points. */
static struct {
    uint32_t (*gzip)(uint32_t, const unsigned char *, uint64_t);
    unsigned int (*iscsi)(unsigned char *, int, unsigned int);
    uint64_t (*norm)(uint64_t, const unsigned char *, uint64_t);
    uint64_t (*refl)(uint64_t, const unsigned char *, uint64_t);
} isal;

#if defined(__x86_64__)
/* ISA-L's library, where its kernels are looked up: found from one of its
 * functions.  The peers may be a module loaded with RTLD_LOCAL
 * (src/peers/loader/c_peers.c), whose libraries are not in the global
 * scope: glibc's RTLD_DEFAULT searches the caller's own scope as well,
 * POSIX does not promise it.  RTLD_DEFAULT where this fails. */
static void *isal_library(void)
{
    union {
        unsigned int (*fn)(unsigned char *, int, unsigned int);
        void *p;
    } f;
    Dl_info info;
    void *lib;
    f.fn = crc32_iscsi;
    if (dladdr(f.p, &info) && info.dli_fname && (lib = dlopen(info.dli_fname, RTLD_LAZY | RTLD_NOLOAD)))
        return lib;
    return RTLD_DEFAULT;
}

__attribute__((constructor)) static void isal_follow_the_mask(void)
{
    unsigned a, b, c, d;
    void *lib;
    const unsigned need = HB_X86_AVX512F | HB_X86_AVX512BW | HB_X86_AVX512VL | HB_X86_AVX512DQ | HB_X86_VAES |
                          HB_X86_VPCLMUL | HB_X86_GFNI;
    /* by16_10 needs AVX512F, VL, BW, DQ (and CD) and VAES, VPCLMULQDQ, GFNI
     * (and VBMI2, VNNI, BITALG, VPOPCNTDQ): only when the CPU has the ones
     * hashbench tracks and the mask took one of them away */
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d) || (b & 0xD0030000u) != 0xD0030000u ||
        (c & 0x0700u) != 0x0700u || hb_x86_has(need))
        return;
    lib = isal_library();
    if (dlsym(lib, "crc32_iscsi_avx2") || dlsym(lib, "crc32_ieee_avx2"))
        return;
    *(void **)&isal.gzip = dlsym(lib, hb_x86_has(HB_X86_AVX) ? "crc32_gzip_refl_by8_02" : "crc32_gzip_refl_by8");
    *(void **)&isal.iscsi = dlsym(lib, "crc32_iscsi_01");
    *(void **)&isal.norm = dlsym(lib, "crc64_ecma_norm_by8");
    *(void **)&isal.refl = dlsym(lib, "crc64_ecma_refl_by8");
    if (!isal.gzip || !isal.iscsi || !isal.norm || !isal.refl || !hb_x86_has(HB_X86_SSE42 | HB_X86_PCLMUL))
        memset(&isal, 0, sizeof isal);
}
#endif

int hb_peers_isal_masked(void)
{
    return isal.gzip != NULL;
}

/* (the library's own entry points are the expected path: only --as-cpu on
 * an AVX-512 machine sets the pointers) */
static uint32_t isal_gzip(uint32_t v, const uint8_t *p, size_t n)
{
    return __builtin_expect(isal.gzip != NULL, 0) ? isal.gzip(v, p, n) : crc32_gzip_refl(v, p, n);
}
static uint32_t isal_iscsi(unsigned char *p, int n, uint32_t v)
{
    return __builtin_expect(isal.iscsi != NULL, 0) ? isal.iscsi(p, n, v) : crc32_iscsi(p, n, v);
}
static uint64_t isal_norm(uint64_t v, const uint8_t *p, size_t n)
{
    return __builtin_expect(isal.norm != NULL, 0) ? isal.norm(v, p, n) : crc64_ecma_norm(v, p, n);
}
static uint64_t isal_refl(uint64_t v, const uint8_t *p, size_t n)
{
    return __builtin_expect(isal.refl != NULL, 0) ? isal.refl(v, p, n) : crc64_ecma_refl(v, p, n);
}

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
    CTX(c)->v = isal_gzip((uint32_t)CTX(c)->v, p, n);
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
        v = isal_iscsi((unsigned char *)p, (int)k, v);
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
    CTX(c)->v = ~isal_norm(~CTX(c)->v, p, n);
}

/* crc64_ecma_refl inverts on entry and exit, as CRC-64/XZ does: chain from 0. */
static void isal_crc64_xz_update(void *c, const uint8_t *p, size_t n)
{
    CTX(c)->v = isal_refl(CTX(c)->v, p, n);
}

#define PEER(sym, name, init, update, final) \
    static const hb_impl sym = { name, 0, sizeof(crc_peer_ctx), init, update, final, 0 }

PEER(zlib_crc32, "zlib", zlib_crc32_init, zlib_crc32_update, final32);
PEER(zlib_adler32, "zlib", zlib_adler32_init, zlib_adler32_update, final32);
PEER(isal_crc32, "isal", zero_init, isal_crc32_update, final32);
PEER(isal_crc32c, "isal", isal_crc32c_init, isal_crc32c_update, isal_crc32c_final);
PEER(isal_crc64, "isal", zero_init, isal_crc64_update, final64);
PEER(isal_crc64_xz, "isal", zero_init, isal_crc64_xz_update, final64);


/* ---- one-shot functions: the libraries' own calls, one per message ------
 * Each is what a program calling the library does for one message, and no
 * more: the library's one call, its initial value as a constant (zlib
 * documents crc32(0, Z_NULL, 0) == 0 and adler32(.., Z_NULL, 0) == 1: a
 * call per message to ask would be a cost no caller pays), the digest
 * stored inline.  tests/bench/peer_call_cost.c times them inside the
 * harness against a loop calling the library directly. */

static void zlib_crc32_oneshot(const uint8_t *p, size_t n, uint8_t *d)
{
    hb_peer_put_be(d, crc32_z(0, p, n) & 0xFFFFFFFFu, 4);
}

static void zlib_adler32_oneshot(const uint8_t *p, size_t n, uint8_t *d)
{
    hb_peer_put_be(d, adler32_z(1, p, n) & 0xFFFFFFFFu, 4);
}

static void isal_crc32_oneshot(const uint8_t *p, size_t n, uint8_t *d)
{
    hb_peer_put_be(d, isal_gzip(0, p, n), 4);
}

/* crc32_iscsi's int length: a message past INT_MAX goes in pieces, out of
 * the common path (kept out of line so that the one-call path needs no
 * stack frame of its own) */
static __attribute__((noinline)) void isal_crc32c_long(const uint8_t *p, size_t n, uint8_t *d)
{
    crc_peer_ctx c;
    isal_crc32c_init(&c);
    isal_crc32c_update(&c, p, n);
    isal_crc32c_final(&c, d);
}

static void isal_crc32c_oneshot(const uint8_t *p, size_t n, uint8_t *d)
{
    if (__builtin_expect(n > (size_t)INT_MAX, 0)) {
        isal_crc32c_long(p, n, d);
        return;
    }
    hb_peer_put_be(d, ~isal_iscsi((unsigned char *)p, (int)n, 0xFFFFFFFFu) & 0xFFFFFFFFu, 4);
}

static void isal_crc64_oneshot(const uint8_t *p, size_t n, uint8_t *d)
{
    hb_peer_put_be(d, ~isal_norm(~(uint64_t)0, p, n), 8);
}

static void isal_crc64_xz_oneshot(const uint8_t *p, size_t n, uint8_t *d)
{
    hb_peer_put_be(d, isal_refl(0, p, n), 8);
}

const hb_impl_row hb_peers_checksums[] = {
    { .algo = "crc32", .impl = &zlib_crc32, .rank = HB_PEER_RANK, .oneshot = zlib_crc32_oneshot },
    { .algo = "crc32", .impl = &isal_crc32, .rank = HB_PEER_RANK, .oneshot = isal_crc32_oneshot },
    { .algo = "crc32c", .impl = &isal_crc32c, .rank = HB_PEER_RANK, .oneshot = isal_crc32c_oneshot },
    { .algo = "crc64", .impl = &isal_crc64, .rank = HB_PEER_RANK, .oneshot = isal_crc64_oneshot },
    { .algo = "crc64-xz", .impl = &isal_crc64_xz, .rank = HB_PEER_RANK, .oneshot = isal_crc64_xz_oneshot },
    { .algo = "adler32", .impl = &zlib_adler32, .rank = HB_PEER_RANK, .oneshot = zlib_adler32_oneshot },
    { 0 }
};

/* The 64-bit interface every 64-bit algorithm is written against.
 *
 * Compilers with a 64-bit integer (gcc, clang, SDCC, mips/arm gcc) get plain
 * uint64_t and every operation is a one-line macro the optimiser sees through.
 * cc65 (NES) has no 64-bit type: building with -DHB_U64_PAIR makes hb_u64 a
 * pair of 32-bit words and every operation a call into u64_pair.c.  The host
 * test suite builds the whole library both ways, so the pair form is proven
 * on the same vectors as the native one.
 *
 * Rules for algorithm code, so that one source serves both forms:
 *   - operands of the HB_U64_* macros are lvalues of type hb_u64 (variables,
 *     array elements, struct members), never expressions: the pair form takes
 *     their address;
 *   - the destination may be the same object as a source;
 *   - shift and rotate counts are plain unsigned ints in 0..63 (rotates 1..63);
 *   - constants come from HB_U64_INIT(hi32, lo32) in initialisers, or
 *     HB_U64_SET(r, hi32, lo32) in code.
 */
#ifndef HASHBENCH_U64_H
#define HASHBENCH_U64_H

#include "hashbench/common.h"

#ifdef HB_U64_PAIR

typedef struct hb_u64 {
    uint32_t hi;
    uint32_t lo;
} hb_u64;

#define HB_U64_INIT(hi, lo)        { (uint32_t)(hi), (uint32_t)(lo) }
#define HB_U64_SET(r, h, l)        ((r).hi = (uint32_t)(h), (r).lo = (uint32_t)(l))
#define HB_U64_HI(a)               ((a).hi)
#define HB_U64_LO(a)               ((a).lo)
#define HB_U64_IS_ZERO(a)          (((a).hi | (a).lo) == 0)
#define HB_U64_EQ(a, b)            ((a).hi == (b).hi && (a).lo == (b).lo)

#define HB_U64_ADD(r, a, b)        hb_u64_add(&(r), &(a), &(b))
#define HB_U64_ADD32(r, a, n)      hb_u64_add32(&(r), &(a), (uint32_t)(n))
#define HB_U64_SUB(r, a, b)        hb_u64_sub(&(r), &(a), &(b))
#define HB_U64_XOR(r, a, b)        ((r).hi = (a).hi ^ (b).hi, (r).lo = (a).lo ^ (b).lo)
#define HB_U64_AND(r, a, b)        ((r).hi = (a).hi & (b).hi, (r).lo = (a).lo & (b).lo)
#define HB_U64_OR(r, a, b)         ((r).hi = (a).hi | (b).hi, (r).lo = (a).lo | (b).lo)
#define HB_U64_NOT(r, a)           ((r).hi = ~(a).hi, (r).lo = ~(a).lo)
/* r = ~a & b, the chi step of Keccak and the choice function of SHA-2 */
#define HB_U64_ANDN(r, a, b)       ((r).hi = ~(a).hi & (b).hi, (r).lo = ~(a).lo & (b).lo)
#define HB_U64_SHL(r, a, n)        hb_u64_shl(&(r), &(a), (unsigned)(n))
#define HB_U64_SHR(r, a, n)        hb_u64_shr(&(r), &(a), (unsigned)(n))
#define HB_U64_ROTL(r, a, n)       hb_u64_rotl(&(r), &(a), (unsigned)(n))
#define HB_U64_ROTR(r, a, n)       hb_u64_rotl(&(r), &(a), 64u - (unsigned)(n))
#define HB_U64_MUL(r, a, b)        hb_u64_mul(&(r), &(a), &(b))
#define HB_U64_MUL32(r, x, y)      hb_u64_mul32(&(r), (uint32_t)(x), (uint32_t)(y))
#define HB_U64_MUL128(lo, hi, a, b) hb_u64_mul128(&(lo), &(hi), &(a), &(b))
#define HB_U64_BSWAP(r, a)         hb_u64_bswap(&(r), &(a))
#define HB_U64_LOAD_LE(r, p)       hb_u64_load_le(&(r), (p))
#define HB_U64_LOAD_BE(r, p)       hb_u64_load_be(&(r), (p))
#define HB_U64_STORE_LE(p, a)      hb_u64_store_le((p), &(a))
#define HB_U64_STORE_BE(p, a)      hb_u64_store_be((p), &(a))

void hb_u64_add(hb_u64 *r, const hb_u64 *a, const hb_u64 *b);
void hb_u64_add32(hb_u64 *r, const hb_u64 *a, uint32_t n);
void hb_u64_sub(hb_u64 *r, const hb_u64 *a, const hb_u64 *b);
void hb_u64_shl(hb_u64 *r, const hb_u64 *a, unsigned n);
void hb_u64_shr(hb_u64 *r, const hb_u64 *a, unsigned n);
void hb_u64_rotl(hb_u64 *r, const hb_u64 *a, unsigned n);
void hb_u64_mul(hb_u64 *r, const hb_u64 *a, const hb_u64 *b);
void hb_u64_mul32(hb_u64 *r, uint32_t x, uint32_t y);
void hb_u64_mul128(hb_u64 *lo, hb_u64 *hi, const hb_u64 *a, const hb_u64 *b);
void hb_u64_bswap(hb_u64 *r, const hb_u64 *a);
void hb_u64_load_le(hb_u64 *r, const uint8_t *p);
void hb_u64_load_be(hb_u64 *r, const uint8_t *p);
void hb_u64_store_le(uint8_t *p, const hb_u64 *a);
void hb_u64_store_be(uint8_t *p, const hb_u64 *a);

#else /* native 64-bit integer */

typedef uint64_t hb_u64;

#define HB_U64_INIT(hi, lo)        ((((uint64_t)(uint32_t)(hi)) << 32) | (uint32_t)(lo))
#define HB_U64_SET(r, h, l)        ((r) = HB_U64_INIT(h, l))
#define HB_U64_HI(a)               ((uint32_t)((a) >> 32))
#define HB_U64_LO(a)               ((uint32_t)(a))
#define HB_U64_IS_ZERO(a)          ((a) == 0)
#define HB_U64_EQ(a, b)            ((a) == (b))

#define HB_U64_ADD(r, a, b)        ((r) = (a) + (b))
#define HB_U64_ADD32(r, a, n)      ((r) = (a) + (uint32_t)(n))
#define HB_U64_SUB(r, a, b)        ((r) = (a) - (b))
#define HB_U64_XOR(r, a, b)        ((r) = (a) ^ (b))
#define HB_U64_AND(r, a, b)        ((r) = (a) & (b))
#define HB_U64_OR(r, a, b)         ((r) = (a) | (b))
#define HB_U64_NOT(r, a)           ((r) = ~(a))
#define HB_U64_ANDN(r, a, b)       ((r) = ~(a) & (b))
#define HB_U64_SHL(r, a, n)        ((r) = (a) << (n))
#define HB_U64_SHR(r, a, n)        ((r) = (a) >> (n))
#define HB_U64_ROTL(r, a, n)       ((r) = ((a) << (n)) | ((a) >> (64u - (n))))
#define HB_U64_ROTR(r, a, n)       ((r) = ((a) >> (n)) | ((a) << (64u - (n))))
#define HB_U64_MUL(r, a, b)        ((r) = (a) * (b))
#define HB_U64_MUL32(r, x, y)      ((r) = (uint64_t)(uint32_t)(x) * (uint32_t)(y))
#define HB_U64_MUL128(lo, hi, a, b) hb_u64_mul128(&(lo), &(hi), (a), (b))
#define HB_U64_BSWAP(r, a)         ((r) = hb_u64_bswap(a))
#define HB_U64_LOAD_LE(r, p)       ((r) = hb_u64_load_le(p))
#define HB_U64_LOAD_BE(r, p)       ((r) = hb_u64_load_be(p))
#define HB_U64_STORE_LE(p, a)      hb_u64_store_le((p), (a))
#define HB_U64_STORE_BE(p, a)      hb_u64_store_be((p), (a))

/* Byte-wise loads and stores: endian-neutral and alignment-free.  gcc and
 * clang turn them into one load (plus a bswap) on the host. */
HB_INLINE uint64_t hb_u64_load_le(const uint8_t *p)
{
    return (uint64_t)p[0] | ((uint64_t)p[1] << 8) | ((uint64_t)p[2] << 16) |
           ((uint64_t)p[3] << 24) | ((uint64_t)p[4] << 32) | ((uint64_t)p[5] << 40) |
           ((uint64_t)p[6] << 48) | ((uint64_t)p[7] << 56);
}
HB_INLINE uint64_t hb_u64_load_be(const uint8_t *p)
{
    return ((uint64_t)p[0] << 56) | ((uint64_t)p[1] << 48) | ((uint64_t)p[2] << 40) |
           ((uint64_t)p[3] << 32) | ((uint64_t)p[4] << 24) | ((uint64_t)p[5] << 16) |
           ((uint64_t)p[6] << 8) | (uint64_t)p[7];
}
HB_INLINE void hb_u64_store_le(uint8_t *p, uint64_t v)
{
    p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24); p[4] = (uint8_t)(v >> 32); p[5] = (uint8_t)(v >> 40);
    p[6] = (uint8_t)(v >> 48); p[7] = (uint8_t)(v >> 56);
}
HB_INLINE void hb_u64_store_be(uint8_t *p, uint64_t v)
{
    p[0] = (uint8_t)(v >> 56); p[1] = (uint8_t)(v >> 48); p[2] = (uint8_t)(v >> 40);
    p[3] = (uint8_t)(v >> 32); p[4] = (uint8_t)(v >> 24); p[5] = (uint8_t)(v >> 16);
    p[6] = (uint8_t)(v >> 8); p[7] = (uint8_t)v;
}
HB_INLINE uint64_t hb_u64_bswap(uint64_t v)
{
    uint8_t b[8];
    hb_u64_store_be(b, v);
    return hb_u64_load_le(b);
}
/* 64x64 -> 128 multiply: one instruction where the compiler has a 128-bit
 * type (64-bit gcc and clang), otherwise four 32x32 products, which every
 * compiler has (gcc does not fuse those back into one MUL). */
#if defined(__SIZEOF_INT128__)
HB_INLINE void hb_u64_mul128(uint64_t *lo, uint64_t *hi, uint64_t a, uint64_t b)
{
    __extension__ unsigned __int128 p = (unsigned __int128)a * b;
    *lo = (uint64_t)p;
    *hi = (uint64_t)(p >> 64);
}
#else
HB_INLINE void hb_u64_mul128(uint64_t *lo, uint64_t *hi, uint64_t a, uint64_t b)
{
    uint64_t lo_lo = (a & 0xFFFFFFFFu) * (b & 0xFFFFFFFFu);
    uint64_t hi_lo = (a >> 32) * (b & 0xFFFFFFFFu);
    uint64_t lo_hi = (a & 0xFFFFFFFFu) * (b >> 32);
    uint64_t hi_hi = (a >> 32) * (b >> 32);
    uint64_t cross = (lo_lo >> 32) + (hi_lo & 0xFFFFFFFFu) + lo_hi;
    *hi = hi_hi + (hi_lo >> 32) + (cross >> 32);
    *lo = (cross << 32) | (lo_lo & 0xFFFFFFFFu);
}
#endif

#endif /* HB_U64_PAIR */

#endif /* HASHBENCH_U64_H */

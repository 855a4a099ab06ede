/* The two-word form of the 64-bit interface (hashbench/u64.h), for compilers
 * without a 64-bit integer (cc65).  Every function allows r to alias a or b:
 * results are computed into locals first. */
#include "hashbench/u64.h"

#ifdef HB_U64_PAIR

void hb_u64_add(hb_u64 *r, const hb_u64 *a, const hb_u64 *b)
{
    uint32_t lo = a->lo + b->lo;
    uint32_t hi = a->hi + b->hi + (lo < a->lo);
    r->lo = lo;
    r->hi = hi;
}

void hb_u64_add32(hb_u64 *r, const hb_u64 *a, uint32_t n)
{
    uint32_t lo = a->lo + n;
    r->hi = a->hi + (lo < n);
    r->lo = lo;
}

void hb_u64_sub(hb_u64 *r, const hb_u64 *a, const hb_u64 *b)
{
    uint32_t lo = a->lo - b->lo;
    uint32_t hi = a->hi - b->hi - (a->lo < b->lo);
    r->lo = lo;
    r->hi = hi;
}

void hb_u64_shl(hb_u64 *r, const hb_u64 *a, unsigned n)
{
    uint32_t hi = a->hi, lo = a->lo;
    if (n >= 32) {
        hi = lo << (n - 32);
        lo = 0;
    } else if (n > 0) {
        hi = (hi << n) | (lo >> (32 - n));
        lo <<= n;
    }
    r->hi = hi;
    r->lo = lo;
}

void hb_u64_shr(hb_u64 *r, const hb_u64 *a, unsigned n)
{
    uint32_t hi = a->hi, lo = a->lo;
    if (n >= 32) {
        lo = hi >> (n - 32);
        hi = 0;
    } else if (n > 0) {
        lo = (lo >> n) | (hi << (32 - n));
        hi >>= n;
    }
    r->hi = hi;
    r->lo = lo;
}

void hb_u64_rotl(hb_u64 *r, const hb_u64 *a, unsigned n)
{
    uint32_t hi = a->hi, lo = a->lo, t;
    n &= 63;
    if (n >= 32) {          /* rotating by 32 swaps the words */
        t = hi;
        hi = lo;
        lo = t;
        n -= 32;
    }
    if (n > 0) {
        t = hi;
        hi = (hi << n) | (lo >> (32 - n));
        lo = (lo << n) | (t >> (32 - n));
    }
    r->hi = hi;
    r->lo = lo;
}

/* 32x32 -> 64 from 16-bit halves: the widest product every target has. */
void hb_u64_mul32(hb_u64 *r, uint32_t x, uint32_t y)
{
    uint32_t xl = x & 0xFFFFu, xh = x >> 16, yl = y & 0xFFFFu, yh = y >> 16;
    uint32_t ll = xl * yl, lh = xl * yh, hl = xh * yl, hh = xh * yh;
    uint32_t cross = (ll >> 16) + (lh & 0xFFFFu) + (hl & 0xFFFFu);
    r->lo = (cross << 16) | (ll & 0xFFFFu);
    r->hi = hh + (lh >> 16) + (hl >> 16) + (cross >> 16);
}

/* Low 64 bits of a 64x64 product: the high-by-high word falls off. */
void hb_u64_mul(hb_u64 *r, const hb_u64 *a, const hb_u64 *b)
{
    hb_u64 p;
    uint32_t cross = a->hi * b->lo + a->lo * b->hi;
    hb_u64_mul32(&p, a->lo, b->lo);
    r->hi = p.hi + cross;
    r->lo = p.lo;
}

void hb_u64_mul128(hb_u64 *lo, hb_u64 *hi, const hb_u64 *a, const hb_u64 *b)
{
    hb_u64 ll, lh, hl, hh, mid, t;
    hb_u64_mul32(&ll, a->lo, b->lo);
    hb_u64_mul32(&lh, a->lo, b->hi);
    hb_u64_mul32(&hl, a->hi, b->lo);
    hb_u64_mul32(&hh, a->hi, b->hi);
    /* mid = (ll >> 32) + lo32(lh) + lo32(hl): fits in 34 bits */
    mid.hi = 0;
    mid.lo = ll.hi;
    hb_u64_add32(&mid, &mid, lh.lo);
    hb_u64_add32(&mid, &mid, hl.lo);
    t.hi = hh.hi;
    t.lo = hh.lo;
    hb_u64_add32(&t, &t, lh.hi);
    hb_u64_add32(&t, &t, hl.hi);
    hb_u64_add32(&t, &t, mid.hi);
    lo->hi = mid.lo;
    lo->lo = ll.lo;
    hi->hi = t.hi;
    hi->lo = t.lo;
}

void hb_u64_bswap(hb_u64 *r, const hb_u64 *a)
{
    uint8_t b[8];
    hb_u64_store_be(b, a);
    hb_u64_load_le(r, b);
}

void hb_u64_load_le(hb_u64 *r, const uint8_t *p)
{
    r->lo = HB_LOAD32_LE(p);
    r->hi = HB_LOAD32_LE(p + 4);
}

void hb_u64_load_be(hb_u64 *r, const uint8_t *p)
{
    r->hi = HB_LOAD32_BE(p);
    r->lo = HB_LOAD32_BE(p + 4);
}

void hb_u64_store_le(uint8_t *p, const hb_u64 *a)
{
    HB_STORE32_LE(p, a->lo);
    HB_STORE32_LE(p + 4, a->hi);
}

void hb_u64_store_be(uint8_t *p, const hb_u64 *a)
{
    HB_STORE32_BE(p, a->hi);
    HB_STORE32_BE(p + 4, a->lo);
}

#else
/* Native builds use uint64_t directly; ISO C wants a translation unit to
 * declare something, so this one declares a type nobody uses. */
typedef int hb_u64_pair_not_needed;
#endif

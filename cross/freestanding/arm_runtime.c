/* The run-time helpers gcc calls in the freestanding ARMv4T builds: 32-bit
 * division (ARMv4T has no divide instruction) and, from Thumb code, the
 * 64-bit multiply.  Debian's libgcc has them, but built for ARMv5TE: its
 * division uses CLZ and its ARM-mode helpers return with `pop {pc}`, which
 * does not switch back to Thumb on ARMv4T.  Here they are plain C, compiled
 * in the caller's own instruction set, so no library is linked at all.
 * Division by zero returns 0 (nothing divides by zero in the harness or the
 * library). */
#if defined(__arm__)

unsigned __aeabi_uidiv(unsigned n, unsigned d);
unsigned long long __aeabi_uidivmod(unsigned n, unsigned d);
int __aeabi_idiv(int n, int d);
unsigned long long __aeabi_idivmod(int n, int d);
unsigned long long __aeabi_lmul(unsigned long long a, unsigned long long b);

static unsigned divide(unsigned n, unsigned d, unsigned *rem)
{
    unsigned q = 0, bit = 1;
    if (d == 0) {
        *rem = 0;
        return 0;
    }
    while (d <= n && !(d & 0x80000000u)) {
        d <<= 1;
        bit <<= 1;
    }
    while (bit) {
        if (n >= d) {
            n -= d;
            q |= bit;
        }
        d >>= 1;
        bit >>= 1;
    }
    *rem = n;
    return q;
}

unsigned __aeabi_uidiv(unsigned n, unsigned d)
{
    unsigned r;
    return divide(n, d, &r);
}

/* The EABI returns the quotient in r0 and the remainder in r1: exactly
 * where a 64-bit return value goes (low word in r0) on little-endian ARM. */
unsigned long long __aeabi_uidivmod(unsigned n, unsigned d)
{
    unsigned r, q = divide(n, d, &r);
    return (unsigned long long)r << 32 | q;
}

/* Signed: divide the magnitudes; the quotient is negative when the signs
 * differ, the remainder takes the dividend's sign (C99 6.5.5). */
static int divide_signed(int n, int d, int *rem)
{
    unsigned un = n < 0 ? 0u - (unsigned)n : (unsigned)n;
    unsigned ud = d < 0 ? 0u - (unsigned)d : (unsigned)d;
    unsigned ur, uq = divide(un, ud, &ur);
    *rem = n < 0 ? (int)(0u - ur) : (int)ur;
    return (n < 0) != (d < 0) ? (int)(0u - uq) : (int)uq;
}

int __aeabi_idiv(int n, int d)
{
    int r;
    return divide_signed(n, d, &r);
}

unsigned long long __aeabi_idivmod(int n, int d)
{
    int r, q = divide_signed(n, d, &r);
    return (unsigned long long)(unsigned)r << 32 | (unsigned)q;
}

/* 32 x 32 -> 64 bits from 16-bit halves, with 32-bit multiplies only:
 * a 64-bit multiply here would call __aeabi_lmul, i.e. this very code. */
static void mul32x32(unsigned a, unsigned b, unsigned *hi, unsigned *lo)
{
    unsigned al = a & 0xFFFFu, ah = a >> 16, bl = b & 0xFFFFu, bh = b >> 16;
    unsigned ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
    unsigned mid = (ll >> 16) + (lh & 0xFFFFu) + (hl & 0xFFFFu);
    *lo = (ll & 0xFFFFu) | (mid << 16);
    *hi = hh + (lh >> 16) + (hl >> 16) + (mid >> 16);
}

/* 64 x 64 -> 64 bits (the low half of the product) */
unsigned long long __aeabi_lmul(unsigned long long a, unsigned long long b)
{
    unsigned alo = (unsigned)a, ahi = (unsigned)(a >> 32);
    unsigned blo = (unsigned)b, bhi = (unsigned)(b >> 32);
    unsigned hi, lo;
    mul32x32(alo, blo, &hi, &lo);
    hi += alo * bhi + ahi * blo;
    return (unsigned long long)hi << 32 | lo;
}

#else
typedef int hb_arm_divide_unused;   /* ISO C: no empty translation unit */
#endif

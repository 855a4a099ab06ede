/* Unsigned 32-bit division for the freestanding ARM builds.  ARMv4T and
 * ARMv5TE have no divide instruction, so gcc calls these EABI helpers;
 * Debian's libgcc has them, but built for ARMv5TE: they use CLZ, which an
 * ARMv4T core (ti925t, ARM7TDMI) does not have.  Plain shift-and-subtract
 * here instead.  Division by zero returns 0 (nothing divides by zero in
 * the harness or the library). */
#if defined(__arm__)

unsigned __aeabi_uidiv(unsigned n, unsigned d);
unsigned long long __aeabi_uidivmod(unsigned n, unsigned d);

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

#else
typedef int hb_arm_divide_unused;   /* ISO C: no empty translation unit */
#endif

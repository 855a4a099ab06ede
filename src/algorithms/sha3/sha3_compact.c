/* The compact form of sha3_fast.c: the same functions, for the 8-bit
 * consoles (docs/writing-an-algorithm.md, "Compact forms").  The fast code:
 * SHA-3, fast: Keccak-f[1600] with the round body unrolled over the lanes
 * and three of the tricks of the Keccak team's implementation overview:
 *
 *   - theta's column parities C[x] are gathered while chi writes each lane,
 *     so a round reads the state twice instead of three times;
 *   - theta's D[x], rho and pi are one in-place walk round the 24-lane
 *     cycle of pi: lane after lane is loaded, has D added, is rotated and
 *     stored where pi sends it (no second 200-byte state: cc65 keeps its
 *     locals within one page);
 *   - the lane complementing transform: between rounds the lanes (1,0),
 *     (2,0), (3,1), (2,2), (2,3) and (0,4) are kept inverted.  theta, rho
 *     and pi move the inversion mask to a known place, and each plane's chi
 *     is rewritten with AND, OR and one NOT (instead of five) so that its
 *     output carries the same mask again.  The permutation inverts those six
 *     lanes on entry and on exit, so callers see plain Keccak-f[1600].
 *
 * The sponge absorbs whole blocks straight from the caller's buffer.
 *
 * This compact form (for the 8-bit console builds, whose code must
 * fit a 16 KB ROM bank beside SHA-3's shared and portable code) keeps the
 * first two (parities gathered by chi, the in-place pi walk, now a loop
 * over a table of its 23 steps) and loops over the planes; without the
 * unrolled planes the lane complementing has nothing to save, so chi is
 * plain. */
#include "hashbench/common.h"
#include "hashbench/u64.h"
#include "hashbench/sha3.h"

/* the pi walk from lane 1: step i loads lane walk_src[i], which pi sends to
 * the lane the previous step loaded, rotated by walk_rot[i] */
static const unsigned char walk_src[23] = {
    6, 9, 22, 14, 20, 2, 12, 13, 19, 23, 15, 4, 24, 21, 8, 16, 5, 3, 18, 17, 11, 7, 10
};
static const unsigned char walk_rot[23] = {
    44, 20, 61, 39, 18, 62, 43, 25, 8, 56, 41, 27, 14, 2, 55, 45, 36, 28, 21, 15, 10, 6, 3
};
/* (x + 1) mod 5 for x < 8: the column after x, two after x, four after x */
static const unsigned char next[8] = { 1, 2, 3, 4, 0, 1, 2, 3 };

void hb_keccakf1600_fast(hb_u64 *a)
{
    hb_u64 b[5], c[5], d[5];
    hb_u64 t, u;
    unsigned char round, i, x, dst;    /* bytes: the 8-bit CPUs index with them */
    hb_u64 *p;

    for (x = 0; x < 5; x++) {
        HB_U64_XOR(t, a[x], a[x + 5]); HB_U64_XOR(t, t, a[x + 10]);
        HB_U64_XOR(t, t, a[x + 15]); HB_U64_XOR(c[x], t, a[x + 20]);
    }
    for (round = 0; round < 24; round++) {
        /* theta: D[x] = C[x-1] ^ rot(C[x+1], 1) */
        for (x = 0; x < 5; x++) {
            HB_U64_ROTL(t, c[next[x]], 1);
            HB_U64_XOR(d[x], t, c[next[x + 3]]);
        }

        /* theta + rho + pi, in place round the cycle of pi */
        HB_U64_XOR(a[0], a[0], d[0]);
        HB_U64_XOR(t, a[1], d[1]);
        dst = 1;
        for (i = 0; i < 23; i++) {
            x = walk_src[i];
            HB_U64_XOR(u, a[x], d[x % 5]);
            HB_U64_ROTL(a[dst], u, walk_rot[i]);
            dst = x;
        }
        HB_U64_ROTL(a[10], t, 1);

        /* chi plane by plane, gathering the next round's C[x]; iota */
        for (x = 0; x < 5; x++)
            HB_U64_SET(c[x], 0, 0);
        p = a;
        for (i = 0; i < 5; i++, p += 5) {
            for (x = 0; x < 5; x++)
                b[x] = p[x];
            for (x = 0; x < 5; x++) {
                HB_U64_ANDN(t, b[next[x]], b[next[x + 1]]);
                HB_U64_XOR(p[x], b[x], t);
                HB_U64_XOR(c[x], c[x], p[x]);
            }
        }
        HB_U64_XOR(a[0], a[0], hb_keccak_rc[round]);
        HB_U64_XOR(c[0], c[0], hb_keccak_rc[round]);
    }
}

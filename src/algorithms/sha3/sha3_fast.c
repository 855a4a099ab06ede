/* SHA-3, fast: Keccak-f[1600] with the round body unrolled over the lanes
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
 * The 8-bit consoles build sha3_compact.c, the compact form of this
 * code, in its place (docs/writing-an-algorithm.md, "Compact forms");
 * what the two forms share is in sha3_fast_shared.c. */
#include "hashbench/common.h"
#include "hashbench/u64.h"
#include "hashbench/sha3.h"

/* Chi output: lane k of the state gets b ^ t, which also joins C[x]. */
#define CHI_OUT(k, b, cx) do { HB_U64_XOR(u, b, t); a[k] = u; HB_U64_XOR(cx, cx, u); } while (0)
#define CHI_FIRST(k, b, cx) do { HB_U64_XOR(u, b, t); a[k] = u; cx = u; } while (0)

static void complement_mask(hb_u64 *a)
{
    HB_U64_NOT(a[1], a[1]);
    HB_U64_NOT(a[2], a[2]);
    HB_U64_NOT(a[8], a[8]);
    HB_U64_NOT(a[12], a[12]);
    HB_U64_NOT(a[17], a[17]);
    HB_U64_NOT(a[20], a[20]);
}

void hb_keccakf1600_fast(hb_u64 *a)
{
    hb_u64 c0, c1, c2, c3, c4, d0, d1, d2, d3, d4;
    hb_u64 b0, b1, b2, b3, b4, t, u;
    unsigned round;

    complement_mask(a);

    HB_U64_XOR(c0, a[0], a[5]); HB_U64_XOR(c0, c0, a[10]);
    HB_U64_XOR(c0, c0, a[15]); HB_U64_XOR(c0, c0, a[20]);
    HB_U64_XOR(c1, a[1], a[6]); HB_U64_XOR(c1, c1, a[11]);
    HB_U64_XOR(c1, c1, a[16]); HB_U64_XOR(c1, c1, a[21]);
    HB_U64_XOR(c2, a[2], a[7]); HB_U64_XOR(c2, c2, a[12]);
    HB_U64_XOR(c2, c2, a[17]); HB_U64_XOR(c2, c2, a[22]);
    HB_U64_XOR(c3, a[3], a[8]); HB_U64_XOR(c3, c3, a[13]);
    HB_U64_XOR(c3, c3, a[18]); HB_U64_XOR(c3, c3, a[23]);
    HB_U64_XOR(c4, a[4], a[9]); HB_U64_XOR(c4, c4, a[14]);
    HB_U64_XOR(c4, c4, a[19]); HB_U64_XOR(c4, c4, a[24]);

    for (round = 0; round < 24; round++) {
        /* theta: D[x] = C[x-1] ^ rot(C[x+1], 1).  With the mask, C[0..3]
         * come out inverted, so D[0] and D[3] do too: that flips columns 0
         * and 3, which the chi formulas below take into account. */
        HB_U64_ROTL(d0, c1, 1); HB_U64_XOR(d0, d0, c4);
        HB_U64_ROTL(d1, c2, 1); HB_U64_XOR(d1, d1, c0);
        HB_U64_ROTL(d2, c3, 1); HB_U64_XOR(d2, d2, c1);
        HB_U64_ROTL(d3, c4, 1); HB_U64_XOR(d3, d3, c2);
        HB_U64_ROTL(d4, c0, 1); HB_U64_XOR(d4, d4, c3);

        /* theta + rho + pi: A'[x', y'] = rot(A[x, y] ^ D[x], r[x, y]) with
         * (x', y') = (y, 2x + 3y), walking the cycle from lane 1 */
        HB_U64_XOR(a[0], a[0], d0);
        HB_U64_XOR(t, a[1], d1);
        HB_U64_XOR(u, a[6], d1); HB_U64_ROTL(a[1], u, 44);
        HB_U64_XOR(u, a[9], d4); HB_U64_ROTL(a[6], u, 20);
        HB_U64_XOR(u, a[22], d2); HB_U64_ROTL(a[9], u, 61);
        HB_U64_XOR(u, a[14], d4); HB_U64_ROTL(a[22], u, 39);
        HB_U64_XOR(u, a[20], d0); HB_U64_ROTL(a[14], u, 18);
        HB_U64_XOR(u, a[2], d2); HB_U64_ROTL(a[20], u, 62);
        HB_U64_XOR(u, a[12], d2); HB_U64_ROTL(a[2], u, 43);
        HB_U64_XOR(u, a[13], d3); HB_U64_ROTL(a[12], u, 25);
        HB_U64_XOR(u, a[19], d4); HB_U64_ROTL(a[13], u, 8);
        HB_U64_XOR(u, a[23], d3); HB_U64_ROTL(a[19], u, 56);
        HB_U64_XOR(u, a[15], d0); HB_U64_ROTL(a[23], u, 41);
        HB_U64_XOR(u, a[4], d4); HB_U64_ROTL(a[15], u, 27);
        HB_U64_XOR(u, a[24], d4); HB_U64_ROTL(a[4], u, 14);
        HB_U64_XOR(u, a[21], d1); HB_U64_ROTL(a[24], u, 2);
        HB_U64_XOR(u, a[8], d3); HB_U64_ROTL(a[21], u, 55);
        HB_U64_XOR(u, a[16], d1); HB_U64_ROTL(a[8], u, 45);
        HB_U64_XOR(u, a[5], d0); HB_U64_ROTL(a[16], u, 36);
        HB_U64_XOR(u, a[3], d3); HB_U64_ROTL(a[5], u, 28);
        HB_U64_XOR(u, a[18], d3); HB_U64_ROTL(a[3], u, 21);
        HB_U64_XOR(u, a[17], d2); HB_U64_ROTL(a[18], u, 15);
        HB_U64_XOR(u, a[11], d1); HB_U64_ROTL(a[17], u, 10);
        HB_U64_XOR(u, a[7], d2); HB_U64_ROTL(a[11], u, 6);
        HB_U64_XOR(u, a[10], d0); HB_U64_ROTL(a[7], u, 3);
        HB_U64_ROTL(a[10], t, 1);

        /* chi and iota, plane by plane.  Inverted on input (after theta, rho,
         * pi): plane 0 lanes 0,2,3; plane 1 lanes 0,2; plane 2 lanes 0,2;
         * plane 3 lanes 1,3,4; plane 4 lanes 0,3.  Inverted on output: the
         * mask (1,0) (2,0) (3,1) (2,2) (2,3) (0,4) again.  With ~u & v
         * rewritten as u & v, u | v, ~(u | v) ... as the masks allow. */
        b0 = a[0]; b1 = a[1]; b2 = a[2]; b3 = a[3]; b4 = a[4];
        HB_U64_OR(t, b1, b2);
        HB_U64_XOR(u, b0, t);
        HB_U64_XOR(u, u, hb_keccak_rc[round]);
        a[0] = u; c0 = u;
        HB_U64_NOT(t, b2); HB_U64_OR(t, t, b3); CHI_FIRST(1, b1, c1);
        HB_U64_AND(t, b3, b4); CHI_FIRST(2, b2, c2);
        HB_U64_OR(t, b4, b0); CHI_FIRST(3, b3, c3);
        HB_U64_AND(t, b0, b1); CHI_FIRST(4, b4, c4);

        b0 = a[5]; b1 = a[6]; b2 = a[7]; b3 = a[8]; b4 = a[9];
        HB_U64_OR(t, b1, b2); CHI_OUT(5, b0, c0);
        HB_U64_AND(t, b2, b3); CHI_OUT(6, b1, c1);
        HB_U64_NOT(t, b4); HB_U64_OR(t, b3, t); CHI_OUT(7, b2, c2);
        HB_U64_OR(t, b4, b0); CHI_OUT(8, b3, c3);
        HB_U64_AND(t, b0, b1); CHI_OUT(9, b4, c4);

        b0 = a[10]; b1 = a[11]; b2 = a[12]; b3 = a[13]; b4 = a[14];
        HB_U64_OR(t, b1, b2); CHI_OUT(10, b0, c0);
        HB_U64_AND(t, b2, b3); CHI_OUT(11, b1, c1);
        HB_U64_NOT(b3, b3);
        HB_U64_AND(t, b3, b4); CHI_OUT(12, b2, c2);
        HB_U64_OR(t, b4, b0); CHI_OUT(13, b3, c3);
        HB_U64_AND(t, b0, b1); CHI_OUT(14, b4, c4);

        b0 = a[15]; b1 = a[16]; b2 = a[17]; b3 = a[18]; b4 = a[19];
        HB_U64_AND(t, b1, b2); CHI_OUT(15, b0, c0);
        HB_U64_OR(t, b2, b3); CHI_OUT(16, b1, c1);
        HB_U64_NOT(b3, b3);
        HB_U64_OR(t, b3, b4); CHI_OUT(17, b2, c2);
        HB_U64_AND(t, b4, b0); CHI_OUT(18, b3, c3);
        HB_U64_OR(t, b0, b1); CHI_OUT(19, b4, c4);

        b0 = a[20]; b1 = a[21]; b2 = a[22]; b3 = a[23]; b4 = a[24];
        HB_U64_AND(t, b0, b1); CHI_OUT(24, b4, c4);
        HB_U64_NOT(b1, b1);
        HB_U64_AND(t, b1, b2); CHI_OUT(20, b0, c0);
        HB_U64_OR(t, b2, b3); CHI_OUT(21, b1, c1);
        HB_U64_AND(t, b3, b4); CHI_OUT(22, b2, c2);
        HB_U64_OR(t, b4, b0); CHI_OUT(23, b3, c3);
    }

    complement_mask(a);
}

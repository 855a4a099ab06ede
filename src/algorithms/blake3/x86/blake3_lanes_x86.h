/* BLAKE3's hash_many with one input per vector lane (the BLAKE3 paper,
 * section 5.3): word i of the state of every input sits in vector v[i],
 * lane j belonging to input j, so the rounds are the scalar rounds written
 * with vector operations and need no shuffles at all; the only shuffling
 * is the transposition of the message blocks as they are loaded.
 *
 * B3L_SETS independent sets of vectors go side by side: a compression is
 * one long dependency chain (about 100 operations deep), and where a
 * vector operation has two cycles of latency (Zen 5) one set keeps only
 * half the vector units busy; a second set fills the gaps.
 *
 * A template: the including file defines
 *   B3L_V, B3L_N, B3L_SETS     the vector type, its 32-bit lanes, the sets
 *   B3L_ADD, B3L_XOR, B3L_SET1, B3L_LOADU
 *   B3L_ROT16/12/8/7(x)        rotate each lane right
 *   B3L_LOAD_MSG(m, in, off)   m[w] = word w of block `off` bytes into
 *                              in[0..N-1], lane j from in[j]
 *   B3L_STORE_CVS(out, h)      lane j's words h[0..7] to out + 32 j
 *   B3L_FN                     the kernel's name
 *   B3L_PREFETCH(p), B3L_PREFETCH_AHEAD   optional: prefetch p, that many
 *                              blocks ahead of the block being hashed
 *   B3L_INTERLEAVE             optional: the Gs of a half round step by
 *                              step side by side (see B3L_HALF)
 * and gets
 *   B3L_FN(in, blocks, key, ctr_lo, ctr_hi, flags, flags_start, flags_end, out)
 * hashing N * SETS inputs of `blocks` blocks, counters per input in
 * ctr_lo/ctr_hi, the 32-byte chaining values to out, one after another. */
#include "blake3_schedule_x86.h"
#include "algorithms/common/keep_order_x86.h"

/* One half round: the four G functions of the column step (half 0) or of
 * the diagonal step (half 1), in every set.  G's ten steps: */
#define B3L_A v[s_][hb_b3_g_words[h_][g_][0]]
#define B3L_B v[s_][hb_b3_g_words[h_][g_][1]]
#define B3L_C v[s_][hb_b3_g_words[h_][g_][2]]
#define B3L_D v[s_][hb_b3_g_words[h_][g_][3]]
#define B3L_M(k) m[s_][hb_b3_schedule[r_][8 * h_ + 2 * g_ + (k)]]
#define B3L_G1 B3L_A = B3L_ADD(B3L_A, B3L_M(0))
#define B3L_G2 B3L_A = B3L_ADD(B3L_A, B3L_B)
#define B3L_G3 B3L_D = B3L_ROT16(B3L_XOR(B3L_D, B3L_A))
#define B3L_G4 B3L_C = B3L_ADD(B3L_C, B3L_D)
#define B3L_G5 B3L_B = B3L_ROT12(B3L_XOR(B3L_B, B3L_C))
#define B3L_G6 B3L_A = B3L_ADD(B3L_A, B3L_M(1))
#define B3L_G7 B3L_A = B3L_ADD(B3L_A, B3L_B)
#define B3L_G8 B3L_D = B3L_ROT8(B3L_XOR(B3L_D, B3L_A))
#define B3L_G9 B3L_C = B3L_ADD(B3L_C, B3L_D)
#define B3L_G10 B3L_B = B3L_ROT7(B3L_XOR(B3L_B, B3L_C))
/* stmt for each G (g_) of each set (s_) */
#define B3L_EACH(stmt)                                                          \
    do {                                                                        \
        unsigned s_, g_;                                                        \
        HB_B3T_UNROLL                                                           \
        for (s_ = 0; s_ < B3L_SETS; s_++) {                                     \
            HB_B3T_UNROLL                                                       \
            for (g_ = 0; g_ < 4; g_++) {                                        \
                stmt;                                                           \
            }                                                                   \
        }                                                                       \
    } while (0)
#ifdef B3L_INTERLEAVE
/* each step across all the Gs before the next (all a += m, then all
 * a += b, ...), the order of the BLAKE3 team's AVX-512 assembly, which
 * keeps the rotate units and the adders fed together: on Zen 4 the
 * sixteen-lane kernel takes 518 cycles a block this way, 581 one G after
 * the other.  With AVX2's sixteen registers it spills instead (15 %
 * slower), so there the Gs stay one after the other. */
#define B3L_HALF(r, h)                                                          \
    do {                                                                        \
        const unsigned r_ = (r), h_ = (h);                                      \
        B3L_EACH(B3L_G1); B3L_EACH(B3L_G2); B3L_EACH(B3L_G3); B3L_EACH(B3L_G4); \
        B3L_EACH(B3L_G5); B3L_EACH(B3L_G6); B3L_EACH(B3L_G7); B3L_EACH(B3L_G8); \
        B3L_EACH(B3L_G9); B3L_EACH(B3L_G10);                                    \
    } while (0)
#else
#define B3L_HALF(r, h)                                                          \
    do {                                                                        \
        const unsigned r_ = (r), h_ = (h);                                      \
        B3L_EACH(B3L_G1; B3L_G2; B3L_G3; B3L_G4; B3L_G5;                        \
                 B3L_G6; B3L_G7; B3L_G8; B3L_G9; B3L_G10);                      \
    } while (0)
#endif
#define B3L_ROUND(r)                                                            \
    do {                                                                        \
        B3L_HALF(r, 0);                                                         \
        B3L_HALF(r, 1);                                                         \
    } while (0)

/* With one set, gcc's scheduling pass after register allocation undoes
 * the interleaved order: the sixteen-lane kernel takes 546 cycles a block
 * on Zen 4 with the pass, 518 without.  With two sets the pass helps
 * instead (1 MiB: 160 us with it, 165 without), so it stays on there. */
#if defined(B3L_INTERLEAVE) && B3L_SETS == 1
#define B3L_KEEP_ORDER HB_X86_KEEP_ORDER
#else
#define B3L_KEEP_ORDER
#endif

B3L_KEEP_ORDER
static void B3L_FN(const uint8_t *const *in, size_t blocks, const uint32_t *key,
                   const uint32_t *ctr_lo, const uint32_t *ctr_hi, unsigned flags,
                   unsigned flags_start, unsigned flags_end, uint8_t *out)
{
    B3L_V h[B3L_SETS][8], v[B3L_SETS][16], m[B3L_SETS][16], lo[B3L_SETS], hi[B3L_SETS];
    size_t b;
    unsigned i, s, f;

    HB_B3T_UNROLL
    for (s = 0; s < B3L_SETS; s++) {
        lo[s] = B3L_LOADU(ctr_lo + s * B3L_N);
        hi[s] = B3L_LOADU(ctr_hi + s * B3L_N);
        HB_B3T_UNROLL
        for (i = 0; i < 8; i++)
            h[s][i] = B3L_SET1(key[i]);
    }
    for (b = 0; b < blocks; b++) {
        f = flags;
        if (b == 0)
            f |= flags_start;
        if (b + 1 == blocks)
            f |= flags_end;
#ifdef B3L_PREFETCH
        /* 16 or 32 streams 1 KiB apart outrun the hardware prefetchers
         * once the input has left L1/L2 (1 MiB: 7% slower without this on
         * Zen 5): ask for a later block of each input while this one is
         * hashed.  A prefetch never faults, so one past an input's end
         * is harmless. */
        HB_B3T_UNROLL
        for (i = 0; i < B3L_N * B3L_SETS; i++)
            B3L_PREFETCH(in[i] + (b + B3L_PREFETCH_AHEAD) * HB_BLAKE3_BLOCK_LEN);
#endif
        HB_B3T_UNROLL
        for (s = 0; s < B3L_SETS; s++) {
            B3L_LOAD_MSG(m[s], in + s * B3L_N, b * HB_BLAKE3_BLOCK_LEN);
            HB_B3T_UNROLL
            for (i = 0; i < 8; i++)
                v[s][i] = h[s][i];
            v[s][8] = B3L_SET1(hb_blake3_iv[0]);
            v[s][9] = B3L_SET1(hb_blake3_iv[1]);
            v[s][10] = B3L_SET1(hb_blake3_iv[2]);
            v[s][11] = B3L_SET1(hb_blake3_iv[3]);
            v[s][12] = lo[s];
            v[s][13] = hi[s];
            v[s][14] = B3L_SET1(HB_BLAKE3_BLOCK_LEN);
            v[s][15] = B3L_SET1(f);
        }
        B3L_ROUND(0); B3L_ROUND(1); B3L_ROUND(2); B3L_ROUND(3);
        B3L_ROUND(4); B3L_ROUND(5); B3L_ROUND(6);
        HB_B3T_UNROLL
        for (s = 0; s < B3L_SETS; s++) {
            HB_B3T_UNROLL
            for (i = 0; i < 8; i++)
                h[s][i] = B3L_XOR(v[s][i], v[s][i + 8]);
        }
    }
    HB_B3T_UNROLL
    for (s = 0; s < B3L_SETS; s++)
        B3L_STORE_CVS(out + s * B3L_N * HB_BLAKE3_OUT_LEN, h[s]);
}

#undef B3L_EACH
#undef B3L_A
#undef B3L_B
#undef B3L_C
#undef B3L_D
#undef B3L_M
#undef B3L_G1
#undef B3L_G2
#undef B3L_G3
#undef B3L_G4
#undef B3L_G5
#undef B3L_G6
#undef B3L_G7
#undef B3L_G8
#undef B3L_G9
#undef B3L_G10
#undef B3L_HALF
#undef B3L_ROUND
#undef B3L_KEEP_ORDER

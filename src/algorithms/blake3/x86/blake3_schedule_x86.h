/* BLAKE3's message schedule: round r reads the block's words in the order
 * of row r (the paper's message permutation applied r times). */
#ifndef HB_BLAKE3_SCHEDULE_X86_H
#define HB_BLAKE3_SCHEDULE_X86_H

#include <stdint.h>

static const uint8_t hb_b3_schedule[7][16] = {
    { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 },
    { 2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8 },
    { 3, 4, 10, 12, 13, 2, 7, 14, 6, 5, 9, 0, 11, 15, 8, 1 },
    { 10, 7, 12, 9, 14, 3, 13, 15, 4, 0, 11, 2, 5, 8, 1, 6 },
    { 12, 13, 9, 11, 15, 10, 14, 8, 7, 2, 5, 3, 0, 1, 6, 4 },
    { 9, 14, 11, 5, 8, 12, 15, 1, 13, 3, 0, 10, 2, 6, 4, 7 },
    { 11, 15, 5, 0, 1, 9, 8, 6, 14, 10, 2, 12, 3, 4, 7, 13 }
};

/* the state words (a, b, c, d) of the four G functions of the column step
 * (half 0) and of the diagonal step (half 1) */
static const uint8_t hb_b3_g_words[2][4][4] = {
    { { 0, 4, 8, 12 }, { 1, 5, 9, 13 }, { 2, 6, 10, 14 }, { 3, 7, 11, 15 } },
    { { 0, 5, 10, 15 }, { 1, 6, 11, 12 }, { 2, 7, 8, 13 }, { 3, 4, 9, 14 } },
};

#endif /* HB_BLAKE3_SCHEDULE_X86_H */

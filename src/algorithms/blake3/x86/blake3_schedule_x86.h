/* BLAKE3's message schedule: round r reads the block's words in the order
 * of row r (the paper's permutation applied r times).  hb_b3_rows regroups
 * each row for the row-wise compress, whose column step takes the first
 * words of its four G calls as one vector and the second words as another:
 * [0 2 4 6 | 1 3 5 7 | 8 10 12 14 | 9 11 13 15]. */
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

static const uint32_t hb_b3_rows[7][16] = {
    { 0, 2, 4, 6, 1, 3, 5, 7, 8, 10, 12, 14, 9, 11, 13, 15 },
    { 2, 3, 7, 4, 6, 10, 0, 13, 1, 12, 9, 15, 11, 5, 14, 8 },
    { 3, 10, 13, 7, 4, 12, 2, 14, 6, 9, 11, 8, 5, 0, 15, 1 },
    { 10, 12, 14, 13, 7, 9, 3, 15, 4, 11, 5, 1, 0, 2, 8, 6 },
    { 12, 9, 15, 14, 13, 11, 10, 8, 7, 5, 0, 6, 2, 3, 1, 4 },
    { 9, 11, 8, 15, 14, 5, 12, 1, 13, 0, 2, 4, 3, 10, 6, 7 },
    { 11, 5, 1, 8, 15, 0, 9, 6, 14, 2, 3, 7, 10, 12, 4, 13 }
};

#endif /* HB_BLAKE3_SCHEDULE_X86_H */

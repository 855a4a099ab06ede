/* BLAKE2's message schedule SIGMA (RFC 7693 section 2.7), regrouped for
 * the row-wise compress functions: a column step takes the first words of
 * its four G calls as one vector and the second words as another, and so
 * does the diagonal step.  (BLAKE2b's rounds 10 and 11 use rows 0 and 1.) */
#ifndef HB_BLAKE2_SIGMA_X86_H
#define HB_BLAKE2_SIGMA_X86_H

#include <stdint.h>

/* the SIGMA rows regrouped in the order the row-wise compress functions use them:
 * [0 2 4 6 | 1 3 5 7 | 14 8 10 12 | 15 9 11 13] of each of the ten rows (the
 * diagonal step's lanes follow row b, which it leaves in place: G7 first) */
static const uint32_t hb_b2_msg_index[10][16] = {
    { 0, 2, 4, 6, 1, 3, 5, 7, 14, 8, 10, 12, 15, 9, 11, 13 },
    { 14, 4, 9, 13, 10, 8, 15, 6, 5, 1, 0, 11, 3, 12, 2, 7 },
    { 11, 12, 5, 15, 8, 0, 2, 13, 9, 10, 3, 7, 4, 14, 6, 1 },
    { 7, 3, 13, 11, 9, 1, 12, 14, 15, 2, 5, 4, 8, 6, 10, 0 },
    { 9, 5, 2, 10, 0, 7, 4, 15, 3, 14, 11, 6, 13, 1, 12, 8 },
    { 2, 6, 0, 8, 12, 10, 11, 3, 1, 4, 7, 15, 9, 13, 5, 14 },
    { 12, 1, 14, 4, 5, 15, 13, 10, 8, 0, 6, 9, 11, 7, 3, 2 },
    { 13, 7, 12, 3, 11, 14, 1, 9, 2, 5, 15, 8, 10, 0, 4, 6 },
    { 6, 14, 11, 0, 15, 9, 3, 8, 10, 12, 13, 1, 5, 2, 7, 4 },
    { 10, 8, 7, 1, 2, 4, 6, 5, 13, 15, 9, 3, 0, 11, 14, 12 }
};

#endif /* HB_BLAKE2_SIGMA_X86_H */

/* The widths a subject is judged at (quality.h): the full digest and, for
 * digests wider than 64 bits, the low 64 and low 32 bits too. */
#include "quality/quality.h"

unsigned hb_q_widths(const hb_q_subject *s, unsigned bits[3])
{
    unsigned full = s->out_bytes * 8;
    bits[0] = full;
    if (full <= 64)
        return 1;
    bits[1] = 64;
    bits[2] = 32;
    return 3;
}

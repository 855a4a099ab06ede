/* The verdict rule (verdict.h): Bonferroni over the m p-values of one
 * subject at one width, so that a random function fails any test of that
 * width with probability at most HB_Q_ALPHA. */
#include "quality/verdict.h"

int hb_q_fails(double p, unsigned m)
{
    if (m == 0)
        return 0;
    return p < HB_Q_ALPHA / (double)m;
}

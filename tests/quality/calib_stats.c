/* Binomial tail limits for the calibration (calib_stats.h): exact sums of
 * the probability mass, from lgamma, for the few thousand trials a
 * calibration counts. */
#include <math.h>
#include "calib_stats.h"

static double pmf(size_t n, double q, size_t k)
{
    if (q <= 0)
        return k == 0;
    if (q >= 1)
        return k == n;
    double lg = lgamma((double)n + 1) - lgamma((double)k + 1) - lgamma((double)(n - k) + 1);
    return exp(lg + (double)k * log(q) + (double)(n - k) * log1p(-q));
}

size_t calib_binom_upper_limit(size_t n, double q, double delta)
{
    size_t l = n;
    double tail = 0;            /* P(X > l) */
    while (l > 0 && tail + pmf(n, q, l) < delta)
        tail += pmf(n, q, l--);
    return l;
}

size_t calib_binom_lower_limit(size_t n, double q, double delta)
{
    size_t l = 0;
    double tail = 0;            /* P(X < l) */
    while (l < n && tail + pmf(n, q, l) < delta)
        tail += pmf(n, q, l++);
    return l;
}

/* The calibration's own binomial bounds (calib_stats.c), independent of
 * the battery's statistics (src/quality/stats.c) that it checks. */
#ifndef HB_TESTS_CALIB_STATS_H
#define HB_TESTS_CALIB_STATS_H

#include <stddef.h>

/* The smallest L with P(X > L) < delta for X ~ Binomial(n, q): a count
 * above L is evidence, at level delta, that the true rate exceeds q. */
size_t calib_binom_upper_limit(size_t n, double q, double delta);
/* The largest L with P(X < L) < delta: a count below L is evidence that
 * the true rate is below q. */
size_t calib_binom_lower_limit(size_t n, double q, double delta);

#endif

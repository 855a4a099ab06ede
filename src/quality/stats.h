/* The battery's statistics (stats.c): tail probabilities under the null
 * hypothesis "a random function", and the exact collision expectation.
 * Each function says which tail it gives; all are accurate to a few
 * parts in 1e6 relative down to p = 1e-300 (underflow gives 0). */
#ifndef HB_QUALITY_STATS_H
#define HB_QUALITY_STATS_H

/* Expected number of collisions (n minus the number of distinct outputs)
 * when n keys go through a random function to `bits`-bit outputs; exact:
 * n - 2^bits * (1 - (1 - 2^-bits)^n), computed without cancellation. */
double hb_q_expected_collisions(double n, unsigned bits);

/* P(X >= k) for X ~ Poisson(lambda). */
double hb_q_poisson_upper(double lambda, double k);
/* P(X >= k) and P(X <= k) for X ~ Binomial(n, q). */
double hb_q_binom_upper(double n, double q, double k);
double hb_q_binom_lower(double n, double q, double k);
/* P(Z >= z), Z standard normal. */
double hb_q_normal_upper(double z);
/* P(X >= x), X ~ chi-square with df degrees of freedom. */
double hb_q_chi2_upper(double x, double df);
/* The p-value of the smallest of m independent p-values p_min (Sidak):
 * 1 - (1 - p_min)^m, without cancellation. */
double hb_q_sidak(double p_min, double m);

#endif

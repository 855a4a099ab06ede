/* The regularized incomplete gamma functions (gamma.c), shared by the
 * quality battery's tails (src/quality/stats.c: Poisson and chi-square)
 * and the random sources' chi-square check (src/rng/rng_checks.c). */
#ifndef HB_STATS_GAMMA_H
#define HB_STATS_GAMMA_H

/* P(a, x) = P(X <= x) and Q(a, x) = 1 - P(a, x) = P(X >= x) for
 * X ~ Gamma(a, 1), a > 0; 0 and 1 (resp. 1 and 0) for x <= 0.  The
 * chi-square tails with k degrees of freedom are P(k/2, x/2), Q(k/2, x/2).
 * The tail on the far side of the mean keeps its relative accuracy down
 * to 1e-300; the near one is 1 minus the other. */
double hb_gamma_p(double a, double x);
double hb_gamma_q(double a, double x);

/* log |Gamma(a)|, as lgamma, but safe on several threads at once: lgamma
 * also writes the sign to the global signgam, a race between the
 * battery's workers (helgrind finds it). */
double hb_log_gamma(double a);

#endif

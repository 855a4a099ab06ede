/* The verdict rule (verdict.c; docs/quality.md says it in words).
 *
 * For one subject at one width the battery yields m p-values.  A test
 * fails when its p-value is below HB_Q_ALPHA / m (Bonferroni), so for a
 * random function the chance that any test of that width fails is at most
 * HB_Q_ALPHA, whatever the tests' dependence.  tests/quality's calibration
 * run checks the rule on random oracles. */
#ifndef HB_QUALITY_VERDICT_H
#define HB_QUALITY_VERDICT_H

#define HB_Q_ALPHA 0.001

/* 1 when a p-value fails among m tests of the same subject and width. */
int hb_q_fails(double p, unsigned m);

#endif

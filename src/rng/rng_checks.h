/* Cheap sanity checks of a random source's output: enough to flag a source
 * that is plainly broken (stuck at a value, a counter, a strong bias), not a
 * statistical test suite (for that: SP 800-22, TestU01, PractRand).
 *
 * Two tests on the same byte counts, each judged by its p-value:
 *  - byte frequencies, chi-square with 255 degrees of freedom, both tails:
 *    the upper tail catches bias (some values too often), the lower tail
 *    output too even to be random (a counter 0,1,...,255,0,... hits every
 *    value exactly equally often: chi-square 0);
 *  - monobit (SP 800-22 section 2.1, the frequency test; FIPS 140-2's
 *    monobit on 20,000 bits is the same test with fixed bounds): the excess
 *    of one bits over zero bits against sqrt(number of bits).
 * A test fails when its p-value is below HB_RNG_P_FAIL: a good source then
 * trips one of the three tails once in about 330,000 runs of one source.
 *
 * Kept free of I/O and timing: tests/unit/rng_checks.c proves it on known
 * sources. */
#ifndef HB_RNG_RNG_CHECKS_H
#define HB_RNG_RNG_CHECKS_H

#include <stddef.h>
#include <stdint.h>

/* p below this fails a test (docs/rng.md says why this value) */
#define HB_RNG_P_FAIL 1e-6
/* fewer bytes than this are not judged: FIPS 140-2's 20,000-bit sample, and
 * about 10 expected counts in each of the 256 byte values */
#define HB_RNG_MIN_BYTES 2500u

typedef struct hb_rng_tally {
    uint64_t count[256];            /* how often each byte value came */
    uint64_t bytes;
} hb_rng_tally;

typedef enum { HB_RNG_TOO_SHORT, HB_RNG_PASS, HB_RNG_FAIL } hb_rng_outcome;

typedef struct hb_rng_verdict {
    uint64_t bytes;
    double chi_square;              /* sum over byte values of (observed - expected)^2 / expected */
    double chi_p_upper;             /* P(chi-square >= observed): small = biased */
    double chi_p_lower;             /* P(chi-square <= observed): small = too even (a counter) */
    uint64_t ones;                  /* one bits among 8 * bytes */
    double monobit_z;               /* (ones - zeros) / sqrt(bits) */
    double monobit_p;               /* two-sided: erfc(|z| / sqrt 2) */
    hb_rng_outcome chi, monobit, overall;
} hb_rng_verdict;

void hb_rng_tally_init(hb_rng_tally *t);
void hb_rng_tally_add(hb_rng_tally *t, const uint8_t *p, size_t n);
hb_rng_verdict hb_rng_judge(const hb_rng_tally *t);

const char *hb_rng_outcome_name(hb_rng_outcome o);

#endif

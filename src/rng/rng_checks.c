/* Byte-frequency chi-square and monobit checks (see rng_checks.h). */
#include <math.h>
#include <string.h>
#include "rng/rng_checks.h"
#include "stats/gamma.h"

void hb_rng_tally_init(hb_rng_tally *t)
{
    memset(t, 0, sizeof *t);
}

void hb_rng_tally_add(hb_rng_tally *t, const uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        t->count[p[i]]++;
    t->bytes += n;
}

static unsigned popcount8(unsigned v)
{
    unsigned n = 0;
    for (; v; v &= v - 1)
        n++;
    return n;
}

hb_rng_verdict hb_rng_judge(const hb_rng_tally *t)
{
    hb_rng_verdict v;
    double expected = (double)t->bytes / 256, bits = 8.0 * (double)t->bytes;
    unsigned b;
    memset(&v, 0, sizeof v);
    v.bytes = t->bytes;
    for (b = 0; b < 256; b++) {
        double d = (double)t->count[b] - expected;
        v.chi_square += expected > 0 ? d * d / expected : 0;
        v.ones += t->count[b] * popcount8(b);
    }
    if (t->bytes < HB_RNG_MIN_BYTES) {
        v.chi_p_upper = v.chi_p_lower = v.monobit_p = 1;
        v.chi = v.monobit = v.overall = HB_RNG_TOO_SHORT;
        return v;
    }
    /* 256 categories, their counts summing to the total: 255 degrees of freedom */
    v.chi_p_upper = hb_gamma_q(255 / 2.0, v.chi_square / 2);
    v.chi_p_lower = hb_gamma_p(255 / 2.0, v.chi_square / 2);
    v.monobit_z = (2.0 * (double)v.ones - bits) / sqrt(bits);
    v.monobit_p = erfc(fabs(v.monobit_z) / sqrt(2.0));
    v.chi = v.chi_p_upper < HB_RNG_P_FAIL || v.chi_p_lower < HB_RNG_P_FAIL ? HB_RNG_FAIL : HB_RNG_PASS;
    v.monobit = v.monobit_p < HB_RNG_P_FAIL ? HB_RNG_FAIL : HB_RNG_PASS;
    v.overall = v.chi == HB_RNG_FAIL || v.monobit == HB_RNG_FAIL ? HB_RNG_FAIL : HB_RNG_PASS;
    return v;
}

const char *hb_rng_outcome_name(hb_rng_outcome o)
{
    return o == HB_RNG_PASS ? "pass" : o == HB_RNG_FAIL ? "FAIL" : "too short";
}

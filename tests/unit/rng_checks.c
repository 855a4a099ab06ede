/* Unit tests of hashbench rng's sanity checks (src/rng/rng_checks.c):
 * the chi-square tails against known quantiles, and the verdicts on
 * deliberately broken sources (all zeros, a counter, biased bits, one value
 * too often) against a good one (getrandom).  The good source may fail
 * with probability about 3e-6 per run: a rerun settles it. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include "rng/rng_checks.h"
#include "stats/gamma.h"
#include "unit.h"

#define N (1u << 20)

static int near(double a, double b, double tol)
{
    return fabs(a - b) <= tol;
}

/* xorshift64*: a fixed, reproducible generator for the biased sources */
static uint64_t next(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 2685821657736338717ull;
}

static hb_rng_verdict judge(const uint8_t *p, size_t n)
{
    hb_rng_tally t;
    hb_rng_tally_init(&t);
    /* in two parts: the tally adds up across calls */
    hb_rng_tally_add(&t, p, n / 3);
    hb_rng_tally_add(&t, p + n / 3, n - n / 3);
    return hb_rng_judge(&t);
}

static int fill_good(uint8_t *buf, size_t n)
{
    size_t done = 0;
    while (done < n) {
        ssize_t r = getrandom(buf + done, n - done, 0);
        if (r <= 0)
            return -1;
        done += (size_t)r;
    }
    return 0;
}

int main(void)
{
    uint8_t *buf = malloc(N);
    hb_rng_verdict v;
    uint64_t s = 0x9e3779b97f4a7c15ull;
    size_t i;
    if (!buf)
        return 1;

    /* the tails: chi-square quantiles for 255 degrees of freedom (scipy.stats.chi2) */
    check(near(hb_gamma_q(127.5, 310.45738821990585 / 2), 0.01, 1e-9), "chi-square upper tail: 310.457 is the 99% point");
    check(near(hb_gamma_p(127.5, 205.42087640956294 / 2), 0.01, 1e-9), "chi-square lower tail: 205.421 is the 1% point");
    check(near(hb_gamma_q(127.5, 377.07811549898673 / 2), 1e-6, 1e-12), "the upper failing point, 377.08, is p = 1e-6");
    check(near(hb_gamma_p(127.5, 161.65044493528336 / 2), 1e-6, 1e-12), "the lower failing point, 161.65, is p = 1e-6");
    check(near(hb_gamma_p(1, 2.5), 1 - exp(-2.5), 1e-12) && near(hb_gamma_q(0.5, 3), erfc(sqrt(3.0)), 1e-12),
          "P(1, x) = 1 - e^-x and Q(1/2, x) = erfc(sqrt x), on both sides of a + 1");
    check(hb_gamma_p(127.5, 0) == 0 && hb_gamma_q(127.5, 0) == 1, "the tails at zero");

    /* all zeros: every byte the same value, every bit 0 */
    for (i = 0; i < N; i++)
        buf[i] = 0;
    v = judge(buf, N);
    check(v.overall == HB_RNG_FAIL && v.chi == HB_RNG_FAIL && v.monobit == HB_RNG_FAIL, "all zeros FAIL both tests");
    check(v.ones == 0 && near(v.monobit_z, -sqrt(8.0 * N), 1e-6), "all zeros: no one bits, z = -sqrt(bits)");

    /* all ones (0xff): the stuck-high case */
    for (i = 0; i < N; i++)
        buf[i] = 0xff;
    v = judge(buf, N);
    check(v.overall == HB_RNG_FAIL && v.monobit_z > 0, "all 0xff bytes FAIL");

    /* a counter 0, 1, ..., 255, 0, ...: every value equally often and the
     * bits balanced, which only the lower chi-square tail catches */
    for (i = 0; i < N; i++)
        buf[i] = (uint8_t)i;
    v = judge(buf, N);
    check(v.chi_square == 0 && v.chi == HB_RNG_FAIL && v.overall == HB_RNG_FAIL, "a counter FAILs: chi-square 0, too even");
    check(v.monobit == HB_RNG_PASS, "a counter's bits are balanced: monobit alone would pass it");
    v = judge(buf, N - 77);
    check(v.chi == HB_RNG_FAIL, "a counter stopped part-way through its cycle FAILs too");

    /* biased bits: each bit 1 with probability 0.52 */
    for (i = 0; i < N; i++) {
        unsigned b, byte = 0;
        for (b = 0; b < 8; b++)
            byte |= (unsigned)(next(&s) % 100 < 52) << b;
        buf[i] = (uint8_t)byte;
    }
    v = judge(buf, N);
    check(v.monobit == HB_RNG_FAIL && v.chi == HB_RNG_FAIL && v.monobit_z > 0, "bits 1 with probability 0.52 FAIL");

    /* one value too often: 1% of the bytes replaced by 0x5a (bits still nearly balanced) */
    for (i = 0; i < N; i++)
        buf[i] = (uint8_t)(next(&s) >> 56);
    for (i = 0; i < N; i += 100)
        buf[i] = 0x5a;
    v = judge(buf, N);
    check(v.chi == HB_RNG_FAIL && v.chi_p_upper < HB_RNG_P_FAIL, "0x5a in 1% of the bytes FAILs the chi-square");

    /* a good generator passes: xorshift64* (statistically fine for this) and the kernel's */
    for (i = 0; i < N; i++)
        buf[i] = (uint8_t)(next(&s) >> 56);
    v = judge(buf, N);
    check(v.overall == HB_RNG_PASS, "xorshift64* output passes");
    check(fill_good(buf, N) == 0, "getrandom gives 1 MiB");
    v = judge(buf, N);
    check(v.overall == HB_RNG_PASS && v.bytes == N, "getrandom's output passes both tests");
    check(v.chi_square > 161.65 && v.chi_square < 377.08, "its chi-square lies between the failing points");

    /* too short to judge */
    v = judge(buf, HB_RNG_MIN_BYTES - 1);
    check(v.overall == HB_RNG_TOO_SHORT, "fewer than 2500 bytes are not judged");
    v = judge(buf, HB_RNG_MIN_BYTES);
    check(v.overall == HB_RNG_PASS, "2500 random bytes are");
    /* FIPS 140-2's monobit bound, 9725 ones in 20,000 bits, is p = 1.0e-4:
     * a pass at p < 1e-6 (the byte counts fail the chi-square, of course) */
    for (i = 0; i < 2500; i++)
        buf[i] = i < 1215 ? 0xff : i == 1215 ? 0x1f : 0x00;
    v = judge(buf, 2500);
    check(v.ones == 9725 && near(v.monobit_z, -550 / sqrt(20000.0), 1e-9), "monobit counts the one bits: 9725 of 20,000");
    check(near(v.monobit_p, 1.0062e-4, 1e-8) && v.monobit == HB_RNG_PASS && v.chi == HB_RNG_FAIL,
          "FIPS 140-2's bound is p = 1.0e-4, a monobit pass here");
    check(strcmp(hb_rng_outcome_name(HB_RNG_FAIL), "FAIL") == 0 && strcmp(hb_rng_outcome_name(HB_RNG_PASS), "pass") == 0,
          "verdict names");
    free(buf);
    return unit_summary();
}

/* Unit tests of the quality battery's statistics (src/quality/stats.c)
 * against reference values computed independently:
 *   - expected collisions: exact rational arithmetic in Python
 *     (fractions.Fraction: n - M (1 - (1 - 1/M)^n), and for M >= 2^64 the
 *     first six terms of the alternating series sum (-1)^k C(n,k) M^(1-k)),
 *   - the tails: SciPy 1.17.1 (stats.poisson.sf(k-1, lam),
 *     stats.binom.sf(k-1, n, q), stats.binom.cdf(k, n, q), stats.norm.sf,
 *     stats.chi2.sf), run once and pasted here.
 * Tolerance: 1e-6 relative (stats.h promises a few parts in 1e6). */
#include <math.h>
#include "quality/stats.h"
#include "unit.h"

static int close_rel(double got, double want, double tol)
{
    if (want == 0)
        return got == 0;
    return fabs(got - want) <= tol * fabs(want);
}

static void expect(double got, double want, const char *what)
{
    char line[160];
    snprintf(line, sizeof line, "%s = %.10g (reference %.10g)", what, got, want);
    check(close_rel(got, want, 1e-6), line);
}

int main(void)
{
    static const struct { double n; unsigned bits; double want; } ec[] = {
        {65536, 32, 0.4999898276000728},
        {4194304, 32, 2047.3330082573204},
        {1000, 16, 7.583223064220447},
        {65536, 16, 24109.163115721592},
        {300, 8, 123.12332001006595},
        {4194304, 64, 4.768370445162511e-07},
        {4194304, 128, 2.5849387979306293e-26},
        {4194304, 256, 7.596452385472023e-65},
        {65536, 512, 1.6016420366555727e-145},
    };
    for (unsigned i = 0; i < sizeof ec / sizeof ec[0]; i++) {
        char what[64];
        snprintf(what, sizeof what, "expected_collisions(%.0f, %u)", ec[i].n, ec[i].bits);
        expect(hb_q_expected_collisions(ec[i].n, ec[i].bits), ec[i].want, what);
    }
    check(hb_q_expected_collisions(1, 32) == 0, "expected_collisions(1 key) = 0");

    static const struct { double lam, k, want; } po[] = {
        {2047.5, 2048, 0.498530495181493},
        {2047.5, 2200, 0.00044610619289299784},
        {2047.5, 2500, 2.3335871197538927e-22},
        {0.5, 1, 0.3934693402873665},
        {0.5, 3, 0.014387677966970684},
        {1e-05, 1, 9.999950000166668e-06},
        {1e-05, 4, 4.1666333334722077e-22},
        {10, 40, 7.341636314560681e-13},
        {3.0, 0, 1.0},
        {100, 400, 7.737430118172676e-113},
        {24109.3, 24500, 0.00608198490434379},
    };
    for (unsigned i = 0; i < sizeof po / sizeof po[0]; i++) {
        char what[64];
        snprintf(what, sizeof what, "poisson_upper(%g, %g)", po[i].lam, po[i].k);
        expect(hb_q_poisson_upper(po[i].lam, po[i].k), po[i].want, what);
    }

    static const struct { double n, q, k, want; } bu[] = {
        {1000, 0.5, 500, 0.5126125090891802},
        {1000, 0.5, 600, 1.3642320780329735e-10},
        {2000, 0.5, 1200, 1.7525031034677855e-19},
        {65536, 0x1p-32, 1, 1.525867264954662e-05},
        {65536, 0x1p-32, 2, 1.1641236129318768e-10},
        {4194304, 0x1p-256, 1, 3.622271631530685e-71},
        {100, 0.3, 50, 2.2060913327165886e-05},
        {20, 0.5, 20, 9.5367431640625e-07},
    };
    for (unsigned i = 0; i < sizeof bu / sizeof bu[0]; i++) {
        char what[80];
        snprintf(what, sizeof what, "binom_upper(%g, %g, %g)", bu[i].n, bu[i].q, bu[i].k);
        expect(hb_q_binom_upper(bu[i].n, bu[i].q, bu[i].k), bu[i].want, what);
    }
    check(hb_q_binom_upper(20, 0.5, 21) == 0, "binom_upper above n = 0");
    check(hb_q_binom_upper(20, 0.5, 0) == 1, "binom_upper at 0 = 1");

    static const struct { double n, q, k, want; } bl[] = {
        {1000, 0.5, 500, 0.5126125090891802},
        {1000, 0.5, 400, 1.3642320780329735e-10},
        {2000, 0.5, 800, 1.7525031034677855e-19},
        {100, 0.3, 5, 3.9929434096461525e-10},
        {20, 0.5, 0, 9.5367431640625e-07},
    };
    for (unsigned i = 0; i < sizeof bl / sizeof bl[0]; i++) {
        char what[80];
        snprintf(what, sizeof what, "binom_lower(%g, %g, %g)", bl[i].n, bl[i].q, bl[i].k);
        expect(hb_q_binom_lower(bl[i].n, bl[i].q, bl[i].k), bl[i].want, what);
    }

    static const struct { double z, want; } no[] = {
        {0, 0.5}, {1.96, 0.024997895148220435}, {5, 2.866515718791933e-07},
        {10, 7.61985302416047e-24}, {37, 5.7255712225239266e-300},
    };
    for (unsigned i = 0; i < sizeof no / sizeof no[0]; i++) {
        char what[64];
        snprintf(what, sizeof what, "normal_upper(%g)", no[i].z);
        expect(hb_q_normal_upper(no[i].z), no[i].want, what);
    }

    static const struct { double x, df, want; } ch[] = {
        {4095, 4095, 0.4970611458525347},
        {4400, 4095, 0.0004880544008849322},
        {5000, 4095, 4.252884110956135e-21},
        {3.84, 1, 0.05004352124870519},
        {100, 1, 1.5239706048320995e-23},
        {262143, 262143, 0.4996326883570506},
        {270000, 262143, 3.113332884409727e-27},
        {0.5, 3, 0.9188914116546758},
        {1000, 10, 1.870290720915977e-208},
    };
    for (unsigned i = 0; i < sizeof ch / sizeof ch[0]; i++) {
        char what[64];
        snprintf(what, sizeof what, "chi2_upper(%g, %g)", ch[i].x, ch[i].df);
        expect(hb_q_chi2_upper(ch[i].x, ch[i].df), ch[i].want, what);
    }

    /* Sidak: 1 - (1 - p)^m; at p = 1e-12, m = 1e6 the naive form loses
     * four digits, the exact value is m p - C(m,2) p^2 + ... */
    expect(hb_q_sidak(1e-12, 1e6), 1e-6 - 0.5 * 1e6 * (1e6 - 1) * 1e-24, "sidak(1e-12, 1e6)");
    expect(hb_q_sidak(0.01, 10), 1 - pow(0.99, 10), "sidak(0.01, 10)");
    check(hb_q_sidak(0, 100) == 0 && hb_q_sidak(1, 100) == 1, "sidak at 0 and 1");
    return unit_summary();
}

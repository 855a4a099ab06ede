/* The battery's statistics (stats.h): tails under "a random function".
 *
 * Everything goes through two regularized special functions, computed in
 * log space so that tails down to 1e-300 keep their relative accuracy:
 *   - the incomplete gamma P(a,x)/Q(a,x) (Poisson and chi-square tails:
 *     src/stats/gamma.c, shared with the random sources' checks),
 *   - the incomplete beta I_x(a,b) (binomial tails, here),
 * each by its power series or its continued fraction (modified Lentz),
 * whichever converges on that side of the mean; the prefactor
 * x^a y^b / B(a,b) comes from hb_log_gamma (lgamma, safe on threads).  The
 * tail asked for is always the one computed directly when it is the small
 * one, so no tail is found by subtracting from 1 when it is tiny. */
#include <math.h>
#include "quality/stats.h"
#include "stats/gamma.h"

#define EPS 1e-16
#define TINY 1e-300
#define MAX_ITER 1000000

/* One step of the modified Lentz method with the coefficient aa: updates
 * c and d, returns the step's factor of the fraction */
static double lentz_step(double aa, double *c, double *d)
{
    *d = 1.0 + aa * *d;
    if (fabs(*d) < TINY)
        *d = TINY;
    *c = 1.0 + aa / *c;
    if (fabs(*c) < TINY)
        *c = TINY;
    *d = 1.0 / *d;
    return *d * *c;
}

/* The continued fraction of I_x(a,b) (Lentz); y = 1 - x given exactly */
static double beta_cf(double a, double b, double x)
{
    double qab = a + b, qap = a + 1.0, qam = a - 1.0;
    double c = 1.0, d = 1.0 - qab * x / qap;
    if (fabs(d) < TINY)
        d = TINY;
    d = 1.0 / d;
    double h = d;
    for (int m = 1; m < MAX_ITER; m++) {
        int m2 = 2 * m;
        /* the even then the odd coefficient */
        h *= lentz_step(m * (b - m) * x / ((qam + m2) * (a + m2)), &c, &d);
        double del = lentz_step(-(a + m) * (qab + m) * x / ((a + m2) * (qap + m2)), &c, &d);
        h *= del;
        if (fabs(del - 1.0) < EPS)
            break;
    }
    return h;
}

/* I_x(a,b) with y = 1 - x passed separately (x may be 2^-256: 1 - x is 1) */
static double ibeta(double a, double b, double x, double y)
{
    if (x <= 0)
        return 0.0;
    if (y <= 0)
        return 1.0;
    double lbeta = hb_log_gamma(a) + hb_log_gamma(b) - hb_log_gamma(a + b);
    double lx = x < 0.5 ? log(x) : log1p(-y);
    double ly = y < 0.5 ? log(y) : log1p(-x);
    if (x < (a + 1.0) / (a + b + 2.0))
        return exp(a * lx + b * ly - lbeta - log(a) + log(beta_cf(a, b, x)));
    return 1.0 - exp(a * lx + b * ly - lbeta - log(b) + log(beta_cf(b, a, y)));
}

double hb_q_expected_collisions(double n, unsigned bits)
{
    if (n < 2)
        return 0.0;
    double q = ldexp(1.0, -(int)bits);
    double x = n * q;
    if (x >= 0.01) {
        /* no cancellation worth the name: the result is >= ~n * x / 2 */
        double m = ldexp(1.0, (int)bits);
        return n + m * expm1(n * log1p(-q));
    }
    /* n - M (1 - (1-q)^n) = sum_{k>=2} (-1)^k C(n,k) q^(k-1): alternating,
     * each term about x/k of the one before */
    double term = n * (n - 1) / 2 * q, sum = 0;
    for (int k = 2; k < 200 && term > 0; k++) {
        sum += (k % 2 == 0) ? term : -term;
        if (term < fabs(sum) * 1e-18)
            break;
        term *= (n - k) / (k + 1) * q;
    }
    return sum;
}

double hb_q_poisson_upper(double lambda, double k)
{
    k = ceil(k);
    if (k <= 0)
        return 1.0;
    if (lambda <= 0)
        return 0.0;
    /* P(X >= k) = P(k, lambda), the lower regularized gamma */
    return hb_gamma_p(k, lambda);
}

double hb_q_binom_upper(double n, double q, double k)
{
    k = ceil(k);
    if (k <= 0)
        return 1.0;
    if (k > n)
        return 0.0;
    if (q <= 0)
        return 0.0;
    if (q >= 1)
        return 1.0;
    /* P(X >= k) = I_q(k, n - k + 1) */
    return ibeta(k, n - k + 1, q, 1.0 - q);
}

double hb_q_binom_lower(double n, double q, double k)
{
    k = floor(k);
    if (k < 0)
        return 0.0;
    if (k >= n)
        return 1.0;
    if (q <= 0)
        return 1.0;
    if (q >= 1)
        return 0.0;
    /* P(X <= k) = I_{1-q}(n - k, k + 1) */
    return ibeta(n - k, k + 1, 1.0 - q, q);
}

double hb_q_normal_upper(double z)
{
    return 0.5 * erfc(z / sqrt(2.0));
}

double hb_q_chi2_upper(double x, double df)
{
    if (df <= 0)
        return x > 0 ? 0.0 : 1.0;
    return hb_gamma_q(df / 2, x / 2);
}

double hb_q_sidak(double p_min, double m)
{
    if (p_min <= 0)
        return 0.0;
    if (p_min >= 1 || m <= 0)
        return p_min >= 1 ? 1.0 : p_min;
    double r = -expm1(m * log1p(-p_min));
    return r > 1 ? 1 : r;
}

/* The regularized incomplete gamma functions (gamma.h): P(a, x) by its
 * power series below x = a + 1, Q(a, x) by its continued fraction
 * (modified Lentz) above, each computed in log space, so that a tail down
 * to 1e-300 keeps its relative accuracy; the prefactor x^a e^-x / Gamma(a)
 * comes from lgamma_r.  The other tail is 1 minus the one computed. */
#include <math.h>
#include "stats/gamma.h"

#define EPS 1e-16
#define TINY 1e-300
#define MAX_ITER 1000000

double hb_log_gamma(double a)
{
    int sign;
    return lgamma_r(a, &sign);      /* the same function, its sign kept here */
}

/* log of x^a e^-x / Gamma(a) */
static double log_prefactor(double a, double x)
{
    return a * log(x) - x - hb_log_gamma(a);
}

/* P(a,x) by its series: x^a e^-x / Gamma(a+1) * sum x^n / ((a+1)...(a+n)) */
static double p_series(double a, double x)
{
    double term = 1.0 / a, sum = term;
    for (int n = 1; n < MAX_ITER; n++) {
        term *= x / (a + n);
        sum += term;
        if (term < sum * EPS)
            break;
    }
    return exp(log_prefactor(a, x) + log(sum));
}

/* Q(a,x) by its continued fraction (Lentz), for x >= a + 1 */
static double q_fraction(double a, double x)
{
    double b = x + 1.0 - a, c = 1.0 / TINY, d = 1.0 / b, h = d;
    for (int i = 1; i < MAX_ITER; i++) {
        double an = -i * (i - a);
        b += 2.0;
        d = an * d + b;
        if (fabs(d) < TINY)
            d = TINY;
        c = b + an / c;
        if (fabs(c) < TINY)
            c = TINY;
        d = 1.0 / d;
        double del = d * c;
        h *= del;
        if (fabs(del - 1.0) < EPS)
            break;
    }
    return exp(log_prefactor(a, x) + log(h));
}

double hb_gamma_p(double a, double x)
{
    if (x <= 0)
        return 0.0;
    if (x < a + 1.0)
        return p_series(a, x);
    return 1.0 - q_fraction(a, x);
}

double hb_gamma_q(double a, double x)
{
    if (x <= 0)
        return 1.0;
    if (x < a + 1.0)
        return 1.0 - p_series(a, x);
    return q_fraction(a, x);
}

/* Order statistics of benchmark samples (see stats.h). */
#include <stdlib.h>
#include <string.h>
#include "bench/stats.h"

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double hb_quantile_sorted(const double *sorted, size_t n, double q)
{
    double pos, frac;
    size_t lo;
    if (n == 1)
        return sorted[0];
    pos = q * (double)(n - 1);
    lo = (size_t)pos;
    if (lo >= n - 1)
        return sorted[n - 1];
    frac = pos - (double)lo;
    return sorted[lo] + frac * (sorted[lo + 1] - sorted[lo]);
}

hb_summary hb_summarize(const double *x, size_t n)
{
    hb_summary s;
    double stack[64];
    double *sorted = n <= 64 ? stack : malloc(n * sizeof *sorted);
    memset(&s, 0, sizeof s);
    if (n == 0 || !sorted)
        return s;
    memcpy(sorted, x, n * sizeof *sorted);
    qsort(sorted, n, sizeof *sorted, cmp_double);
    s.min = sorted[0];
    s.max = sorted[n - 1];
    s.median = hb_quantile_sorted(sorted, n, 0.5);
    s.q1 = hb_quantile_sorted(sorted, n, 0.25);
    s.q3 = hb_quantile_sorted(sorted, n, 0.75);
    s.spread = s.median > 0 ? (s.q3 - s.q1) / s.median : 0;
    if (sorted != stack)
        free(sorted);
    return s;
}

double hb_paired_ratio(const double *a_ns, const double *b_ns, size_t n)
{
    double *r, median;
    size_t k;
    if (n == 0 || (r = malloc(n * sizeof *r)) == NULL)
        return 0;
    for (k = 0; k < n; k++) {
        if (!(a_ns[k] > 0) || !(b_ns[k] > 0)) {
            free(r);
            return 0;
        }
        r[k] = b_ns[k] / a_ns[k];
    }
    median = hb_summarize(r, n).median;
    free(r);
    return median;
}

unsigned long long hb_calibrate_iters(unsigned long long iters, double elapsed_ns, double target_ns)
{
    double per_iter, want;
    if (elapsed_ns <= 0)
        return iters > 0 ? iters * 2 : 1;
    per_iter = elapsed_ns / (double)iters;
    want = target_ns / per_iter;
    if (want < 1)
        return 1;
    if (want > 1e15)
        return 1000000000000000ULL;
    return (unsigned long long)(want + 0.999);
}

/* Scoring a keyset's outputs (score.h).
 *
 * Collisions, one test per width: the outputs are sorted and equal
 * neighbours counted; the count is compared with the exact expectation for
 * a random function (hb_q_expected_collisions) by the Poisson upper tail
 * (one-sided: only too many collisions fail; the Poisson law is the
 * collision count's limit when n^2 / 2^bits is moderate, and conservative
 * beyond it, where the true count varies less).
 *
 * Memory: each key keeps the digest's first 8 bytes (widths <= 64) and,
 * for digests wider than 8 bytes, a 24-byte record: the first 16 bytes
 * and a 64-bit fingerprint of the rest.  Equal records stand for equal
 * digests: two different digests with equal first 128 bits also share the
 * fingerprint with probability 2^-64 per such pair, so at 2^22 keys even a
 * function whose first 128 bits never vary miscounts with probability
 * below 5e-7; keeping the full 64-byte digests instead would need 256 MiB
 * per keyset at 2^22 keys (and the engine runs several at once).  The
 * full width is counted only among the records whose low 64 bits occur
 * more than once (found by the 64-bit count's sort): none for a random
 * function, so the records are never sorted as a whole.  Peak at 2^22
 * keys: 32 MiB of low words + 96 MiB of records + 2 x 32 MiB for the
 * radix sort: about 192 MiB for one keyset of a digest wider than 8
 * bytes, 96 MiB for a narrower one.
 *
 * Buckets, one test per width: the top b and the bottom b bits of the
 * width's value are counted in 2^b buckets, b chosen so each bucket
 * expects >= 10 keys (b <= 20 and <= the width); chi-square with 2^b - 1
 * degrees of freedom for each; the worse of the two, Sidak-corrected for
 * two (they are independent for a random function). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "quality/score.h"
#include "quality/stats.h"

typedef hb_q_dkey rec24;

static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static uint64_t read_le(const uint8_t *d, unsigned n)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < n && i < 8; i++)
        v |= (uint64_t)d[i] << (8 * i);
    return v;
}

/* the digest's bytes from 16 on, folded into 64 bits: a chain of
 * bijections, so tails differing in their last word always differ */
static uint64_t tail_fingerprint(const uint8_t *d, unsigned out_bytes)
{
    uint64_t h = 0x9e3779b97f4a7c15ull;
    for (unsigned i = 16; i < out_bytes; i += 8)
        h = mix64(h ^ read_le(d + i, out_bytes - i));
    return h;
}

static int rec_cmp(const void *x, const void *y)
{
    const rec24 *p = x, *q = y;
    if (p->a != q->a)
        return p->a < q->a ? -1 : 1;
    if (p->b != q->b)
        return p->b < q->b ? -1 : 1;
    if (p->c != q->c)
        return p->c < q->c ? -1 : 1;
    return 0;
}

/* LSD radix sort, 16-bit digits, skipping digits where all values agree */
static void radix_sort64(uint64_t *v, size_t n, uint64_t *tmp)
{
    static const unsigned DIG = 16;
    size_t *cnt = malloc(((size_t)1 << DIG) * sizeof *cnt);
    if (!cnt) {
        /* small fallback: insertion would be quadratic; keep order-free count correct */
        for (size_t i = 1; i < n; i++) {
            uint64_t x = v[i];
            size_t j = i;
            while (j > 0 && v[j - 1] > x) {
                v[j] = v[j - 1];
                j--;
            }
            v[j] = x;
        }
        return;
    }
    uint64_t *src = v, *dst = tmp;
    for (unsigned shift = 0; shift < 64; shift += DIG) {
        memset(cnt, 0, ((size_t)1 << DIG) * sizeof *cnt);
        for (size_t i = 0; i < n; i++)
            cnt[(src[i] >> shift) & 0xffff]++;
        if (n && cnt[(src[0] >> shift) & 0xffff] == n)
            continue;
        size_t sum = 0;
        for (size_t d = 0; d < ((size_t)1 << DIG); d++) {
            size_t c = cnt[d];
            cnt[d] = sum;
            sum += c;
        }
        for (size_t i = 0; i < n; i++)
            dst[cnt[(src[i] >> shift) & 0xffff]++] = src[i];
        uint64_t *t = src;
        src = dst;
        dst = t;
    }
    if (src != v)
        memcpy(v, src, n * sizeof *v);
    free(cnt);
}

uint64_t hb_q_count_collisions64(uint64_t *v, size_t n, uint64_t *tmp)
{
    radix_sort64(v, n, tmp);
    uint64_t c = 0;
    for (size_t i = 1; i < n; i++)
        c += v[i] == v[i - 1];
    return c;
}

void hb_q_collision_result(hb_q_result *r, uint64_t collisions, double keys, unsigned bits)
{
    double e = hb_q_expected_collisions(keys, bits);
    r->statistic = (double)collisions;
    r->p = hb_q_poisson_upper(e, (double)collisions);
    snprintf(r->detail, sizeof r->detail, "collisions %llu, expected %.4g (%.0f keys)",
             (unsigned long long)collisions, e, keys);
}

void hb_q_dkey_of(const uint8_t *d, unsigned out_bytes, hb_q_dkey *k)
{
    k->a = read_le(d, out_bytes);
    k->b = out_bytes > 8 ? read_le(d + 8, out_bytes - 8) : 0;
    k->c = out_bytes > 16 ? tail_fingerprint(d, out_bytes) : 0;
}

int64_t hb_q_collisions_at(const hb_q_dkey *v, size_t n, unsigned width)
{
    uint64_t coll = 0;
    if (width <= 64) {
        uint64_t *x = malloc(n * sizeof *x), *tmp = malloc(n * sizeof *tmp);
        if (!x || !tmp) {
            free(x);
            free(tmp);
            return -1;
        }
        uint64_t mask = width >= 64 ? ~0ull : (1ull << width) - 1;
        for (size_t i = 0; i < n; i++)
            x[i] = v[i].a & mask;
        coll = hb_q_count_collisions64(x, n, tmp);
        free(x);
        free(tmp);
        return (int64_t)coll;
    }
    rec24 *r = malloc(n * sizeof *r);
    if (!r)
        return -1;
    memcpy(r, v, n * sizeof *r);
    qsort(r, n, sizeof *r, rec_cmp);
    for (size_t i = 1; i < n; i++)
        coll += rec_cmp(&r[i], &r[i - 1]) == 0;
    free(r);
    return (int64_t)coll;
}

static int in_sorted(const uint64_t *v, size_t n, uint64_t x)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (v[mid] < x)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < n && v[lo] == x;
}

/* full-width collisions: among the records whose low word is one of the
 * (sorted, distinct) dups; records whose low words differ cannot be equal */
static int64_t full_collisions(const rec24 *recs, size_t n, const uint64_t *dups, size_t ndups)
{
    size_t m = 0;
    if (ndups == 0)
        return 0;
    for (size_t i = 0; i < n; i++)
        m += in_sorted(dups, ndups, recs[i].a);
    rec24 *f = malloc(m * sizeof *f);
    if (!f)
        return -1;
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (in_sorted(dups, ndups, recs[i].a))
            f[k++] = recs[i];
    qsort(f, m, sizeof *f, rec_cmp);
    uint64_t coll = 0;
    for (size_t i = 1; i < m; i++)
        coll += rec_cmp(&f[i], &f[i - 1]) == 0;
    free(f);
    return (int64_t)coll;
}

static unsigned bucket_bits(uint64_t n, unsigned width)
{
    unsigned b = 0;
    while (b < 20 && b < width && ((uint64_t)10 << (b + 1)) <= n)
        b++;
    return b;
}

static double chi2_of(const uint32_t *h, unsigned b, uint64_t n)
{
    double e = (double)n / (double)((uint64_t)1 << b), x = 0;
    for (uint64_t i = 0; i < ((uint64_t)1 << b); i++) {
        double d = h[i] - e;
        x += d * d / e;
    }
    return x;
}

static void emit_failure(const hb_q_subject *s, const char *test, const char *variant,
                         hb_q_sink *sink, const char *why)
{
    unsigned widths[3], nw = hb_q_widths(s, widths);
    for (unsigned w = nw; w-- > 0;) {
        hb_q_result r;
        memset(&r, 0, sizeof r);
        r.test = test;
        r.width = widths[w];
        snprintf(r.variant, sizeof r.variant, "%s", variant);
        r.p = 1;
        snprintf(r.detail, sizeof r.detail, "not run: %s", why);
        sink->emit(sink, &r);
    }
}

/* the top b bits of the width's value */
static uint64_t top_bits(const uint8_t *d, unsigned out_bytes, uint64_t low, unsigned width, unsigned b)
{
    if (width <= 64)
        return (low >> (width - b)) & ((1ull << b) - 1);
    return read_le(d + out_bytes - 8, 8) >> (64 - b);
}

void hb_q_score_keyset(const hb_q_subject *s, hb_q_keyset *ks, const char *test,
                       const char *variant, hb_q_sink *sink)
{
    unsigned widths[3], nw = hb_q_widths(s, widths);
    size_t n = (size_t)ks->n;
    unsigned ob = s->out_bytes;
    int wide = ob > 8;
    uint64_t *low = malloc(n * sizeof *low);
    rec24 *recs = wide ? malloc(n * sizeof *recs) : NULL;
    uint8_t *key = malloc(ks->max_len + 1);
    unsigned b[3] = {0, 0, 0};
    uint32_t *hist[3][2] = {{0}};
    uint64_t *dups = NULL;      /* low words seen more than once (wide digests) */
    size_t ndups = 0;
    int have_dups = 0;
    int ok = low && key && (!wide || recs);
    for (unsigned w = 0; w < nw && ok; w++) {
        b[w] = bucket_bits(n, widths[w]);
        for (int t = 0; t < 2 && b[w]; t++)
            ok = ok && (hist[w][t] = calloc((size_t)1 << b[w], sizeof(uint32_t))) != NULL;
    }
    if (!ok) {
        emit_failure(s, test, variant, sink, "out of memory");
        goto out;
    }
    uint8_t d[HB_Q_MAX_OUT];
    for (size_t i = 0; i < n; i++) {
        size_t len = ks->next(ks, key);
        s->hash(s, key, len, NULL, d);
        uint64_t v = read_le(d, ob);
        low[i] = v;
        if (wide)
            hb_q_dkey_of(d, ob, &recs[i]);
        for (unsigned w = 0; w < nw; w++) {
            if (!b[w])
                continue;
            uint64_t wv = widths[w] >= 64 ? v : v & ((1ull << widths[w]) - 1);
            hist[w][0][top_bits(d, ob, wv, widths[w], b[w])]++;
            hist[w][1][wv & ((1ull << b[w]) - 1)]++;
        }
    }
    /* narrowest first: the 64-bit pass notes the low words that occur
     * more than once, and only records with such a low word can collide
     * at the full width (for a random function there are none) */
    for (unsigned w = nw; w-- > 0;) {
        hb_q_result r;
        memset(&r, 0, sizeof r);
        r.test = test;
        r.width = widths[w];
        snprintf(r.variant, sizeof r.variant, "%s collisions", variant);
        uint64_t coll = 0;
        if (widths[w] <= 64) {
            uint64_t *v = malloc(n * sizeof *v), *tmp = malloc(n * sizeof *tmp);
            if (!v || !tmp) {
                free(v);
                free(tmp);
                r.p = 1;
                snprintf(r.detail, sizeof r.detail, "not run: out of memory");
                sink->emit(sink, &r);
                continue;
            }
            uint64_t mask = widths[w] >= 64 ? ~0ull : (1ull << widths[w]) - 1;
            for (size_t i = 0; i < n; i++)
                v[i] = low[i] & mask;
            coll = hb_q_count_collisions64(v, n, tmp);
            if (wide && widths[w] == 64 && (dups = malloc((coll + 1) * sizeof *dups)) != NULL) {
                for (size_t i = 1; i < n; i++)
                    if (v[i] == v[i - 1] && (ndups == 0 || dups[ndups - 1] != v[i]))
                        dups[ndups++] = v[i];
                have_dups = 1;
            }
            free(v);
            free(tmp);
        } else if (have_dups) {
            int64_t c = full_collisions(recs, n, dups, ndups);
            if (c < 0) {
                r.p = 1;
                snprintf(r.detail, sizeof r.detail, "not run: out of memory");
                sink->emit(sink, &r);
                continue;
            }
            coll = (uint64_t)c;
        } else {
            qsort(recs, n, sizeof *recs, rec_cmp);
            for (size_t i = 1; i < n; i++)
                coll += rec_cmp(&recs[i], &recs[i - 1]) == 0;
        }
        hb_q_collision_result(&r, coll, (double)n, widths[w]);
        sink->emit(sink, &r);

        memset(&r, 0, sizeof r);
        r.test = test;
        r.width = widths[w];
        snprintf(r.variant, sizeof r.variant, "%s buckets", variant);
        if (!b[w]) {
            r.p = 1;
            snprintf(r.detail, sizeof r.detail, "too few keys (%zu) for buckets", n);
            sink->emit(sink, &r);
            continue;
        }
        double df = (double)((1ull << b[w]) - 1);
        double xt = chi2_of(hist[w][0], b[w], n), xl = chi2_of(hist[w][1], b[w], n);
        double pt = hb_q_chi2_upper(xt, df), pl = hb_q_chi2_upper(xl, df);
        int top_worse = pt < pl;
        r.statistic = top_worse ? xt : xl;
        r.p = hb_q_sidak(top_worse ? pt : pl, 2);
        snprintf(r.detail, sizeof r.detail, "%u-bit buckets chi2 (df %.0f): top %.1f p %.3g, low %.1f p %.3g",
                 b[w], df, xt, pt, xl, pl);
        sink->emit(sink, &r);
    }
out:
    free(dups);
    for (unsigned w = 0; w < 3; w++)
        for (int t = 0; t < 2; t++)
            free(hist[w][t]);
    free(low);
    free(recs);
    free(key);
}

/* The sanity test: three facts about the subject on the battery's keys
 * (one random key of every length 0..300 from the test's stream; the
 * subject's own seed).  One result per fact and width:
 *
 *   "implementations agree": every implementation (hash_impl, i < n_impls)
 *       gives hash()'s output on every key.  A deterministic fact, not a
 *       chance event: p = 0 on any difference (detail: which
 *       implementation and length), p = 1 otherwise.  Statistic: the
 *       differing (implementation, length) count.
 *   "alignment": the key hashed from each of the start offsets 0..15 of a
 *       buffer, by every implementation, at lengths 0..16, 31..33, 63..65,
 *       127..129, 255, 256, 300, gives its output at offset 0.  Also a
 *       fact: p = 0 on a difference, 1 otherwise.
 *   "zero-append": the key with 1, 2, 3 and 8 zero bytes appended must hash
 *       differently; for a random function each comparison is equal at w
 *       bits with probability 2^-w, so the statistic (equal comparisons of
 *       the 4 x 301) is Binomial(1204, 2^-w) and p = P(X >= it). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "quality/stats.h"
#include "quality/tests_list.h"

#define MAX_LEN 300

static const char *impl_label(const hb_q_subject *s, unsigned i)
{
    const char *n = s->impl_name ? s->impl_name(s, i) : NULL;
    return n ? n : "?";
}

static void emit(unsigned width, const char *variant, double stat, double p, const char *detail,
                 hb_q_sink *sink)
{
    hb_q_result r;
    memset(&r, 0, sizeof r);
    r.test = "sanity";
    r.width = width;
    snprintf(r.variant, sizeof r.variant, "%s", variant);
    r.statistic = stat;
    r.p = p;
    snprintf(r.detail, sizeof r.detail, "%s", detail);
    sink->emit(sink, &r);
}

typedef struct fact {
    unsigned bad;               /* differing cases */
    unsigned impl, len, off;    /* the first one */
} fact;

static void note(fact *f, unsigned impl, unsigned len, unsigned off)
{
    if (f->bad++ == 0) {
        f->impl = impl;
        f->len = len;
        f->off = off;
    }
}

static void run_sanity(const hb_q_subject *s, const hb_q_config *c, hb_q_sink *sink)
{
    static const unsigned align_lens[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
                                          31, 32, 33, 63, 64, 65, 127, 128, 129, 255, 256, 300};
    static const unsigned zeros[] = {1, 2, 3, 8};
    unsigned widths[3], nw = hb_q_widths(s, widths);
    unsigned nimpl = s->hash_impl ? s->n_impls : 0;
    hb_q_rng r;
    hb_q_rng_init(&r, c->seed, "sanity");
    uint8_t key[MAX_LEN + 8], buf[MAX_LEN + 16 + 8], ref[HB_Q_MAX_OUT], d[HB_Q_MAX_OUT];
    fact impls[3] = {{0}}, align[3] = {{0}};
    unsigned zero_equal[3] = {0, 0, 0}, zero_n = 0;
    for (unsigned len = 0; len <= MAX_LEN; len++) {
        hb_q_rng_fill(&r, key, len);
        s->hash(s, key, len, NULL, ref);
        for (unsigned i = 0; i < nimpl; i++) {
            s->hash_impl(s, i, key, len, NULL, d);
            for (unsigned w = 0; w < nw; w++)
                if (memcmp(d, ref, widths[w] / 8) != 0)
                    note(&impls[w], i, len, 0);
        }
        for (unsigned z = 0; z < sizeof zeros / sizeof zeros[0]; z++) {
            memcpy(buf, key, len);
            memset(buf + len, 0, zeros[z]);
            s->hash(s, buf, len + zeros[z], NULL, d);
            for (unsigned w = 0; w < nw; w++)
                zero_equal[w] += memcmp(d, ref, widths[w] / 8) == 0;
            zero_n++;
        }
    }
    for (unsigned a = 0; a < sizeof align_lens / sizeof align_lens[0]; a++) {
        unsigned len = align_lens[a];
        hb_q_rng_fill(&r, key, len);
        s->hash(s, key, len, NULL, ref);
        for (unsigned i = 0; i <= nimpl; i++) {
            for (unsigned off = 0; off < 16; off++) {
                memcpy(buf + off, key, len);
                if (i == nimpl)
                    s->hash(s, buf + off, len, NULL, d);
                else
                    s->hash_impl(s, i, buf + off, len, NULL, d);
                for (unsigned w = 0; w < nw; w++)
                    if (memcmp(d, ref, widths[w] / 8) != 0)
                        note(&align[w], i, len, off);
            }
        }
    }
    for (unsigned w = 0; w < nw; w++) {
        char detail[112];
        if (impls[w].bad)
            snprintf(detail, sizeof detail, "%u differences; first: %s at length %u",
                     impls[w].bad, impl_label(s, impls[w].impl), impls[w].len);
        else
            snprintf(detail, sizeof detail, "%u implementations agree on lengths 0..%u", nimpl, MAX_LEN);
        emit(widths[w], "implementations agree", impls[w].bad, impls[w].bad ? 0 : 1, detail, sink);

        if (align[w].bad)
            snprintf(detail, sizeof detail, "%u differences; first: %s, length %u at offset %u",
                     align[w].bad, align[w].impl == nimpl ? "hash" : impl_label(s, align[w].impl),
                     align[w].len, align[w].off);
        else
            snprintf(detail, sizeof detail, "same output at offsets 0..15");
        emit(widths[w], "alignment", align[w].bad, align[w].bad ? 0 : 1, detail, sink);

        double q = ldexp(1.0, -(int)widths[w]);
        snprintf(detail, sizeof detail, "%u of %u keys hash equal with zero bytes appended",
                 zero_equal[w], zero_n);
        emit(widths[w], "zero-append", zero_equal[w], hb_q_binom_upper(zero_n, q, zero_equal[w]),
             detail, sink);
    }
}

const hb_q_test hb_q_test_sanity = {"sanity",
    "implementations agree, alignment does not matter, appended zeros do", 0, run_sanity};

/* The avalanche tests (the subject's own seed; keys from the test's stream).
 *
 * avalanche.sac (strict avalanche): for each key length L in 3, 8, 16, 32,
 *   128 bytes, avalanche_keys random keys (quick 2000, full 100000); each
 *   of the 8L input bits is flipped in turn.  Per cell (input bit i,
 *   output bit j) the count of keys whose output bit j changed is
 *   Binomial(keys, 1/2) for a random function, the cells independent (each
 *   flipped key's output is a fresh uniform value).  Statistic: the worst
 *   bias |2 c / keys - 1| over the cells of output bits below the width;
 *   p = Sidak over 8L x width cells of the worst cell's two-sided binomial
 *   p.  One result per length and width.  Hashes: keys x (8L + 1).
 *
 * avalanche.bic (bit independence): lengths 8 and 32 bytes, avalanche_keys
 *   keys, every input bit flipped; for each pair of output bits (j, k) the
 *   count of keys where exactly one of j, k changed is Binomial(keys, 1/2)
 *   for a random function (two independent fair bits differ half the
 *   time; a correlation moves it).  Pairs: all pairs of the width's bits
 *   for widths <= 64 (the low 64 bits of a wider digest give the 64 and
 *   32-bit widths); for the full width of a wider digest, all pairs of 64
 *   output bits drawn from the test's stream.  Statistic: the worst bias;
 *   p = Bonferroni (min(1, m p)) over the m = 8L x pairs cells: the pair
 *   cells are pairwise but not mutually independent, where Sidak would
 *   not be guaranteed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "quality/flips.h"
#include "quality/tests_list.h"

static void not_run(const hb_q_subject *s, const char *test, const char *variant, hb_q_sink *sink)
{
    unsigned widths[3], nw = hb_q_widths(s, widths);
    for (unsigned w = 0; w < nw; w++) {
        hb_q_result r;
        memset(&r, 0, sizeof r);
        r.test = test;
        r.width = widths[w];
        r.p = 1;
        snprintf(r.variant, sizeof r.variant, "%s", variant);
        snprintf(r.detail, sizeof r.detail, "not run: out of memory");
        sink->emit(sink, &r);
    }
}

static void run_sac(const hb_q_subject *s, const hb_q_config *c, hb_q_sink *sink)
{
    static const unsigned lens[] = {3, 8, 16, 32, 128};
    for (unsigned v = 0; v < sizeof lens / sizeof lens[0]; v++) {
        unsigned len = lens[v];
        char variant[48];
        snprintf(variant, sizeof variant, "len=%u", len);
        hb_q_flips f;
        if (hb_q_flips_init(&f, 8 * len, s->out_bytes) != 0) {
            not_run(s, "avalanche.sac", variant, sink);
            continue;
        }
        char name[64];
        snprintf(name, sizeof name, "avalanche.sac/%s", variant);
        hb_q_rng r;
        hb_q_rng_init(&r, c->seed, name);
        uint8_t key[128];
        for (unsigned k = 0; k < c->avalanche_keys; k++) {
            hb_q_rng_fill(&r, key, len);
            hb_q_flip_each_bit(s, key, len, NULL, key, 8 * len, hb_q_flips_add_to, &f);
            hb_q_flips_key_done(&f);
        }
        hb_q_sac_emit(&f, s, "avalanche.sac", variant, "input", sink);
        hb_q_flips_free(&f);
    }
}

/* the 64 low bits' pairs, and for a wider digest the drawn bits' too */
typedef struct bic_pairs {
    hb_q_pairs *low, *drawn;        /* drawn: NULL for a digest of <= 64 bits */
} bic_pairs;

static void bic_add(void *ctx, unsigned in_bit, const uint8_t *d0, const uint8_t *d1)
{
    bic_pairs *bp = ctx;
    hb_q_pairs_add(bp->low, in_bit, d0, d1);
    if (bp->drawn)
        hb_q_pairs_add(bp->drawn, in_bit, d0, d1);
}

static void bic_emit(hb_q_pairs *p, const hb_q_subject *s, unsigned width, unsigned nbits,
                     const char *variant, hb_q_sink *sink)
{
    unsigned ib = 0, j = 0, k = 0;
    uint32_t hi = hb_q_pairs_worst(p, nbits, &ib, &j, &k);
    double m = (double)p->in_bits * nbits * (nbits - 1) / 2;
    double pv = hb_q_two_sided_half(p->keys, hi) * m;
    hb_q_result r;
    memset(&r, 0, sizeof r);
    r.test = "avalanche.bic";
    r.width = width;
    snprintf(r.variant, sizeof r.variant, "%s%s", variant,
             width > 64 ? " 64 drawn bits" : "");
    r.statistic = p->keys ? 2.0 * hi / (double)p->keys - 1 : 0;
    r.p = pv > 1 ? 1 : pv;
    snprintf(r.detail, sizeof r.detail,
             "worst bias %.4f: input bit %u -> output bits %u,%u, %llu keys, %.0f cells",
             r.statistic, ib, j, k, (unsigned long long)p->keys, m);
    (void)s;
    sink->emit(sink, &r);
}

static void run_bic(const hb_q_subject *s, const hb_q_config *c, hb_q_sink *sink)
{
    static const unsigned lens[] = {8, 32};
    unsigned widths[3], nw = hb_q_widths(s, widths);
    unsigned full = widths[0], nlow = full < 64 ? full : 64;
    for (unsigned v = 0; v < sizeof lens / sizeof lens[0]; v++) {
        unsigned len = lens[v];
        char variant[48], name[64];
        snprintf(variant, sizeof variant, "len=%u", len);
        snprintf(name, sizeof name, "avalanche.bic/%s", variant);
        hb_q_rng r;
        hb_q_rng_init(&r, c->seed, name);
        uint16_t low[64], drawn[64];
        for (unsigned i = 0; i < 64; i++)
            low[i] = (uint16_t)i;
        /* 64 distinct bits of a wider digest (partial Fisher-Yates) */
        uint16_t all[HB_Q_MAX_OUT * 8];
        for (unsigned i = 0; i < full; i++)
            all[i] = (uint16_t)i;
        for (unsigned i = 0; i < 64 && full > 64; i++) {
            unsigned j = i + (unsigned)(hb_q_rng_next(&r) % (full - i));
            uint16_t t = all[i];
            all[i] = all[j];
            all[j] = t;
            drawn[i] = all[i];
        }
        hb_q_pairs pl, pd;
        int wide = full > 64;
        if (hb_q_pairs_init(&pl, 8 * len, low, nlow) != 0) {
            not_run(s, "avalanche.bic", variant, sink);
            continue;
        }
        if (wide && hb_q_pairs_init(&pd, 8 * len, drawn, 64) != 0) {
            hb_q_pairs_free(&pl);
            not_run(s, "avalanche.bic", variant, sink);
            continue;
        }
        uint8_t key[32];
        bic_pairs bp = { &pl, wide ? &pd : NULL };
        for (unsigned k = 0; k < c->avalanche_keys; k++) {
            hb_q_rng_fill(&r, key, len);
            hb_q_flip_each_bit(s, key, len, NULL, key, 8 * len, bic_add, &bp);
            hb_q_pairs_key_done(&pl);
            if (wide)
                hb_q_pairs_key_done(&pd);
        }
        for (unsigned w = 0; w < nw; w++) {
            if (widths[w] > 64)
                bic_emit(&pd, s, widths[w], 64, variant, sink);
            else
                bic_emit(&pl, s, widths[w], widths[w], variant, sink);
        }
        hb_q_pairs_free(&pl);
        if (wide)
            hb_q_pairs_free(&pd);
    }
}

const hb_q_test hb_q_test_sac = {"avalanche.sac",
    "strict avalanche: every input bit flips every output bit half the time", 0, run_sac};
const hb_q_test hb_q_test_bic = {"avalanche.bic",
    "bit independence: output bits flip independently of each other", 0, run_bic};

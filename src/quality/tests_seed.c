/* The seed tests: keyed subjects only (seed_bytes > 0); an unkeyed subject
 * is reported as not keyed by the engine, never as passing.  A seed is
 * seed_bytes bytes (16 at most).
 *
 * seed.avalanche: for key lengths 8 and 64 bytes, seed_keys random
 *   (key, seed) pairs (quick 2000, full 100000); each of the 8 x seed_bytes
 *   seed bits flipped in turn.  Per cell (seed bit, output bit) the flips
 *   are Binomial(pairs, 1/2) for a random keyed function; statistic: the
 *   worst bias; p = Sidak over seed bits x width cells of the worst
 *   two-sided binomial p (as avalanche.sac).
 *
 * seed.independence: M = min(seed_keys, 2^log2_keys / 16) seeds
 *   s_j = S xor j and K = 16 keys k_i = B xor i (16 bytes; S, B random,
 *   j, i written little-endian into the low bytes: close seeds and keys,
 *   where a seed that is merely added or xored shows), all M x K outputs.
 *   Three collision counts per width, each against a Poisson law with the
 *   exact random-function mean, p = P(X >= count):
 *     "same key": collisions among the M outputs of each key, summed over
 *         the keys (mean K E(M)): the seed must change the output;
 *     "xor of seed pairs": for seeds (s_2j, s_2j+1), collisions among the K
 *         values H_s(k) xor H_s'(k), summed over the pairs (mean M/2 E(K)):
 *         a seed that only shifts the output gives one value for all keys
 *         (of a digest wider than 128 bits, the xor of the first 128);
 *     "all outputs": collisions among all M K outputs (mean E(M K)). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "quality/flips.h"
#include "quality/score.h"
#include "quality/stats.h"
#include "quality/tests_list.h"

static void run_seed_avalanche(const hb_q_subject *s, const hb_q_config *c, hb_q_sink *sink)
{
    static const unsigned lens[] = {8, 64};
    unsigned sb = s->seed_bytes > HB_Q_SEED_BYTES ? HB_Q_SEED_BYTES : s->seed_bytes;
    if (sb == 0)
        return;
    for (unsigned v = 0; v < sizeof lens / sizeof lens[0]; v++) {
        unsigned len = lens[v];
        char variant[48], name[64];
        snprintf(variant, sizeof variant, "len=%u seed=%u bytes", len, sb);
        snprintf(name, sizeof name, "seed.avalanche/%s", variant);
        hb_q_flips f;
        if (hb_q_flips_init(&f, 8 * sb, s->out_bytes) != 0)
            continue;
        hb_q_rng r;
        hb_q_rng_init(&r, c->seed, name);
        uint8_t key[64], seed[HB_Q_SEED_BYTES] = {0};
        for (unsigned k = 0; k < c->seed_keys; k++) {
            hb_q_rng_fill(&r, key, len);
            hb_q_rng_fill(&r, seed, sb);
            hb_q_flip_each_bit(s, key, len, seed, seed, 8 * sb, hb_q_flips_add_to, &f);
            hb_q_flips_key_done(&f);
        }
        hb_q_sac_emit(&f, s, "seed.avalanche", variant, "seed", sink);
        hb_q_flips_free(&f);
    }
}

static void emit_count(const hb_q_subject *s, unsigned width, const char *variant, int64_t coll,
                       double lambda, const char *what, hb_q_sink *sink)
{
    hb_q_result r;
    memset(&r, 0, sizeof r);
    r.test = "seed.independence";
    r.width = width;
    snprintf(r.variant, sizeof r.variant, "%s", variant);
    (void)s;
    if (coll < 0) {
        r.p = 1;
        snprintf(r.detail, sizeof r.detail, "not run: out of memory");
    } else {
        r.statistic = (double)coll;
        r.p = hb_q_poisson_upper(lambda, (double)coll);
        snprintf(r.detail, sizeof r.detail, "collisions %lld, expected %.4g (%s)",
                 (long long)coll, lambda, what);
    }
    sink->emit(sink, &r);
}

static void put_le(uint8_t *p, unsigned n, uint64_t v)
{
    for (unsigned i = 0; i < n && i < 8; i++)
        p[i] ^= (uint8_t)(v >> (8 * i));
}

static void run_seed_independence(const hb_q_subject *s, const hb_q_config *c, hb_q_sink *sink)
{
    enum { K = 16, KEY_LEN = 16 };
    unsigned sb = s->seed_bytes > HB_Q_SEED_BYTES ? HB_Q_SEED_BYTES : s->seed_bytes;
    if (sb == 0)
        return;
    size_t m = c->seed_keys;
    if (m > ((size_t)1 << c->log2_keys) / K)
        m = ((size_t)1 << c->log2_keys) / K;
    m &= ~(size_t)1;
    if (m < 2)
        m = 2;
    hb_q_rng r;
    hb_q_rng_init(&r, c->seed, "seed.independence");
    uint8_t base_seed[HB_Q_SEED_BYTES] = {0}, base_key[KEY_LEN];
    hb_q_rng_fill(&r, base_seed, sb);
    hb_q_rng_fill(&r, base_key, KEY_LEN);
    hb_q_dkey *out = malloc(m * K * sizeof *out);     /* [seed][key] */
    hb_q_dkey *col = malloc((m > K ? m : K) * sizeof *col);
    unsigned widths[3], nw = hb_q_widths(s, widths);
    if (!out || !col) {
        for (unsigned w = 0; w < nw; w++)
            emit_count(s, widths[w], "all", -1, 0, "", sink);
        free(out);
        free(col);
        return;
    }
    uint8_t seed[HB_Q_SEED_BYTES], key[KEY_LEN], d[HB_Q_MAX_OUT];
    for (size_t j = 0; j < m; j++) {
        memcpy(seed, base_seed, sizeof seed);
        put_le(seed, sb, j);
        for (unsigned i = 0; i < K; i++) {
            memcpy(key, base_key, KEY_LEN);
            put_le(key, KEY_LEN, i);
            s->hash(s, key, KEY_LEN, seed, d);
            hb_q_dkey_of(d, s->out_bytes, &out[j * K + i]);
        }
    }
    for (unsigned w = 0; w < nw; w++) {
        unsigned width = widths[w];
        /* same key across seeds */
        int64_t total = 0;
        for (unsigned i = 0; i < K && total >= 0; i++) {
            for (size_t j = 0; j < m; j++)
                col[j] = out[j * K + i];
            int64_t cc = hb_q_collisions_at(col, m, width);
            total = cc < 0 ? -1 : total + cc;
        }
        char what[48];
        snprintf(what, sizeof what, "%u keys x %zu seeds", K, m);
        emit_count(s, width, "same key", total, K * hb_q_expected_collisions((double)m, width), what, sink);
        /* xor of the outputs of seed pairs, across keys: of a digest wider
         * than 128 bits its first 128 (the fingerprint of the rest does
         * not commute with xor) */
        unsigned xw = width > 128 ? 128 : width;
        total = 0;
        for (size_t j = 0; j + 1 < m && total >= 0; j += 2) {
            for (unsigned i = 0; i < K; i++) {
                col[i].a = out[j * K + i].a ^ out[(j + 1) * K + i].a;
                col[i].b = out[j * K + i].b ^ out[(j + 1) * K + i].b;
                col[i].c = 0;
            }
            int64_t cc = hb_q_collisions_at(col, K, xw);
            total = cc < 0 ? -1 : total + cc;
        }
        snprintf(what, sizeof what, "%zu seed pairs x %u keys", m / 2, K);
        emit_count(s, width, "xor of seed pairs", total,
                   (double)(m / 2) * hb_q_expected_collisions(K, xw), what, sink);
        snprintf(what, sizeof what, "%zu outputs", m * K);
        emit_count(s, width, "all outputs", hb_q_collisions_at(out, m * K, width),
                   hb_q_expected_collisions((double)(m * K), width), what, sink);
    }
    free(out);
    free(col);
}

const hb_q_test hb_q_test_seed_avalanche = {"seed.avalanche",
    "every seed bit flips every output bit half the time", 1, run_seed_avalanche};
const hb_q_test hb_q_test_seed_independence = {"seed.independence",
    "different seeds give unrelated functions (no shared or shifted outputs)", 1, run_seed_independence};

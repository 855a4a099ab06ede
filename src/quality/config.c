/* The battery's two sizes (quality.h, hb_q_config).
 *
 * quick: 2^16 keys per collision keyset, enough to catch a hash that
 * collides grossly (a byte sum, a short linear recurrence) and small
 * enough that all 40 algorithms run in under two minutes on two cores
 * (make test runs it).  full: 2^22 keys, where a 32-bit collision test
 * expects 2047.5 collisions and a 10% excess is more than four standard
 * deviations: the size at which 32-bit outputs are really judged.  The
 * avalanche and seed key counts grow with it: SAC's bias resolution goes
 * as 1/sqrt(keys). */
#include <string.h>
#include "quality/config.h"

void hb_q_config_quick(hb_q_config *c, uint64_t seed)
{
    memset(c, 0, sizeof *c);
    c->seed = seed;
    c->log2_keys = 16;
    c->avalanche_keys = 2000;
    c->seed_keys = 2000;
    c->quick = 1;
}

void hb_q_config_full(hb_q_config *c, uint64_t seed)
{
    memset(c, 0, sizeof *c);
    c->seed = seed;
    c->log2_keys = 22;
    c->avalanche_keys = 100000;
    c->seed_keys = 100000;
    c->quick = 0;
}

/* A subject whose one hash costs as much as HB_Q_SLOW_COST fast ones
 * (PBKDF2: 2 x 100 SHA-256 compressions a hash) would take the battery's
 * whole budget alone: it runs with HB_Q_SLOW_SCALE times fewer keys, in
 * both sizes, and the report says so.  The rule reads the subject's
 * declared cost, never a time measured here, so that every machine gives
 * the same keys to the same subject. */
unsigned hb_q_config_scale(double cost)
{
    return cost >= HB_Q_SLOW_COST ? HB_Q_SLOW_SCALE : 1;
}

void hb_q_config_scaled(hb_q_config *out, const hb_q_config *c, unsigned scale)
{
    unsigned shift = 0;
    *out = *c;
    if (scale <= 1)
        return;
    while ((1u << (shift + 1)) <= scale)
        shift++;
    out->log2_keys = c->log2_keys > shift + 8 ? c->log2_keys - shift : 8;
    out->avalanche_keys = c->avalanche_keys / scale > 100 ? c->avalanche_keys / scale : 100;
    out->seed_keys = c->seed_keys / scale > 100 ? c->seed_keys / scale : 100;
}

/* What one job holds at its peak, from the tests' own layouts (score.c: a
 * 64-bit word and a sort buffer per key, and for digests over 64 bits a
 * 24-byte record; tests_seed.c: the M x 16 outputs of seed.independence),
 * checked against the peak resident memory of each test run alone at the
 * full size: keyset.window 241 MB on SHA-256 (estimate 235), 105 MB on
 * XXH64 (101); seed.independence 122 MB on HMAC-SHA-256 (115), 70 MB on
 * XXH64 (64).  The other tests hold counters of a few MiB. */
size_t hb_q_job_bytes(const hb_q_test *t, const hb_q_subject *s, const hb_q_config *c)
{
    size_t n = (size_t)1 << c->log2_keys, wide = s->out_bytes > 8;
    if (strncmp(t->id, "keyset.", 7) == 0)
        return n * (wide ? 56 : 24);
    if (strcmp(t->id, "seed.independence") == 0) {
        size_t m = c->seed_keys < n / 16 ? c->seed_keys : n / 16;
        return m * 16 * (wide ? 72 : 40);
    }
    return (size_t)16 << 20;
}

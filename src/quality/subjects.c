/* The roster's algorithms as subjects of the quality battery (subjects.h).
 *
 * Which algorithms take the battery's seed, how many bytes and as what:
 * the list below, the one place that says it (docs/quality.md repeats it).
 * xxHash and Murmur3 take their seeds as the hb_params key (little-endian:
 * include/hashbench/xxh.h, murmur3.h), SipHash-2-4, HMAC-SHA-256, BLAKE2
 * and AES-CBC-MAC a 16-byte key, PBKDF2 the salt.  XXH3 takes its 64-bit
 * seed as an 8-byte key (hashbench/xxh3.h); BLAKE3's keyed mode takes 32
 * bytes, more than a seed holds (HB_Q_SEED_BYTES).  An entry whose with_params refuses the
 * seed here leaves its algorithm unkeyed rather than failing. */
#include <stdio.h>
#include <string.h>
#include "hashbench/mac.h"
#include "quality/subjects.h"

typedef struct keyed_entry {
    const char *id;
    unsigned bytes;
    const char *as;     /* "key", "seed" or "salt" (the salt goes in as hb_params.salt) */
    double cost;        /* hb_q_subject.cost where the tier's does not fit; 0: the tier's */
} keyed_entry;

static const keyed_entry keyed[] = {
    { "murmur3-32", 4, "seed", 0 },   { "murmur3-128", 4, "seed", 0 }, { "xxh32", 4, "seed", 0 },
    { "xxh64", 8, "seed", 0 },        { "xxh3-64", 8, "seed", 0 },     { "xxh3-128", 8, "seed", 0 },
    { "siphash-2-4", 16, "key", 0 },  { "hmac-sha256", 16, "key", 0 },
    /* a hash is 2 x HB_PBKDF2_SHA256_ITERATIONS SHA-256 compressions */
    { "pbkdf2-sha256", 16, "salt", 2.0 * HB_PBKDF2_SHA256_ITERATIONS },
    { "blake2s", 16, "key", 0 },      { "blake2b", 16, "key", 0 },     { "aes-cbc-mac", 16, "key", 0 },
};

static const keyed_entry *keyed_of(const hb_algo *algo)
{
    unsigned i;
    for (i = 0; i < sizeof keyed / sizeof keyed[0]; i++)
        if (strcmp(keyed[i].id, algo->id) == 0)
            return &keyed[i];
    return NULL;
}

static int keyed_call(const hb_q_roster_subject *rs, const hb_impl *impl, const uint8_t *key, size_t len,
                      const uint8_t *seed, uint8_t *out)
{
    hb_params p;
    memset(&p, 0, sizeof p);
    if (rs->seed_is_salt) {
        p.salt = seed;
        p.salt_len = rs->s.seed_bytes;
    } else {
        p.key = seed;
        p.key_len = rs->s.seed_bytes;
    }
    return impl->with_params(&p, key, len, out, rs->s.out_bytes);
}

static void hash_with(const hb_q_roster_subject *rs, const hb_impl *impl, hb_oneshot_fn oneshot,
                      const hb_impl *keyed_impl, const uint8_t *key, size_t len, const uint8_t *seed,
                      uint8_t *out)
{
    static const uint8_t none[1] = { 0 };
    if (!key)
        key = none;     /* len is 0: an implementation may still want an address */
    if ((!seed || !rs->s.seed_bytes) && oneshot)
        oneshot(key, len, out);
    else if (!seed || !rs->s.seed_bytes)
        hb_hash(impl, key, len, out);
    else
        (void)keyed_call(rs, keyed_impl, key, len, seed, out);  /* checked at init */
}

static void roster_hash(const hb_q_subject *s, const uint8_t *key, size_t len, const uint8_t *seed, uint8_t *out)
{
    const hb_q_roster_subject *rs = s->self;
    hash_with(rs, rs->pick, rs->pick_oneshot, rs->keyed_pick, key, len, seed, out);
}

static void roster_hash_impl(const hb_q_subject *s, unsigned i, const uint8_t *key, size_t len,
                             const uint8_t *seed, uint8_t *out)
{
    const hb_q_roster_subject *rs = s->self;
    if (i >= s->n_impls)
        i = 0;
    hash_with(rs, rs->impls[i], rs->oneshot[i], rs->keyed_by[i], key, len, seed, out);
}

static const char *roster_impl_name(const hb_q_subject *s, unsigned i)
{
    const hb_q_roster_subject *rs = s->self;
    return i < s->n_impls ? rs->impls[i]->name : "?";
}

/* Does impl's with_params take a seed of this subject's size (and give
 * the digest's length)? */
static int takes_seed(const hb_q_roster_subject *rs, const hb_impl *impl)
{
    static const uint8_t seed[HB_Q_SEED_BYTES] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 };
    uint8_t out[HB_MAX_DIGEST];
    return impl->with_params && keyed_call(rs, impl, seed, sizeof seed, seed, out) == 0;
}

/* The implementations: every one available here but the threaded rows,
 * the pick first among equals (its place in the list is kept). */
static void collect_impls(hb_q_roster_subject *rs)
{
    const hb_algo *algo = rs->algo;
    unsigned i, n = 0;
    for (i = 0; i < hb_impl_count(algo) && n < HB_Q_MAX_IMPLS; i++) {
        const hb_impl *impl = hb_impl_at(algo, i);
        const hb_impl_row *row = hb_impl_row_of(algo, impl);
        if (row && row->threads) {
            rs->skipped_threaded++;
            continue;
        }
        if (hb_impl_available(impl)) {
            rs->oneshot[n] = hb_impl_oneshot(impl);
            rs->impls[n++] = impl;
        }
    }
    rs->s.n_impls = n;
}

/* hash()'s implementation: the pick, or the best-ranked single-threaded
 * one when the pick hashes on several threads. */
static const hb_impl *pick_one(const hb_q_roster_subject *rs)
{
    const hb_impl *pick = hb_impl_pick(rs->algo, HB_NO_SIZE), *best = NULL;
    unsigned i;
    for (i = 0; i < rs->s.n_impls; i++)
        if (rs->impls[i] == pick)
            return pick;
    for (i = 0; i < rs->s.n_impls; i++)
        if (!best || hb_impl_rank(rs->algo, rs->impls[i]) > hb_impl_rank(rs->algo, best))
            best = rs->impls[i];
    return best;
}

/* The seed, where the list above names the algorithm and an
 * implementation here takes it: the pick's own keyed form when it has one,
 * else the best-ranked that has. */
static void setup_keying(hb_q_roster_subject *rs)
{
    const keyed_entry *k = keyed_of(rs->algo);
    unsigned i;
    rs->s.seed_bytes = 0;
    if (!k || k->bytes > HB_Q_SEED_BYTES)
        return;
    rs->s.seed_bytes = k->bytes;
    rs->seed_is_salt = strcmp(k->as, "salt") == 0;
    if (takes_seed(rs, rs->pick))
        rs->keyed_pick = rs->pick;
    for (i = 0; i < rs->s.n_impls && !rs->keyed_pick; i++)
        if (takes_seed(rs, rs->impls[i]))
            rs->keyed_pick = rs->impls[i];
    if (!rs->keyed_pick) {
        rs->s.seed_bytes = 0;
        return;
    }
    for (i = 0; i < rs->s.n_impls; i++)
        rs->keyed_by[i] = takes_seed(rs, rs->impls[i]) ? rs->impls[i] : rs->keyed_pick;
}

/* Relative cost of one 64-byte hash (1: a fast non-crypto hash): a
 * cryptographic hash of 64 bytes is one or two compressions, some ten
 * times that; PBKDF2 says its own (the list above).  Declared, not
 * measured: the engine scales the keys of a very slow subject by it
 * (config.h), which must not depend on the machine or its load. */
static double declared_cost(const hb_algo *algo)
{
    const keyed_entry *k = keyed_of(algo);
    if (k && k->cost > 0)
        return k->cost;
    return algo->tier == HB_TIER_CRYPTO ? 10 : 1;
}

int hb_q_roster_subject_init(hb_q_roster_subject *rs, const hb_algo *algo, char *why, size_t why_len)
{
    memset(rs, 0, sizeof *rs);
    rs->algo = algo;
    rs->s.name = algo->id;
    rs->s.out_bytes = algo->digest_size;
    rs->s.self = rs;
    rs->s.hash = roster_hash;
    rs->s.hash_impl = roster_hash_impl;
    rs->s.impl_name = roster_impl_name;
    collect_impls(rs);
    if (rs->s.n_impls == 0 || algo->digest_size > HB_Q_MAX_OUT) {
        snprintf(why, why_len, "%s: no implementation of it runs here", algo->id);
        return -1;
    }
    rs->pick = pick_one(rs);
    rs->pick_oneshot = hb_impl_oneshot(rs->pick);
    setup_keying(rs);
    rs->s.cost = declared_cost(algo);
    return 0;
}

const char *hb_q_roster_keying(const hb_q_roster_subject *rs, char *buf, size_t len)
{
    const keyed_entry *k = keyed_of(rs->algo);
    if (!rs->s.seed_bytes || !k)
        snprintf(buf, len, "not keyed");
    else
        snprintf(buf, len, "%u-byte %s", rs->s.seed_bytes, k->as);
    return buf;
}

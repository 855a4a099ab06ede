/* The hash-quality battery's shared interface (hashbench quality).
 *
 * A subject is one function under test: an algorithm of the roster through
 * its implementations (subjects.c), a random oracle or a deliberately weak
 * function (tests/quality/).  A test (tests_*.c) draws its keys from the
 * battery's seed, hashes them once through the subject, and scores each
 * width the subject is judged at (quality_widths) with a p-value; the
 * engine (engine.c) runs tests on every CPU, applies the verdict rule
 * (verdict.c, docs/quality.md) and hands the results to the output.
 *
 * Host only: the battery is plain C, but it keeps millions of outputs in
 * memory and uses threads. */
#ifndef HB_QUALITY_H
#define HB_QUALITY_H

#include <stddef.h>
#include <stdint.h>

#define HB_Q_MAX_OUT 64         /* bytes: the widest digest of the roster */
#define HB_Q_SEED_BYTES 16      /* a seed (or key) as a subject receives it */

typedef struct hb_q_subject hb_q_subject;
struct hb_q_subject {
    const char *name;           /* "sha256", "oracle-17", "weak-bytesum" */
    unsigned out_bytes;         /* bytes hash() writes: the full digest */
    /* Keyed subjects take a seed (xxHash and Murmur3 seeds, SipHash's key,
     * HMAC's key, PBKDF2's salt): seed_bytes of seed[] are used, the rest
     * ignored.  0: not keyed, seed is ignored and the seed tests do not
     * run (the report says "not keyed", never "passed"). */
    unsigned seed_bytes;
    /* Implementations the sanity test cross-checks: hash_impl(s, i, ...)
     * for i < n_impls gives implementation i's output (hash() is one of
     * them, the one the pick gives); 1 where there is only one. */
    unsigned n_impls;
    const char *(*impl_name)(const hb_q_subject *s, unsigned i);
    const void *self;           /* the function's own state */
    /* Writes out_bytes bytes for key[0..len) under seed (NULL: the
     * roster's own key or seed).  Thread-safe; key may be at any address. */
    void (*hash)(const hb_q_subject *s, const uint8_t *key, size_t len,
                 const uint8_t *seed, uint8_t *out);
    void (*hash_impl)(const hb_q_subject *s, unsigned impl, const uint8_t *key,
                      size_t len, const uint8_t *seed, uint8_t *out);
    /* Relative cost of one hash of a 64-byte key (1 = a fast non-crypto
     * hash); the engine scales key counts of very slow subjects by it
     * (PBKDF2) only where the mode says so, and says so in the report. */
    double cost;
};

/* The widths a subject is judged at: the full digest, and for digests
 * wider than 64 bits also the low 64 and low 32 bits.  "Low n bits" are
 * the digest's first n/8 bytes, read little-endian (how a hash table takes
 * a digest's first word).  Returns the count (1 or 3), widest first. */
unsigned hb_q_widths(const hb_q_subject *s, unsigned bits[3]);

/* The first min(8, out_bytes) bytes of a digest, little-endian. */
static inline uint64_t hb_q_low64(const uint8_t *d, unsigned out_bytes)
{
    uint64_t v = 0;
    unsigned n = out_bytes < 8 ? out_bytes : 8;
    for (unsigned i = 0; i < n; i++)
        v |= (uint64_t)d[i] << (8 * i);
    return v;
}

/* How big a run is.  Tests read these, never a mode flag. */
typedef struct hb_q_config {
    uint64_t seed;              /* the battery's seed, printed and settable */
    unsigned log2_keys;         /* keys in a collision keyset (quick 16, full 22) */
    unsigned avalanche_keys;    /* random keys per length in the avalanche tests */
    unsigned seed_keys;         /* seeds per test in the seed tests */
    int quick;                  /* 1: --quick (recorded, not read by tests) */
} hb_q_config;

void hb_q_config_quick(hb_q_config *c, uint64_t seed);
void hb_q_config_full(hb_q_config *c, uint64_t seed);

/* One scored test of one subject at one width. */
typedef struct hb_q_result {
    const char *test;           /* the test's id, static: "keyset.sparse" */
    char variant[48];           /* what this instance tested: "len=16 bits<=3" */
    unsigned width;             /* bits judged: 32, 64 or the full width */
    double statistic;           /* the test's statistic (collisions, max bias, chi2 ...) */
    double p;                   /* p-value: P(a statistic this extreme | random function) */
    char detail[112];           /* for people: "collisions 2101, expected 2048.0" */
} hb_q_result;

typedef struct hb_q_sink hb_q_sink;
struct hb_q_sink {
    void (*emit)(hb_q_sink *sink, const hb_q_result *r);
    void *user;
};

/* One test of the battery.  run() scores every width of the subject
 * (hb_q_widths) and emits at least one result per width it applies to. */
typedef struct hb_q_test {
    const char *id;             /* "sanity", "avalanche.sac", "keyset.sparse" ... */
    const char *what;           /* one line: what it detects */
    int keyed_only;             /* 1: runs only on keyed subjects (seed tests) */
    void (*run)(const hb_q_subject *s, const hb_q_config *c, hb_q_sink *sink);
} hb_q_test;

/* The battery, in the order the report lists it (tests.c). */
unsigned hb_q_test_count(void);
const hb_q_test *hb_q_test_at(unsigned i);
const hb_q_test *hb_q_test_find(const char *id);

/* The keys: a deterministic generator every test derives from the battery
 * seed and its own id, so a test's keys do not depend on which other tests
 * ran or on the thread that runs it (same seed, same report). */
typedef struct hb_q_rng { uint64_t s[4]; } hb_q_rng;
void hb_q_rng_init(hb_q_rng *r, uint64_t seed, const char *stream);
uint64_t hb_q_rng_next(hb_q_rng *r);
void hb_q_rng_fill(hb_q_rng *r, uint8_t *buf, size_t len);

#endif

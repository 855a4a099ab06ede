/* Unit tests of the quality battery's tests (src/quality/tests*.c) on
 * subjects written here: good functions pass every test at the quick size
 * under the verdict rule (p >= 0.001 / m, m = results at that width), weak
 * functions fail the tests aimed at their weakness (the tests can fail),
 * and the same seed gives the same results twice.
 *
 *   ./build/tests/quality_tests            all of it (about a minute on one core)
 *   ./build/tests/quality_tests -v         also every result of every subject
 *
 * The good subjects: SHA-256 through the library (every implementation
 * this CPU runs, so sanity cross-checks them) and a keyed 64-bit mixer
 * (splitmix64's finaliser chained over the words).  The weak ones: the
 * first 8 bytes as they are, the byte sum, a multiply per word without a
 * final mix, and two keyed mixers whose seed is only xored into the output
 * or ignored. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "hashbench.h"
#include "quality/quality.h"
#include "quality/tests_list.h"
#include "unit.h"

static int verbose;

/* ---- the subjects */
static uint64_t fmix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static uint64_t word(const uint8_t *p, size_t n)
{
    uint64_t v = 0;
    for (size_t i = 0; i < n && i < 8; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

static void put64(uint8_t *out, uint64_t h)
{
    for (int i = 0; i < 8; i++)
        out[i] = (uint8_t)(h >> (8 * i));
}

static uint64_t mix_words(const uint8_t *key, size_t len, uint64_t s0, uint64_t s1)
{
    uint64_t h = fmix(s0 + len * 0x9e3779b97f4a7c15ull);
    h = fmix(h ^ s1);
    for (size_t i = 0; i < len; i += 8)
        h = fmix(h ^ word(key + i, len - i));
    return fmix(h ^ 0x2545f4914f6cdd1dull);
}

static void mixer(const hb_q_subject *s, const uint8_t *key, size_t len, const uint8_t *seed, uint8_t *out)
{
    (void)s;
    uint64_t s0 = seed ? word(seed, 8) : 0, s1 = seed ? word(seed + 8, 8) : 0;
    put64(out, mix_words(key, len, s0, s1));
}

/* the seed only xored into the output */
static void seed_xored(const hb_q_subject *s, const uint8_t *key, size_t len, const uint8_t *seed, uint8_t *out)
{
    (void)s;
    put64(out, mix_words(key, len, 0, 0) ^ (seed ? word(seed, 8) : 0));
}

static void seed_ignored(const hb_q_subject *s, const uint8_t *key, size_t len, const uint8_t *seed, uint8_t *out)
{
    (void)s;
    (void)seed;
    put64(out, mix_words(key, len, 0, 0));
}

static void identity8(const hb_q_subject *s, const uint8_t *key, size_t len, const uint8_t *seed, uint8_t *out)
{
    (void)s;
    (void)seed;
    put64(out, word(key, len));
}

/* 32 bytes: the key's first 32, zero-padded (collisions at the full width
 * and at 64 bits are known exactly) */
static void identity32(const hb_q_subject *s, const uint8_t *key, size_t len, const uint8_t *seed, uint8_t *out)
{
    (void)s;
    (void)seed;
    memset(out, 0, 32);
    memcpy(out, key, len < 32 ? len : 32);
}

static void bytesum(const hb_q_subject *s, const uint8_t *key, size_t len, const uint8_t *seed, uint8_t *out)
{
    (void)s;
    (void)seed;
    uint64_t h = 0;
    for (size_t i = 0; i < len; i++)
        h += key[i];
    put64(out, h);
}

static void multiply(const hb_q_subject *s, const uint8_t *key, size_t len, const uint8_t *seed, uint8_t *out)
{
    (void)s;
    (void)seed;
    uint64_t h = len;
    for (size_t i = 0; i < len; i += 8)
        h = (h ^ word(key + i, len - i)) * 0x9e3779b97f4a7c15ull;
    put64(out, h);
}

static void one_impl(const hb_q_subject *s, unsigned i, const uint8_t *key, size_t len,
                     const uint8_t *seed, uint8_t *out)
{
    (void)i;
    s->hash(s, key, len, seed, out);
}

static const char *one_name(const hb_q_subject *s, unsigned i)
{
    (void)s;
    (void)i;
    return "only";
}

/* SHA-256 through the library: impls[] the ones this CPU runs */
typedef struct lib_subject {
    const hb_impl *pick;
    const hb_impl *impls[32];
    unsigned n;
} lib_subject;

static void lib_hash(const hb_q_subject *s, const uint8_t *key, size_t len, const uint8_t *seed, uint8_t *out)
{
    (void)seed;
    const lib_subject *l = s->self;
    hb_hash(l->pick, key, len, out);
}

static void lib_impl(const hb_q_subject *s, unsigned i, const uint8_t *key, size_t len,
                     const uint8_t *seed, uint8_t *out)
{
    (void)seed;
    const lib_subject *l = s->self;
    hb_hash(l->impls[i], key, len, out);
}

static const char *lib_name(const hb_q_subject *s, unsigned i)
{
    const lib_subject *l = s->self;
    return l->impls[i]->name;
}

static hb_q_subject plain(const char *name, unsigned seed_bytes,
                          void (*hash)(const hb_q_subject *, const uint8_t *, size_t, const uint8_t *, uint8_t *))
{
    hb_q_subject s = {name, 8, seed_bytes, 1, one_name, NULL, hash, one_impl, 1.0};
    return s;
}

/* ---- collecting results */
typedef struct collect {
    hb_q_sink sink;
    hb_q_result *r;
    size_t n, cap;
} collect;

static void collect_emit(hb_q_sink *sink, const hb_q_result *r)
{
    collect *c = (collect *)sink;
    if (c->n == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 256;
        c->r = realloc(c->r, c->cap * sizeof *c->r);
        if (!c->r) {
            fprintf(stderr, "out of memory\n");
            exit(2);
        }
    }
    c->r[c->n++] = *r;
}

static void run_all(const hb_q_subject *s, const hb_q_config *cfg, collect *c)
{
    memset(c, 0, sizeof *c);
    c->sink.emit = collect_emit;
    for (unsigned i = 0; i < hb_q_test_count(); i++) {
        const hb_q_test *t = hb_q_test_at(i);
        if (t->keyed_only && !s->seed_bytes)
            continue;
        t->run(s, cfg, &c->sink);
    }
}

static unsigned results_at(const collect *c, unsigned width)
{
    unsigned m = 0;
    for (size_t i = 0; i < c->n; i++)
        m += c->r[i].width == width;
    return m;
}

/* the verdict rule of verdict.h, restated: p < 0.001 / m fails */
static int failed(const collect *c, const hb_q_result *r)
{
    return r->p < 0.001 / results_at(c, r->width);
}

static unsigned failures(const collect *c, const char *test)
{
    unsigned f = 0;
    for (size_t i = 0; i < c->n; i++)
        if ((!test || strcmp(c->r[i].test, test) == 0) && failed(c, &c->r[i]))
            f++;
    return f;
}

static void show(const char *name, const collect *c)
{
    for (size_t i = 0; i < c->n; i++) {
        const hb_q_result *r = &c->r[i];
        if (verbose || failed(c, r))
            printf("  %s w%u %s [%s] stat %.6g p %.3g %s: %s\n", name, r->width, r->test,
                   r->variant, r->statistic, r->p, failed(c, r) ? "FAILS" : "passes", r->detail);
    }
}

static void expect_pass(const hb_q_subject *s, const hb_q_config *cfg)
{
    collect c;
    run_all(s, cfg, &c);
    show(s->name, &c);
    char what[96];
    snprintf(what, sizeof what, "%s passes all %zu results", s->name, c.n);
    check(c.n > 0 && failures(&c, NULL) == 0, what);
    free(c.r);
}

static void expect_fail(const hb_q_subject *s, const hb_q_config *cfg, const char *const *tests)
{
    collect c;
    run_all(s, cfg, &c);
    show(s->name, &c);
    for (; *tests; tests++) {
        char what[96];
        snprintf(what, sizeof what, "%s fails %s", s->name, *tests);
        check(failures(&c, *tests) > 0, what);
    }
    free(c.r);
}

/* the statistic of one result, -1 when there is none */
static double stat_of(const collect *c, const char *test, const char *variant, unsigned width)
{
    for (size_t i = 0; i < c->n; i++)
        if (strcmp(c->r[i].test, test) == 0 && strcmp(c->r[i].variant, variant) == 0 &&
            c->r[i].width == width)
            return c->r[i].statistic;
    return -1;
}

/* exact collision counts through the wide path (128-bit prefix + the
 * fingerprint of the rest): identity on 32 bytes */
static void exact_counts(const hb_q_config *cfg)
{
    hb_q_subject s = plain("identity32", 0, identity32);
    s.out_bytes = 32;
    collect c;
    memset(&c, 0, sizeof c);
    c.sink.emit = collect_emit;
    hb_q_test_zeroes.run(&s, cfg, &c.sink);
    hb_q_test_text.run(&s, cfg, &c.sink);
    hb_q_test_twobyte.run(&s, cfg, &c.sink);
    /* zero keys of lengths 0..4096: one output */
    check(stat_of(&c, "keyset.zeroes", "len=0..4096 collisions", 256) == 4096,
          "identity32: 4096 collisions among 4097 zero keys at 256 bits");
    /* 22-byte prefix + distinct 4-character cores: equal in the first 16
     * bytes, distinct in the fingerprinted rest; the first 8 bytes equal */
    check(stat_of(&c, "keyset.text", "prefix+core collisions", 256) == 0,
          "identity32: prefix+core, no collision at 256 bits (fingerprint tells)");
    check(stat_of(&c, "keyset.text", "prefix+core collisions", 64) == 65535,
          "identity32: prefix+core, 65535 collisions at 64 bits");
    /* bytes 7 and 23 vary: 256 distinct low words, all 65536 digests distinct */
    check(stat_of(&c, "keyset.twobyte", "text len=32 bytes 7,23 collisions", 256) == 0,
          "identity32: two bytes 7,23, no collision at 256 bits");
    check(stat_of(&c, "keyset.twobyte", "text len=32 bytes 7,23 collisions", 64) == 65280,
          "identity32: two bytes 7,23, 65280 collisions at 64 bits");
    check(stat_of(&c, "keyset.twobyte", "text len=32 bytes 7,23 collisions", 32) == 65535,
          "identity32: two bytes 7,23, 65535 collisions at 32 bits");
    free(c.r);
}

static int same_results(const collect *a, const collect *b)
{
    if (a->n != b->n)
        return 0;
    for (size_t i = 0; i < a->n; i++) {
        const hb_q_result *x = &a->r[i], *y = &b->r[i];
        if (x->test != y->test || strcmp(x->variant, y->variant) || x->width != y->width ||
            memcmp(&x->statistic, &y->statistic, sizeof x->statistic) ||
            memcmp(&x->p, &y->p, sizeof x->p) || strcmp(x->detail, y->detail))
            return 0;
    }
    return 1;
}

int main(int argc, char **argv)
{
    verbose = argc > 1 && strcmp(argv[1], "-v") == 0;
    /* the quick size (hb_q_config_quick's figures, restated: the config
     * is q-engine's) */
    hb_q_config cfg = {20261202, 16, 2000, 2000, 1};

    /* the registry */
    check(hb_q_test_count() == 13, "13 tests in the battery");
    check(hb_q_test_find("keyset.sparse") == &hb_q_test_sparse, "find keyset.sparse");
    check(hb_q_test_find("no.such.test") == NULL, "find an unknown id: NULL");
    check(hb_q_test_at(hb_q_test_count()) == NULL, "past the end: NULL");
    unsigned keyed_only = 0;
    for (unsigned i = 0; i < hb_q_test_count(); i++)
        keyed_only += hb_q_test_at(i)->keyed_only;
    check(keyed_only == 2, "two seed tests, keyed only");

    /* good functions pass */
    hb_q_subject mix = plain("mixer", 16, mixer);
    expect_pass(&mix, &cfg);

    lib_subject lib = {0};
    const hb_algo *sha = hb_algo_find("sha256");
    if (sha) {
        lib.pick = hb_impl_pick(sha, 64);
        for (unsigned i = 0; i < hb_impl_count(sha) && lib.n < 32; i++)
            if (hb_impl_available(hb_impl_at(sha, i)))
                lib.impls[lib.n++] = hb_impl_at(sha, i);
        hb_q_subject s = {"sha256", 32, 0, lib.n, lib_name, &lib, lib_hash, lib_impl, 10};
        expect_pass(&s, &cfg);
    }
    check(sha != NULL, "sha256 in the roster");

    /* weak functions fail what targets them */
    hb_q_subject id8 = plain("identity8", 0, identity8);
    expect_fail(&id8, &cfg, (const char *const[]){"sanity", "avalanche.sac", "keyset.text",
                                                  "keyset.zeroes", "keyset.perms", NULL});
    hb_q_subject sum = plain("bytesum", 0, bytesum);
    expect_fail(&sum, &cfg, (const char *const[]){"avalanche.sac", "keyset.sparse", "keyset.twobyte",
                                                  "keyset.zeroes", "keyset.perms",
                                                  "keyset.differential", NULL});
    hb_q_subject mul = plain("multiply", 0, multiply);
    expect_fail(&mul, &cfg, (const char *const[]){"avalanche.sac", "avalanche.bic", "keyset.sparse",
                                                  "keyset.window", NULL});
    hb_q_subject sx = plain("seed-xored", 16, seed_xored);
    expect_fail(&sx, &cfg, (const char *const[]){"seed.avalanche", "seed.independence", NULL});
    hb_q_subject si = plain("seed-ignored", 16, seed_ignored);
    expect_fail(&si, &cfg, (const char *const[]){"seed.avalanche", "seed.independence", NULL});

    exact_counts(&cfg);

    /* same seed, same results; another seed, other keys */
    collect a, b, d;
    run_all(&mix, &cfg, &a);
    run_all(&mix, &cfg, &b);
    check(same_results(&a, &b), "mixer: same seed, identical results");
    hb_q_config other = cfg;
    other.seed++;
    run_all(&mix, &other, &d);
    check(!same_results(&a, &d), "mixer: another seed, other results");
    free(a.r);
    free(b.r);
    free(d.r);
    return unit_summary();
}

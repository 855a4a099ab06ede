/* Unit tests of the quality battery's engine (src/quality/engine.c) and
 * its state file (state.c), on a keyed mixer written here (the engine's
 * behaviour does not depend on the function): the report is the same
 * bit for bit whatever the thread count and the memory budget; a state
 * file resumed after a cut gives back every result exactly (the doubles
 * round-trip), and one of another run is refused; the verdict rule counts
 * m per width.
 *
 *   ./build/tests/quality_engine */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "quality/engine.h"
#include "quality/verdict.h"
#include "unit.h"

static uint64_t fmix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static void mixer(const hb_q_subject *s, const uint8_t *key, size_t len, const uint8_t *seed, uint8_t *out)
{
    uint64_t h = fmix(len + (seed ? seed[0] | (uint64_t)seed[1] << 8 : 0)), h2;
    (void)s;
    for (size_t i = 0; i < len; i++)
        h = fmix(h ^ key[i]) + i;
    h2 = fmix(h ^ 0x1234567);
    for (int i = 0; i < 8; i++) {
        out[i] = (uint8_t)(h >> (8 * i));
        out[8 + i] = (uint8_t)(h2 >> (8 * i));
    }
}

static void mixer_impl(const hb_q_subject *s, unsigned i, const uint8_t *key, size_t len, const uint8_t *seed,
                       uint8_t *out)
{
    (void)i;
    mixer(s, key, len, seed, out);
}

static const char *one_name(const hb_q_subject *s, unsigned i)
{
    (void)s;
    (void)i;
    return "only";
}

/* Two subjects: a 128-bit keyed one (three widths, the seed tests) and a
 * 64-bit unkeyed one. */
static hb_q_subject subjects[2] = {
    { "mix128", 16, 2, 1, one_name, NULL, mixer, mixer_impl, 1.0 },
    { "mix64", 8, 0, 1, one_name, NULL, mixer, mixer_impl, 1.0 },
};

static int run(hb_q_engine *e, uint64_t seed, unsigned threads, size_t max_bytes, const char *state)
{
    const hb_q_subject *list[2] = { &subjects[0], &subjects[1] };
    memset(e, 0, sizeof *e);
    hb_q_config_quick(&e->config, seed);
    e->config.log2_keys = 12;       /* small: the engine is under test, not the functions */
    e->config.avalanche_keys = 200;
    e->config.seed_keys = 200;
    e->threads = threads;
    e->max_bytes = max_bytes;
    e->state_path = state;
    e->version = "test";
    return hb_q_engine_run(e, list, 2);
}

/* Equal reports, every double bit for bit. */
static int same_reports(const hb_q_engine *a, const hb_q_engine *b)
{
    if (a->n_reports != b->n_reports)
        return 0;
    for (unsigned s = 0; s < a->n_reports; s++) {
        const hb_q_subject_report *x = &a->reports[s], *y = &b->reports[s];
        if (x->n_widths != y->n_widths || x->tests_run != y->tests_run)
            return 0;
        for (unsigned w = 0; w < x->n_widths; w++) {
            const hb_q_width_report *u = &x->widths[w], *v = &y->widths[w];
            if (u->bits != v->bits || u->tests != v->tests || u->failed != v->failed || u->worst != v->worst)
                return 0;
            for (unsigned i = 0; i < u->tests; i++) {
                const hb_q_result *r = &u->results[i], *q = &v->results[i];
                if (strcmp(r->test, q->test) || strcmp(r->variant, q->variant) || strcmp(r->detail, q->detail) ||
                    r->width != q->width || !same(&r->p, &q->p, sizeof r->p) ||
                    !same(&r->statistic, &q->statistic, sizeof r->statistic) || u->fails[i] != v->fails[i])
                    return 0;
            }
        }
    }
    return 1;
}

static void check_rule(const hb_q_engine *e)
{
    int ok = 1;
    for (unsigned s = 0; s < e->n_reports; s++)
        for (unsigned w = 0; w < e->reports[s].n_widths; w++) {
            const hb_q_width_report *u = &e->reports[s].widths[w];
            unsigned failed = 0;
            for (unsigned i = 0; i < u->tests; i++) {
                ok &= u->fails[i] == (u->results[i].p < HB_Q_ALPHA / u->tests);
                ok &= u->results[i].width == u->bits;
                failed += u->fails[i];
                ok &= u->worst >= 0 && !(u->results[i].p < u->results[u->worst].p);
            }
            ok &= failed == u->failed && u->tests > 0;
        }
    check(ok, "the rule: fails at p < alpha / m, m the results at that width; worst the lowest p");
}

/* The state file cut as a kill leaves it: the header, `keep` jobs, half a line. */
static int cut_state(const char *path, unsigned keep)
{
    FILE *f = fopen(path, "r");
    char *text = malloc(1 << 22), *p;
    size_t n;
    unsigned lines = 0;
    if (!f || !text)
        return -1;
    n = fread(text, 1, (1 << 22) - 1, f);
    fclose(f);
    text[n] = 0;
    for (p = text; *p && lines < keep + 1; p++)
        lines += *p == '\n';
    n = (size_t)(p - text) + strcspn(p, "\n") / 2;
    f = fopen(path, "w");
    if (!f || fwrite(text, 1, n, f) != n || fclose(f) != 0)
        return -1;
    free(text);
    return 0;
}

static unsigned count_lines(const char *path)
{
    FILE *f = fopen(path, "r");
    unsigned n = 0;
    int c;
    if (!f)
        return 0;
    while ((c = fgetc(f)) != EOF)
        n += c == '\n';
    fclose(f);
    return n;
}

static void state_tests(const hb_q_engine *base)
{
    char path[] = "/tmp/hb-quality-state-XXXXXX";
    hb_q_engine e;
    int fd = mkstemp(path);
    check(fd >= 0, "a temporary state file");
    if (fd < 0)
        return;
    close(fd);
    unlink(path);
    check(run(&e, 42, 2, 0, path) == 0 && e.jobs_resumed == 0 && same_reports(&e, base),
          "with a new state file: the same report");
    check(count_lines(path) == e.jobs_total + 1, "the state file: a header and a line per job");
    hb_q_engine_free(&e);
    check(cut_state(path, 3) == 0, "state file cut after 3 jobs and half a line");
    check(run(&e, 42, 2, 0, path) == 0 && e.jobs_resumed == 3 && same_reports(&e, base),
          "resumed: 3 jobs taken from the file, the report bit for bit the same");
    check(count_lines(path) == e.jobs_total + 1, "resumed: the half line gone, every job in the file once");
    hb_q_engine_free(&e);
    check(run(&e, 42, 1, 0, path) == 0 && e.jobs_resumed == e.jobs_total && same_reports(&e, base),
          "rerun of a finished state: nothing run, the same report");
    hb_q_engine_free(&e);
    check(run(&e, 43, 1, 0, path) == 2 && strstr(e.error, "another run") != NULL,
          "another seed's state file: refused (2) with a message");
    hb_q_engine_free(&e);
    unlink(path);
}

int main(void)
{
    hb_q_engine base, e;
    check(run(&base, 42, 1, 0, NULL) == 0, "a run on one thread");
    check(base.n_reports == 2 && base.reports[0].n_widths == 3 && base.reports[1].n_widths == 1 &&
          base.reports[0].widths[0].bits == 128 && base.reports[0].widths[2].bits == 32,
          "widths: 128, 64, 32 of a 16-byte digest; 64 of an 8-byte one");
    check(base.reports[0].tests_run == hb_q_test_count() && base.reports[1].tests_run < hb_q_test_count(),
          "the seed tests run on the keyed subject only");
    check_rule(&base);
    check(run(&e, 42, 3, 1, NULL) == 0 && same_reports(&e, &base),
          "three threads, every job alone (budget 1 byte): the same report bit for bit");
    hb_q_engine_free(&e);
    check(run(&e, 42, 2, 0, NULL) == 0 && e.threads_used == 2 && same_reports(&e, &base),
          "two threads: the same report");
    hb_q_engine_free(&e);
    check(run(&e, 7, 2, 0, NULL) == 0 && !same_reports(&e, &base), "another seed: other results");
    hb_q_engine_free(&e);
    state_tests(&base);
    hb_q_engine_free(&base);
    return unit_summary();
}

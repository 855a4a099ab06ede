/* hashbench verify: every built-in test vector (tests/vectors, compiled in)
 * through every selected implementation, one-shot and streamed in uneven
 * pieces; ends with "N passed, N failed". */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include "cli/commands.h"
#include "cli/profile_use.h"
#include "cli/util.h"
#include "cli/vectors.h"
#include "peers/loader/c_peers.h"

#define MAX_ALGOS 64

typedef struct tally {
    unsigned passed, failed;
} tally;

typedef struct verify_state {
    const hb_algo *algos[MAX_ALGOS];
    int n_algos;
    const char *impl_spec;
    tally per_impl[MAX_ALGOS][HB_MAX_IMPLS];
    const hb_impl *impls[MAX_ALGOS][HB_MAX_IMPLS];
    int n_impls[MAX_ALGOS];
    unsigned vectors_seen[MAX_ALGOS];
    int verbose;
} verify_state;

/* Streams msg into the implementation in pieces of 0, 1, 2, 3, 5, 8, ...
 * bytes (a zero-length update included), so that every buffering path of
 * the implementation is crossed. */
static void digest_streamed(const hb_impl *impl, const hb_bytes *msg, uint8_t *digest)
{
    static const size_t pieces[] = { 0, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987, 1597, 4096, 65537 };
    hb_ctx ctx;
    size_t off = 0, k = 0;
    hb_init(&ctx, impl);
    while (off < msg->len) {
        size_t n = pieces[k++ % (sizeof pieces / sizeof pieces[0])];
        if (n > msg->len - off)
            n = msg->len - off;
        hb_update(&ctx, msg->data + off, n);
        off += n;
    }
    hb_final(&ctx, digest);
}

static void report(const verify_state *st, const hb_vector *v, const hb_impl *impl,
                   const char *how, const uint8_t *got, const char *why)
{
    char exp_hex[2 * 1024 + 1], got_hex[2 * 1024 + 1];
    (void)st;
    hb_hex(v->out.data, v->out.len, exp_hex);
    printf("FAIL %s/%s %s:%u msg=%s (%s): ", v->algo, impl->name, v->file, v->line, v->msg_desc, how);
    if (why) {
        printf("%s\n", why);
    } else {
        hb_hex(got, v->out.len, got_hex);
        printf("\n     expected %s\n     got      %s\n", exp_hex, got_hex);
    }
}

/* Runs one vector through one implementation; returns 1 when it passes. */
static int run_one(const verify_state *st, const hb_algo *a, const hb_impl *impl, const hb_vector *v)
{
    uint8_t *got = malloc(v->out.len + 1);
    int ok = 1;
    int needs_params = v->has_key || v->has_salt || v->has_iter || v->out.len != a->digest_size;
    if (!got) {
        report(st, v, impl, "setup", NULL, "out of memory");
        return 0;
    }
    if (needs_params) {
        hb_params p;
        memset(&p, 0, sizeof p);
        p.key = v->key.data;
        p.key_len = v->key.len;
        p.salt = v->salt.data;
        p.salt_len = v->salt.len;
        p.iterations = v->iterations;
        if (!impl->with_params) {
            report(st, v, impl, "parameters", NULL, "implementation has no keyed/parameterised form");
            ok = 0;
        } else if (impl->with_params(&p, v->msg.data, v->msg.len, got, v->out.len) != 0) {
            report(st, v, impl, "parameters", NULL, "implementation rejected these parameters");
            ok = 0;
        } else if (memcmp(got, v->out.data, v->out.len) != 0) {
            report(st, v, impl, "parameters", got, NULL);
            ok = 0;
        }
    } else {
        hb_hash(impl, v->msg.data, v->msg.len, got);
        if (memcmp(got, v->out.data, v->out.len) != 0) {
            report(st, v, impl, "one-shot", got, NULL);
            ok = 0;
        }
        digest_streamed(impl, &v->msg, got);
        if (memcmp(got, v->out.data, v->out.len) != 0) {
            report(st, v, impl, "streamed", got, NULL);
            ok = 0;
        }
    }
    free(got);
    return ok;
}

static void on_vector(const hb_vector *v, void *arg)
{
    verify_state *st = arg;
    int ai, k;
    for (ai = 0; ai < st->n_algos; ai++)
        if (strcmp(st->algos[ai]->id, v->algo) == 0)
            break;
    if (ai == st->n_algos)
        return;                     /* not selected */
    st->vectors_seen[ai]++;
    for (k = 0; k < st->n_impls[ai]; k++) {
        if (run_one(st, st->algos[ai], st->impls[ai][k], v))
            st->per_impl[ai][k].passed++;
        else
            st->per_impl[ai][k].failed++;
    }
}

static void verify_usage(FILE *f)
{
    fprintf(f,
        "usage: hashbench verify [-a IDS] [--impl NAMES] [-v]\n"
        "\n"
        "  -a, --algorithm IDS  comma-separated algorithm ids (default: all)\n"
        "      --impl NAMES     comma-separated implementations, or all, best, portable, fast, peers\n"
        "                       (default: all this CPU can run)\n"
        "  -v, --verbose        one line per algorithm and implementation\n");
}

/* The options: the algorithms' spec in *algo_spec, the rest in st.
 * Returns 0 to go on, -1 after --help, or the usage status. */
static int parse_opts(int argc, char **argv, verify_state *st, const char **algo_spec)
{
    static const struct option opts[] = {
        { "algorithm", required_argument, 0, 'a' },
        { "impl", required_argument, 0, 'i' },
        { "verbose", no_argument, 0, 'v' },
        { "help", no_argument, 0, 'h' },
        { 0, 0, 0, 0 },
    };
    int c;
    st->impl_spec = "all";
    while ((c = getopt_long(argc, argv, "a:vh", opts, NULL)) != -1) {
        switch (c) {
        case 'a': *algo_spec = optarg; break;
        case 'i': st->impl_spec = optarg; break;
        case 'v': st->verbose = 1; break;
        case 'h': verify_usage(stdout); return -1;
        default: verify_usage(stderr); return HB_EXIT_USAGE;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "hashbench verify: unexpected argument '%s'\n", argv[optind]);
        return HB_EXIT_USAGE;
    }
    return 0;
}

/* The algorithms and, per algorithm, the implementations to check:
 * 0, or the usage status (the reason printed). */
static int select_impls(verify_state *st, const char *algo_spec)
{
    int ai;
    hb_c_peers_load(NULL, NULL);    /* the peers have vectors to pass too */
    st->n_algos = hb_cli_algos(algo_spec, st->algos, MAX_ALGOS);
    if (st->n_algos < 0)
        return HB_EXIT_USAGE;
    for (ai = 0; ai < st->n_algos; ai++) {
        /* lenient across several algorithms: "fast" skips those without one */
        st->n_impls[ai] = hb_cli_impls(st->algos[ai], st->impl_spec, st->n_algos > 1, st->impls[ai], HB_MAX_IMPLS);
        if (st->n_impls[ai] < 0)
            return HB_EXIT_USAGE;
    }
    return 0;
}

/* Per implementation its count (every one with -v, else the failures),
 * then the summary line.  Returns the exit status. */
static int emit(const verify_state *st, unsigned parse_errors)
{
    unsigned passed = 0, failed = parse_errors;
    int ai, k;
    for (ai = 0; ai < st->n_algos; ai++) {
        if (st->vectors_seen[ai] == 0) {
            printf("FAIL %s: no test vectors\n", st->algos[ai]->id);
            failed++;
        }
        for (k = 0; k < st->n_impls[ai]; k++) {
            const tally *t = &st->per_impl[ai][k];
            passed += t->passed;
            failed += t->failed;
            if (st->verbose || t->failed)
                printf("%-4s %-14s %-10s %u of %u vectors\n", t->failed ? "FAIL" : "ok", st->algos[ai]->id,
                       st->impls[ai][k]->name, t->passed, t->passed + t->failed);
        }
    }
    if (parse_errors)
        printf("FAIL %u vector line%s did not parse (see above)\n", parse_errors, parse_errors == 1 ? "" : "s");
    printf("%u passed, %u failed\n", passed, failed);
    return failed ? HB_EXIT_FAIL : HB_EXIT_OK;
}

int hb_cmd_verify(int argc, char **argv)
{
    static verify_state st;
    const char *algo_spec = NULL;
    int rc;

    /* nor does a check of the vectors (docs/tune.md) */
    hb_cli_profile_stale_quiet();
    if ((rc = parse_opts(argc, argv, &st, &algo_spec)) != 0)
        return rc < 0 ? HB_EXIT_OK : rc;
    if ((rc = select_impls(&st, algo_spec)) != 0)
        return rc;
    return emit(&st, hb_vectors_each(on_vector, &st));
}

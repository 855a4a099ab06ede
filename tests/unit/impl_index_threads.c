/* The index of implementations (src/impl_index.c) asked from several
 * threads at once while it is cold: every thread starts at one barrier and
 * makes the index's first lookups itself (count, listing, find, rank, row,
 * one-shot, the ranks' pick), then once more after a table of peers is
 * added (hb_add_rows).  Each thread's answers must equal the main thread's
 * afterwards.  A race shows here as a wrong answer only now and then;
 * tests/valgrind_check.sh runs this program under helgrind, which reports
 * it every time. */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include "hashbench.h"
#include "impl_rows.h"
#include "unit.h"

#define THREADS 4
#define MAX_ANSWERS 4096

typedef struct answers {
    uintptr_t v[MAX_ANSWERS];
    unsigned n;
} answers;

static pthread_barrier_t start;
static answers got[THREADS];

static void put(answers *a, uintptr_t v)
{
    if (a->n < MAX_ANSWERS)
        a->v[a->n] = v;
    a->n++;                         /* counted past the end: a size mismatch fails */
}

/* every lookup the index answers, for every algorithm of the roster */
static void ask_all(answers *a)
{
    unsigned i, j, n = hb_algo_count();
    a->n = 0;
    for (i = 0; i < n; i++) {
        const hb_algo *algo = hb_algo_at(i);
        unsigned count = hb_impl_count(algo);
        put(a, count);
        for (j = 0; j < count; j++) {
            const hb_impl *impl = hb_impl_at(algo, j);
            put(a, (uintptr_t)impl);
            put(a, (uintptr_t)hb_impl_find(algo, impl->name));
            put(a, (uintptr_t)(intptr_t)hb_impl_rank(algo, impl));
            put(a, (uintptr_t)hb_impl_row_of(algo, impl));
            put(a, (uintptr_t)hb_impl_oneshot(impl));
        }
        put(a, (uintptr_t)hb_impl_pick(algo, HB_NO_SIZE));
    }
}

static void *worker(void *arg)
{
    pthread_barrier_wait(&start);
    ask_all(arg);
    return 0;
}

static void round_of_threads(const char *when)
{
    static answers main_answers;
    pthread_t t[THREADS];
    unsigned i, started = 0, differ = 0;
    char what[200];

    pthread_barrier_init(&start, 0, THREADS);
    for (i = 0; i < THREADS; i++)
        started += pthread_create(&t[i], 0, worker, &got[i]) == 0;
    if (started != THREADS) {
        check(0, "threads started");
        exit(1);
    }
    for (i = 0; i < THREADS; i++)
        pthread_join(t[i], 0);
    pthread_barrier_destroy(&start);

    ask_all(&main_answers);
    for (i = 0; i < THREADS; i++)
        differ += got[i].n != main_answers.n ||
                  memcmp(got[i].v, main_answers.v, sizeof got[i].v[0] * main_answers.n) != 0;
    snprintf(what, sizeof what, "%s: %d threads' first lookups answer as the main thread's after (%u differ, %u answers)",
             when, THREADS, differ, main_answers.n);
    check(differ == 0 && main_answers.n > 0 && main_answers.n <= MAX_ANSWERS, what);
}

int main(void)
{
    static hb_impl peer;
    static hb_impl_row peer_rows[2];
    const hb_algo *crc32 = hb_algo_find("crc32");

    round_of_threads("a cold index");

    /* a table of peers made at run time: the index holds it at once */
    peer = *hb_impl_at(crc32, 0);
    peer.name = "test-threads-peer";
    peer_rows[0] = (hb_impl_row){ .algo = "crc32", .impl = &peer, .rank = -1 };
    check(hb_add_rows(peer_rows) == 0, "a peer table added");
    round_of_threads("after hb_add_rows");
    check(hb_impl_find(crc32, "test-threads-peer") == &peer, "crc32 lists the added peer");
    return unit_summary();
}

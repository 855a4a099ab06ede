/* BLAKE3 on a pool of threads, for large inputs: host C with POSIX
 * threads, the same on every architecture that has them.
 *
 * The BLAKE3 tree lets any complete subtree be hashed on its own: 2^k
 * chunks whose first chunk's index is a multiple of 2^k are one node of the
 * tree (the paper, section 5.1).  An update that holds such a subtree of at
 * least MT_MIN_CHUNKS chunks splits it into `parts` equal subtrees (powers
 * of two, so each is itself a node); the pool's threads and the caller take
 * parts from a shared counter, hash each with the single-threaded kernels
 * the architecture's folder chooses (hb_blake3_mt_ops: AVX-512 or AVX2 on
 * x86-64, NEON on aarch64, the fast C elsewhere), and the caller joins the
 * parts' CVs with parent compressions and pushes the subtree's CV on the
 * context's stack (blake3_common.c).  Everything else -- pieces below the
 * threshold, the bytes up to the next well-aligned chunk, the last chunk,
 * final() -- is the single-threaded code.
 *
 * One job takes every such subtree an update holds: 50 MiB from the start
 * are nodes of 32 MiB, 16 MiB, 1 MiB ... 128 KiB, all cut into parts of one
 * size (a node smaller than a part is one part) and offered at once, so
 * the pool is woken once and waited for once per update, not once per
 * node; the caller then joins each node's parts and pushes the nodes in
 * order.
 *
 * The bytes are in memory (hb_blake3_update_mt), or each thread reads the
 * parts it takes through the caller's read_at into a buffer of its own,
 * a subtree (HB_BLAKE3_SUBTREE chunks) at a time (hb_blake3_update_mt_read):
 * hashbench sum copies a file on every CPU at once that way, where a
 * mapping would be unmapped on one CPU at the end (docs/sum.md).
 *
 * The pool is created on first use, with one thread per CPU this process
 * may use (its affinity mask when the pool starts: src/os/usable_cpus.h)
 * but the caller's, and grows when hb_blake3_mt_set_threads asks for more (up to
 * MT_THREADS_MAX + 1 threads in all); an atexit handler stops and joins it.  One job runs at a time:
 * a second caller that finds the pool busy hashes its parts itself.
 *
 * fork(): the child has only the forking thread, none of the pool's.
 * pthread_atfork handlers take the pool's locks before the fork (so none
 * is held by a thread the child will not have) and release them after; in
 * the child they forget the parent's threads and job, so its first large
 * update builds a pool of its own, and its exit joins only that one.
 *
 * A pool thread without work spins a while (MT_SPIN_NS) on the job
 * generation before it sleeps: on a VM, waking a sleeping thread meant
 * waking its idle virtual CPU, which the host had often descheduled --
 * 3 ms of scheduling delay seen in one 50 MiB `hashbench sum` (perf sched),
 * where b3sum's rayon threads, which spin too, lost none.  Those two words
 * (pool_gen, pool_quit) are written under pool_lock and read by the spin
 * with the compiler's __atomic built-ins, word-sized and so lock-free on
 * every target, without libatomic.
 *
 * Nothing else here needs more than C99 and pthreads: the shared counters are
 * read and written under pool_lock (a job has at most MT_PARTS_MAX parts,
 * so one lock per part costs nothing next to a part's 16 KiB or more of
 * hashing), which spares the compiler's atomic built-ins and libatomic on
 * the 32-bit targets. */
#include <errno.h>
#include <pthread.h>
#include <time.h>
#include <stdlib.h>
#include "hashbench.h"
#include "hashbench/blake3.h"
#include "algorithms/blake3/blake3_mt.h"
#include "algorithms/blake3/threads/blake3_mt_arch.h"
#include "algorithms/blake3/threads/thread_place.h"
#include "os/usable_cpus.h"

/* below 128 KiB a job costs more than it saves (docs/impl-blake.md) */
#define MT_MIN_CHUNKS (HB_BLAKE3_MT_MIN_BYTES / HB_BLAKE3_CHUNK_LEN)
/* parts per job: 16 per thread, at most MT_PARTS_MAX, for balance (a
 * thread that ends early waits for at most one part, and a descheduled one
 * holds up at most one), but no part below 16 chunks */
#define MT_PARTS_PER_THREAD 16
#define MT_PARTS_MAX 128
#define MT_PART_MIN_CHUNKS 16
/* nodes per job: from 1 GiB down to 128 KiB are 14 */
#define MT_NODES_MAX 32
/* how long an idle pool thread spins before it sleeps (see above): more
 * than sum's probe and mapping take between the pool's start and its first
 * job, or a bench between two samples */
#define MT_SPIN_NS 2000000L
#define MT_THREADS_MAX 31
/* the largest node, and the most chunks one job hashes (1 GiB) */
#define MT_NODE_MAX ((size_t)1 << 20)

/* A forked child builds a pool of its own, except under ThreadSanitizer:
 * it cannot follow threads created in a child of a multi-threaded process
 * (gcc 12's dies with "dup thread": glibc reuses the parent's thread
 * descriptors, which TSan still counts as alive), so there the child
 * hashes alone. */
#if defined(__SANITIZE_THREAD__)
#define MT_POOL_IN_CHILD 0
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define MT_POOL_IN_CHILD 0
#endif
#endif
#ifndef MT_POOL_IN_CHILD
#define MT_POOL_IN_CHILD 1
#endif

/* where an update's bytes are: in memory at data, or read through
 * read_at(arg, ...) at offsets counted from the update's first byte */
typedef struct mt_source {
    const uint8_t *data;
    hb_blake3_mt_read_fn read_at;
    void *arg;
} mt_source;

typedef struct mt_job {
    mt_source src;
    uint64_t start;                 /* the first node's first byte, from the update's */
    unsigned parts;
    size_t part_first[MT_PARTS_MAX];  /* each part's first chunk, counted from data */
    size_t part_chunks[MT_PARTS_MAX]; /* and its chunks, a power of two */
    const uint32_t *key;
    unsigned flags;
    uint32_t chunk_lo, chunk_hi;    /* the first node's first chunk index */
    const hb_blake3_ops *ops;
    uint8_t cvs[MT_PARTS_MAX * HB_BLAKE3_OUT_LEN];
    unsigned next;                  /* the next part to take (pool_lock) */
    unsigned done;                  /* parts finished (pool_lock) */
    unsigned active;                /* workers inside the job (pool_lock) */
    unsigned max_active;            /* workers the job may have (the thread limit) */
    unsigned by_pool;               /* parts the pool's threads hashed (pool_lock) */
    int err;                        /* the first read_at failure (pool_lock) */
} mt_job;

/* lock order: start_lock, submit_lock, pool_lock (limit_lock: last, alone
 * but in the fork handlers) */
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t pool_wake = PTHREAD_COND_INITIALIZER;
static pthread_cond_t pool_idle = PTHREAD_COND_INITIALIZER;
static pthread_mutex_t submit_lock = PTHREAD_MUTEX_INITIALIZER;
/* guards pool_started and the pool's creation (pthread_once cannot be
 * undone in a forked child) */
static pthread_mutex_t start_lock = PTHREAD_MUTEX_INITIALIZER;
static int pool_started;            /* this process has tried to start its pool */
static int handlers_set;            /* atexit and atfork: once, inherited by children */
static int pool_frozen;             /* no more threads: stopped at exit, or a TSan child */
static unsigned pool_default;       /* pool threads a job uses by default: one per other CPU
                                       (the pool may have grown past it; start_lock) */
static mt_job *pool_job;            /* the job on offer, or NULL */
static unsigned long pool_gen;      /* bumped for every job */
static int pool_quit;
static unsigned pool_threads;
/* the CPU the thread that grew the pool last ran on (thread_place.h) */
static int maker_cpu = -1;
static pthread_t pool_tid[MT_THREADS_MAX];
/* threads a job may use, the caller's included; 0: the caller and every
 * pool thread (hb_blake3_mt_set_threads) */
static unsigned mt_limit;
/* guards mt_limit alone (never held with another lock) */
static pthread_mutex_t limit_lock = PTHREAD_MUTEX_INITIALIZER;
/* the last job this process finished: its parts, and how many the pool
 * hashed (pool_lock; hb_blake3_mt_last_job) */
static unsigned last_parts, last_by_pool;

static unsigned mt_limit_get(void)
{
    unsigned n;
    pthread_mutex_lock(&limit_lock);
    n = mt_limit;
    pthread_mutex_unlock(&limit_lock);
    return n;
}

static const hb_blake3_ops *mt_ops(void)
{
    return hb_blake3_mt_ops();
}

/* the high 32 bits of a chunk count: two shifts, so that a 32-bit size_t
 * is not shifted by its whole width */
static uint32_t high_word(size_t n)
{
    return (uint32_t)(n >> 16 >> 16);
}

/* n_chunks (a power of two) whole chunks that form one node, from the
 * job's first chunk + first on: pieces of HB_BLAKE3_SUBTREE through the
 * common code (each read into buf first when the job's bytes are not in
 * memory), joined on a small stack of CVs (a piece completes as many
 * parents as its count has trailing zeros).  0, or read_at's errno. */
static int hash_node(const mt_job *j, size_t first, size_t n_chunks, uint8_t *buf, uint8_t *cv_out)
{
    uint8_t stack[HB_BLAKE3_MAX_DEPTH * HB_BLAKE3_OUT_LEN];
    const size_t piece = n_chunks < HB_BLAKE3_SUBTREE ? n_chunks : HB_BLAKE3_SUBTREE;
    const uint32_t chunk_lo = j->chunk_lo + (uint32_t)first;
    const uint32_t chunk_hi = j->chunk_hi + high_word(first) + (chunk_lo < j->chunk_lo);
    size_t done, count;
    unsigned depth = 0, i;
    uint32_t cv[8], lo;
    const uint8_t *in;
    int err;

    for (done = 0; done < n_chunks; done += piece) {
        if (j->src.read_at) {
            err = j->src.read_at(j->src.arg, buf, piece * HB_BLAKE3_CHUNK_LEN,
                                 j->start + (uint64_t)(first + done) * HB_BLAKE3_CHUNK_LEN);
            if (err)
                return err;
            in = buf;
        } else {
            in = j->src.data + (size_t)j->start + (first + done) * HB_BLAKE3_CHUNK_LEN;
        }
        lo = chunk_lo + (uint32_t)done;
        hb_blake3_hash_subtree(in, piece, j->key, j->flags, lo, chunk_hi + high_word(done) + (lo < chunk_lo),
                               j->ops, stack + depth * HB_BLAKE3_OUT_LEN);
        depth++;
        for (count = done / piece + 1; (count & 1) == 0; count >>= 1) {
            uint8_t *left = stack + (depth - 2) * HB_BLAKE3_OUT_LEN;
            for (i = 0; i < 8; i++)
                cv[i] = j->key[i];
            j->ops->compress(cv, left, 0, 0, HB_BLAKE3_BLOCK_LEN, j->flags | HB_BLAKE3_PARENT);
            for (i = 0; i < 8; i++)
                HB_STORE32_LE(left + 4 * i, cv[i]);
            depth--;
        }
    }
    for (i = 0; i < HB_BLAKE3_OUT_LEN; i++)
        cv_out[i] = stack[i];
    return 0;
}

/* A buffer for a subtree's bytes read through read_at, or NULL.  Page
 * aligned: the kernel's copy into a buffer 16 bytes past a page boundary
 * (where malloc puts one this large) ran at half the speed on Zen 3. */
static uint8_t *subtree_buffer(void)
{
    void *p;
    return posix_memalign(&p, 4096, (size_t)HB_BLAKE3_SUBTREE * HB_BLAKE3_CHUNK_LEN) == 0 ? p : NULL;
}

/* take parts until none is left (by_pool: the taker is a pool thread);
 * after a failed read the rest are taken and not hashed */
static void run_parts(mt_job *j, int by_pool)
{
    uint8_t *buf = NULL;
    unsigned p;
    int err = 0;

    if (j->src.read_at && !(buf = subtree_buffer()))
        err = ENOMEM;
    pthread_mutex_lock(&pool_lock);
    if (err && !j->err)
        j->err = err;
    while ((p = j->next) < j->parts) {
        j->next++;
        j->by_pool += (unsigned)by_pool;
        err = j->err;
        pthread_mutex_unlock(&pool_lock);
        if (!err)
            err = hash_node(j, j->part_first[p], j->part_chunks[p], buf, j->cvs + (size_t)p * HB_BLAKE3_OUT_LEN);
        pthread_mutex_lock(&pool_lock);
        if (err && !j->err)
            j->err = err;
        if (++j->done == j->parts)
            pthread_cond_broadcast(&pool_idle);
    }
    pthread_mutex_unlock(&pool_lock);
    free(buf);
}

/* The job generation or the quit flag moved from `seen`, or MT_SPIN_NS
 * went by: 1 or 0.  Called without pool_lock. */
static int spin_for_job(unsigned long seen)
{
    struct timespec t0, t;
    unsigned i;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (;;) {
        for (i = 0; i < 256; i++)
            if (__atomic_load_n(&pool_gen, __ATOMIC_ACQUIRE) != seen || __atomic_load_n(&pool_quit, __ATOMIC_ACQUIRE))
                return 1;
        clock_gettime(CLOCK_MONOTONIC, &t);
        if ((t.tv_sec - t0.tv_sec) * 1000000000L + (t.tv_nsec - t0.tv_nsec) > MT_SPIN_NS)
            return 0;
    }
}

static void *worker(void *arg)
{
    unsigned long seen;
    mt_job *j;

    (void)arg;
    hb_thread_leave_cpu(__atomic_load_n(&maker_cpu, __ATOMIC_ACQUIRE));
    pthread_mutex_lock(&pool_lock);
    /* A thread is made when the first job is about to be offered, and may
     * first run after it was: that job counts as not yet seen, or the new
     * thread would sleep through it and leave the caller to hash it alone
     * (a 50 MiB `hashbench sum` did exactly that: its first job is 32 MiB). */
    seen = pool_job ? pool_gen - 1 : pool_gen;
    for (;;) {
        /* spin first where there is another CPU to spin on */
        if (!pool_quit && pool_gen == seen && pool_default > 0) {
            pthread_mutex_unlock(&pool_lock);
            spin_for_job(seen);
            pthread_mutex_lock(&pool_lock);
        }
        while (!pool_quit && pool_gen == seen)
            pthread_cond_wait(&pool_wake, &pool_lock);
        if (pool_quit)
            break;
        seen = pool_gen;
        j = pool_job;
        if (!j || j->active >= j->max_active)  /* over, or enough hands already */
            continue;
        j->active++;
        pthread_mutex_unlock(&pool_lock);
        run_parts(j, 1);
        pthread_mutex_lock(&pool_lock);
        if (--j->active == 0)
            pthread_cond_broadcast(&pool_idle);
    }
    pthread_mutex_unlock(&pool_lock);
    return 0;
}

/* at exit: stops and joins this process's pool threads (later jobs, if
 * any, are hashed by their callers alone) */
static void pool_stop(void)
{
    unsigned i;

    pthread_mutex_lock(&start_lock);
    pthread_mutex_lock(&pool_lock);
    __atomic_store_n(&pool_quit, 1, __ATOMIC_RELEASE);
    pthread_cond_broadcast(&pool_wake);
    pthread_mutex_unlock(&pool_lock);
    for (i = 0; i < pool_threads; i++)
        pthread_join(pool_tid[i], 0);
    pool_threads = 0;
    pool_frozen = 1;
    pthread_mutex_unlock(&start_lock);
}

/* pthread_atfork: no pool lock may be held across fork() by a thread the
 * child will not have.  Taking submit_lock waits for a running job to end. */
static void fork_prepare(void)
{
    pthread_mutex_lock(&start_lock);
    pthread_mutex_lock(&submit_lock);
    pthread_mutex_lock(&pool_lock);
    pthread_mutex_lock(&limit_lock);
}

static void fork_parent(void)
{
    pthread_mutex_unlock(&limit_lock);
    pthread_mutex_unlock(&pool_lock);
    pthread_mutex_unlock(&submit_lock);
    pthread_mutex_unlock(&start_lock);
}

/* The child has none of the pool's threads: forget them (the inherited
 * atexit handler then joins nothing) and let the next job start a pool of
 * the child's own (see MT_POOL_IN_CHILD).  The condition variables are
 * made anew: their state may count waiters that exist only in the parent. */
static void fork_child(void)
{
    pool_threads = 0;
    pool_job = 0;
    __atomic_store_n(&pool_gen, 0, __ATOMIC_RELEASE);
    __atomic_store_n(&pool_quit, 0, __ATOMIC_RELEASE);
    pool_started = !MT_POOL_IN_CHILD;
    pool_frozen = !MT_POOL_IN_CHILD;
    pthread_cond_init(&pool_wake, 0);
    pthread_cond_init(&pool_idle, 0);
    pthread_mutex_unlock(&limit_lock);
    pthread_mutex_unlock(&pool_lock);
    pthread_mutex_unlock(&submit_lock);
    pthread_mutex_unlock(&start_lock);
}

/* under start_lock: `want` pool threads at least (MT_THREADS_MAX at most);
 * a new thread waits for the next job, so the pool may grow while one runs */
static void pool_grow(unsigned want)
{
    if (!handlers_set || pool_frozen)
        return;                     /* a pool that a fork would break, or none wanted: none */
    if (want > MT_THREADS_MAX)
        want = MT_THREADS_MAX;
    /* each new thread starts away from this one's CPU (thread_place.c) */
    __atomic_store_n(&maker_cpu, hb_thread_cpu_now(), __ATOMIC_RELEASE);
    while (pool_threads < want && pthread_create(&pool_tid[pool_threads], 0, worker, 0) == 0)
        pool_threads++;
}

/* under start_lock */
static void pool_start(void)
{
    /* the CPUs this process may use, not the machine's: under `taskset -c
     * 1` or bench --pin, a second thread would only take turns with the
     * caller on the one CPU (0.45x to 0.82x of one thread at 1 MiB:
     * docs/impl-blake.md) */
    unsigned cpus = hb_usable_cpus();

    if (!handlers_set && pthread_atfork(fork_prepare, fork_parent, fork_child) == 0) {
        atexit(pool_stop);
        handlers_set = 1;
    }
    pool_default = cpus > 1 ? cpus - 1 : 0;
    pool_grow(pool_default);
}

/* The pool threads a job may use under `limit` (0: the default, one per
 * other CPU even where the pool has grown), the pool started first if this
 * process has none, and grown when the limit asks for more threads than it
 * has (more than the CPUs: what b3sum --num-threads does too) */
static unsigned pool_ensure(unsigned limit)
{
    unsigned n;
    pthread_mutex_lock(&start_lock);
    if (!pool_started) {
        pool_started = 1;
        pool_start();
    }
    if (limit > pool_threads + 1)
        pool_grow(limit - 1);
    n = pool_threads;
    if (limit == 0 && n > pool_default)
        n = pool_default;
    else if (limit > 0 && n > limit - 1)
        n = limit - 1;
    pthread_mutex_unlock(&start_lock);
    return n;
}

/* The nodes an update of len bytes from chunk index lo (a chunk boundary)
 * hashes in one job: from each point on, the largest complete subtree that
 * starts there and leaves a byte for the last chunk, while it has at least
 * MT_MIN_CHUNKS chunks and the job stays within MT_NODE_MAX chunks.
 * Returns how many (0: none here); their sizes, in chunks, go to nodes[]. */
static unsigned plan_nodes(uint32_t lo, size_t len, size_t nodes[MT_NODES_MAX])
{
    size_t limit = (len - 1) / HB_BLAKE3_CHUNK_LEN, total = 0, n;
    unsigned k = 0;

    while (k < MT_NODES_MAX) {
        for (n = 1; 2 * n <= limit && n < MT_NODE_MAX && (lo & n) == 0; n *= 2)
            ;
        if (n < MT_MIN_CHUNKS || total + n > MT_NODE_MAX)
            break;
        nodes[k++] = n;
        lo += (uint32_t)n;
        limit -= n;
        total += n;
    }
    return k;
}

/* parts of part_size chunks (a node smaller than that is one part) */
static unsigned count_parts(const size_t *nodes, unsigned k, size_t part_size)
{
    unsigned i, parts = 0;
    for (i = 0; i < k; i++)
        parts += nodes[i] > part_size ? (unsigned)(nodes[i] / part_size) : 1;
    return parts;
}

/* the CVs of n (a power of two) adjacent parts joined up to one, in place:
 * the parents of each level side by side through hash_many */
static void join_parts(const hb_blake3_ctx *c, uint8_t *cvs, unsigned n, const hb_blake3_ops *ops)
{
    const uint8_t *inputs[MT_PARTS_MAX / 2];
    uint8_t level[MT_PARTS_MAX / 2 * HB_BLAKE3_OUT_LEN];
    unsigned i;

    for (; n > 1; n /= 2) {
        for (i = 0; i < n / 2; i++)
            inputs[i] = cvs + (size_t)i * HB_BLAKE3_BLOCK_LEN;
        ops->hash_many(inputs, n / 2, 1, c->key, 0, 0, 0, c->flags | HB_BLAKE3_PARENT, 0, 0, level);
        for (i = 0; i < n / 2 * HB_BLAKE3_OUT_LEN; i++)
            cvs[i] = level[i];
    }
}

/* k nodes of nodes[] chunks from byte `start` of src on (plan_nodes),
 * hashed by the pool and the caller as one job, then pushed on c's stack in
 * order.  0, or the errno of a failed read (nothing pushed then). */
static int hash_nodes_parallel(hb_blake3_ctx *c, const mt_source *src, uint64_t start, const size_t *nodes,
                               unsigned k, const hb_blake3_ops *ops)
{
    mt_job job;
    size_t part_size = 0, first = 0;
    unsigned limit = mt_limit_get();
    unsigned threads = pool_ensure(limit);
    unsigned want = MT_PARTS_PER_THREAD * (threads + 1), i, p;
    int shared;

    if (want > MT_PARTS_MAX)
        want = MT_PARTS_MAX;
    /* the smallest power of two that keeps the parts within want, from the
     * largest node down (nodes shrink along a job that starts at a large
     * power of two, and grow along one that starts just past a small one) */
    for (i = 0; i < k; i++)
        if (nodes[i] > part_size)
            part_size = nodes[i];
    while (part_size / 2 >= MT_PART_MIN_CHUNKS && count_parts(nodes, k, part_size / 2) <= want)
        part_size /= 2;
    job.parts = 0;
    for (i = 0; i < k; i++) {
        size_t each = nodes[i] > part_size ? part_size : nodes[i], done;
        for (done = 0; done < nodes[i]; done += each) {
            job.part_first[job.parts] = first + done;
            job.part_chunks[job.parts] = each;
            job.parts++;
        }
        first += nodes[i];
    }
    job.src = *src;
    job.start = start;
    job.err = 0;
    job.key = c->key;
    job.flags = c->flags;
    job.chunk_lo = c->chunk_lo;
    job.chunk_hi = c->chunk_hi;
    job.ops = ops;
    job.next = 0;
    job.done = 0;
    job.active = 0;
    job.max_active = threads;
    job.by_pool = 0;

    /* one job at a time; a caller that finds the pool busy works alone */
    shared = threads > 0 && pthread_mutex_trylock(&submit_lock) == 0;
    if (shared) {
        pthread_mutex_lock(&pool_lock);
        pool_job = &job;
        __atomic_store_n(&pool_gen, pool_gen + 1, __ATOMIC_RELEASE);
        pthread_cond_broadcast(&pool_wake);
        pthread_mutex_unlock(&pool_lock);
    }
    run_parts(&job, 0);
    pthread_mutex_lock(&pool_lock);
    if (shared) {
        while (job.done < job.parts || job.active > 0)
            pthread_cond_wait(&pool_idle, &pool_lock);
        pool_job = 0;
    }
    last_parts = job.parts;
    last_by_pool = job.by_pool;
    pthread_mutex_unlock(&pool_lock);
    if (shared)
        pthread_mutex_unlock(&submit_lock);
    if (job.err)
        return job.err;

    /* each node's parts (adjacent, a power of two of them) up to its CV,
     * pushed in order */
    for (i = 0, p = 0; i < k; i++) {
        unsigned n = nodes[i] > part_size ? (unsigned)(nodes[i] / part_size) : 1;
        join_parts(c, job.cvs + (size_t)p * HB_BLAKE3_OUT_LEN, n, ops);
        hb_blake3_push_subtree(c, job.cvs + (size_t)p * HB_BLAKE3_OUT_LEN, nodes[i], ops);
        p += n;
    }
    return 0;
}

void hb_blake3_mt_set_threads(unsigned n)
{
    pthread_mutex_lock(&limit_lock);
    mt_limit = n;
    pthread_mutex_unlock(&limit_lock);
}

unsigned hb_blake3_mt_threads(void)
{
    return pool_ensure(mt_limit_get()) + 1;
}

void hb_blake3_mt_last_job(unsigned *parts, unsigned *by_pool)
{
    pthread_mutex_lock(&pool_lock);
    *parts = last_parts;
    *by_pool = last_by_pool;
    pthread_mutex_unlock(&pool_lock);
}

/* Both updates: whole subtrees from a chunk boundary on go to the pool as
 * one job; everything else is the single-threaded code, on bytes read into
 * buf first when they are not in memory.  0, or read_at's errno. */
static int update_from(hb_blake3_ctx *c, const mt_source *src, uint64_t len, uint8_t *buf)
{
    const hb_blake3_ops *ops = mt_ops();
    size_t nodes[MT_NODES_MAX], total, piece, in_chunk;
    uint64_t pos = 0, rest;
    unsigned k, i;
    int err;

    while ((rest = len - pos) > 0) {
        /* a few bytes less than 4 GiB: enough to plan a job (at most 1 GiB)
         * on a 32-bit size_t too */
        piece = rest > 0xffff0000u ? (size_t)0xffff0000u : (size_t)rest;
        if (rest > (uint64_t)MT_MIN_CHUNKS * HB_BLAKE3_CHUNK_LEN) {
            if (hb_blake3_chunk_boundary(c, ops)) {
                k = plan_nodes(c->chunk_lo, piece, nodes);
                if (k > 0) {
                    if ((err = hash_nodes_parallel(c, src, pos, nodes, k, ops)) != 0)
                        return err;
                    for (i = 0, total = 0; i < k; i++)
                        total += nodes[i];
                    pos += (uint64_t)total * HB_BLAKE3_CHUNK_LEN;
                    continue;
                }
                /* single-threaded up to the next multiple of MT_MIN_CHUNKS */
                piece = (MT_MIN_CHUNKS - (c->chunk_lo % MT_MIN_CHUNKS)) *
                        (size_t)HB_BLAKE3_CHUNK_LEN;
            } else {
                /* the rest of the current chunk */
                in_chunk = (size_t)c->blocks_compressed * HB_BLAKE3_BLOCK_LEN + c->buf_len;
                piece = HB_BLAKE3_CHUNK_LEN - in_chunk;
            }
            if (piece > rest)
                piece = (size_t)rest;
        }
        if (src->read_at) {
            /* pieces here are at most MT_MIN_CHUNKS chunks; the buffer
             * holds a subtree of them */
            if (piece > (size_t)HB_BLAKE3_SUBTREE * HB_BLAKE3_CHUNK_LEN)
                piece = (size_t)HB_BLAKE3_SUBTREE * HB_BLAKE3_CHUNK_LEN;
            if ((err = src->read_at(src->arg, buf, piece, pos)) != 0)
                return err;
            hb_blake3_update_with(c, buf, piece, ops);
        } else {
            hb_blake3_update_with(c, src->data + (size_t)pos, piece, ops);
        }
        pos += piece;
    }
    return 0;
}

void hb_blake3_update_mt(hb_blake3_ctx *c, const uint8_t *data, size_t len)
{
    mt_source src;
    src.data = data;
    src.read_at = NULL;
    src.arg = NULL;
    update_from(c, &src, len, NULL);
}

int hb_blake3_update_mt_read(hb_blake3_ctx *c, uint64_t len, hb_blake3_mt_read_fn read_at, void *arg)
{
    mt_source src;
    uint8_t *buf = subtree_buffer();
    int err;
    if (!buf)
        return ENOMEM;
    src.data = NULL;
    src.read_at = read_at;
    src.arg = arg;
    err = update_from(c, &src, len, buf);
    free(buf);
    return err;
}

void hb_blake3_final_mt(hb_blake3_ctx *c, uint8_t *digest)
{
    hb_blake3_finalize_with(c, digest, HB_BLAKE3_OUT_LEN, mt_ops());
}

/* keyed_hash and the extended output, as hb_blake3_params_with but with
 * the threaded update */
int hb_blake3_params_mt(const hb_params *p, const uint8_t *data, size_t len, uint8_t *out,
                        size_t out_len)
{
    hb_blake3_ctx c;

    if (p && (p->salt_len != 0 || p->iterations != 0))
        return -1;
    if (p && p->key_len != 0) {
        if (p->key_len != HB_BLAKE3_KEY_LEN || !p->key)
            return -1;
        hb_blake3_init_keyed(&c, p->key);
    } else {
        hb_blake3_init(&c);
    }
    hb_blake3_update_mt(&c, data, len);
    hb_blake3_finalize_with(&c, out, out_len, mt_ops());
    return 0;
}

/* The Rust peers: loading their library and making each crate an
 * implementation (see rust_peers.h; the ABI is peers/rust/src/ffi.rs). */
#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "peers/loader/beside_exe.h"
#include "peers/loader/rust_peers.h"
#include "impl_rows.h"
#include "os/usable_cpus.h"

#define MAX_RUST_IMPLS 64
#define LIBRARY "libhashbench_rust_peers.so"
#define ABI_VERSION 1u             /* ffi.rs ABI_VERSION */

/* ffi.rs HbRustPeer */
typedef struct hb_rust_peer {
    const char *algorithm;
    const char *implementation;
    size_t ctx_size;
    void (*oneshot)(const uint8_t *data, size_t len, uint8_t *digest);
    void (*init)(void *ctx);
    void (*update)(void *ctx, const uint8_t *data, size_t len);
    void (*final)(void *ctx, uint8_t *digest);
} hb_rust_peer;

typedef struct rust_impl {
    const hb_algo *algo;
    hb_impl impl;
} rust_impl;

static rust_impl rust_impls[MAX_RUST_IMPLS];
static hb_impl_row rust_rows[MAX_RUST_IMPLS + 1];     /* ends with { 0 } */
static unsigned n_rust_impls;

/* The rayon peer's threads (its row's hb_threads_iface): the library's
 * setter, and the count set last, which rayon's pool of that many threads
 * uses; 0, rayon's global pool, has a thread per CPU this process may use
 * (std::thread::available_parallelism follows the affinity mask, as
 * hb_usable_cpus does: peers/rust/src/threads.rs).  The library keeps no
 * record of its last job, nor reads a file on its threads. */
static void (*rayon_set_threads)(unsigned threads);
static unsigned rayon_threads_set;

static void rayon_set(unsigned threads)
{
    rayon_threads_set = threads;
    rayon_set_threads(threads);
}

static unsigned rayon_get(void)
{
    return rayon_threads_set ? rayon_threads_set : hb_usable_cpus();
}

static const hb_threads_iface rayon_threads = { rayon_set, rayon_get, NULL, NULL };

int hb_rust_peers_wanted(const char *spec)
{
    const char *p = spec;
    while (*p) {
        size_t len = strcspn(p, ",");
        if (len == 5 && strncmp(p, "peers", 5) == 0)
            return 1;
        p += len + (p[len] == ',');
    }
    return 0;
}

/* The library's path into path: 1 when there is one to load, 0 when none
 * is wanted or built (*note says which, for the user; "missing" when the
 * build for the --as-cpu level is not there). */
static int find_library(const char *level, char *path, size_t size, int *named, const char **note)
{
    const char *env = getenv("HB_RUST_PEERS");
    char file[64];
    *named = env != NULL;
    if (env) {
        if (!*env || strcmp(env, "none") == 0)
            return 0;
        snprintf(path, size, "%s", env);
        return 1;
    }
    if (level) {
        /* --as-cpu: the crates' build for that level (make peers-LEVEL), never the native one */
        snprintf(file, sizeof file, "libhashbench_rust_peers.%s.so", level);
        if (hb_peer_beside_exe(file, path, size) && access(path, F_OK) == 0)
            return 1;
        *note = "missing";
        return 0;
    }
    if (!hb_peer_beside_exe(LIBRARY, path, size))
        return 0;
    if (access(path, F_OK) != 0) {
        *note = "the Rust peers are not built (make peers): measuring the C libraries only";
        return 0;
    }
    return 1;
}

__attribute__((format(printf, 3, 4)))
static void say(hb_peer_warn_fn warn, void *arg, const char *fmt, ...)
{
    char buf[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (warn)
        warn(arg, buf);
}

/* Does the crate give hashbench's digest of the canonical workload, in one
 * call and streamed in three pieces (and the empty message alike)? */
static int agrees(const hb_rust_peer *p, const hb_impl *impl, const hb_algo *algo)
{
    uint8_t msg[1024], want[HB_MAX_DIGEST], got[HB_MAX_DIGEST], empty[HB_MAX_DIGEST];
    hb_any_ctx ctx;
    unsigned n = algo->digest_size;
    hb_workload_fill(msg, sizeof msg);
    hb_hash(hb_impl_pick(algo, HB_NO_SIZE), msg, sizeof msg, want);
    p->oneshot(msg, sizeof msg, got);
    if (memcmp(got, want, n) != 0)
        return 0;
    impl->init(&ctx);
    impl->update(&ctx, msg, 1);
    impl->update(&ctx, msg + 1, 700);
    impl->update(&ctx, msg + 701, sizeof msg - 701);
    impl->final(&ctx, got);
    if (memcmp(got, want, n) != 0)
        return 0;
    hb_hash(hb_impl_pick(algo, HB_NO_SIZE), msg, 0, want);
    p->oneshot(NULL, 0, got);
    impl->init(&ctx);
    impl->final(&ctx, empty);
    return memcmp(got, want, n) == 0 && memcmp(empty, want, n) == 0;
}

unsigned hb_rust_peers_load(const char *level, hb_rust_peers_about *about, hb_peer_warn_fn warn, void *arg,
                            const char **note)
{
    static char path[4096];
    uint32_t (*abi)(void);
    size_t (*count)(void);
    int (*peer_at)(size_t, hb_rust_peer *);
    const char *(*text)(int);
    void *lib;
    size_t i, n;
    int named;

    *note = NULL;
    memset(about, 0, sizeof *about);
    n_rust_impls = 0;
    if (!find_library(level, path, sizeof path, &named, note)) {
        if (*note && strcmp(*note, "missing") == 0) {
            *note = NULL;
            say(warn, arg, "Rust peers not measured: no build of them for --as-cpu %s (%s): make peers-%s "
                           "builds it (make bench AS_CPU=%s does it first)", level, path, level, level);
        }
        return 0;
    }
    if (!(lib = dlopen(path, RTLD_NOW | RTLD_LOCAL))) {
        say(warn, arg, "Rust peers not measured: cannot load %s%s: %s", path, named ? " (HB_RUST_PEERS)" : "",
            dlerror());
        return 0;
    }
    *(void **)&abi = dlsym(lib, "hb_rust_peers_abi");
    *(void **)&count = dlsym(lib, "hb_rust_peers_count");
    *(void **)&peer_at = dlsym(lib, "hb_rust_peer_at");
    *(void **)&text = dlsym(lib, "hb_rust_peers_about");
    if (!abi || !count || !peer_at || !text) {
        say(warn, arg, "Rust peers not measured: %s is not the Rust peers' library (no hb_rust_peers_* functions)",
            path);
        dlclose(lib);
        return 0;
    }
    if (abi() != ABI_VERSION) {
        say(warn, arg, "Rust peers not measured: %s has ABI version %u, this hashbench reads %u: rebuild it "
                       "(make peers)", path, abi(), ABI_VERSION);
        dlclose(lib);
        return 0;
    }
    n = count();
    for (i = 0; i < n && n_rust_impls < MAX_RUST_IMPLS; i++) {
        hb_rust_peer p;
        rust_impl *r = &rust_impls[n_rust_impls];
        if (peer_at(i, &p) != 0 || !p.algorithm || !p.implementation || !p.oneshot || !p.init || !p.update ||
            !p.final)
            continue;
        if (!(r->algo = hb_algo_find(p.algorithm)))
            continue;               /* an algorithm this build lacks */
        if (p.ctx_size > sizeof(hb_any_ctx)) {
            say(warn, arg, "Rust peers: %s/%s needs a %zu-byte context, more than hashbench's %zu: left out",
                p.algorithm, p.implementation, p.ctx_size, sizeof(hb_any_ctx));
            continue;
        }
        r->impl = (hb_impl){ p.implementation, 0, p.ctx_size, p.init, p.update, p.final, 0 };
        if (!agrees(&p, &r->impl, r->algo)) {
            say(warn, arg, "Rust peers: %s/%s gives a different digest of the canonical workload than "
                           "hashbench: left out", p.algorithm, p.implementation);
            continue;
        }
        /* a peer's row: ranked below 0, measured beside hashbench's own, never picked */
        rust_rows[n_rust_impls] = (hb_impl_row){ .algo = r->algo->id, .impl = &r->impl, .rank = -1,
                                                 .oneshot = p.oneshot };
        n_rust_impls++;
    }
    /* optional: the thread count of the rayon peer (bench --scale), on its
     * row before the rows join the registry */
    *(void **)&rayon_set_threads = dlsym(lib, "hb_rust_peers_set_threads");
    for (i = 0; rayon_set_threads && i < n_rust_impls; i++)
        if (strcmp(rust_impls[i].impl.name, "rust-blake3-rayon") == 0)
            rust_rows[i].threads = &rayon_threads;
    if (n_rust_impls == 0 || hb_add_rows(rust_rows) != 0) {
        n_rust_impls = 0;
        return 0;
    }
    snprintf(about->library, sizeof about->library, "%s", path);
    snprintf(about->compiler, sizeof about->compiler, "%s", text(0) ? text(0) : "");
    snprintf(about->flags, sizeof about->flags, "%s", text(1) ? text(1) : "");
    snprintf(about->crates, sizeof about->crates, "%s", text(2) ? text(2) : "");
    return n_rust_impls;                /* the library stays loaded to the end */
}

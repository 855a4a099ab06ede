/* Picks the best implementation of an algorithm for this CPU.
 *
 * Every implementation has a rank (hb_impl_rank: portable C 0, fast C 1,
 * instruction-set implementations the rank their table gives, from
 * measurement); the highest-ranked one this CPU can run wins.  Where
 * measurement on an architecture found that order wrong for one algorithm,
 * an exception below says so and why. */
#include <string.h>
#include "hashbench.h"

static const struct exception {
    const char *algo;
    const char *impl;
} exceptions[] = {
#if defined(__x86_64__) || defined(__aarch64__)
    /* fnv1a32 `fast` replaces the multiply by shifts and adds: 1.4x on the
     * 6502, but 0.75x where a 32-bit multiply takes 3 cycles (measured on
     * x86-64: 259-324 MB/s portable, 202-236 MB/s fast at 1 MiB). */
    { "fnv1a32", "portable" },
#endif
    { 0, 0 }
};

const hb_impl *hb_impl_best(const hb_algo *algo)
{
    const hb_impl *best = 0;
    const struct exception *e;
    unsigned i;
    for (e = exceptions; e->algo; e++)
        if (strcmp(e->algo, algo->id) == 0) {
            const hb_impl *impl = hb_impl_find(algo, e->impl);
            if (impl && hb_impl_available(impl))
                return impl;
        }
    for (i = 0; i < hb_impl_count(algo); i++) {
        const hb_impl *impl = hb_impl_at(algo, i);
        /* peers are measured beside us, never picked; the rank is asked
         * first, because a peer's availability check starts its library
         * (OpenSSL loads its providers: milliseconds for every sum) */
        if (hb_impl_rank(algo, impl) < 0 || !hb_impl_available(impl))
            continue;
        if (!best || hb_impl_rank(algo, impl) > hb_impl_rank(algo, best))
            best = impl;
    }
    return best;
}

/* ---- one-shot functions (host only: the consoles do not link this file) ---- */

/* This architecture's one-shot tables: src/arch/x86/oneshot_x86.c on
 * x86-64 (named here so that the archive member is always linked); none
 * elsewhere yet. */
#if defined(__x86_64__)
extern const hb_oneshot *const hb_arch_oneshot_tables[];
#else
static const hb_oneshot *const hb_arch_oneshot_tables[] = { 0 };
#endif

/* The peers' one-shot tables: src/peers/peers.c defines them when the peer
 * libraries are built in (its object is always linked then, for
 * hb_peer_impl_tables), and its definition replaces this empty one. */
__attribute__((weak)) const hb_oneshot *const hb_peer_oneshot_tables[] = { 0 };

static const hb_oneshot *find_oneshot(const hb_oneshot *const *tables, const hb_impl *impl)
{
    const hb_oneshot *const *t;
    const hb_oneshot *e;
    for (t = tables; *t; t++)
        for (e = *t; e->impl; e++)
            if (e->impl == impl)
                return e;
    return 0;
}

/* Tables added at run time (hb_add_oneshots: the Rust peers' library). */
#define MAX_ADDED_ONESHOTS 4
static const hb_oneshot *added_oneshots[MAX_ADDED_ONESHOTS + 1];

int hb_add_oneshots(const hb_oneshot *table)
{
    unsigned n = 0;
    while (added_oneshots[n])
        n++;
    if (n == MAX_ADDED_ONESHOTS)
        return -1;
    added_oneshots[n] = table;
    return 0;
}

const hb_oneshot *hb_impl_oneshot(const hb_impl *impl)
{
    const hb_oneshot *e = find_oneshot(hb_arch_oneshot_tables, impl);
    if (!e)
        e = find_oneshot(hb_peer_oneshot_tables, impl);
    return e ? e : find_oneshot(added_oneshots, impl);
}

void hb_hash_oneshot(const hb_impl *impl, const void *data, size_t len, uint8_t *digest)
{
    const hb_oneshot *e = hb_impl_oneshot(impl);
    if (e)
        e->hash((const uint8_t *)data, len, digest);
    else
        hb_hash(impl, data, len, digest);
}

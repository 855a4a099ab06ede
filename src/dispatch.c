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
        if (!hb_impl_available(impl) || hb_impl_rank(algo, impl) < 0)
            continue;               /* peers are measured beside us, never picked */
        if (!best || hb_impl_rank(algo, impl) > hb_impl_rank(algo, best))
            best = impl;
    }
    return best;
}

/* hb_update(ctx, NULL, 0) changes nothing, wherever it comes in a stream:
 * first, between two pieces, last, and several times in a row.  Every
 * implementation this CPU can run, the peer libraries' included: zlib's
 * crc32_z and adler32_z return their initial value for a NULL buffer, which
 * once reset the zlib peers' checksums in the middle of a stream. */
#include <stdio.h>
#include "hashbench.h"
#include "unit.h"

#define LEN 300         /* a few blocks of every block size in the roster */
#define SPLIT 131

/* The message in two pieces, with NULL updates where `where` says:
 * bit 0 before the first piece, bit 1 between them, bit 2 after the last. */
static void streamed(const hb_impl *impl, const uint8_t *msg, unsigned where, uint8_t *out)
{
    static hb_ctx ctx;
    hb_init(&ctx, impl);
    if (where & 1)
        hb_update(&ctx, NULL, 0);
    hb_update(&ctx, msg, SPLIT);
    if (where & 2) {
        hb_update(&ctx, NULL, 0);
        hb_update(&ctx, NULL, 0);
    }
    hb_update(&ctx, msg + SPLIT, LEN - SPLIT);
    if (where & 4)
        hb_update(&ctx, NULL, 0);
    hb_final(&ctx, out);
}

int main(void)
{
    uint8_t msg[LEN], ref[HB_MAX_DIGEST], got[HB_MAX_DIGEST];
    char what[160];
    unsigned a, i, where;

    hb_workload_fill(msg, sizeof msg);
    for (a = 0; a < hb_algo_count(); a++) {
        const hb_algo *algo = hb_algo_at(a);
        for (i = 0; i < hb_impl_count(algo); i++) {
            const hb_impl *impl = hb_impl_at(algo, i);
            int ok = 1;
            if (!hb_impl_available(impl))
                continue;
            streamed(impl, msg, 0, ref);
            for (where = 1; where < 8; where++) {
                streamed(impl, msg, where, got);
                ok &= same(ref, got, algo->digest_size);
            }
            snprintf(what, sizeof what, "%s %s: update(NULL, 0) at the start, middle and end changes nothing",
                     algo->id, impl->name);
            check(ok, what);
        }
    }
    return unit_summary();
}

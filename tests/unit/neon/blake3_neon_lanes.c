/* BLAKE3's NEON hash_many (src/algorithms/blake3/neon/, built for aarch64
 * and for 32-bit ARM) against the portable one where whole-message tests
 * cannot reach: per-lane chunk counters that cross 2^32 (the low word of
 * some lanes wraps and their high word must carry, the others not), two
 * or three inputs (idle lanes repeat the last one and are dropped), and
 * parents (one counter for every lane).  4 TiB inputs are out of reach,
 * so the entry points are driven directly, as blake3_counters.c does for
 * the C code.  Built only where the kernel is (the Makefile's UNIT_SRCS:
 * aarch64 and 32-bit ARM); on an ARM CPU without NEON it says so and
 * skips. */
#include <stdio.h>
#include "hashbench.h"
#include "hashbench/blake3.h"
#include "algorithms/blake3/neon/blake3_neon.h"
#include "../unit.h"

#define N_IN 6
static uint8_t chunks[N_IN * HB_BLAKE3_CHUNK_LEN];

int main(void)
{
    static const struct {
        uint32_t lo, hi;
    } starts[] = { { 0xFFFFFFFDUL, 0 }, { 0xFFFFFFFFUL, 7 }, { 0, 0 }, { 0xFFFFFFFCUL, 0xFFFFFFFFUL } };
    const hb_impl *neon = hb_impl_find(hb_algo_find("blake3"), "neon");
    const uint8_t *in[N_IN];
    uint8_t want[N_IN * HB_BLAKE3_OUT_LEN], got[N_IN * HB_BLAKE3_OUT_LEN];
    char what[96];
    unsigned i, s, n;

    if (!neon || !hb_impl_available(neon)) {
        printf("SKIP blake3 neon is not available on this CPU\n0 passed, 0 failed, 1 skipped\n");
        return 0;
    }
    for (i = 0; i < sizeof chunks; i++)
        chunks[i] = (uint8_t)(i * 7 % 251);
    for (i = 0; i < N_IN; i++)
        in[i] = chunks + i * HB_BLAKE3_CHUNK_LEN;
    /* 2..6 inputs: one group of four with 0-2 idle lanes, or four and a tail */
    for (s = 0; s < sizeof starts / sizeof starts[0]; s++)
        for (n = 2; n <= N_IN; n++) {
            hb_blake3_hash_many_portable(in, n, 16, hb_blake3_iv, starts[s].lo, starts[s].hi, 1, 0,
                                         HB_BLAKE3_CHUNK_START, HB_BLAKE3_CHUNK_END, want);
            hb_blake3_hash_many_neon(in, n, 16, hb_blake3_iv, starts[s].lo, starts[s].hi, 1, 0,
                                     HB_BLAKE3_CHUNK_START, HB_BLAKE3_CHUNK_END, got);
            snprintf(what, sizeof what, "%u chunks from counter (hi %lu, lo 0x%08lX): neon = portable", n,
                     (unsigned long)starts[s].hi, (unsigned long)starts[s].lo);
            check(same(want, got, n * HB_BLAKE3_OUT_LEN), what);
        }
    /* parents: no increment, the same (high) counter in every lane, keyed */
    hb_blake3_hash_many_portable(in, 5, 1, hb_blake3_iv + 0, 0xFFFFFFFFUL, 3, 0,
                                 HB_BLAKE3_PARENT | HB_BLAKE3_KEYED_HASH, 0, 0, want);
    hb_blake3_hash_many_neon(in, 5, 1, hb_blake3_iv + 0, 0xFFFFFFFFUL, 3, 0,
                             HB_BLAKE3_PARENT | HB_BLAKE3_KEYED_HASH, 0, 0, got);
    check(same(want, got, 5 * HB_BLAKE3_OUT_LEN), "5 parents, one counter: neon = portable");
    return unit_summary();
}

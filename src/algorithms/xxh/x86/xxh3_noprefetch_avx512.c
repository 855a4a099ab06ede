/* XXH3 with AVX-512 without software prefetch (`avx512-noprefetch`,
 * xxh3_avx512_body.h): Zen 4 runs half as many stripes a cycle as Zen 5,
 * its hardware prefetcher keeps up, and the prefetches cost 2-3 % at 1 and
 * 4 MiB there (docs/impl-xxh3-adler-sha3.md). */
#define XXH3_PREFETCH_FROM HB_XXH3_NEVER
#define HB_X3_NAME(x) x##_noprefetch_avx512
#include "algorithms/xxh/x86/xxh3_avx512_body.h"

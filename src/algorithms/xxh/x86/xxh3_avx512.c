/* XXH3 with AVX-512 (`avx512`, xxh3_avx512_body.h), prefetching the next
 * block from 256 KiB: on Zen 5 input beyond the L2 cache streams from L3
 * faster than the hardware prefetcher keeps up with (4-5 % at 1 MiB),
 * below that the prefetches only cost (2-3 % at 64 KiB). */
#define XXH3_PREFETCH_FROM (256u * 1024u)
#define HB_X3_NAME(x) x##_avx512
#include "algorithms/xxh/x86/xxh3_avx512_body.h"

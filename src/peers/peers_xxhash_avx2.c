/* xxhash.h compiled with AVX2 (the Makefile's _avx2 flags): its XXH3
 * kernel becomes XXH_AVX2.  Called only when the CPU has AVX2. */
#if defined(__x86_64__)
#define HB_XXH_FNS hb_xxh_fns_avx2
#define HB_XXH_ISA "avx2"
#include "peers/peers_xxhash_variant.h"
#else
typedef int hb_xxh_avx2_not_built; /* not x86-64: an empty file is not ISO C */
#endif

/* xxhash.h compiled with AVX-512 (the Makefile's _avx512 flags): its XXH3
 * kernel becomes XXH_AVX512.  Called only when the CPU has AVX-512F/BW/VL. */
#if defined(__x86_64__)
#define HB_XXH_FNS hb_xxh_fns_avx512
#define HB_XXH_ISA "avx512"
#include "peers/peers_xxhash_variant.h"
#else
typedef int hb_xxh_avx512_not_built; /* not x86-64: an empty file is not ISO C */
#endif

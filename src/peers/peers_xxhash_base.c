/* xxhash.h at the build's baseline instruction set (SSE2 on x86-64). */
#define HB_XXH_FNS hb_xxh_fns_base
#define HB_XXH_ISA "baseline"
#include "peers/peers_xxhash_variant.h"

/* The descriptor at the start of one overlay image; compiled once per
 * algorithm with -DHBT_OVL_ALGO=hb_algo_<ident>. */
#include "gba_overlay.h"

extern const hb_algo HBT_OVL_ALGO;

__attribute__((section(".ovl_desc"), used))
const hbt_ovl_desc_t hbt_ovl_desc = {
    GBA_OVL_MAGIC, &HBT_OVL_ALGO, hb_impl_count, hb_impl_at, hbt_measure
};

/* RIPEMD-160 on x86-64: `fast` (plain C, the pick on every x86-64 CPU)
 * with a one-shot function, the context on one function's stack, so that
 * its group is timed one call per message like the others. */
#include "impl_rows.h"
#include "algorithms/common/oneshot.h"
#include "hashbench/ripemd.h"

extern const hb_impl hb_impl_ripemd160_fast;     /* ripemd_register.c */

HB_DEFINE_ONESHOT(ripemd160_fast_oneshot, hb_ripemd160_ctx, hb_ripemd160_init, hb_ripemd160_update_fast,
                  hb_ripemd160_final_fast)

const hb_impl_row hb_ripemd_x86_rows[] = {
    { .algo = "ripemd160", .impl = &hb_impl_ripemd160_fast, .rank = 1, .oneshot = ripemd160_fast_oneshot },
    { 0 }
};

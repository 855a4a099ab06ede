/* MD4 and MD5 on x86-64: `fast` (plain C, the pick on every x86-64 CPU)
 * with one-shot functions, the context on one function's stack, so that
 * their groups are timed one call per message like the others. */
#include "impl_rows.h"
#include "algorithms/common/oneshot.h"
#include "hashbench/md.h"

extern const hb_impl hb_impl_md4_fast, hb_impl_md5_fast;     /* md_register.c */

HB_DEFINE_ONESHOT(md4_fast_oneshot, hb_md4_ctx, hb_md4_init, hb_md4_update_fast, hb_md4_final_fast)
HB_DEFINE_ONESHOT(md5_fast_oneshot, hb_md5_ctx, hb_md5_init, hb_md5_update_fast, hb_md5_final_fast)

const hb_impl_row hb_md_x86_rows[] = {
    { .algo = "md4", .impl = &hb_impl_md4_fast, .rank = 1, .oneshot = md4_fast_oneshot },
    { .algo = "md5", .impl = &hb_impl_md5_fast, .rank = 1, .oneshot = md5_fast_oneshot },
    { 0 }
};

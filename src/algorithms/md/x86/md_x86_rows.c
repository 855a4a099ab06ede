/* MD4 and MD5 on x86-64: `fast` (plain C) and, for MD4, `direct` (the
 * same steps with the words read in place, md4_direct.c), with one-shot
 * functions, the context on one function's stack, so that their groups are
 * timed one call per message like the others.  `direct` ranks above `fast`
 * on every core: on Zen 4 it measured 4-9 % faster at 64 B - 1 MiB (2.55
 * cycles a byte at 1 MiB against 2.68, the chain's bound 2.50;
 * docs/impl-md.md, "Zen 5 (issue 34)"). */
#include "impl_rows.h"
#include "algorithms/common/oneshot.h"
#include "hashbench/md.h"
#include "md_x86.h"

extern const hb_impl hb_impl_md4_fast, hb_impl_md5_fast;     /* md_register.c */

HB_DEFINE_ONESHOT(md4_fast_oneshot, hb_md4_ctx, hb_md4_init, hb_md4_update_fast, hb_md4_final_fast)
HB_DEFINE_ONESHOT(md4_direct_oneshot, hb_md4_ctx, hb_md4_init, hb_md4_update_direct,
                  hb_md4_final_direct)
HB_DEFINE_ONESHOT(md5_fast_oneshot, hb_md5_ctx, hb_md5_init, hb_md5_update_fast, hb_md5_final_fast)

const hb_impl_row hb_md_x86_rows[] = {
    { .algo = "md4", .impl = &hb_impl_md4_fast, .rank = 1, .oneshot = md4_fast_oneshot },
    { .algo = "md4", .impl = &hb_impl_md4_direct, .rank = 2, .oneshot = md4_direct_oneshot },
    { .algo = "md5", .impl = &hb_impl_md5_fast, .rank = 1, .oneshot = md5_fast_oneshot },
    { 0 }
};

/* The builds (n64_builds.h):
 *
 *   o32  the algorithms linked into the program, compiled -mabi=32: 32-bit
 *        registers, 64-bit arithmetic in register pairs (the flags that
 *        first booted here, PLATFORM-NOTES);
 *   n32  the same sources compiled -mabi=n32 (64-bit registers), in their
 *        own image at N64_IMAGE_ADDR (n64_image.h): native 64-bit
 *        arithmetic, as a libdragon build of the original suite had. */
#include "n64_builds.h"
#include "n64_image.h"
#include "n64_regs.h"

extern const uint8_t n64_image_blob[], n64_image_blob_end[];

#define IMAGE ((const n64_image *)N64_IMAGE_ADDR)

static int image_ok;

static uint32_t measure_n32(const hb_impl *impl, const uint8_t *msg, size_t len, unsigned iters,
                            uint8_t *digest, hb_ctx *ctx)
{
    n64_measure_args a;
    a.impl = impl;
    a.msg = msg;
    a.len = len;
    a.iters = iters;
    a.digest = digest;
    a.ctx = ctx;
    return IMAGE->measure(&a);
}

static int select_n32(unsigned algo_index, hbt_code *code)
{
    unsigned j;
    if (!image_ok)
        return -1;
    code->algo = IMAGE->algo_at(algo_index);
    code->n_impls = IMAGE->impl_count(code->algo);
    if (code->n_impls > HBT_MAX_IMPLS)
        code->n_impls = HBT_MAX_IMPLS;
    for (j = 0; j < code->n_impls; j++)
        code->impls[j] = IMAGE->impl_at(code->algo, j);
    code->measure = measure_n32;
    return 0;
}

const hbt_build n64_builds[] = {
    { "O32", hbt_select_linked },
    { "N32", select_n32 },
};
const unsigned n64_n_builds = sizeof n64_builds / sizeof n64_builds[0];

static int same_id(const char *a, const char *b)
{
    while (*a && *a == *b) {
        a++;
        b++;
    }
    return *a == *b;
}

void n64_builds_init(void)
{
    /* copied through the uncached alias: RDRAM holds the bytes before the
     * first instruction fetch, and no stale cache line covers them */
    volatile uint8_t *dst = (volatile uint8_t *)N64_UNCACHED(N64_IMAGE_ADDR);
    unsigned long i, n = (unsigned long)(n64_image_blob_end - n64_image_blob);
    unsigned a;
    for (i = 0; i < n; i++)
        dst[i] = n64_image_blob[i];
    /* the image must be the one built with this program: the same roster in
     * the same order; otherwise its algorithms are recorded as not run */
    image_ok = IMAGE->magic == N64_IMAGE_MAGIC && IMAGE->algo_count() == hb_algo_count();
    for (a = 0; image_ok && a < hb_algo_count(); a++)
        image_ok = same_id(IMAGE->algo_at(a)->id, hb_algo_at(a)->id) &&
                   IMAGE->impl_count(IMAGE->algo_at(a)) == hb_impl_count(hb_algo_at(a));
}

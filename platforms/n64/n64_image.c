/* The n32 image's descriptor (n64_image.h), first in the image. */
#include "n64_image.h"
#include "hbt_run.h"

static uint32_t measure_packed(const n64_measure_args *a)
{
    return hbt_measure(a->impl, a->msg, a->len, a->iters, a->digest, a->ctx);
}

__attribute__((section(".image_desc"), used)) const n64_image n64_image_desc = {
    N64_IMAGE_MAGIC, hb_algo_count, hb_algo_at, hb_impl_count, hb_impl_at, measure_packed,
};

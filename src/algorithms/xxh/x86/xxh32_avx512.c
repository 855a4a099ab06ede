/* XXH32 with AVX-512F + VL: the four lanes in one xmm (the plain vector
 * form of xxh32_x86_vec.h, where the technique is explained).  On Zen 5
 * it wins while a message is short (measured: up to about 1.6 KiB, see
 * HB_XXH32_VECTOR_BELOW in xxh_x86.h); from there on the scalar code of
 * the `fast` implementation runs, for updates and one-shots alike.  On
 * Zen 4 it wins at every length (the core's tuning,
 * src/arch/x86/tuning_x86.c).  CPUs
 * with AVX-512 IFMA run xxh32_avx512ifma.c instead, whose chain is a
 * cycle shorter on Zen 5 (on Zen 4 it is as long, and the IFMA form wins
 * only from 512 B to 4 KiB).  The context is hb_xxh32_ctx (`fast`'s).  Registry
 * entry: xxh_x86_register.c. */
#include "algorithms/xxh/x86/xxh32_x86_vec.h"

void hb_xxh32_oneshot_avx512(const uint8_t *p, size_t len, uint8_t *digest)
{
    const uint8_t *end = p + len;
    uint32_t acc;
    size_t n = len / 16;

    if (len >= HB_XXH32_VECTOR_BELOW) {
        hb_xxh32_oneshot_fast(p, len, digest);
        return;
    }
    if (n > 0) {
        acc = hb_xxh32_vec_converge(hb_xxh32_vec_stripes(hb_xxh32_vec_start(), p, n));
        p += n * 16;
    } else {
        acc = HB_P32_5;
    }
    hb_xxh32_finish(acc, p, end, len, digest);
}

void hb_xxh32_update_avx512(hb_xxh32_ctx *c, const uint8_t *data, size_t len)
{
    if (len >= HB_XXH32_VECTOR_BELOW)
        hb_xxh32_update_fast(c, data, len);
    else
        hb_xxh32_update_vec(c, data, len, hb_xxh32_vec_stripes);
}

/* The streaming final (of the IFMA implementation too).  A message
 * shorter than HB_XXH32_VECTOR_BELOW (the lower of the two thresholds) had
 * every stripe through a vector loop: the lanes were stored with one
 * 16-byte store, so one 16-byte load forwards from it, and they converge
 * in the vector unit.  A longer one may have had `fast`'s 4-byte stores
 * last, which a 16-byte load cannot forward from (it would wait for the
 * cache): `fast`'s final, whose 4-byte loads forward from either, takes
 * it. */
void hb_xxh32_final_avx512(hb_xxh32_ctx *c, uint8_t *digest)
{
    uint32_t acc;
    if (c->total >= HB_XXH32_VECTOR_BELOW) {
        hb_xxh32_final_fast(c, digest);
        return;
    }
    if (c->large)
        acc = hb_xxh32_vec_converge(_mm_loadu_si128((const __m128i *)(const void *)c->v));
    else
        acc = c->seed + HB_P32_5;
    hb_xxh32_finish(acc, c->buf, c->buf + c->used, c->total, digest);
}

/* The NEON BLAKE2 compress functions as registry implementations: the
 * buffering and keying of blake2_common.c around them (update, final,
 * params), for the aarch64 and the 32-bit ARM rows alike. */
#ifndef HB_BLAKE2_NEON_WRAP_H
#define HB_BLAKE2_NEON_WRAP_H

#define HB_BLAKE2_NEON_WRAP(algo, ctx_t)                                                \
    static void algo##_update_neon(ctx_t *c, const uint8_t *p, size_t n)               \
    { hb_##algo##_update_with(c, p, n, hb_##algo##_compress_neon); }                    \
    static void algo##_final_neon(ctx_t *c, uint8_t *d)                                 \
    { hb_##algo##_final_with(c, d, hb_##algo##_compress_neon); }                        \
    static int algo##_params_neon(const hb_params *p, const uint8_t *data, size_t len,  \
                                  uint8_t *out, size_t out_len)                         \
    { return hb_##algo##_params_with(p, data, len, out, out_len, hb_##algo##_compress_neon); }

#endif

/* Small helpers every algorithm source uses: byte order, rotates, and the
 * HB_INLINE macro that stands in for the C99 `inline` keyword cc65 lacks.
 *
 * Loads and stores go byte by byte: they are endian-neutral (the same source
 * gives the same digest on s390x and x86) and never fault on an unaligned
 * pointer; host compilers turn them into single loads. */
#ifndef HASHBENCH_COMMON_H
#define HASHBENCH_COMMON_H

#include <stdint.h>
#include <stddef.h>

#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 199901L
#define HB_INLINE static inline
#else
#define HB_INLINE static
#endif

#define HB_ROTL32(x, n) ((uint32_t)(((uint32_t)(x) << (n)) | ((uint32_t)(x) >> (32u - (n)))))
#define HB_ROTR32(x, n) ((uint32_t)(((uint32_t)(x) >> (n)) | ((uint32_t)(x) << (32u - (n)))))

#define HB_LOAD32_LE(p) ((uint32_t)(p)[0] | ((uint32_t)(p)[1] << 8) | \
                         ((uint32_t)(p)[2] << 16) | ((uint32_t)(p)[3] << 24))
#define HB_LOAD32_BE(p) (((uint32_t)(p)[0] << 24) | ((uint32_t)(p)[1] << 16) | \
                         ((uint32_t)(p)[2] << 8) | (uint32_t)(p)[3])
#define HB_LOAD16_BE(p) ((uint16_t)(((uint16_t)(p)[0] << 8) | (p)[1]))

#define HB_STORE32_LE(p, v) ((p)[0] = (uint8_t)(v), (p)[1] = (uint8_t)((v) >> 8), \
                             (p)[2] = (uint8_t)((v) >> 16), (p)[3] = (uint8_t)((v) >> 24))
#define HB_STORE32_BE(p, v) ((p)[0] = (uint8_t)((v) >> 24), (p)[1] = (uint8_t)((v) >> 16), \
                             (p)[2] = (uint8_t)((v) >> 8), (p)[3] = (uint8_t)(v))
#define HB_STORE16_BE(p, v) ((p)[0] = (uint8_t)((v) >> 8), (p)[1] = (uint8_t)(v))

#endif /* HASHBENCH_COMMON_H */

/* crc32c over a short run of bytes with the SSE4.2 crc32 instruction, one
 * stream: CRC32 r64 per 8 bytes (latency 3 cycles, so 8 bytes / 3 cycles),
 * then at most one each of the 4-, 2- and 1-byte forms for the last 0..7
 * bytes (three dependent steps rather than up to seven byte steps).
 *
 * Used where a set-up would cost more than it saves: by crc32c_sse42.c
 * below its three-stream blocks, and by the folding kernels' crc32c for
 * short updates and the 0..15 bytes after the last whole lane (a folding
 * update pays a reduction of about 25 cycles, which eight CRC32 steps,
 * 64 bytes, already cover).  Static inline: the includer must be compiled
 * with SSE4.2 (the _sse42 and _vpclmul files are). */
#ifndef HB_CRC32C_WORDS_H
#define HB_CRC32C_WORDS_H

#include <nmmintrin.h>
#include <stdint.h>
#include <string.h>

/* 0..7 bytes: one each of the 4-, 2- and 1-byte forms (n's bits) */
static inline __attribute__((always_inline)) uint32_t
hb_crc32c_bytes(uint32_t crc, const uint8_t *p, size_t n)
{
    uint32_t v32;
    uint16_t v16;
    if (n & 4) {
        memcpy(&v32, p, 4);
        crc = _mm_crc32_u32(crc, v32);
        p += 4;
    }
    if (n & 2) {
        memcpy(&v16, p, 2);
        crc = _mm_crc32_u16(crc, v16);
        p += 2;
    }
    if (n & 1)
        crc = _mm_crc32_u8(crc, *p);
    return crc;
}

static inline __attribute__((always_inline)) uint32_t
hb_crc32c_words(uint32_t crc, const uint8_t *p, size_t n)
{
    uint64_t r = crc;

    /* 32 bytes a step, then one each of 16 and 8: a quarter of the loop
     * control (add, compare, branch) of one word a step */
    for (; n >= 32; n -= 32, p += 32) {
        uint64_t v[4];
        memcpy(v, p, 32);       /* unaligned; four movs */
        r = _mm_crc32_u64(r, v[0]);
        r = _mm_crc32_u64(r, v[1]);
        r = _mm_crc32_u64(r, v[2]);
        r = _mm_crc32_u64(r, v[3]);
    }
    if (n & 16) {
        uint64_t v[2];
        memcpy(v, p, 16);
        r = _mm_crc32_u64(r, v[0]);
        r = _mm_crc32_u64(r, v[1]);
        p += 16;
    }
    if (n & 8) {
        uint64_t v;
        memcpy(&v, p, 8);
        r = _mm_crc32_u64(r, v);
        p += 8;
    }
    return hb_crc32c_bytes((uint32_t)r, p, n & 7);
}

#endif

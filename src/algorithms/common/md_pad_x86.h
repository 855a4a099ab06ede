/* The padded last block(s) of a Merkle-Damgard message (SHA-1, SHA-256,
 * SHA-384/512), built in vector registers for the x86 one-shots.
 *
 * The generic padding (hb_md_block_pad, hb_sha512_final_with) copies the
 * tail into the context byte by byte, zeroes the rest byte by byte and
 * writes the length a byte at a time; the compress function then loads 16
 * bytes over many small stores, which the store queue cannot forward.  At
 * 64 bytes that was a third of the one-shot's time.  Here each 16-byte
 * lane of the padded tail is made in a register: whole lanes are loads
 * from the message, the lane the message ends in is one load (the 16 bytes
 * that end the message) shifted by pshufb, with 0x80 or-ed in after it;
 * the bit count is or-ed into the last lane.  The lanes are stored whole
 * to an aligned buffer, so the compress function's loads are forwarded.
 *
 * Only files compiled with SSSE3 or later include this (_shani, _avx2). */
#ifndef HB_MD_PAD_X86_H
#define HB_MD_PAD_X86_H

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "algorithms/common/empty_msg.h"

/* hb_md_pad_shift + 16 - k: pshufb control moving the last k bytes of a
 * register to its start, zeroes after them */
static const uint8_t hb_md_pad_shift[32] __attribute__((aligned(32))) = {
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
    0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
    0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80
};
/* hb_md_pad_one + 16 - k: 0x80 in byte k, zeroes elsewhere */
static const uint8_t hb_md_pad_one[32] __attribute__((aligned(32))) = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80
};

/* The last lane the message ends in: its final k bytes (1..15) followed
 * by 0x80 and zeroes; k = 0 gives 0x80 and zeroes.  end is the message's
 * end, len its length (the load reaches back 16 bytes only when it may). */
static inline __m128i hb_md_pad_lane(const uint8_t *end, size_t len, size_t k)
{
    __m128i v, one = _mm_loadu_si128((const __m128i *)(const void *)(hb_md_pad_one + 16 - k));

    if (k == 0)
        return one;
    if (len >= 16) {
        v = _mm_loadu_si128((const __m128i *)(const void *)(end - 16));
    } else {
        uint8_t t[16] = { 0 };
        memcpy(t + 16 - len, end - len, len);
        v = _mm_loadu_si128((const __m128i *)(const void *)t);
    }
    v = _mm_shuffle_epi8(v, _mm_loadu_si128((const __m128i *)(const void *)(hb_md_pad_shift + 16 - k)));
    return _mm_or_si128(v, one);
}

/* The padded tail of a message of len bytes (data .. data + len) whose
 * whole blocks have been compressed: its last len % block bytes, 0x80,
 * zeroes and lastlane or-ed into the last 16 bytes (the bit count, laid
 * out by the caller), into out (16-byte aligned, 2 * block bytes).
 * lenbytes: the bit count's size (8 or 16).  Returns the number of blocks
 * written, 1 or 2. */
static inline __attribute__((always_inline)) size_t
hb_md_pad_tail(uint8_t *out, const uint8_t *data, size_t len, size_t block, size_t lenbytes,
               __m128i lastlane)
{
    size_t r = len % block, off, total;
    const uint8_t *tail;

    data = hb_msg_or_empty(data, len);
    tail = data + len - r;

    total = r + 1 + lenbytes > block ? 2 * block : block;
    for (off = 0; off + 16 <= r; off += 16)
        _mm_store_si128((__m128i *)(void *)(out + off),
                        _mm_loadu_si128((const __m128i *)(const void *)(tail + off)));
    _mm_store_si128((__m128i *)(void *)(out + off), hb_md_pad_lane(data + len, len, r - off));
    for (off += 16; off < total; off += 16)
        _mm_store_si128((__m128i *)(void *)(out + off), _mm_setzero_si128());
    off = total - 16;
    _mm_store_si128((__m128i *)(void *)(out + off),
                    _mm_or_si128(_mm_load_si128((const __m128i *)(const void *)(out + off)), lastlane));
    return total / block;
}

static inline uint64_t hb_md_pad_bswap64(uint64_t x)
{
    return __builtin_bswap64(x);
}

#endif /* HB_MD_PAD_X86_H */

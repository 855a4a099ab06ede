/* AES-128 CBC-MAC with AES-NI.
 *
 * CBC-MAC is one serial chain: block i+1 cannot start before block i's
 * last round, so the speed is the latency of ten AES rounds per 16 bytes
 * and nothing else; parallel tricks (several blocks in flight) do not
 * apply.  What can be done is to keep everything else off the chain:
 *   - the eleven round keys stay in registers for the whole update;
 *   - the next message block and round key 0 are added into the last
 *     round key: AESENCLAST ends with an XOR of its key, so
 *         AESENCLAST(x, rk10) ^ m[i+1] ^ rk0 = AESENCLAST(x, rk10 ^ rk0 ^ m[i+1])
 *     and that key is computed off the chain, while the previous block
 *     is still in its rounds.
 * The chain is then exactly nine AESENC and one AESENCLAST per block.
 *
 * The context (include/hashbench/aes.h) keeps the FIPS 197 key schedule as
 * 32-bit words with byte 0 in the top bits; each update turns it into the
 * round-key blocks AESENC takes (a byte swap per word).
 *
 * Init expands the roster key with AESKEYGENASSIST instead of the C key
 * schedule: at 64 bytes the table-driven expansion (S-box lookups along a
 * 40-word dependency chain) cost about as much as the four blocks. */
#include <immintrin.h>
#include "hashbench/aes.h"
#include "aes_x86.h"

static void cbc_aesni(const uint32_t *w, uint8_t *mac, const uint8_t *blocks, size_t nblocks)
{
    const __m128i bswap32 = _mm_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3);
    __m128i rk0, rk1, rk2, rk3, rk4, rk5, rk6, rk7, rk8, rk9, rk10, rk10_0, x;

#define HB_RK(i) _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(w + 4 * (i))), bswap32)
    rk0 = HB_RK(0);
    rk1 = HB_RK(1);
    rk2 = HB_RK(2);
    rk3 = HB_RK(3);
    rk4 = HB_RK(4);
    rk5 = HB_RK(5);
    rk6 = HB_RK(6);
    rk7 = HB_RK(7);
    rk8 = HB_RK(8);
    rk9 = HB_RK(9);
    rk10 = HB_RK(10);
#undef HB_RK
    rk10_0 = _mm_xor_si128(rk10, rk0);

    /* the chaining value, the first block and round key 0 */
    x = _mm_xor_si128(_mm_loadu_si128((const __m128i *)mac),
                      _mm_xor_si128(_mm_loadu_si128((const __m128i *)blocks), rk0));
    for (; nblocks > 1; nblocks--) {
        __m128i last;
        blocks += 16;
        last = _mm_xor_si128(rk10_0, _mm_loadu_si128((const __m128i *)blocks));
        x = _mm_aesenc_si128(x, rk1);
        x = _mm_aesenc_si128(x, rk2);
        x = _mm_aesenc_si128(x, rk3);
        x = _mm_aesenc_si128(x, rk4);
        x = _mm_aesenc_si128(x, rk5);
        x = _mm_aesenc_si128(x, rk6);
        x = _mm_aesenc_si128(x, rk7);
        x = _mm_aesenc_si128(x, rk8);
        x = _mm_aesenc_si128(x, rk9);
        x = _mm_aesenclast_si128(x, last);     /* = E(...) ^ next block ^ rk0 */
    }
    x = _mm_aesenc_si128(x, rk1);
    x = _mm_aesenc_si128(x, rk2);
    x = _mm_aesenc_si128(x, rk3);
    x = _mm_aesenc_si128(x, rk4);
    x = _mm_aesenc_si128(x, rk5);
    x = _mm_aesenc_si128(x, rk6);
    x = _mm_aesenc_si128(x, rk7);
    x = _mm_aesenc_si128(x, rk8);
    x = _mm_aesenc_si128(x, rk9);
    x = _mm_aesenclast_si128(x, rk10);
    _mm_storeu_si128((__m128i *)mac, x);
}

/* One step of the AES-128 key schedule (FIPS 197 section 5.2) on whole
 * round keys: t is AESKEYGENASSIST(k, rcon), whose word 3 is
 * SubWord(RotWord(w3)) ^ rcon; each word of the next key is that XORed with
 * all the words of k up to its own position (two shifted XORs give those
 * prefix sums). */
static inline __m128i key_step(__m128i k, __m128i t)
{
    t = _mm_shuffle_epi32(t, 0xFF);
    k = _mm_xor_si128(k, _mm_slli_si128(k, 4));
    k = _mm_xor_si128(k, _mm_slli_si128(k, 8));
    return _mm_xor_si128(k, t);
}

void hb_aes_cbc_mac_init_aesni(hb_aes_cbc_mac_ctx *c)
{
    /* the roster key (docs/ROSTER.md): "hash-bench-aes!" and its zero byte */
    static const char key[16] = "hash-bench-aes!";
    const __m128i bswap32 = _mm_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3);
    __m128i k = _mm_loadu_si128((const __m128i *)(const void *)key);
    unsigned i;

    /* the context's word order: byte 0 of each word in its top bits */
#define HB_PUT_RK(r) _mm_storeu_si128((__m128i *)(void *)(c->w + 4 * (r)), _mm_shuffle_epi8(k, bswap32))
    HB_PUT_RK(0);
    k = key_step(k, _mm_aeskeygenassist_si128(k, 0x01));
    HB_PUT_RK(1);
    k = key_step(k, _mm_aeskeygenassist_si128(k, 0x02));
    HB_PUT_RK(2);
    k = key_step(k, _mm_aeskeygenassist_si128(k, 0x04));
    HB_PUT_RK(3);
    k = key_step(k, _mm_aeskeygenassist_si128(k, 0x08));
    HB_PUT_RK(4);
    k = key_step(k, _mm_aeskeygenassist_si128(k, 0x10));
    HB_PUT_RK(5);
    k = key_step(k, _mm_aeskeygenassist_si128(k, 0x20));
    HB_PUT_RK(6);
    k = key_step(k, _mm_aeskeygenassist_si128(k, 0x40));
    HB_PUT_RK(7);
    k = key_step(k, _mm_aeskeygenassist_si128(k, 0x80));
    HB_PUT_RK(8);
    k = key_step(k, _mm_aeskeygenassist_si128(k, 0x1B));
    HB_PUT_RK(9);
    k = key_step(k, _mm_aeskeygenassist_si128(k, 0x36));
    HB_PUT_RK(10);
#undef HB_PUT_RK
    for (i = 0; i < HB_AES_BLOCK; i++) {
        c->mac[i] = 0;
        c->buf[i] = 0;
    }
    c->used = 0;
}

void hb_aes_cbc_mac_update_aesni(hb_aes_cbc_mac_ctx *c, const uint8_t *data, size_t len)
{
    hb_aes_cbc_mac_absorb(c, data, len, cbc_aesni);
}

void hb_aes_cbc_mac_final_aesni(hb_aes_cbc_mac_ctx *c, uint8_t *digest)
{
    hb_aes_cbc_mac_finish(c, digest, cbc_aesni);
}

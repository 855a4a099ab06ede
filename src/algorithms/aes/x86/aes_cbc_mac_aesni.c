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
 * The roster key is expanded once, with AESKEYGENASSIST (the table-driven C
 * schedule is an S-box lookup chain of 40 words: at 64 bytes it cost about
 * as much as the four blocks); init copies it, and the one-shot takes the
 * round keys ready in registers' form, with no context at all (at 16 bytes
 * the context's word-order round trip and buffering were a third of the
 * time: 22 ns against 17 for the Rust crate's scheduled cipher). */
#include <immintrin.h>
#include <pthread.h>
#include <string.h>
#include "hashbench/aes.h"
#include "aes_x86.h"

/* The chain over nblocks >= 1 blocks from chaining value x, with the
 * round keys rk[0..10]; returns the new chaining value.  Inlined into both
 * callers, so the keys stay in registers. */
static inline __attribute__((always_inline)) __m128i cbc_chain(const __m128i *rk, __m128i x,
                                                               const uint8_t *blocks, size_t nblocks)
{
    __m128i rk0 = rk[0], rk1 = rk[1], rk2 = rk[2], rk3 = rk[3], rk4 = rk[4], rk5 = rk[5];
    __m128i rk6 = rk[6], rk7 = rk[7], rk8 = rk[8], rk9 = rk[9], rk10 = rk[10];
    __m128i rk10_0 = _mm_xor_si128(rk10, rk0);

    /* the chaining value, the first block and round key 0 */
    x = _mm_xor_si128(x, _mm_xor_si128(_mm_loadu_si128((const __m128i *)blocks), rk0));
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
    return _mm_aesenclast_si128(x, rk10);
}

/* The family's block function (hb_aes_cbc_fn): the context's FIPS words
 * turned into round-key blocks (a byte swap per word) for each update. */
static void cbc_aesni(const uint32_t *w, uint8_t *mac, const uint8_t *blocks, size_t nblocks)
{
    const __m128i bswap32 = _mm_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3);
    __m128i rk[11];
    unsigned i;
    for (i = 0; i < 11; i++)
        rk[i] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(w + 4 * i)), bswap32);
    _mm_storeu_si128((__m128i *)mac, cbc_chain(rk, _mm_loadu_si128((const __m128i *)mac), blocks, nblocks));
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

/* The roster key (docs/ROSTER.md, "hash-bench-aes!" and its zero byte)
 * expanded once, into a context's FIPS 197 words (for init) and into the
 * round-key blocks AESENC takes (for the one-shot).  The key is fixed, so
 * a message costs no key schedule, as the OpenSSL peer keeps its keyed
 * context and the Rust crate its scheduled cipher. */
static hb_aes_cbc_mac_ctx keyed;
static __m128i round_keys[11];
static pthread_once_t keyed_once = PTHREAD_ONCE_INIT;
static int keyed_ready;             /* set (release) once both are filled */

static void expand_roster_key(void)
{
    static const char key[16] = "hash-bench-aes!";
    const __m128i bswap32 = _mm_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3);
    __m128i k = _mm_loadu_si128((const __m128i *)(const void *)key);
    unsigned i;

    /* the context's word order: byte 0 of each word in its top bits */
#define HB_PUT_RK(r)                                                                            \
    do {                                                                                        \
        round_keys[r] = k;                                                                      \
        _mm_storeu_si128((__m128i *)(void *)(keyed.w + 4 * (r)), _mm_shuffle_epi8(k, bswap32)); \
    } while (0)
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
        keyed.mac[i] = 0;
        keyed.buf[i] = 0;
    }
    keyed.used = 0;
    __atomic_store_n(&keyed_ready, 1, __ATOMIC_RELEASE);
}

/* One acquire load per message once the key is expanded (pthread_once is
 * a call into libc, a tenth of a 16-byte message). */
static inline void roster_key(void)
{
    if (!__atomic_load_n(&keyed_ready, __ATOMIC_ACQUIRE))
        pthread_once(&keyed_once, expand_roster_key);
}

void hb_aes_cbc_mac_init_aesni(hb_aes_cbc_mac_ctx *c)
{
    roster_key();
    *c = keyed;
}

void hb_aes_cbc_mac_update_aesni(hb_aes_cbc_mac_ctx *c, const uint8_t *data, size_t len)
{
    hb_aes_cbc_mac_absorb(c, data, len, cbc_aesni);
}

void hb_aes_cbc_mac_final_aesni(hb_aes_cbc_mac_ctx *c, uint8_t *digest)
{
    hb_aes_cbc_mac_finish(c, digest, cbc_aesni);
}

/* One message, no context: its whole blocks, then the last 1..15 bytes
 * zero-padded; the empty message is the zero block (docs/ROSTER.md). */
void hb_aes_cbc_mac_oneshot_aesni(const uint8_t *data, size_t len, uint8_t *digest)
{
    __m128i x = _mm_setzero_si128();
    size_t whole = len / HB_AES_BLOCK, rest = len % HB_AES_BLOCK;
    roster_key();
    if (whole > 0)
        x = cbc_chain(round_keys, x, data, whole);
    if (rest > 0) {
        uint8_t last[HB_AES_BLOCK] = { 0 };
        memcpy(last, data + whole * HB_AES_BLOCK, rest);
        x = cbc_chain(round_keys, x, last, 1);
    }
    _mm_storeu_si128((__m128i *)(void *)digest, x);
}

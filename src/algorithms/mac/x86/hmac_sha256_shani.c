/* HMAC-SHA-256 with SHA-NI: the generic HMAC of hmac_sha256_common.c over
 * hb_sha256_compress_shani (src/algorithms/sha2/x86/sha256_shani.c), with the
 * roster key's padded-key states cached (HB_HMAC_SHA256_DEFINE_CACHED).  The
 * row is in mac_x86_rows.c. */
#include <pthread.h>
#include "../../sha2/x86/sha256_shani_core.h"
#include "mac_x86.h"

HB_HMAC_SHA256_DECLARE(shani);
HB_HMAC_SHA256_DEFINE_CACHED(shani, hb_sha256_compress_shani)

HB_X86_IMPL(hb_impl_hmac_sha256_shani, "shani", HB_SHA_X86_SHANI, hb_hmac_sha256_ctx,
                hb_hmac_sha256_init_shani, hb_hmac_sha256_update_shani,
                hb_hmac_sha256_final_shani, hb_hmac_sha256_params_shani);

/* The one-shot under the roster's key: the two padded-key states, keyed
 * once, are kept in the SHA-NI lane order; the message and its padding run
 * on the inner state in registers (sha256_shani_core.h), and the inner
 * digest becomes the outer block without leaving them (the words of
 * from_abef are the outer message's words, no byte swap; 0x80 and the bit
 * count of 64 + 32 bytes are constants), as the PBKDF2 loop does. */
static __m128i hmac_keyed[4];   /* inner abef, cdgh, outer abef, cdgh */
static int hmac_keyed_ready;
static pthread_once_t hmac_keyed_once = PTHREAD_ONCE_INIT;

static void hmac_key_once(void)
{
    hb_hmac_sha256_ctx c;

    hb_hmac_sha256_init_shani(&c);
    hb_sha256_shani_to_abef(_mm_loadu_si128((const __m128i *)(const void *)c.inner.state),
                            _mm_loadu_si128((const __m128i *)(const void *)(c.inner.state + 4)),
                            &hmac_keyed[0], &hmac_keyed[1]);
    hb_sha256_shani_to_abef(_mm_loadu_si128((const __m128i *)(const void *)c.outer),
                            _mm_loadu_si128((const __m128i *)(const void *)(c.outer + 4)),
                            &hmac_keyed[2], &hmac_keyed[3]);
    __atomic_store_n(&hmac_keyed_ready, 1, __ATOMIC_RELEASE);
}

void hb_hmac_sha256_oneshot_shani(const uint8_t *data, size_t len, uint8_t *mac)
{
    __m128i abef, cdgh, oabef, ocdgh, m0, m1;

    if (!__atomic_load_n(&hmac_keyed_ready, __ATOMIC_ACQUIRE))
        pthread_once(&hmac_keyed_once, hmac_key_once);
    abef = hmac_keyed[0];
    cdgh = hmac_keyed[1];
    hb_sha256_shani_message(&abef, &cdgh, data, len, HB_SHA256_BLOCK);
    hb_sha256_shani_from_abef(abef, cdgh, &m0, &m1);
    oabef = hmac_keyed[2];
    ocdgh = hmac_keyed[3];
    hb_sha256_shani_block(&oabef, &ocdgh, m0, m1, _mm_set_epi32(0, 0, 0, (int)0x80000000),
                          _mm_set_epi32((HB_SHA256_BLOCK + HB_SHA256_DIGEST) * 8, 0, 0, 0));
    hb_sha256_shani_digest(oabef, ocdgh, mac);
}

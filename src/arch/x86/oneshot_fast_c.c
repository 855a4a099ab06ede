/* One-shot functions (hb_oneshot) of the `fast` C implementations that the
 * dispatcher picks on x86-64 when no instruction-set one is available (or
 * is best): the lower HB_X86_MASK levels of
 * XXH3, Adler-32, the CRCs, BLAKE3 and HMAC-SHA-256; and of those `fast`
 * is the pick for on every x86-64 CPU (MD4, MD5, RIPEMD-160, CRC-8), so
 * that their groups are timed one call per message like the others.  Plain C: the file is
 * host-only because the consoles do not need a second entry per
 * implementation, not because of the instructions. */
#include "algorithms/common/oneshot.h"
#include "hashbench/adler.h"
#include "hashbench/blake3.h"
#include "hashbench/crc.h"
#include "hashbench/md.h"
#include "hashbench/ripemd.h"
#include "hashbench/mac.h"
#include "hashbench/xxh3.h"

/* the registry entries (each family's _register.c) */
extern const hb_impl hb_impl_xxh3_64_fast, hb_impl_xxh3_128_fast, hb_impl_adler32_fast, hb_impl_crc32_fast,
    hb_impl_crc32c_fast, hb_impl_blake3_fast, hb_impl_hmac_sha256_fast, hb_impl_md4_fast, hb_impl_md5_fast,
    hb_impl_ripemd160_fast, hb_impl_crc8_fast;

HB_DEFINE_ONESHOT(xxh3_64_fast_oneshot, hb_xxh3_64_ctx, hb_xxh3_64_init, hb_xxh3_64_update_fast,
                  hb_xxh3_64_final_fast)
HB_DEFINE_ONESHOT(xxh3_128_fast_oneshot, hb_xxh3_128_ctx, hb_xxh3_128_init,
                  hb_xxh3_128_update_fast, hb_xxh3_128_final_fast)
HB_DEFINE_ONESHOT(adler32_fast_oneshot, hb_adler32_ctx, hb_adler32_init, hb_adler32_update_fast,
                  hb_adler32_final_fast)
HB_DEFINE_ONESHOT(crc32_fast_oneshot, hb_crc32_ctx, hb_crc32_init, hb_crc32_update_fast,
                  hb_crc32_final_fast)
HB_DEFINE_ONESHOT(crc32c_fast_oneshot, hb_crc32c_ctx, hb_crc32c_init, hb_crc32c_update_fast,
                  hb_crc32c_final_fast)
HB_DEFINE_ONESHOT(blake3_fast_oneshot, hb_blake3_ctx, hb_blake3_init, hb_blake3_update_fast,
                  hb_blake3_final_fast)
HB_DEFINE_ONESHOT(md4_fast_oneshot, hb_md4_ctx, hb_md4_init, hb_md4_update_fast, hb_md4_final_fast)
HB_DEFINE_ONESHOT(md5_fast_oneshot, hb_md5_ctx, hb_md5_init, hb_md5_update_fast, hb_md5_final_fast)
HB_DEFINE_ONESHOT(ripemd160_fast_oneshot, hb_ripemd160_ctx, hb_ripemd160_init, hb_ripemd160_update_fast,
                  hb_ripemd160_final_fast)
HB_DEFINE_ONESHOT(crc8_fast_oneshot, hb_crc8_ctx, hb_crc8_init, hb_crc8_update_fast, hb_crc8_final_fast)
HB_DEFINE_ONESHOT_PREKEYED(hmac_sha256_fast_oneshot, hb_hmac_sha256_ctx, hb_hmac_sha256_init_fast,
                  hb_hmac_sha256_update_fast, hb_hmac_sha256_final_fast)

const hb_oneshot hb_x86_fast_c_oneshots[] = {
    { &hb_impl_xxh3_64_fast, xxh3_64_fast_oneshot },
    { &hb_impl_xxh3_128_fast, xxh3_128_fast_oneshot },
    { &hb_impl_adler32_fast, adler32_fast_oneshot },
    { &hb_impl_crc32_fast, crc32_fast_oneshot },
    { &hb_impl_crc32c_fast, crc32c_fast_oneshot },
    { &hb_impl_blake3_fast, blake3_fast_oneshot },
    { &hb_impl_hmac_sha256_fast, hmac_sha256_fast_oneshot },
    { &hb_impl_md4_fast, md4_fast_oneshot },
    { &hb_impl_md5_fast, md5_fast_oneshot },
    { &hb_impl_ripemd160_fast, ripemd160_fast_oneshot },
    { &hb_impl_crc8_fast, crc8_fast_oneshot },
    { 0, 0 }
};

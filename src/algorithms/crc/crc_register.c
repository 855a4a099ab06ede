/* Registry entries of the CRC family: portable (bitwise) first, then fast
 * (table driven).  Every CRC consumes a byte at a time: block_size 1. */
#include "../common/register.h"
#include "hashbench/crc.h"

HB_DEFINE_IMPL(hb_impl_crc8_portable, "portable", hb_crc8_ctx, hb_crc8_init,
               hb_crc8_update_portable, hb_crc8_final_portable, 0);
HB_DEFINE_IMPL(hb_impl_crc8_fast, "fast", hb_crc8_ctx, hb_crc8_init,
               hb_crc8_update_fast, hb_crc8_final_fast, 0);
static const hb_impl *const crc8_impls[] = { &hb_impl_crc8_portable, &hb_impl_crc8_fast };
const hb_algo hb_algo_crc8 = { "crc8", "CRC-8/SMBUS", HB_TIER_CHECKSUM, 1, 1,
                               crc8_impls, HB_COUNT_OF(crc8_impls) };

HB_DEFINE_IMPL(hb_impl_crc16_portable, "portable", hb_crc16_ctx, hb_crc16_init,
               hb_crc16_update_portable, hb_crc16_final_portable, 0);
HB_DEFINE_IMPL(hb_impl_crc16_fast, "fast", hb_crc16_ctx, hb_crc16_init,
               hb_crc16_update_fast, hb_crc16_final_fast, 0);
static const hb_impl *const crc16_impls[] = { &hb_impl_crc16_portable, &hb_impl_crc16_fast };
const hb_algo hb_algo_crc16 = { "crc16", "CRC-16/XMODEM", HB_TIER_CHECKSUM, 2, 1,
                                crc16_impls, HB_COUNT_OF(crc16_impls) };

HB_DEFINE_IMPL(hb_impl_crc32_portable, "portable", hb_crc32_ctx, hb_crc32_init,
               hb_crc32_update_portable, hb_crc32_final_portable, 0);
HB_DEFINE_IMPL(hb_impl_crc32_fast, "fast", hb_crc32_ctx, hb_crc32_init,
               hb_crc32_update_fast, hb_crc32_final_fast, 0);
static const hb_impl *const crc32_impls[] = { &hb_impl_crc32_portable, &hb_impl_crc32_fast };
const hb_algo hb_algo_crc32 = { "crc32", "CRC-32/ISO-HDLC", HB_TIER_CHECKSUM, 4, 1,
                                crc32_impls, HB_COUNT_OF(crc32_impls) };

HB_DEFINE_IMPL(hb_impl_crc32c_portable, "portable", hb_crc32c_ctx, hb_crc32c_init,
               hb_crc32c_update_portable, hb_crc32c_final_portable, 0);
HB_DEFINE_IMPL(hb_impl_crc32c_fast, "fast", hb_crc32c_ctx, hb_crc32c_init,
               hb_crc32c_update_fast, hb_crc32c_final_fast, 0);
static const hb_impl *const crc32c_impls[] = { &hb_impl_crc32c_portable, &hb_impl_crc32c_fast };
const hb_algo hb_algo_crc32c = { "crc32c", "CRC-32C (CRC-32/ISCSI)", HB_TIER_CHECKSUM, 4, 1,
                                 crc32c_impls, HB_COUNT_OF(crc32c_impls) };

HB_DEFINE_IMPL(hb_impl_crc64_portable, "portable", hb_crc64_ctx, hb_crc64_init,
               hb_crc64_update_portable, hb_crc64_final_portable, 0);
HB_DEFINE_IMPL(hb_impl_crc64_fast, "fast", hb_crc64_ctx, hb_crc64_init,
               hb_crc64_update_fast, hb_crc64_final_fast, 0);
static const hb_impl *const crc64_impls[] = { &hb_impl_crc64_portable, &hb_impl_crc64_fast };
const hb_algo hb_algo_crc64 = { "crc64", "CRC-64/ECMA-182", HB_TIER_CHECKSUM, 8, 1,
                                crc64_impls, HB_COUNT_OF(crc64_impls) };

HB_DEFINE_IMPL(hb_impl_crc64_xz_portable, "portable", hb_crc64_xz_ctx, hb_crc64_xz_init,
               hb_crc64_xz_update_portable, hb_crc64_xz_final_portable, 0);
HB_DEFINE_IMPL(hb_impl_crc64_xz_fast, "fast", hb_crc64_xz_ctx, hb_crc64_xz_init,
               hb_crc64_xz_update_fast, hb_crc64_xz_final_fast, 0);
static const hb_impl *const crc64_xz_impls[] = { &hb_impl_crc64_xz_portable,
                                                 &hb_impl_crc64_xz_fast };
const hb_algo hb_algo_crc64_xz = { "crc64-xz", "CRC-64/XZ", HB_TIER_CHECKSUM, 8, 1,
                                   crc64_xz_impls, HB_COUNT_OF(crc64_xz_impls) };

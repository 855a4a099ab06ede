/* Registry entries of the tiny family.
 *
 * `fast` exists where a different technique pays somewhere (see each
 * *_fast.c): djb2 and sdbm (8-byte look-ahead: host and 6502), fnv1a32
 * (shift-and-add multiply: 8-bit CPUs only).  pearson8, knuth, oat and pjw
 * are portable only: one dependent step per byte with nothing to defer or
 * replace (the reasons are in their sources). */
#include "../common/register.h"
#include "hashbench/tiny.h"

HB_DEFINE_IMPL(hb_impl_pearson8_portable, "portable", hb_pearson8_ctx, hb_pearson8_init,
               hb_pearson8_update_portable, hb_pearson8_final_portable, 0);
static const hb_impl *const pearson8_impls[] = { &hb_impl_pearson8_portable };
const hb_algo hb_algo_pearson8 = { "pearson8", "Pearson-8", HB_TIER_CHECKSUM, 1, 1,
                                   pearson8_impls, HB_COUNT_OF(pearson8_impls) };

HB_DEFINE_IMPL(hb_impl_djb2_portable, "portable", hb_djb2_ctx, hb_djb2_init,
               hb_djb2_update_portable, hb_djb2_final_portable, 0);
HB_DEFINE_IMPL(hb_impl_djb2_fast, "fast", hb_djb2_ctx, hb_djb2_init,
               hb_djb2_update_fast, hb_djb2_final_fast, 0);
static const hb_impl *const djb2_impls[] = { &hb_impl_djb2_portable, &hb_impl_djb2_fast };
const hb_algo hb_algo_djb2 = { "djb2", "DJB2", HB_TIER_NONCRYPTO, 4, 1,
                               djb2_impls, HB_COUNT_OF(djb2_impls) };

HB_DEFINE_IMPL(hb_impl_fnv1a32_portable, "portable", hb_fnv1a32_ctx, hb_fnv1a32_init,
               hb_fnv1a32_update_portable, hb_fnv1a32_final_portable, 0);
HB_DEFINE_IMPL(hb_impl_fnv1a32_fast, "fast", hb_fnv1a32_ctx, hb_fnv1a32_init,
               hb_fnv1a32_update_fast, hb_fnv1a32_final_fast, 0);
static const hb_impl *const fnv1a32_impls[] = { &hb_impl_fnv1a32_portable, &hb_impl_fnv1a32_fast };
const hb_algo hb_algo_fnv1a32 = { "fnv1a32", "FNV-1a 32", HB_TIER_NONCRYPTO, 4, 1,
                                  fnv1a32_impls, HB_COUNT_OF(fnv1a32_impls) };

HB_DEFINE_IMPL(hb_impl_knuth_portable, "portable", hb_knuth_ctx, hb_knuth_init,
               hb_knuth_update_portable, hb_knuth_final_portable, 0);
static const hb_impl *const knuth_impls[] = { &hb_impl_knuth_portable };
const hb_algo hb_algo_knuth = { "knuth", "Knuth multiplicative", HB_TIER_NONCRYPTO, 4, 1,
                                knuth_impls, HB_COUNT_OF(knuth_impls) };

HB_DEFINE_IMPL(hb_impl_oat_portable, "portable", hb_oat_ctx, hb_oat_init,
               hb_oat_update_portable, hb_oat_final_portable, 0);
static const hb_impl *const oat_impls[] = { &hb_impl_oat_portable };
const hb_algo hb_algo_oat = { "oat", "Jenkins one-at-a-time", HB_TIER_NONCRYPTO, 4, 1,
                              oat_impls, HB_COUNT_OF(oat_impls) };

HB_DEFINE_IMPL(hb_impl_pjw_portable, "portable", hb_pjw_ctx, hb_pjw_init,
               hb_pjw_update_portable, hb_pjw_final_portable, 0);
static const hb_impl *const pjw_impls[] = { &hb_impl_pjw_portable };
const hb_algo hb_algo_pjw = { "pjw", "PJW / ELF", HB_TIER_NONCRYPTO, 4, 1,
                              pjw_impls, HB_COUNT_OF(pjw_impls) };

HB_DEFINE_IMPL(hb_impl_sdbm_portable, "portable", hb_sdbm_ctx, hb_sdbm_init,
               hb_sdbm_update_portable, hb_sdbm_final_portable, 0);
HB_DEFINE_IMPL(hb_impl_sdbm_fast, "fast", hb_sdbm_ctx, hb_sdbm_init,
               hb_sdbm_update_fast, hb_sdbm_final_fast, 0);
static const hb_impl *const sdbm_impls[] = { &hb_impl_sdbm_portable, &hb_impl_sdbm_fast };
const hb_algo hb_algo_sdbm = { "sdbm", "SDBM", HB_TIER_NONCRYPTO, 4, 1,
                               sdbm_impls, HB_COUNT_OF(sdbm_impls) };

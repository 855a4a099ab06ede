/* The aarch64 families: each lists its implementations in one table of
 * rows (src/impl_rows.h) in its own folder, src/algorithms/<family>/
 * aarch64/, with their ranks and CPU features.  This file only collects
 * them. */
#include "impl_rows.h"

extern const hb_impl_row hb_crc_aarch64_rows[], hb_adler_aarch64_rows[], hb_tiny_aarch64_rows[],
    hb_xxh_aarch64_rows[], hb_sha1_aarch64_rows[], hb_sha2_aarch64_rows[], hb_sha3_aarch64_rows[],
    hb_blake2_aarch64_rows[], hb_blake3_aarch64_rows[], hb_mac_aarch64_rows[], hb_aes_aarch64_rows[];

const hb_impl_row *const hb_arch_rows[] = {
    hb_crc_aarch64_rows, hb_adler_aarch64_rows, hb_tiny_aarch64_rows, hb_xxh_aarch64_rows,
    hb_sha1_aarch64_rows, hb_sha2_aarch64_rows, hb_sha3_aarch64_rows, hb_blake2_aarch64_rows,
    hb_blake3_aarch64_rows, hb_mac_aarch64_rows, hb_aes_aarch64_rows, 0
};

/* aarch64 tells no cores apart yet (QEMU cannot time them): every core
 * keeps the rows' ranks */
const char *hb_arch_rank_core(void)
{
    return 0;
}

const char *hb_arch_tuning_name(void)
{
    return "none";
}

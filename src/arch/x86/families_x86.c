/* The x86-64 families: each lists its implementations in one table of rows
 * (src/impl_rows.h) in its own folder, src/algorithms/<family>/x86/, with
 * their ranks (per core where measured), one-shot functions and CPU
 * features.  This file only collects them. */
#include "impl_rows.h"

extern const hb_impl_row hb_crc_x86_rows[], hb_adler_x86_rows[], hb_fletcher_x86_rows[],
    hb_tiny_x86_rows[], hb_murmur3_x86_rows[], hb_xxh_x86_rows[], hb_siphash_x86_rows[],
    hb_md_x86_rows[], hb_sha1_x86_rows[], hb_ripemd_x86_rows[], hb_sha2_x86_rows[],
    hb_sha3_x86_rows[], hb_blake2_x86_rows[], hb_blake3_x86_rows[], hb_mac_x86_rows[],
    hb_aes_x86_rows[];

const hb_impl_row *const hb_arch_rows[] = {
    hb_crc_x86_rows, hb_adler_x86_rows, hb_fletcher_x86_rows, hb_tiny_x86_rows, hb_murmur3_x86_rows,
    hb_xxh_x86_rows, hb_siphash_x86_rows, hb_md_x86_rows, hb_sha1_x86_rows, hb_ripemd_x86_rows,
    hb_sha2_x86_rows, hb_sha3_x86_rows, hb_blake2_x86_rows, hb_blake3_x86_rows, hb_mac_x86_rows,
    hb_aes_x86_rows, 0
};

/* Every algorithm's context type, and hb_any_ctx, a union big enough for
 * any of them (what hb_ctx and the console harness use: one algorithm runs
 * at a time, so they share storage). */
#ifndef HASHBENCH_CONTEXTS_H
#define HASHBENCH_CONTEXTS_H

#include "hashbench/crc.h"
#include "hashbench/adler.h"
#include "hashbench/fletcher.h"
#include "hashbench/tiny.h"
#include "hashbench/murmur3.h"
#include "hashbench/xxh.h"
#include "hashbench/xxh3.h"
#include "hashbench/siphash.h"
#include "hashbench/md.h"
#include "hashbench/sha1.h"
#include "hashbench/ripemd.h"
#include "hashbench/sha2.h"
#include "hashbench/sha3.h"
#include "hashbench/blake2.h"
#include "hashbench/blake3.h"
#include "hashbench/mac.h"
#include "hashbench/aes.h"

typedef union hb_any_ctx {
    uint32_t align32;            /* alignment for every integer type */
    hb_u64 align64;
    hb_crc8_ctx crc8;
    hb_crc16_ctx crc16;
    hb_crc32_ctx crc32;
    hb_crc32c_ctx crc32c;
    hb_crc64_ctx crc64;
    hb_crc64_xz_ctx crc64_xz;
    hb_adler32_ctx adler32;
    hb_fletcher16_ctx fletcher16;
    hb_fletcher32_ctx fletcher32;
    hb_fletcher64_ctx fletcher64;
    hb_pearson8_ctx pearson8;
    hb_djb2_ctx djb2;
    hb_fnv1a32_ctx fnv1a32;
    hb_knuth_ctx knuth;
    hb_oat_ctx oat;
    hb_pjw_ctx pjw;
    hb_sdbm_ctx sdbm;
    hb_murmur3_32_ctx murmur3_32;
    hb_murmur3_128_ctx murmur3_128;
    hb_xxh32_ctx xxh32;
    hb_xxh64_ctx xxh64;
    hb_xxh3_64_ctx xxh3_64;
    hb_xxh3_128_ctx xxh3_128;
    hb_siphash_2_4_ctx siphash_2_4;
    hb_md4_ctx md4;
    hb_md5_ctx md5;
    hb_sha1_ctx sha1;
    hb_ripemd160_ctx ripemd160;
    hb_sha256_ctx sha256;
    hb_sha384_ctx sha384;
    hb_sha512_ctx sha512;
    hb_sha3_256_ctx sha3_256;
    hb_sha3_384_ctx sha3_384;
    hb_sha3_512_ctx sha3_512;
    hb_blake2s_ctx blake2s;
    hb_blake2b_ctx blake2b;
    hb_blake3_ctx blake3;
    hb_hmac_sha256_ctx hmac_sha256;
    hb_pbkdf2_sha256_ctx pbkdf2_sha256;
    hb_aes_cbc_mac_ctx aes_cbc_mac;
} hb_any_ctx;

#endif /* HASHBENCH_CONTEXTS_H */

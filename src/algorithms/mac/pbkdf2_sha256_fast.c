/* PBKDF2-HMAC-SHA-256, fast: the generic PBKDF2 of pbkdf2_sha256_common.c
 * (padded-key states precomputed, two compress calls per iteration) over
 * hb_sha256_compress_fast. */
#include "hashbench/mac.h"

HB_PBKDF2_SHA256_DEFINE(fast, hb_sha256_compress_fast)

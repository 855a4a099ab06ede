/* HMAC-SHA-256, fast: the generic HMAC of hmac_sha256_common.c over
 * hb_sha256_compress_fast. */
#include "hashbench/mac.h"

HB_HMAC_SHA256_DEFINE(fast, hb_sha256_compress_fast)

/* HMAC-SHA-256, portable: the generic HMAC of hmac_sha256_common.c over
 * hb_sha256_compress_portable. */
#include "hashbench/mac.h"

HB_HMAC_SHA256_DEFINE(portable, hb_sha256_compress_portable)

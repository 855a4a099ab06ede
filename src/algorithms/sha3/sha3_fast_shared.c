/* The code sha3_fast.c and sha3_compact.c share, linked with whichever of
 * the two a build takes (docs/writing-an-algorithm.md, "Compact forms"):
 * the streaming (update, final) around the compress function each form
 * defines in its own way. */
#include "hashbench/common.h"
#include "hashbench/u64.h"
#include "hashbench/sha3.h"

static void sha3_update(hb_sha3_ctx *c, const uint8_t *data, size_t len)
{
    hb_sha3_absorb(c, data, len, hb_keccakf1600_fast);
}

void hb_sha3_256_update_fast(hb_sha3_256_ctx *c, const uint8_t *data, size_t len)
{
    sha3_update(c, data, len);
}
void hb_sha3_256_final_fast(hb_sha3_256_ctx *c, uint8_t *digest)
{
    hb_sha3_finish(c, digest, hb_keccakf1600_fast);
}
void hb_sha3_384_update_fast(hb_sha3_384_ctx *c, const uint8_t *data, size_t len)
{
    sha3_update(c, data, len);
}
void hb_sha3_384_final_fast(hb_sha3_384_ctx *c, uint8_t *digest)
{
    hb_sha3_finish(c, digest, hb_keccakf1600_fast);
}
void hb_sha3_512_update_fast(hb_sha3_512_ctx *c, const uint8_t *data, size_t len)
{
    sha3_update(c, data, len);
}
void hb_sha3_512_final_fast(hb_sha3_512_ctx *c, uint8_t *digest)
{
    hb_sha3_finish(c, digest, hb_keccakf1600_fast);
}

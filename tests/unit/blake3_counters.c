/* BLAKE3 counters: the 64-bit chunk counter (two 32-bit words) carries in
 * hash_many, and the implementations agree on counters above 2^32 -- 4 TiB
 * inputs are out of reach of a test, so the entry points are driven
 * directly. */
#include <stdio.h>
#include "hashbench.h"
#include "hashbench/blake3.h"
#include "unit.h"



static uint8_t chunks[3 * HB_BLAKE3_CHUNK_LEN];

int main(void)
{
    const uint8_t *in[3];
    uint8_t many[2][3 * HB_BLAKE3_OUT_LEN], one[HB_BLAKE3_OUT_LEN];
    uint8_t xof[2][HB_BLAKE3_BLOCK_LEN];
    uint32_t cv[2][8];
    unsigned i, k;

    for (i = 0; i < sizeof chunks; i++)
        chunks[i] = (uint8_t)(i % 251);
    for (k = 0; k < 3; k++)
        in[k] = chunks + k * HB_BLAKE3_CHUNK_LEN;

    /* chunks 2^32 - 1, 2^32, 2^32 + 1 */
    hb_blake3_hash_many_portable(in, 3, 16, hb_blake3_iv, 0xFFFFFFFFUL, 0, 1, 0,
                                 HB_BLAKE3_CHUNK_START, HB_BLAKE3_CHUNK_END, many[0]);
    hb_blake3_hash_many_fast(in, 3, 16, hb_blake3_iv, 0xFFFFFFFFUL, 0, 1, 0,
                             HB_BLAKE3_CHUNK_START, HB_BLAKE3_CHUNK_END, many[1]);
    check(same(many[0], many[1], sizeof many[0]), "hash_many across 2^32: portable = fast");
    hb_blake3_hash_many_portable(in + 1, 1, 16, hb_blake3_iv, 0, 1, 1, 0,
                                 HB_BLAKE3_CHUNK_START, HB_BLAKE3_CHUNK_END, one);
    check(same(many[0] + HB_BLAKE3_OUT_LEN, one, HB_BLAKE3_OUT_LEN),
          "hash_many portable: counter 2^32 - 1 carries to (hi 1, lo 0)");
    hb_blake3_hash_many_fast(in + 2, 1, 16, hb_blake3_iv, 1, 1, 1, 0,
                             HB_BLAKE3_CHUNK_START, HB_BLAKE3_CHUNK_END, one);
    check(same(many[1] + 2 * HB_BLAKE3_OUT_LEN, one, HB_BLAKE3_OUT_LEN),
          "hash_many fast: counter 2^32 + 1 is (hi 1, lo 1)");
    hb_blake3_hash_many_fast(in + 1, 1, 16, hb_blake3_iv, 0, 0, 1, 0,
                             HB_BLAKE3_CHUNK_START, HB_BLAKE3_CHUNK_END, one);
    check(!same(many[1] + HB_BLAKE3_OUT_LEN, one, HB_BLAKE3_OUT_LEN),
          "the counter's high word is hashed");
    /* increment_counter = 0 (parents): every input uses the same counter */
    hb_blake3_hash_many_portable(in, 2, 1, hb_blake3_iv, 5, 6, 0, HB_BLAKE3_PARENT, 0, 0,
                                 many[0]);
    for (i = 0; i < 8; i++)
        cv[0][i] = hb_blake3_iv[i];
    hb_blake3_compress_fast(cv[0], in[1], 5, 6, HB_BLAKE3_BLOCK_LEN, HB_BLAKE3_PARENT);
    for (i = 0; i < 8; i++)
        HB_STORE32_LE(one + 4 * i, cv[0][i]);
    check(same(many[0] + HB_BLAKE3_OUT_LEN, one, HB_BLAKE3_OUT_LEN),
          "hash_many without increment = compress");
    /* compress and compress_xof agree between implementations, high counters */
    for (k = 0; k < 2; k++)
        for (i = 0; i < 8; i++)
            cv[k][i] = hb_blake3_iv[i] ^ (uint32_t)(i * 0x01010101UL);
    hb_blake3_compress_portable(cv[0], chunks + 7, 0x89ABCDEFUL, 0xFEDCBA98UL, 41,
                                HB_BLAKE3_CHUNK_START | HB_BLAKE3_KEYED_HASH);
    hb_blake3_compress_fast(cv[1], chunks + 7, 0x89ABCDEFUL, 0xFEDCBA98UL, 41,
                            HB_BLAKE3_CHUNK_START | HB_BLAKE3_KEYED_HASH);
    check(cv[0][0] == cv[1][0] && cv[0][7] == cv[1][7], "compress: portable = fast");
    hb_blake3_compress_xof_portable(cv[0], chunks + 9, 0xFFFFFFFFUL, 0x12345678UL, 64,
                                    HB_BLAKE3_ROOT | HB_BLAKE3_PARENT, xof[0]);
    hb_blake3_compress_xof_fast(cv[1], chunks + 9, 0xFFFFFFFFUL, 0x12345678UL, 64,
                                HB_BLAKE3_ROOT | HB_BLAKE3_PARENT, xof[1]);
    check(same(xof[0], xof[1], HB_BLAKE3_BLOCK_LEN), "compress_xof: portable = fast");

    return unit_summary();
}

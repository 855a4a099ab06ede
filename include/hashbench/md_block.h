/* Block buffering and Merkle-Damgard padding shared by the hashes with
 * 64-byte blocks and a 64-bit message length: MD4, MD5, SHA-1, RIPEMD-160
 * and SHA-256.  Each implementation of those supplies only a compress
 * function that eats whole blocks; the buffering, the byte counter and the
 * padding live here once.  The counter is two 32-bit words, so lengths past
 * 4 GiB are right on every target, cc65 included. */
#ifndef HASHBENCH_MD_BLOCK_H
#define HASHBENCH_MD_BLOCK_H

#include "hashbench/common.h"

#define HB_MD_BLOCK 64

/* Compresses nblocks consecutive 64-byte blocks into state. */
typedef void (*hb_block32_fn)(uint32_t *state, const uint8_t *blocks, size_t nblocks);

typedef struct hb_md_block {
    uint32_t count_lo;          /* bytes absorbed so far, low word */
    uint32_t count_hi;          /* ... and high word */
    uint8_t buf[HB_MD_BLOCK];   /* a partial block */
    uint8_t used;               /* bytes in buf, 0..63 */
} hb_md_block;

void hb_md_block_init(hb_md_block *b);
void hb_md_block_update(hb_md_block *b, uint32_t *state, const uint8_t *data,
                        size_t len, hb_block32_fn compress);
/* Appends 0x80, zeros and the bit length (big_endian: SHA style, otherwise
 * MD style) and compresses the last block(s).  The state then holds the
 * digest words. */
void hb_md_block_pad(hb_md_block *b, uint32_t *state, int big_endian,
                     hb_block32_fn compress);

#endif /* HASHBENCH_MD_BLOCK_H */

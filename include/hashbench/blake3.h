/* BLAKE3 (the BLAKE3 paper and specification, version 2020-01-09).
 *
 * The roster's form is the default hash mode with a 32-byte output.  The
 * with_params hooks (hb_blake3_params_<impl>) add the keyed_hash mode
 * (hb_params.key of exactly 32 bytes) and any output length through the
 * extended output (XOF) of the root node.  derive_key is not provided.
 *
 * The tree logic (chunk state, chaining-value stack, root output) lives once
 * in blake3_common.c and drives an implementation through a table of three
 * entry points, so an instruction-set implementation plugs in by supplying
 * its own table:
 *
 *   compress(cv, block, counter_lo, counter_hi, block_len, flags)
 *       the compression function, truncated: cv (8 words) is replaced by
 *       the first 8 output words;
 *   compress_xof(cv, block, counter_lo, counter_hi, block_len, flags, out)
 *       the full 16-word output, written as 64 little-endian bytes (the
 *       root node's extended output); cv is not changed;
 *   hash_many(inputs, n_inputs, blocks, key, counter_lo, counter_hi,
 *             increment_counter, flags, flags_start, flags_end, out)
 *       n_inputs independent inputs of `blocks` 64-byte blocks each (whole
 *       1024-byte chunks, or 64-byte parent blocks with blocks = 1), each
 *       started from key; input i uses the counter counter + i if
 *       increment_counter, else counter; flags_start is added on each
 *       input's first block and flags_end on its last; the 32-byte
 *       chaining values go to out, one after another.  This is where a
 *       SIMD implementation hashes several chunks side by side.
 *
 * Counters are 64-bit as two 32-bit words (lo, hi). */
#ifndef HASHBENCH_BLAKE3_H
#define HASHBENCH_BLAKE3_H

#include "hashbench/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* hb_params is defined in hashbench.h, which includes this header first */
struct hb_params;

#define HB_BLAKE3_OUT_LEN 32
#define HB_BLAKE3_KEY_LEN 32
#define HB_BLAKE3_BLOCK_LEN 64
#define HB_BLAKE3_CHUNK_LEN 1024
/* 2^54 chunks of 1 KiB fill the 64-bit byte range: at most 54 pending CVs */
#define HB_BLAKE3_MAX_DEPTH 54
/* Inputs handed to hash_many at a time by update(), and the most chunks
 * update() hashes as one subtree, level by level through hash_many (so a
 * SIMD implementation also hashes the parents side by side).  The 64-bit
 * hosts, whose SIMD implementations take 16 inputs at once, get wide
 * batches (12 KB of stack); the 8- and 16-bit targets keep the narrow ones. */
#if defined(__x86_64__) || defined(__aarch64__) || defined(_M_X64) || defined(_M_ARM64)
#define HB_BLAKE3_BATCH 32
#define HB_BLAKE3_SUBTREE 256
#else
#define HB_BLAKE3_BATCH 4
#define HB_BLAKE3_SUBTREE 4
#endif

/* domain flags */
#define HB_BLAKE3_CHUNK_START 1u
#define HB_BLAKE3_CHUNK_END 2u
#define HB_BLAKE3_PARENT 4u
#define HB_BLAKE3_ROOT 8u
#define HB_BLAKE3_KEYED_HASH 16u

typedef struct hb_blake3_ctx {
    uint32_t key[8];                 /* the IV, or the key in keyed_hash mode */
    uint32_t cv[8];                  /* the current chunk's chaining value */
    uint32_t chunk_lo, chunk_hi;     /* the current chunk's index */
    uint8_t buf[HB_BLAKE3_BLOCK_LEN];/* held back: it may be the chunk's last block */
    uint8_t buf_len;                 /* 0..64 */
    uint8_t blocks_compressed;       /* blocks of the current chunk done, 0..15 */
    uint8_t flags;                   /* 0 or HB_BLAKE3_KEYED_HASH */
    uint8_t stack_len;               /* entries in cv_stack */
    /* completed subtrees' CVs, 32 little-endian bytes each, oldest first:
     * a parent's block is two neighbouring entries */
    uint8_t cv_stack[HB_BLAKE3_MAX_DEPTH * HB_BLAKE3_OUT_LEN];
} hb_blake3_ctx;

typedef void (*hb_blake3_compress_fn)(uint32_t *cv, const uint8_t *block, uint32_t counter_lo,
                                      uint32_t counter_hi, unsigned block_len, unsigned flags);
typedef void (*hb_blake3_compress_xof_fn)(const uint32_t *cv, const uint8_t *block,
                                          uint32_t counter_lo, uint32_t counter_hi,
                                          unsigned block_len, unsigned flags, uint8_t *out);
typedef void (*hb_blake3_hash_many_fn)(const uint8_t **inputs, size_t n_inputs,
                                       size_t blocks, const uint32_t *key,
                                       uint32_t counter_lo, uint32_t counter_hi,
                                       int increment_counter, unsigned flags,
                                       unsigned flags_start, unsigned flags_end,
                                       uint8_t *out);

typedef struct hb_blake3_ops {
    hb_blake3_compress_fn compress;
    hb_blake3_compress_xof_fn compress_xof;
    hb_blake3_hash_many_fn hash_many;
} hb_blake3_ops;

void hb_blake3_init(hb_blake3_ctx *c);                        /* hash mode */
void hb_blake3_init_keyed(hb_blake3_ctx *c, const uint8_t *key);  /* 32-byte key */

/* portable: the paper as written (G function, rounds with the message
 * permutation applied through a table) */
void hb_blake3_compress_portable(uint32_t *cv, const uint8_t *block, uint32_t counter_lo,
                                 uint32_t counter_hi, unsigned block_len, unsigned flags);
void hb_blake3_compress_xof_portable(const uint32_t *cv, const uint8_t *block,
                                     uint32_t counter_lo, uint32_t counter_hi,
                                     unsigned block_len, unsigned flags, uint8_t *out);
void hb_blake3_hash_many_portable(const uint8_t **inputs, size_t n_inputs,
                                  size_t blocks, const uint32_t *key,
                                  uint32_t counter_lo, uint32_t counter_hi,
                                  int increment_counter, unsigned flags,
                                  unsigned flags_start, unsigned flags_end, uint8_t *out);
void hb_blake3_update_portable(hb_blake3_ctx *c, const uint8_t *data, size_t len);
void hb_blake3_final_portable(hb_blake3_ctx *c, uint8_t *digest);
int hb_blake3_params_portable(const struct hb_params *p, const uint8_t *data, size_t len,
                              uint8_t *out, size_t out_len);

/* fast: seven rounds unrolled, message words read in permuted order */
void hb_blake3_compress_fast(uint32_t *cv, const uint8_t *block, uint32_t counter_lo,
                             uint32_t counter_hi, unsigned block_len, unsigned flags);
void hb_blake3_compress_xof_fast(const uint32_t *cv, const uint8_t *block,
                                 uint32_t counter_lo, uint32_t counter_hi,
                                 unsigned block_len, unsigned flags, uint8_t *out);
void hb_blake3_hash_many_fast(const uint8_t **inputs, size_t n_inputs,
                              size_t blocks, const uint32_t *key,
                              uint32_t counter_lo, uint32_t counter_hi,
                              int increment_counter, unsigned flags,
                              unsigned flags_start, unsigned flags_end, uint8_t *out);
void hb_blake3_update_fast(hb_blake3_ctx *c, const uint8_t *data, size_t len);
void hb_blake3_final_fast(hb_blake3_ctx *c, uint8_t *digest);
int hb_blake3_params_fast(const struct hb_params *p, const uint8_t *data, size_t len,
                          uint8_t *out, size_t out_len);

/* Shared by the implementations (blake3_common.c) */
extern const uint32_t hb_blake3_iv[8];
void hb_blake3_update_with(hb_blake3_ctx *c, const uint8_t *data, size_t len,
                           const hb_blake3_ops *ops);
/* any output length (XOF); the context is left unchanged */
void hb_blake3_finalize_with(const hb_blake3_ctx *c, uint8_t *out, size_t out_len,
                             const hb_blake3_ops *ops);
int hb_blake3_params_with(const struct hb_params *p, const uint8_t *data, size_t len,
                          uint8_t *out, size_t out_len, const hb_blake3_ops *ops);

/* For implementations that hash whole subtrees themselves (the
 * multi-threaded one).  A subtree is n_chunks whole chunks, n_chunks a
 * power of two, whose first chunk's index is a multiple of n_chunks (the
 * paper's rule: then it is one node of the tree).
 *   hash_subtree: the subtree's chaining value (never the root: more input
 *     follows it) to cv_out, 32 bytes; n_chunks at most HB_BLAKE3_SUBTREE;
 *   chunk_boundary: call only when more input follows; finishes a complete
 *     chunk still held back and returns 1 if the context now stands at a
 *     chunk boundary (the next byte starts a new chunk);
 *   push_subtree: adds the CV of the subtree that starts at the context's
 *     chunk (which must stand at a chunk boundary) and moves past it; more
 *     input must follow it; n_chunks at most 2^31. */
void hb_blake3_hash_subtree(const uint8_t *data, size_t n_chunks, const uint32_t *key,
                            unsigned flags, uint32_t chunk_lo, uint32_t chunk_hi,
                            const hb_blake3_ops *ops, uint8_t *cv_out);
int hb_blake3_chunk_boundary(hb_blake3_ctx *c, const hb_blake3_ops *ops);
void hb_blake3_push_subtree(hb_blake3_ctx *c, const uint8_t *cv, size_t n_chunks,
                            const hb_blake3_ops *ops);

#ifdef __cplusplus
}
#endif

#endif /* HASHBENCH_BLAKE3_H */

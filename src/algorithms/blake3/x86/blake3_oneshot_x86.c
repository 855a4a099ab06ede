/* BLAKE3 hashed all at once, for the one-shot functions of the vector
 * implementations.
 *
 * The streaming update (blake3_common.c) must keep the input's last chunk
 * back (more input may follow it, and without any it may be the root), so
 * it hashes that chunk one block after the other with the scalar compress;
 * it merges the stack's subtrees, and finalize folds them, with the scalar
 * compress too.
 * A one-shot knows the whole input: every full chunk, the last one
 * included, goes through hash_many, and every level of parents as well, so
 * only the root (and a partial last chunk, whose blocks are sequential
 * anyway) is left to the scalar compress.  At 64 KiB that takes 16 of the
 * last chunk's blocks and 6 of finalize's parent folds off the scalar path
 * (15 % of the time there, in perf; +20 % measured at 64 KiB).
 *
 * The tree is split the way the BLAKE3 paper defines it (the left subtree
 * holds the largest power of two of chunks that leaves at least one byte
 * to the right), recursively, until a subtree has at most WIDE chunks,
 * which hash_many hashes side by side.  Each subtree returns its chaining
 * values after as many parent levels as make them no more than WIDE: a
 * left subtree of 2^k >= WIDE chunks always returns exactly WIDE (an even
 * count), so when its values and its right sibling's are paired into
 * parents, no pair straddles the two, and the right side's odd last value
 * rises unchanged to the level where it has its partner. */
#include <string.h>
#include "blake3_oneshot_x86.h"
#include "algorithms/blake3/x86/blake3_x86.h"

/* chunks per hash_many call at the bottom: the AVX-512 kernel's widest */
#define WIDE 32
#define CHUNK_BLOCKS (HB_BLAKE3_CHUNK_LEN / HB_BLAKE3_BLOCK_LEN)

typedef struct tree_job {
    const uint32_t *key;
    unsigned flags;
    const hb_blake3_ops *ops;
} tree_job;

/* a chunk of 0..1024 bytes (the last one, or the only one): its blocks in
 * order, the last one padded if it is short and flagged with end_flags
 * (CHUNK_END, and ROOT when it is the only one) */
static void partial_chunk(const tree_job *t, const uint8_t *in, size_t len, uint64_t chunk,
                          unsigned end_flags, uint8_t *out)
{
    uint8_t block[HB_BLAKE3_BLOCK_LEN];
    uint32_t cv[8];
    unsigned i, f = t->flags | HB_BLAKE3_CHUNK_START;
    uint32_t lo = (uint32_t)chunk, hi = (uint32_t)(chunk >> 32);
    size_t before;

    if (len > 0 && len % HB_BLAKE3_BLOCK_LEN == 0) {
        /* a full last block needs no padding: all of them in one go (on
         * Zen 4, 64 B: 89 -> 57.5 ns; 1 KiB: 1102 -> 1066 ns) */
        t->ops->hash_many(&in, 1, len / HB_BLAKE3_BLOCK_LEN, t->key, lo, hi, 0, t->flags,
                          HB_BLAKE3_CHUNK_START, end_flags, out);
        return;
    }
    /* the blocks before the short last one, as hash_many's lone input
     * (which may keep the chaining value in registers from block to block) */
    before = len / HB_BLAKE3_BLOCK_LEN;
    if (before > 0) {
        uint8_t cv_bytes[HB_BLAKE3_OUT_LEN];

        t->ops->hash_many(&in, 1, before, t->key, lo, hi, 0, t->flags, HB_BLAKE3_CHUNK_START,
                          0, cv_bytes);
        for (i = 0; i < 8; i++)
            cv[i] = HB_LOAD32_LE(cv_bytes + 4 * i);
        f = t->flags;
        in += before * HB_BLAKE3_BLOCK_LEN;
        len -= before * HB_BLAKE3_BLOCK_LEN;
    } else {
        for (i = 0; i < 8; i++)
            cv[i] = t->key[i];
    }
    if (len > 0)
        memcpy(block, in, len);
    memset(block + len, 0, sizeof block - len);
    t->ops->compress(cv, block, lo, hi, (unsigned)len, f | end_flags);
    for (i = 0; i < 8; i++)
        HB_STORE32_LE(out + 4 * i, cv[i]);
}

/* n chaining values (n <= 2 WIDE) to their parents, in one hash_many; an
 * odd last value is copied up unchanged.  Returns the count written. */
static size_t parents(const tree_job *t, const uint8_t *cvs, size_t n, uint8_t *out)
{
    const uint8_t *inputs[WIDE];
    size_t i, pairs = n / 2;

    for (i = 0; i < pairs; i++)
        inputs[i] = cvs + i * HB_BLAKE3_BLOCK_LEN;
    if (pairs > 0)
        t->ops->hash_many(inputs, pairs, 1, t->key, 0, 0, 0, t->flags | HB_BLAKE3_PARENT, 0, 0,
                          out);
    if (n & 1)
        memcpy(out + pairs * HB_BLAKE3_OUT_LEN, cvs + (n - 1) * HB_BLAKE3_OUT_LEN,
               HB_BLAKE3_OUT_LEN);
    return pairs + (n & 1);
}

/* the subtree of len bytes (len >= 1) starting at chunk `chunk`: its
 * chaining values, at most WIDE, to out; returns how many */
static size_t subtree(const tree_job *t, const uint8_t *in, size_t len, uint64_t chunk,
                      uint8_t *out)
{
    uint8_t cvs[2 * WIDE * HB_BLAKE3_OUT_LEN];
    size_t full, rem, left, n;

    if (len <= (size_t)WIDE * HB_BLAKE3_CHUNK_LEN) {
        const uint8_t *inputs[WIDE];
        size_t j;

        full = len / HB_BLAKE3_CHUNK_LEN;
        rem = len % HB_BLAKE3_CHUNK_LEN;
        for (j = 0; j < full; j++)
            inputs[j] = in + j * HB_BLAKE3_CHUNK_LEN;
        if (full > 0)
            t->ops->hash_many(inputs, full, CHUNK_BLOCKS, t->key, (uint32_t)chunk,
                              (uint32_t)(chunk >> 32), 1, t->flags, HB_BLAKE3_CHUNK_START,
                              HB_BLAKE3_CHUNK_END, out);
        if (rem > 0)
            partial_chunk(t, in + full * HB_BLAKE3_CHUNK_LEN, rem, chunk + full,
                          HB_BLAKE3_CHUNK_END, out + full * HB_BLAKE3_OUT_LEN);
        return full + (rem > 0);
    }
    /* the largest power of two of chunks below len */
    n = (len - 1) / HB_BLAKE3_CHUNK_LEN;
    for (left = 1; left <= n / 2; left *= 2)
        ;
    n = subtree(t, in, left * HB_BLAKE3_CHUNK_LEN, chunk, cvs);
    n += subtree(t, in + left * HB_BLAKE3_CHUNK_LEN, len - left * HB_BLAKE3_CHUNK_LEN,
                 chunk + left, cvs + n * HB_BLAKE3_OUT_LEN);
    return parents(t, cvs, n, out);
}

void hb_blake3_hash_all(const uint8_t *data, size_t len, const hb_blake3_ops *ops,
                        uint8_t *digest)
{
    uint8_t a[WIDE * HB_BLAKE3_OUT_LEN], b[WIDE * HB_BLAKE3_OUT_LEN];
    uint8_t *cvs = a, *next = b, *swap;
    uint32_t cv[8];
    tree_job t;
    size_t n;
    unsigned i;

    t.key = hb_blake3_iv;
    t.flags = 0;
    t.ops = ops;
    if (len <= HB_BLAKE3_CHUNK_LEN) {
        /* one chunk, which is the root: its 32-byte output is the chaining
         * value its last compression leaves (no context, no stack of CVs) */
        partial_chunk(&t, data, len, 0, HB_BLAKE3_CHUNK_END | HB_BLAKE3_ROOT, digest);
        return;
    }
    /* at least two chunks: at least two values, reduced to the root's two */
    n = subtree(&t, data, len, 0, cvs);
    while (n > 2) {
        n = parents(&t, cvs, n, next);
        swap = cvs;
        cvs = next;
        next = swap;
    }
    for (i = 0; i < 8; i++)
        cv[i] = t.key[i];
    ops->compress(cv, cvs, 0, 0, HB_BLAKE3_BLOCK_LEN, t.flags | HB_BLAKE3_PARENT | HB_BLAKE3_ROOT);
    for (i = 0; i < 8; i++)
        HB_STORE32_LE(digest + 4 * i, cv[i]);
}

void hb_blake3_oneshot_avx512(const uint8_t *data, size_t len, uint8_t *digest)
{
    hb_blake3_hash_all(data, len, &hb_blake3_ops_avx512, digest);
}

void hb_blake3_oneshot_avx512_rows(const uint8_t *data, size_t len, uint8_t *digest)
{
    hb_blake3_hash_all(data, len, &hb_blake3_ops_avx512_rows, digest);
}

void hb_blake3_oneshot_avx2(const uint8_t *data, size_t len, uint8_t *digest)
{
    hb_blake3_hash_all(data, len, &hb_blake3_ops_avx2, digest);
}

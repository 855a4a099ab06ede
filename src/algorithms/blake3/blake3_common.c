/* BLAKE3: the tree logic every implementation shares -- chunk state,
 * chaining-value stack, root node and extended output.  An implementation
 * supplies its compression functions and hash_many through hb_blake3_ops
 * (see hashbench/blake3.h). */
#include "hashbench.h"
#include "hashbench/blake3.h"

/* the SHA-256 / BLAKE2s IV */
const uint32_t hb_blake3_iv[8] = {
    0x6A09E667UL, 0xBB67AE85UL, 0x3C6EF372UL, 0xA54FF53AUL,
    0x510E527FUL, 0x9B05688CUL, 0x1F83D9ABUL, 0x5BE0CD19UL
};

static void init_common(hb_blake3_ctx *c, const uint32_t *key, unsigned flags)
{
    unsigned i;

    for (i = 0; i < 8; i++) {
        c->key[i] = key[i];
        c->cv[i] = key[i];
    }
    c->chunk_lo = 0;
    c->chunk_hi = 0;
    c->buf_len = 0;
    c->blocks_compressed = 0;
    c->flags = (uint8_t)flags;
    c->stack_len = 0;
}

void hb_blake3_init(hb_blake3_ctx *c)
{
    init_common(c, hb_blake3_iv, 0);
}

void hb_blake3_init_keyed(hb_blake3_ctx *c, const uint8_t *key)
{
    uint32_t k[8];
    unsigned i;

    for (i = 0; i < 8; i++)
        k[i] = HB_LOAD32_LE(key + 4 * i);
    init_common(c, k, HB_BLAKE3_KEYED_HASH);
}

/* Adds the CV of a completed subtree (a chunk, or 2^k chunks hashed as one
 * node); total_lo/hi = subtrees of its size completed so far, this one
 * included.  Every trailing zero bit of the total is a larger subtree that
 * this one completes: merge it with the stack's top.  (The input's last
 * chunk never comes here, so nothing merged is the root.) */
static void push_cv(hb_blake3_ctx *c, const uint8_t *cv_bytes, uint32_t total_lo,
                    uint32_t total_hi, const hb_blake3_ops *ops)
{
    uint8_t *slot = c->cv_stack + (size_t)c->stack_len * HB_BLAKE3_OUT_LEN;
    uint32_t cv[8];
    unsigned i;

    for (i = 0; i < HB_BLAKE3_OUT_LEN; i++)
        slot[i] = cv_bytes[i];
    while ((total_lo & 1) == 0) {
        /* the left sibling and this CV are neighbours: the parent's block */
        slot -= HB_BLAKE3_OUT_LEN;
        c->stack_len--;
        for (i = 0; i < 8; i++)
            cv[i] = c->key[i];
        ops->compress(cv, slot, 0, 0, HB_BLAKE3_BLOCK_LEN, c->flags | HB_BLAKE3_PARENT);
        for (i = 0; i < 8; i++)
            HB_STORE32_LE(slot + 4 * i, cv[i]);
        total_lo = (total_lo >> 1) | (total_hi << 31);
        total_hi >>= 1;
    }
    c->stack_len++;
}

/* the current chunk is complete and more input follows: its CV goes on the
 * stack and a new chunk starts */
static void finish_chunk(hb_blake3_ctx *c, const hb_blake3_ops *ops)
{
    uint8_t cv_bytes[HB_BLAKE3_OUT_LEN];
    unsigned i;

    ops->compress(c->cv, c->buf, c->chunk_lo, c->chunk_hi, HB_BLAKE3_BLOCK_LEN,
                  c->flags | HB_BLAKE3_CHUNK_END |
                  (c->blocks_compressed == 0 ? HB_BLAKE3_CHUNK_START : 0));
    for (i = 0; i < 8; i++)
        HB_STORE32_LE(cv_bytes + 4 * i, c->cv[i]);
    if (++c->chunk_lo == 0)
        c->chunk_hi++;
    push_cv(c, cv_bytes, c->chunk_lo, c->chunk_hi, ops);
    for (i = 0; i < 8; i++)
        c->cv[i] = c->key[i];
    c->buf_len = 0;
    c->blocks_compressed = 0;
}

/* The most complete subtrees hash_forest() returns: one per bit of
 * HB_BLAKE3_SUBTREE * 2 - 1 */
#if HB_BLAKE3_SUBTREE <= 4
#define FOREST_MAX 3
#else
#define FOREST_MAX 9
#endif

/* n_chunks (1 .. HB_BLAKE3_SUBTREE) whole chunks from chunk (chunk_lo,
 * chunk_hi), an index that is a multiple of the largest power of two not
 * above n_chunks: they are complete subtrees, one for each bit set in
 * n_chunks, largest first, each starting on a multiple of its own size.
 * All of them are hashed together, level by level: every chunk through
 * hash_many, then every level's parents through hash_many again (a
 * parent's block is two neighbouring CVs; as the subtrees lie largest
 * first, with even sizes but for a last single chunk, the pairs never
 * straddle two subtrees).  When a level has an odd count, its last CV is
 * the root of the smallest subtree still open.  Returns the subtrees' CVs
 * (roots) and their sizes in chunks (sizes), smallest first, and how many. */
static unsigned hash_forest(const uint8_t *data, size_t n_chunks, const uint32_t *key,
                            unsigned flags, uint32_t chunk_lo, uint32_t chunk_hi,
                            const hb_blake3_ops *ops, uint8_t *roots, size_t *sizes)
{
    const uint8_t *inputs[HB_BLAKE3_BATCH];
    uint8_t cvs[HB_BLAKE3_SUBTREE * HB_BLAKE3_OUT_LEN];
    uint8_t parents[HB_BLAKE3_SUBTREE / 2 * HB_BLAKE3_OUT_LEN];
    uint8_t *src = cvs, *dst = parents, *swap;
    size_t i, j, k, level_size;
    unsigned found = 0;
    uint32_t lo;

    for (i = 0; i < n_chunks; i += k) {
        k = n_chunks - i;
        if (k > HB_BLAKE3_BATCH)
            k = HB_BLAKE3_BATCH;
        for (j = 0; j < k; j++)
            inputs[j] = data + (i + j) * HB_BLAKE3_CHUNK_LEN;
        lo = chunk_lo + (uint32_t)i;
        ops->hash_many(inputs, k, HB_BLAKE3_CHUNK_LEN / HB_BLAKE3_BLOCK_LEN, key, lo,
                       chunk_hi + (lo < chunk_lo), 1, flags, HB_BLAKE3_CHUNK_START,
                       HB_BLAKE3_CHUNK_END, cvs + i * HB_BLAKE3_OUT_LEN);
    }
    for (level_size = 1; n_chunks > 0; level_size *= 2) {
        if (n_chunks & 1) {
            for (i = 0; i < HB_BLAKE3_OUT_LEN; i++)
                roots[found * HB_BLAKE3_OUT_LEN + i] = src[(n_chunks - 1) * HB_BLAKE3_OUT_LEN + i];
            sizes[found++] = level_size;
        }
        n_chunks /= 2;
        for (i = 0; i < n_chunks; i += k) {
            k = n_chunks - i;
            if (k > HB_BLAKE3_BATCH)
                k = HB_BLAKE3_BATCH;
            for (j = 0; j < k; j++)
                inputs[j] = src + (i + j) * HB_BLAKE3_BLOCK_LEN;
            ops->hash_many(inputs, k, 1, key, 0, 0, 0, flags | HB_BLAKE3_PARENT, 0, 0,
                           dst + i * HB_BLAKE3_OUT_LEN);
        }
        swap = src;
        src = dst;
        dst = swap;
    }
    return found;
}

void hb_blake3_hash_subtree(const uint8_t *data, size_t n_chunks, const uint32_t *key,
                            unsigned flags, uint32_t chunk_lo, uint32_t chunk_hi,
                            const hb_blake3_ops *ops, uint8_t *cv_out)
{
    size_t sizes[FOREST_MAX];

    /* a power of two: a forest of one tree */
    hash_forest(data, n_chunks, key, flags, chunk_lo, chunk_hi, ops, cv_out, sizes);
}

int hb_blake3_chunk_boundary(hb_blake3_ctx *c, const hb_blake3_ops *ops)
{
    if (c->buf_len == HB_BLAKE3_BLOCK_LEN &&
        c->blocks_compressed == HB_BLAKE3_CHUNK_LEN / HB_BLAKE3_BLOCK_LEN - 1)
        finish_chunk(c, ops);
    return c->buf_len == 0 && c->blocks_compressed == 0;
}

void hb_blake3_push_subtree(hb_blake3_ctx *c, const uint8_t *cv, size_t n_chunks,
                            const hb_blake3_ops *ops)
{
    uint32_t before = c->chunk_lo;
    uint32_t total_lo, total_hi;

    /* n_chunks is at most 2^31 (hashbench/blake3.h): it fits the low word */
    c->chunk_lo += (uint32_t)n_chunks;
    c->chunk_hi += c->chunk_lo < before;
    /* the total counted in subtrees of this size */
    total_lo = c->chunk_lo;
    total_hi = c->chunk_hi;
    for (; n_chunks > 1; n_chunks /= 2) {
        total_lo = (total_lo >> 1) | (total_hi << 31);
        total_hi >>= 1;
    }
    push_cv(c, cv, total_lo, total_hi, ops);
}

void hb_blake3_update_with(hb_blake3_ctx *c, const uint8_t *data, size_t len,
                           const hb_blake3_ops *ops)
{
    uint8_t roots[FOREST_MAX * HB_BLAKE3_OUT_LEN];
    size_t sizes[FOREST_MAX];
    size_t i, n, m, take;
    unsigned found;

    while (len > 0) {
        if (c->buf_len == HB_BLAKE3_BLOCK_LEN) {
            if (c->blocks_compressed == HB_BLAKE3_CHUNK_LEN / HB_BLAKE3_BLOCK_LEN - 1) {
                finish_chunk(c, ops);
            } else {
                /* more input follows: the buffered block is not the last */
                ops->compress(c->cv, c->buf, c->chunk_lo, c->chunk_hi, HB_BLAKE3_BLOCK_LEN,
                              c->flags |
                              (c->blocks_compressed == 0 ? HB_BLAKE3_CHUNK_START : 0));
                c->blocks_compressed++;
                c->buf_len = 0;
            }
        }
        if (c->blocks_compressed == 0 && c->buf_len == 0 && len > HB_BLAKE3_CHUNK_LEN) {
            /* whole chunks straight from the input, keeping at least one
             * byte back for the last chunk, as complete subtrees: the
             * largest must start on a multiple of its size, so n stays
             * below twice the lowest set bit of the chunk index */
            n = (len - 1) / HB_BLAKE3_CHUNK_LEN;
            if (n > HB_BLAKE3_SUBTREE)
                n = HB_BLAKE3_SUBTREE;
            for (m = 1; m < n && (c->chunk_lo & m) == 0; m *= 2)
                ;
            if (n > 2 * m - 1)
                n = 2 * m - 1;
            found = hash_forest(data, n, c->key, c->flags, c->chunk_lo, c->chunk_hi, ops,
                                roots, sizes);
            while (found > 0) {
                found--;
                hb_blake3_push_subtree(c, roots + found * HB_BLAKE3_OUT_LEN, sizes[found], ops);
            }
            data += n * HB_BLAKE3_CHUNK_LEN;
            len -= n * HB_BLAKE3_CHUNK_LEN;
            continue;
        }
        if (c->buf_len == 0 && len > HB_BLAKE3_BLOCK_LEN &&
            c->blocks_compressed < HB_BLAKE3_CHUNK_LEN / HB_BLAKE3_BLOCK_LEN - 1) {
            /* a block straight from the input: neither the chunk's last
             * block nor the input's */
            ops->compress(c->cv, data, c->chunk_lo, c->chunk_hi, HB_BLAKE3_BLOCK_LEN,
                          c->flags | (c->blocks_compressed == 0 ? HB_BLAKE3_CHUNK_START : 0));
            c->blocks_compressed++;
            data += HB_BLAKE3_BLOCK_LEN;
            len -= HB_BLAKE3_BLOCK_LEN;
            continue;
        }
        take = HB_BLAKE3_BLOCK_LEN - c->buf_len;
        if (take > len)
            take = len;
        for (i = 0; i < take; i++)
            c->buf[c->buf_len + i] = data[i];
        c->buf_len = (uint8_t)(c->buf_len + take);
        data += take;
        len -= take;
    }
}

void hb_blake3_finalize_with(const hb_blake3_ctx *c, uint8_t *out, size_t out_len,
                             const hb_blake3_ops *ops)
{
    uint32_t cv[8];
    uint8_t block[HB_BLAKE3_BLOCK_LEN];
    uint8_t tail[HB_BLAKE3_BLOCK_LEN];
    uint32_t ctr_lo, ctr_hi;
    unsigned i, block_len, flags, s;

    /* the pending node: the current chunk's last block */
    for (i = 0; i < 8; i++)
        cv[i] = c->cv[i];
    for (i = 0; i < c->buf_len; i++)
        block[i] = c->buf[i];
    for (; i < HB_BLAKE3_BLOCK_LEN; i++)
        block[i] = 0;
    ctr_lo = c->chunk_lo;
    ctr_hi = c->chunk_hi;
    block_len = c->buf_len;
    flags = c->flags | HB_BLAKE3_CHUNK_END |
            (c->blocks_compressed == 0 ? HB_BLAKE3_CHUNK_START : 0);
    /* fold the stack from the top: the pending node is a right child */
    for (s = c->stack_len; s > 0; s--) {
        ops->compress(cv, block, ctr_lo, ctr_hi, block_len, flags);
        for (i = 0; i < HB_BLAKE3_OUT_LEN; i++)
            block[i] = c->cv_stack[(size_t)(s - 1) * HB_BLAKE3_OUT_LEN + i];
        for (i = 0; i < 8; i++) {
            HB_STORE32_LE(block + HB_BLAKE3_OUT_LEN + 4 * i, cv[i]);
            cv[i] = c->key[i];
        }
        ctr_lo = 0;
        ctr_hi = 0;
        block_len = HB_BLAKE3_BLOCK_LEN;
        flags = c->flags | HB_BLAKE3_PARENT;
    }
    /* the root node's output blocks 0, 1, 2 ... */
    ctr_lo = 0;
    ctr_hi = 0;
    flags |= HB_BLAKE3_ROOT;
    while (out_len > 0) {
        if (out_len >= HB_BLAKE3_BLOCK_LEN) {
            ops->compress_xof(cv, block, ctr_lo, ctr_hi, block_len, flags, out);
            out += HB_BLAKE3_BLOCK_LEN;
            out_len -= HB_BLAKE3_BLOCK_LEN;
        } else {
            ops->compress_xof(cv, block, ctr_lo, ctr_hi, block_len, flags, tail);
            for (i = 0; i < out_len; i++)
                out[i] = tail[i];
            out_len = 0;
        }
        if (++ctr_lo == 0)
            ctr_hi++;
    }
}

/* The keyed / extended-output one-shot.  (cc65 builds use -Cl, where
 * locals live in static storage, so the 1.9 KB context is fine there.) */
int hb_blake3_params_with(const hb_params *p, const uint8_t *data, size_t len,
                          uint8_t *out, size_t out_len, const hb_blake3_ops *ops)
{
    hb_blake3_ctx c;

    if (p && (p->salt_len != 0 || p->iterations != 0))
        return -1;
    if (p && p->key_len != 0) {
        if (p->key_len != HB_BLAKE3_KEY_LEN || !p->key)
            return -1;
        hb_blake3_init_keyed(&c, p->key);
    } else {
        hb_blake3_init(&c);
    }
    hb_blake3_update_with(&c, data, len, ops);
    hb_blake3_finalize_with(&c, out, out_len, ops);
    return 0;
}

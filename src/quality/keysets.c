/* The keysets' generators (keysets.h).  Every generator yields distinct
 * keys by construction (a duplicate key would be a collision no function
 * could avoid): combinations, bijections of a counter, permutations. */
#include <string.h>
#include "quality/keysets.h"

static const char ALPHA64[] =
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._";

static uint64_t cap_at(uint64_t n, uint64_t cap)
{
    return n < cap ? n : cap;
}

static void ks_clear(hb_q_keyset *ks)
{
    memset(ks, 0, sizeof *ks);
}

/* a keyed bijection of the b-bit integers (8 <= b <= 64): add, odd
 * multiplies and right xorshifts are each invertible modulo 2^b */
static uint64_t perm_bits(uint64_t x, unsigned b, const uint64_t k[3])
{
    uint64_t m = b >= 64 ? ~0ull : (1ull << b) - 1;
    x = (x + k[0]) & m;
    x ^= x >> (b / 2);
    x = (x * (k[1] | 1)) & m;
    x ^= x >> (b / 3 + 1);
    x = (x * (k[2] | 1)) & m;
    x ^= x >> (b / 2);
    return x;
}

/* ---- sparse */
static size_t next_sparse(hb_q_keyset *ks, uint8_t *key)
{
    unsigned nb = ks->len * 8, w = ks->w;
    memset(key, 0, ks->len);
    for (unsigned j = 0; j < w; j++)
        key[ks->pos[j] >> 3] |= (uint8_t)(1u << (ks->pos[j] & 7));
    int i = (int)w - 1;
    while (i >= 0 && ks->pos[i] == nb - w + (unsigned)i)
        i--;
    if (i < 0) {
        ks->w = ++w;
        for (unsigned j = 0; j < w && j < 16; j++)
            ks->pos[j] = j;
    } else {
        ks->pos[i]++;
        for (unsigned j = (unsigned)i + 1; j < w; j++)
            ks->pos[j] = ks->pos[j - 1] + 1;
    }
    ks->i++;
    return ks->len;
}

void hb_q_ks_sparse(hb_q_keyset *ks, unsigned len, unsigned maxbits, uint64_t cap)
{
    ks_clear(ks);
    uint64_t total = 0, c = 1;
    for (unsigned w = 0; w <= maxbits && w < 16; w++) {
        total += c;                     /* C(8 len, w) */
        c = c * (8ull * len - w) / (w + 1);
    }
    ks->n = cap_at(total, cap);
    ks->len = len;
    ks->max_len = len;
    ks->next = next_sparse;
}

/* ---- cyclic */
static size_t next_cyclic(hb_q_keyset *ks, uint8_t *key)
{
    uint64_t v = perm_bits(ks->i++, ks->c * 8, ks->k);
    for (unsigned r = 0; r < ks->w; r++)
        for (unsigned j = 0; j < ks->c; j++)
            key[r * ks->c + j] = (uint8_t)(v >> (8 * j));
    return ks->len;
}

void hb_q_ks_cyclic(hb_q_keyset *ks, unsigned block, unsigned reps, uint64_t cap, hb_q_rng *r)
{
    ks_clear(ks);
    ks->c = block;
    ks->w = reps;
    ks->len = block * reps;
    ks->max_len = ks->len;
    for (int i = 0; i < 3; i++)
        ks->k[i] = hb_q_rng_next(r);
    ks->n = cap_at(block >= 8 ? ~0ull : 1ull << (8 * block), cap);
    ks->next = next_cyclic;
}

/* ---- two bytes */
static size_t next_twobyte(hb_q_keyset *ks, uint8_t *key)
{
    memcpy(key, ks->text, ks->len);
    key[ks->pos[0]] = (uint8_t)ks->i;
    key[ks->pos[1]] = (uint8_t)(ks->i >> 8);
    ks->i++;
    return ks->len;
}

void hb_q_ks_twobyte(hb_q_keyset *ks, unsigned len, unsigned p1, unsigned p2, const char *tmpl)
{
    ks_clear(ks);
    ks->len = len < sizeof ks->text ? len : sizeof ks->text;
    if (tmpl)
        memcpy(ks->text, tmpl, strnlen(tmpl, ks->len));
    ks->pos[0] = p1 % ks->len;
    ks->pos[1] = p2 % ks->len;
    ks->max_len = ks->len;
    ks->n = 65536;
    ks->next = next_twobyte;
}

/* ---- text */
static size_t next_text(hb_q_keyset *ks, uint8_t *key)
{
    uint64_t v = perm_bits(ks->i++, 24, ks->k);
    memcpy(key, ks->text, ks->c);
    for (unsigned j = 0; j < 4; j++)
        key[ks->c + j] = (uint8_t)ALPHA64[(v >> (6 * j)) & 63];
    memcpy(key + ks->c + 4, ks->text + ks->c, ks->p);
    return ks->len;
}

void hb_q_ks_text(hb_q_keyset *ks, const char *prefix, const char *suffix, uint64_t cap, hb_q_rng *r)
{
    ks_clear(ks);
    size_t pl = strlen(prefix), sl = strlen(suffix);
    if (pl > 30)
        pl = 30;
    if (sl > 30)
        sl = 30;
    memcpy(ks->text, prefix, pl);
    memcpy(ks->text + pl, suffix, sl);
    ks->c = (unsigned)pl;
    ks->p = (unsigned)sl;
    ks->len = (unsigned)(pl + 4 + sl);
    ks->max_len = ks->len;
    for (int i = 0; i < 3; i++)
        ks->k[i] = hb_q_rng_next(r);
    ks->n = cap_at(1ull << 24, cap);
    ks->next = next_text;
}

/* ---- words: i + 1 in bijective base 26 */
static size_t next_word(hb_q_keyset *ks, uint8_t *key)
{
    uint64_t v = ++ks->i;
    uint8_t tmp[16];
    size_t n = 0;
    while (v > 0 && n < sizeof tmp) {
        v--;
        tmp[n++] = (uint8_t)('a' + v % 26);
        v /= 26;
    }
    for (size_t j = 0; j < n; j++)
        key[j] = tmp[n - 1 - j];
    return n;
}

void hb_q_ks_words(hb_q_keyset *ks, uint64_t cap)
{
    ks_clear(ks);
    ks->n = cap;
    ks->max_len = 16;
    ks->next = next_word;
}

/* ---- zeroes */
static size_t next_zeroes(hb_q_keyset *ks, uint8_t *key)
{
    size_t len = (size_t)ks->i++;
    memset(key, 0, len);
    return len;
}

void hb_q_ks_zeroes(hb_q_keyset *ks, unsigned bound)
{
    ks_clear(ks);
    ks->n = (uint64_t)bound + 1;
    ks->max_len = bound;
    ks->next = next_zeroes;
}

/* ---- permutations of blocks */
static size_t next_perm(hb_q_keyset *ks, uint8_t *key)
{
    unsigned nb = ks->w, bl = ks->c;
    for (unsigned j = 0; j < nb; j++)
        memcpy(key + j * bl, ks->text + ks->pos[j] * bl, bl);
    /* the next permutation in lexicographic order */
    int i = (int)nb - 2;
    while (i >= 0 && ks->pos[i] >= ks->pos[i + 1])
        i--;
    if (i >= 0) {
        int j = (int)nb - 1;
        while (ks->pos[j] <= ks->pos[i])
            j--;
        unsigned t = ks->pos[i];
        ks->pos[i] = ks->pos[j];
        ks->pos[j] = t;
        for (unsigned a = (unsigned)i + 1, b = nb - 1; a < b; a++, b--) {
            t = ks->pos[a];
            ks->pos[a] = ks->pos[b];
            ks->pos[b] = t;
        }
    }
    ks->i++;
    return ks->len;
}

void hb_q_ks_perms(hb_q_keyset *ks, const uint8_t *blocks, unsigned nblocks, unsigned block_len, uint64_t cap)
{
    ks_clear(ks);
    if (nblocks > 16)
        nblocks = 16;
    if (nblocks * block_len > sizeof ks->text)
        nblocks = (unsigned)(sizeof ks->text / block_len);
    memcpy(ks->text, blocks, (size_t)nblocks * block_len);
    ks->w = nblocks;
    ks->c = block_len;
    ks->len = nblocks * block_len;
    ks->max_len = ks->len;
    uint64_t f = 1;
    for (unsigned j = 2; j <= nblocks && f < cap; j++)
        f *= j;
    for (unsigned j = 0; j < nblocks; j++)
        ks->pos[j] = j;
    ks->n = cap_at(f, cap);
    ks->next = next_perm;
}

/* ---- sequences of blocks: i in base nblocks */
static size_t next_seq(hb_q_keyset *ks, uint8_t *key)
{
    uint64_t v = ks->i++;
    for (unsigned j = 0; j < ks->w; j++) {
        memcpy(key + j * ks->c, ks->text + (v % ks->p) * ks->c, ks->c);
        v /= ks->p;
    }
    return ks->len;
}

void hb_q_ks_seqs(hb_q_keyset *ks, const uint8_t *blocks, unsigned nblocks, unsigned block_len,
                  unsigned seq_len, uint64_t cap)
{
    ks_clear(ks);
    if (nblocks * block_len > sizeof ks->text)
        nblocks = (unsigned)(sizeof ks->text / block_len);
    memcpy(ks->text, blocks, (size_t)nblocks * block_len);
    ks->p = nblocks;
    ks->c = block_len;
    ks->w = seq_len;
    ks->len = seq_len * block_len;
    ks->max_len = ks->len;
    uint64_t total = 1;
    for (unsigned j = 0; j < seq_len && total < cap; j++)
        total *= nblocks;
    ks->n = cap_at(total, cap);
    ks->next = next_seq;
}

/* ---- a window of bits: the lowest set bit at p, the next w - 1 bits free */
static unsigned window_width(const hb_q_keyset *ks)
{
    unsigned room = ks->len * 8 - ks->p;
    return ks->w < room ? ks->w : room;
}

static size_t next_window(hb_q_keyset *ks, uint8_t *key)
{
    memset(key, 0, ks->len);
    if (ks->i++ == 0)
        return ks->len;         /* the all-zero key */
    uint64_t bits = 1 | (ks->k[0] << 1);
    for (unsigned j = 0; j < window_width(ks); j++)
        if ((bits >> j) & 1) {
            unsigned b = ks->p + j;
            key[b >> 3] |= (uint8_t)(1u << (b & 7));
        }
    if (++ks->k[0] == 1ull << (window_width(ks) - 1)) {
        ks->k[0] = 0;
        ks->p++;
    }
    return ks->len;
}

void hb_q_ks_window(hb_q_keyset *ks, unsigned len, unsigned w, uint64_t cap)
{
    ks_clear(ks);
    if (w < 1)
        w = 1;
    if (w > 40)
        w = 40;
    ks->len = len;
    ks->w = w;
    ks->max_len = len;
    uint64_t total = 1;
    for (unsigned p = 0; p < len * 8 && total < cap; p++) {
        unsigned room = len * 8 - p, ww = w < room ? w : room;
        total += 1ull << (ww - 1);
    }
    ks->n = cap_at(total, cap);
    ks->next = next_window;
}

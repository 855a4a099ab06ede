/* The keysets' generators (keysets.c): each fills an hb_q_keyset
 * (score.h) that yields distinct keys, at most `cap` of them. */
#ifndef HB_QUALITY_KEYSETS_H
#define HB_QUALITY_KEYSETS_H

#include "quality/score.h"

/* keys of len bytes with at most maxbits bits set, by weight, then in
 * lexicographic order of the set bits' positions */
void hb_q_ks_sparse(hb_q_keyset *ks, unsigned len, unsigned maxbits, uint64_t cap);
/* a distinct pseudo-random block of `block` (3..8) bytes, repeated reps times */
void hb_q_ks_cyclic(hb_q_keyset *ks, unsigned block, unsigned reps, uint64_t cap, hb_q_rng *r);
/* a len-byte template (NULL: zeros) with bytes p1 and p2 taking all 65536 values */
void hb_q_ks_twobyte(hb_q_keyset *ks, unsigned len, unsigned p1, unsigned p2, const char *tmpl);
/* prefix + a distinct 4-character core (64 symbols) + suffix */
void hb_q_ks_text(hb_q_keyset *ks, const char *prefix, const char *suffix, uint64_t cap, hb_q_rng *r);
/* the lowercase words a, b, ..., z, aa, ab, ... */
void hb_q_ks_words(hb_q_keyset *ks, uint64_t cap);
/* zero bytes of every length 0..bound */
void hb_q_ks_zeroes(hb_q_keyset *ks, unsigned bound);
/* every order of nblocks (<= 16) blocks of block_len bytes, lexicographic */
void hb_q_ks_perms(hb_q_keyset *ks, const uint8_t *blocks, unsigned nblocks, unsigned block_len, uint64_t cap);
/* every sequence of seq_len blocks drawn from nblocks blocks */
void hb_q_ks_seqs(hb_q_keyset *ks, const uint8_t *blocks, unsigned nblocks, unsigned block_len,
                  unsigned seq_len, uint64_t cap);
/* len bytes, zero but for a window of <= w bits starting at a set bit, at
 * every start (and the all-zero key) */
void hb_q_ks_window(hb_q_keyset *ks, unsigned len, unsigned w, uint64_t cap);

#endif

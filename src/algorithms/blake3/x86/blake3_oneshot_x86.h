/* BLAKE3 hashed all at once (blake3_oneshot_x86.c): the one-shot functions
 * of the vector implementations, for the x86 one-shot table
 * (their rows: blake3_x86_rows.c).
 * Host only. */
#ifndef HB_BLAKE3_ONESHOT_X86_H
#define HB_BLAKE3_ONESHOT_X86_H

#include "hashbench.h"
#include "hashbench/blake3.h"

/* the 32-byte hash (hash mode) of data, every chunk through ops->hash_many */
void hb_blake3_hash_all(const uint8_t *data, size_t len, const hb_blake3_ops *ops,
                        uint8_t *digest);

/* the same with the AVX-512 (single blocks scalar, or row-wise) and AVX2
 * kernels (call only where they run) */
void hb_blake3_oneshot_avx512(const uint8_t *data, size_t len, uint8_t *digest);
void hb_blake3_oneshot_avx512_rows(const uint8_t *data, size_t len, uint8_t *digest);
void hb_blake3_oneshot_avx2(const uint8_t *data, size_t len, uint8_t *digest);
/* `mt`'s: one of those up to its threshold, the pool above
 * (blake3_mt_ops_x86.c) */
void hb_blake3_oneshot_mt(const uint8_t *data, size_t len, uint8_t *digest);
/* 1 where `avx512-rows` ranks above `avx512` on this core (the threaded
 * BLAKE3 then runs its kernels: blake3_mt_ops_x86.c) */
int hb_blake3_x86_rows_first(void);

#endif /* HB_BLAKE3_ONESHOT_X86_H */

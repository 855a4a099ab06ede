/* What the threaded BLAKE3 asks of an architecture without BLAKE3
 * instruction-set code (threads/blake3_mt_arch.h): the fast C as its
 * kernels, and it is always offered. */
#include "hashbench.h"
#include "hashbench/blake3.h"
#include "algorithms/blake3/threads/blake3_mt_arch.h"

static const hb_blake3_ops ops_fast = {
    hb_blake3_compress_fast, hb_blake3_compress_xof_fast, hb_blake3_hash_many_fast
};

const hb_blake3_ops *hb_blake3_mt_ops(void)
{
    return &ops_fast;
}

int hb_blake3_mt_available(void)
{
    return 1;
}

/* BLAKE3 where there are threads but no vector kernels: `mt` over the fast
 * C ranks above fast (1), the same code on every core above 128 KiB
 * (docs/impl-blake.md, "mt is best"). */
#include "impl_rows.h"
#include "algorithms/blake3/threads/blake3_mt_arch.h"

const hb_impl_row hb_blake3_generic_rows[] = {
    { .algo = "blake3", .impl = &hb_impl_blake3_mt, .rank = 2, .threads = &hb_blake3_mt_threads_iface },
    { 0 }
};

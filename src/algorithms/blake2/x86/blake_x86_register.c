/* The x86-64 implementations of this family group, with their dispatch
 * ranks (higher wins; portable C is 0, fast C 1).  The ranks follow the
 * measurements in docs/impl-blake.md. */
#include "blake_x86.h"

const hb_extra_impl hb_x86_blake_impls[] = {
    { "blake2s", &hb_impl_blake2s_avx2, 2 },
    { "blake2s", &hb_impl_blake2s_avx512, 3 },
    { "blake2b", &hb_impl_blake2b_avx2, 2 },
    { "blake2b", &hb_impl_blake2b_avx512, 3 },
    { "blake3", &hb_impl_blake3_avx2, 2 },
    { "blake3", &hb_impl_blake3_avx512, 3 },
    { 0, 0, 0 }
};

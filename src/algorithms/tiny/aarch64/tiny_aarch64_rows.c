/* The tiny family on aarch64: one row (src/impl_rows.h).  fnv1a32 `fast`
 * replaces the multiply by shifts and adds: 1.4x on the 6502, but slower
 * where a 32-bit multiply is cheap (measured on x86-64: 259-324 MB/s
 * portable, 202-236 MB/s fast at 1 MiB; aarch64 cores multiply in 2-3
 * cycles too), so portable ranks above it. */
#include "impl_rows.h"

extern const hb_impl hb_impl_fnv1a32_portable;     /* tiny_register.c */

const hb_impl_row hb_tiny_aarch64_rows[] = {
    { .algo = "fnv1a32", .impl = &hb_impl_fnv1a32_portable, .rank = 2 },
    { 0 }
};

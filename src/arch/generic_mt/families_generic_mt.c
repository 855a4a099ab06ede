/* Architectures with no instruction-set implementations but with threads
 * (a hosted C library with pthreads: the cross tier's 32-bit ARM, MIPS,
 * RISC-V, s390x, PowerPC and x86-32): the portable and fast C, and the
 * multi-threaded BLAKE3 over the fast C (src/algorithms/blake3/generic/).
 * The consoles and the freestanding targets, without threads, take
 * src/arch/generic/ instead (the Makefile's HB_THREADS). */
#include "impl_rows.h"

extern const hb_impl_row hb_blake3_generic_rows[];

const hb_impl_row *const hb_arch_rows[] = { hb_blake3_generic_rows, 0 };

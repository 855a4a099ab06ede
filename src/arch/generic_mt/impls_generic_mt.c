/* Architectures with no instruction-set implementations but with threads
 * (a hosted C library with pthreads: the cross tier's 32-bit ARM, MIPS,
 * RISC-V, s390x, PowerPC and x86-32): the portable and fast C, and the
 * multi-threaded BLAKE3 over the fast C (src/algorithms/blake3/threads/).
 * The consoles and the freestanding targets, without threads, take
 * src/arch/generic/ instead (the Makefile's HB_THREADS). */
#include "hashbench.h"
#include "algorithms/blake3/threads/blake3_mt_arch.h"

static const hb_extra_impl threads_impls[] = {
    /* above fast (1): the same code, on every core above 128 KiB */
    { "blake3", &hb_impl_blake3_mt, 2 },
    { 0, 0, 0 }
};

const hb_extra_impl *const hb_arch_impl_tables[] = { threads_impls, 0 };

#include "../no_tuning.h"      /* relative, as in src/arch/generic/ */

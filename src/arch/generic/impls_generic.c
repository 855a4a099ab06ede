/* Architectures with no instruction-set implementations (yet): the portable
 * and fast C implementations are all there is. */
#include "hashbench.h"

const hb_extra_impl *const hb_arch_impl_tables[] = { 0 };

/* No per-core tuning here (see hb_arch_rank and hb_arch_tuning_name in
 * hashbench.h; x86-64's is src/arch/x86/tuning_x86.c). */
int hb_arch_rank(const char *algo, const char *impl, int rank)
{
    (void)algo;
    (void)impl;
    return rank;
}

const char *hb_arch_tuning_name(void)
{
    return "none";
}

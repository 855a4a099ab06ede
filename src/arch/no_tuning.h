/* The per-core hooks of hashbench.h (hb_arch_rank, hb_arch_tuning_name)
 * for an architecture without per-core tuning: every core keeps the ranks
 * of the implementation tables.  Included by exactly one .c file of such
 * an architecture (its impls_<arch>.c); x86-64 has src/arch/x86/tuning_x86.c
 * instead. */
#ifndef HB_ARCH_NO_TUNING_H
#define HB_ARCH_NO_TUNING_H

#include "hashbench.h"

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

#endif

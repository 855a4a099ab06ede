/* Which x86-64 core this is, where the same instructions cost differently
 * on different cores and measurement chose differently for them: the rows'
 * core ranks (src/impl_rows.h) are keyed by it, and nothing else.  A
 * setting measured per core (a round's form, a threshold) is a row of its
 * own, so that `hashbench tune` measures it too (src/algorithms/sha2/x86/
 * sha2_x86_rows.c, xxh/x86/xxh_x86_rows.c, blake3/x86/blake3_x86_rows.c).
 *
 * The core is read from cpuid (vendor and family) once.  HB_X86_CORE=zen3|
 * zen4|zen5|other in the environment overrides it, so that the tests run
 * every core's paths on one machine.  A core nobody has measured is
 * `other`: with AVX-512 it keeps the choices measured on Zen 5 (the
 * project's reference machine: the rows' default ranks), without AVX-512
 * those measured on Zen 3 (HB_X86_CORE_OTHER_AVX2); add a core here only
 * with measurements. */
#ifndef HB_CORE_X86_H
#define HB_CORE_X86_H

typedef enum hb_x86_core_id {
    HB_X86_CORE_OTHER,          /* not measured, AVX-512: Zen 5's choices */
    HB_X86_CORE_OTHER_AVX2,     /* not measured, no AVX-512: Zen 3's choices */
    HB_X86_CORE_ZEN3,
    HB_X86_CORE_ZEN4,
    HB_X86_CORE_ZEN5,
    HB_X86_CORES
} hb_x86_core_id;

/* This core (detected on the first call, cached; safe in a constructor). */
hb_x86_core_id hb_x86_core(void);

#endif

/* Registry entries for the x86-64 instruction-set implementations: the
 * adapter of register.h, plus the CPU features the implementation needs;
 * the dispatcher and the tests ask hb_x86_has(features) before calling it
 * (HB_X86_MASK in the environment takes features away, so the tests reach
 * every lower path).  It joins the two layers, so it lives with the
 * algorithms: src/arch/x86/ detects features (cpu_x86.h: HB_X86_NEEDS)
 * and includes nothing of src/algorithms (docs/architecture.md).  This
 * header uses no instruction beyond the baseline, so the register files
 * that include it build at the baseline too.  The aarch64 twin is
 * arm_impl.h, the 32-bit ARM one arm32_impl.h. */
#ifndef HB_X86_IMPL_H
#define HB_X86_IMPL_H

#include "hashbench.h"
#include "arch/x86/cpu_x86.h"
#include "impl_rows.h"
#include "algorithms/common/register.h"

/* The CPU features a file's Makefile suffix lets the compiler use
 * (Makefile, "Per-file target flags"): an implementation built from such a
 * file asks for at least these.  _avx2: -mavx2 -mbmi2; _avx512: -mavx512f
 * -mavx512bw -mavx512vl -mavx2 -mbmi2; _avx512dq: the same and -mavx512dq. */
#define HB_X86_ISA_AVX2 (HB_X86_AVX2 | HB_X86_AVX | HB_X86_BMI2)
#define HB_X86_ISA_AVX512 (HB_X86_AVX512F | HB_X86_AVX512BW | HB_X86_AVX512VL | HB_X86_ISA_AVX2)
#define HB_X86_ISA_AVX512DQ (HB_X86_ISA_AVX512 | HB_X86_AVX512DQ)

/* An implementation that needs these features (src/algorithms/common/
 * register.h's adapter, with an `available` function asking hb_x86_has).
 * params_fn: the seeded or keyed form (hb_impl.params), 0 when none. */
#define HB_X86_IMPL(sym, implname, features, ctx_t, init_fn, update_fn, final_fn, params_fn) \
    HB_X86_NEEDS(sym##_available_, features)                                                \
    HB_DEFINE_IMPL_IF(sym, implname, sym##_available_, ctx_t, init_fn, update_fn, final_fn, params_fn)

#endif

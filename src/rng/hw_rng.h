/* The CPUs' random-number instructions, one interface on every architecture
 * (hashbench rng, docs/rng.md): x86's RDRAND (a DRBG the CPU reseeds from
 * its entropy source) and RDSEED (the conditioned entropy source itself),
 * ARMv8.5's RNDR.  Each architecture's file (src/rng/<arch>/hw_rng_*.c)
 * answers for all of them: an instruction of another architecture is
 * "not present" with the reason. */
#ifndef HB_RNG_HW_RNG_H
#define HB_RNG_HW_RNG_H

#include <stddef.h>
#include <stdint.h>

typedef enum { HB_HW_RDRAND, HB_HW_RDSEED, HB_HW_RNDR, HB_HW_RNG_KINDS } hb_hw_rng_kind;

/* An instruction may report "no value this time" (RDSEED often does when
 * its entropy source is drained; RDRAND and RNDR rarely).  A step is
 * retried up to this many times in a row before the fill gives up. */
#define HB_HW_RNG_RETRIES 100000u

/* 1 when this CPU has the instruction and user space may run it; otherwise
 * 0 with *why saying why not (another architecture, CPUID bit clear, no
 * HWCAP2_RNG). */
int hb_hw_rng_present(hb_hw_rng_kind kind, const char **why);

/* Fills out[0..n) from the instruction.  Returns the bytes written: n, or
 * fewer when a step still had no value after HB_HW_RNG_RETRIES tries (or the
 * instruction is not present).  *retries is increased by the failed tries. */
size_t hb_hw_rng_fill(hb_hw_rng_kind kind, uint8_t *out, size_t n, unsigned long long *retries);

#endif

/* --as-cpu LEVEL: measure an AVX2-class core on a machine that has more
 * (docs/peers-avx2.md).  AVX-512 is taken away from both sides in one run:
 * from hashbench's dispatcher (HB_X86_MASK), from OpenSSL
 * (OPENSSL_ia32cap), from the Rust crates (their AVX2-class build,
 * make peers-LEVEL) and from the C peers that follow hashbench's feature
 * view (the xxhash.h peer, ISA-L's CRCs); the core tuning becomes
 * `other`, what cores without AVX-512 get.  libcrypto reads its variable
 * and the tuning is chosen before main(), so the option sets the
 * environment and runs hashbench again (execv); the second run finds it
 * set and goes on.  Every record of such a run says so (context.as_cpu). */
#ifndef HB_CLI_AS_CPU_H
#define HB_CLI_AS_CPU_H

#include <stddef.h>
#include <stdio.h>

/* Takes --as-cpu LEVEL / --as-cpu=LEVEL out of argv (up to a "--"),
 * then, when one was given and the environment is not yet set for it,
 * sets it and runs this program again with the original arguments (never
 * returns then).  Returns 0 to go on, or an exit status (2: a bad level or
 * a conflicting environment, with a message on standard error). */
int hb_as_cpu_setup(int *argc, char **argv);

/* The level in force in this process, or NULL (no --as-cpu). */
const char *hb_as_cpu_level(void);

/* One line each (NULL-terminated), what the level could not take away on
 * this machine: peers that detect AVX-512 (or VAES/VPCLMULQDQ) at run time
 * with no switch to stop them, when this CPU has those features. */
const char *const *hb_as_cpu_unmasked(void);

/* For records and `info`: the variables the level set (the features
 * hashbench's dispatcher sees: src/arch/cpu_view.h). */
void hb_as_cpu_describe(char *buf, size_t size);

/* The JSON object context.as_cpu (no trailing comma or newline). */
void hb_as_cpu_json(FILE *f, const char *rust_library);

#endif

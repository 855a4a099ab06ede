/* SHA-1 on x86-64 with SHA-NI (sha1_shani.c): its compress function,
 * registry entry and one-shot; its row is in sha1_x86_rows.c.
 *
 * sha1_shani.c is compiled with its own target flags (Makefile,
 * "Per-file target flags"); this header declares nothing that needs them,
 * so sha1_x86_rows.c builds at the baseline. */
#ifndef HB_SHA1_X86_H
#define HB_SHA1_X86_H

#include "hashbench.h"
#include "hashbench/sha1.h"
#include "algorithms/common/x86_impl.h"

/* SHA-NI needs the SHA extensions, SSE4.1 (pblendw) and SSSE3 (pshufb). */
#define HB_SHA1_X86_SHANI (HB_X86_SHA | HB_X86_SSE41 | HB_X86_SSSE3)

/* the compress function (hb_block32_fn) */
void hb_sha1_compress_shani(uint32_t *state, const uint8_t *blocks, size_t nblocks);

/* the registry entry and its one-shot */
extern const hb_impl hb_impl_sha1_shani;
void hb_sha1_oneshot_shani(const uint8_t *data, size_t len, uint8_t *digest);

#endif /* HB_SHA1_X86_H */

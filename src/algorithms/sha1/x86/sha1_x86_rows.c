/* SHA-1 on x86-64: its row (src/impl_rows.h).  SHA-NI ranks above the
 * fast C (docs/impl-sha.md); the kernel and its one-shot: sha1_shani.c. */
#include "sha1_x86.h"

const hb_impl_row hb_sha1_x86_rows[] = {
    { .algo = "sha1", .impl = &hb_impl_sha1_shani, .rank = 2, .oneshot = hb_sha1_oneshot_shani },
    { 0 }
};

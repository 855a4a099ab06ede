/* The x86-64 MD4 kernel beyond the portable C (md4_direct.c): its compress
 * function, its streaming wrappers and its registry entry, for the rows
 * (md_x86_rows.c). */
#ifndef HB_MD_X86_H
#define HB_MD_X86_H

#include "hashbench/md.h"
#include "algorithms/common/x86_impl.h"

void hb_md4_compress_direct(uint32_t *state, const uint8_t *blocks, size_t nblocks);
void hb_md4_update_direct(hb_md4_ctx *c, const uint8_t *data, size_t len);
void hb_md4_final_direct(hb_md4_ctx *c, uint8_t *digest);
extern const hb_impl hb_impl_md4_direct;

#endif /* HB_MD_X86_H */

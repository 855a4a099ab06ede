/* Loading the ARM build's overlays (see gba_overlay.h). */
#include <string.h>
#include "gba_overlay.h"

unsigned gba_overlay_size(unsigned algo_index)
{
    if (algo_index >= gba_ovl_count)
        return 0;
    return (unsigned)(gba_ovl_table[2 * algo_index + 1] - gba_ovl_table[2 * algo_index]);
}

int gba_select_overlay(unsigned algo_index, hbt_code *code)
{
    const hbt_ovl_desc_t *d = (const hbt_ovl_desc_t *)GBA_OVL_BASE;
    unsigned size = gba_overlay_size(algo_index), j;
    if (size == 0 || size > GBA_OVL_SIZE)
        return -1;
    /* word copy from ROM: images are word-aligned and a multiple of 4 bytes */
    memcpy((void *)GBA_OVL_BASE, gba_ovl_table[2 * algo_index], size);
    if (d->magic != GBA_OVL_MAGIC)
        return -1;
    code->algo = d->algo;
    code->n_impls = d->impl_count(d->algo);
    if (code->n_impls > HBT_MAX_IMPLS)
        code->n_impls = HBT_MAX_IMPLS;
    for (j = 0; j < code->n_impls; j++)
        code->impls[j] = d->impl_at(d->algo, j);
    code->measure = d->measure;
    /* the image must be the algorithm the roster has at this index */
    return strcmp(code->algo->id, hb_algo_at(algo_index)->id) == 0 ? 0 : -1;
}

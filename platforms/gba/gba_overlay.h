/* The ARM-in-IWRAM build: one overlay image per algorithm (overlay.ld),
 * copied into the overlay area before the algorithm runs.  The image starts
 * with this descriptor. */
#ifndef GBA_OVERLAY_H
#define GBA_OVERLAY_H

#include "hbt_run.h"

#define GBA_OVL_BASE  0x03000000u
#define GBA_OVL_SIZE  0x6000u           /* = OVL_SIZE in gba.ld */
#define GBA_OVL_MAGIC 0x4C564F48u       /* "HOVL" */

typedef struct hbt_ovl_desc_t {
    uint32_t magic;
    const hb_algo *algo;
    unsigned (*impl_count)(const hb_algo *algo);
    const hb_impl *(*impl_at)(const hb_algo *algo, unsigned index);
    hbt_measure_fn measure;
} hbt_ovl_desc_t;

/* In ROM (generated ovl_blobs.S): per roster index, the image's start and end. */
extern const uint8_t *const gba_ovl_table[];
extern const unsigned gba_ovl_count;

/* The ARM build's select(): copies algorithm algo_index's image into IWRAM. */
int gba_select_overlay(unsigned algo_index, hbt_code *code);
/* size in bytes of an algorithm's image (for the docs and the screen) */
unsigned gba_overlay_size(unsigned algo_index);

#endif /* GBA_OVERLAY_H */

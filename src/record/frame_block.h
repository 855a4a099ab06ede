/* The results block read from the picture: for a core that exposes none
 * of the console's memory (DeSmuME), the ROM shows its results block as
 * "frame pages", one byte per pixel (layout: include/
 * nds_frame_layout.h).  Fed every video frame, this collects the pages of
 * one showing, checks each page's CRC, and once every page of a showing is
 * in, publishes the whole block as a memory region, so that block.c and
 * console_record.c read it exactly as they read emulated RAM. */
#ifndef HB_RECORD_FRAME_BLOCK_H
#define HB_RECORD_FRAME_BLOCK_H

#include <stddef.h>
#include <stdint.h>
#include "record/block.h"   /* rr_region */

#define RR_FB_MAX_PAGES 256
#define RR_FB_MAX_TOTAL (16u << 20)

typedef struct rr_frame_block {
    uint8_t *block;          /* the last complete showing: what the region points at */
    uint8_t *staging;        /* the showing being collected */
    size_t total;            /* bytes of the block (0: no page accepted yet) */
    uint64_t address;        /* where the block is in the console's memory */
    /* the showing being collected */
    int collecting;
    unsigned seq, pages, n_have;
    uint8_t have[RR_FB_MAX_PAGES];
    uint32_t start[RR_FB_MAX_PAGES], len[RR_FB_MAX_PAGES];
    /* what happened so far */
    unsigned long showings, pages_accepted, pages_rejected;
    char error[160];         /* why the last page was rejected */
} rr_frame_block;

void rr_fb_init(rr_frame_block *fb);
void rr_fb_free(rr_frame_block *fb);

/* Looks for pages in one frame (8-bit RGB, width * height * 3 bytes).
 * Returns 2 when a page completed a showing (the region now holds it), 1
 * when a page was accepted, 0 when the frame holds no page, -1 when a page
 * was found but rejected (fb->error says why). */
int rr_fb_feed(rr_frame_block *fb, const uint8_t *rgb, unsigned width, unsigned height);

/* The block as a region (named "frame"), once a showing is complete:
 * writes it to out[0] and returns 1; before that returns 0. */
unsigned rr_fb_region(const rr_frame_block *fb, rr_region *out, unsigned max);

#endif

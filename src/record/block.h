/* Finding a ROM's results block in emulated memory and draining its ring
 * of entries (layout: include/hbt_layout.h, platforms/common/README.md). */
#ifndef HB_RECORD_BLOCK_H
#define HB_RECORD_BLOCK_H

#include <stddef.h>
#include <stdint.h>

/* one stretch of emulated memory: `len` bytes at emulated address `start`
 * (what a back-end offers the reader: the core's RAM, a decoded frame
 * page, the copy an N64 ROM sent through its IS-Viewer port) */
typedef struct rr_region {
    uint64_t start;
    size_t len;
    uint8_t *ptr;
    char name[32];
} rr_region;

#define RR_MAX_REGIONS 64

typedef struct rr_entry {
    unsigned algo, impl, build, size_index, pass;
    uint32_t ticks;
    unsigned iters;
    uint8_t digest[255];
} rr_entry;

typedef struct rr_block {
    /* where it is */
    const rr_region *region;
    size_t offset;
    uint64_t address;           /* emulated address of the magic */
    /* the header */
    unsigned version, header_bytes, entry_bytes, digest_bytes, capacity;
    unsigned n_algos, n_sizes, sizes[4];
    uint32_t clock_hz;
    unsigned cycles_per_tick, platform, n_builds, setting, overhead_ticks;
    /* the current state */
    unsigned state, pass;
    /* entries drained so far */
    uint32_t seen;              /* entries read since power-on */
    rr_entry *entries;
    size_t n_entries, cap_entries;
} rr_block;

/* Looks through the regions for a valid header; 1 found, 0 not (yet). */
int rr_block_find(rr_block *b, const rr_region *regions, unsigned n_regions);
/* Reads the header again and copies the entries published since the last
 * call.  Returns the number of new entries, or -1 (printing why) when the
 * block is gone or entries were overwritten before they could be read. */
int rr_block_poll(rr_block *b);
void rr_block_free(rr_block *b);

#endif

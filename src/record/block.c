/* Reading the results block (block.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "record/block.h"
#include "hbt_layout.h"

static unsigned get16(const uint8_t *p)
{
    return (unsigned)p[0] | (unsigned)p[1] << 8;
}

static uint32_t get32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* a header whose fields make sense, with its whole ring inside the region */
static int plausible(const uint8_t *p, size_t avail)
{
    unsigned entry, digest, cap, hdr;
    if (avail < HBT_HEADER_BYTES || memcmp(p, "HBRB", 4) != 0 || p[HBT_OFF_VERSION] != HBT_BLOCK_VERSION)
        return 0;
    hdr = p[HBT_OFF_HEADER_BYTES];
    entry = p[HBT_OFF_ENTRY_BYTES];
    digest = p[HBT_OFF_DIGEST_BYTES];
    cap = get16(p + HBT_OFF_CAPACITY);
    if (hdr < HBT_HEADER_BYTES || digest == 0 || entry != HBT_E_DIGEST + digest || cap == 0)
        return 0;
    if (p[HBT_OFF_N_SIZES] == 0 || p[HBT_OFF_N_SIZES] > 4 || p[HBT_OFF_N_ALGOS] == 0)
        return 0;
    return (size_t)hdr + (size_t)cap * entry <= avail;
}

static void read_header(rr_block *b, const uint8_t *p)
{
    unsigned i;
    b->version = p[HBT_OFF_VERSION];
    b->header_bytes = p[HBT_OFF_HEADER_BYTES];
    b->entry_bytes = p[HBT_OFF_ENTRY_BYTES];
    b->digest_bytes = p[HBT_OFF_DIGEST_BYTES];
    b->capacity = get16(p + HBT_OFF_CAPACITY);
    b->n_algos = p[HBT_OFF_N_ALGOS];
    b->n_sizes = p[HBT_OFF_N_SIZES];
    for (i = 0; i < 4; i++)
        b->sizes[i] = get16(p + HBT_OFF_SIZES + 2 * i);
    b->clock_hz = get32(p + HBT_OFF_CLOCK_HZ);
    b->cycles_per_tick = get16(p + HBT_OFF_CYC_PER_TICK);
    b->platform = p[HBT_OFF_PLATFORM];
    b->n_builds = p[HBT_OFF_N_BUILDS];
    b->setting = get16(p + HBT_OFF_SETTING);
    b->overhead_ticks = get16(p + HBT_OFF_OVERHEAD);
    b->state = p[HBT_OFF_STATE];
    b->pass = p[HBT_OFF_PASS];
}

int rr_block_find(rr_block *b, const rr_region *regions, unsigned n_regions)
{
    unsigned r;
    size_t off;
    for (r = 0; r < n_regions; r++) {
        const rr_region *g = &regions[r];
        for (off = 0; off + HBT_HEADER_BYTES <= g->len; off++) {
            if (g->ptr[off] != 'H' || !plausible(g->ptr + off, g->len - off))
                continue;
            b->region = g;
            b->offset = off;
            b->address = g->start + off;
            read_header(b, g->ptr + off);
            return 1;
        }
    }
    return 0;
}

int rr_block_poll(rr_block *b)
{
    const uint8_t *p = b->region->ptr + b->offset;
    unsigned count, delta, i;
    if (!plausible(p, b->region->len - b->offset)) {
        fprintf(stderr, "retro-run: the results block at 0x%llx is gone (the ROM reset or overwrote it)\n",
                (unsigned long long)b->address);
        return -1;
    }
    read_header(b, p);
    count = get16(p + HBT_OFF_COUNT);
    delta = (count - (unsigned)(b->seen & 0xFFFFu)) & 0xFFFFu;
    if (delta >= 0x8000u)
        return 0;   /* caught between the count's two byte stores: low byte new, high byte old */
    if (delta >= b->capacity) {
        fprintf(stderr, "retro-run: %u entries appeared in one frame but the ring holds %u: "
                "entries were overwritten before they could be read\n", delta, b->capacity);
        return -1;
    }
    for (i = 0; i < delta; i++) {
        uint32_t n = b->seen + i;
        const uint8_t *e = p + b->header_bytes + (size_t)(n % b->capacity) * b->entry_bytes;
        rr_entry *out;
        if (b->n_entries == b->cap_entries) {
            size_t nc = b->cap_entries ? 2 * b->cap_entries : 1024;
            rr_entry *ne = realloc(b->entries, nc * sizeof *ne);
            if (!ne) {
                fprintf(stderr, "retro-run: out of memory\n");
                return -1;
            }
            b->entries = ne;
            b->cap_entries = nc;
        }
        out = &b->entries[b->n_entries++];
        out->algo = e[HBT_E_ALGO];
        out->impl = e[HBT_E_IMPL] & 15u;
        out->build = e[HBT_E_IMPL] >> 4;
        out->size_index = e[HBT_E_SIZE];
        out->pass = e[HBT_E_PASS];
        out->ticks = get32(e + HBT_E_TICKS);
        out->iters = get16(e + HBT_E_ITERS);
        memcpy(out->digest, e + HBT_E_DIGEST, b->digest_bytes);
    }
    b->seen += delta;
    return (int)delta;
}

void rr_block_free(rr_block *b)
{
    free(b->entries);
    b->entries = NULL;
    b->n_entries = b->cap_entries = 0;
}

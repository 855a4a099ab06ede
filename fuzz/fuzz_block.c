/* Fuzz target: the results block reader of src/record (block.c) and
 * the record writer behind it (console_record.c), fed what a ROM could leave in
 * emulated memory.
 *
 * Input layout:
 *   byte 0      low 3 bits: number of polls after the block is found (0..7);
 *               bits 3..4: passes the record claims (0..3)
 *   2 bytes per poll: the value the ring's count (HBT_OFF_COUNT) is set to
 *               before that poll, as the ROM would advance it
 *   the rest    the memory region scanned for the header ("HBRB", layout
 *               include/hbt_layout.h), at address 0x02000000
 *
 * The region is a heap block of exactly its length, so ASan reports any
 * read of the header or of an entry past its end.  Checked: no crash or
 * leak; the header found lies inside the region; entries drained never
 * exceed what the counts announced; the record written is well-formed JSON
 * (fuzz_json.h). */
// fuzz-sources: src/record/block.c src/record/console_record.c src/record/consoles.c src/record/json.c src/bench/stats.c
// fuzz-options: -close_fd_mask=2
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hbt_layout.h"
#include "record/console_record.h"
#include "fuzz_json.h"

static void fail(const char *what)
{
    /* stdout: the runs close stderr (-close_fd_mask=2), which the readers fill with their warnings */
    printf("fuzz_block: %s\n", what);
    fflush(stdout);
    abort();
}

/* the record of the drained entries, through console_record.c, checked as JSON */
static void write_record(const rr_block *b, unsigned passes)
{
    const rr_platform *pf = rr_platform_by_id(b->platform);
    rr_run_info info;
    char *text = NULL;
    size_t len = 0, bad;
    FILE *f;
    if (!pf)
        pf = rr_platform_find("gba");
    rr_run_info_init(&info);
    info.emulator = "fuzz";
    info.passes = passes;
    f = open_memstream(&text, &len);
    if (!f)
        return;
    rr_results_write(f, b, pf, &info);
    fclose(f);
    if ((bad = fuzz_json_problem(text, len)) != 0) {
        printf("fuzz_block: the record is not well-formed JSON at byte %zu:\n%s\n", bad - 1, text);
        fflush(stdout);
        abort();
    }
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    unsigned n_polls, passes, i;
    uint16_t counts[8];
    rr_region region;
    rr_block b;
    size_t drained = 0;

    if (size < 1)
        return 0;
    n_polls = data[0] & 7u;
    passes = (data[0] >> 3) & 3u;
    data++;
    size--;
    for (i = 0; i < n_polls && size >= 2; i++) {
        counts[i] = (uint16_t)(data[0] | data[1] << 8);
        data += 2;
        size -= 2;
    }
    n_polls = i;

    memset(&region, 0, sizeof region);
    region.start = 0x02000000u;
    region.len = size;
    region.ptr = malloc(size ? size : 1);
    if (!region.ptr)
        return 0;
    memcpy(region.ptr, data, size);
    snprintf(region.name, sizeof region.name, "fuzz");

    memset(&b, 0, sizeof b);
    if (rr_block_find(&b, &region, 1)) {
        if (b.offset + HBT_HEADER_BYTES > region.len)
            fail("the header found runs past the region");
        for (i = 0; i < n_polls; i++) {
            int r;
            /* the ROM publishes more entries: the count moves on */
            region.ptr[b.offset + HBT_OFF_COUNT] = (uint8_t)counts[i];
            region.ptr[b.offset + HBT_OFF_COUNT + 1] = (uint8_t)(counts[i] >> 8);
            r = rr_block_poll(&b);
            if (r < 0)
                break;
            drained += (size_t)r;
            if (b.n_entries != drained || b.seen != drained)
                fail("entries kept differ from the entries the polls returned");
        }
        write_record(&b, passes);
    }
    rr_block_free(&b);
    free(region.ptr);
    return 0;
}

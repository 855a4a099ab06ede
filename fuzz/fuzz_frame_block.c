/* Fuzz target: the DS runner's frame-page decoder (src/record/
 * frame_block.c), which rebuilds the results block from what the ROM shows
 * on screen, and the block reader (block.c) that then reads it.
 *
 * Input layout:
 *   byte 0      frame width - 4 (so 4..259 pixels; the DS screen is 256)
 *   byte 1      number of frames (low 2 bits + 1)
 *   the rest    split evenly between the frames: one byte per pixel, turned
 *               into the RGB the emulator would give for it (red's high
 *               nibble, green's high nibble: include/nds_frame_layout.h);
 *               the last row padded with black
 *
 * Each frame is a heap block of exactly width * height * 3 bytes (ASan
 * sees any read past it).  Checked: no crash or leak; the return values
 * are in range; once a showing completes, the region is the block's size
 * and the block reader can scan and drain it. */
// fuzz-sources: src/record/frame_block.c src/record/block.c
// fuzz-options: -close_fd_mask=2 -max_len=16384
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "record/block.h"
#include "record/frame_block.h"

static void fail(const char *what)
{
    /* stdout: the runs close stderr (-close_fd_mask=2), which the readers fill with their warnings */
    printf("fuzz_frame_block: %s\n", what);
    fflush(stdout);
    abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static rr_frame_block fb;
    unsigned width, n_frames, f;
    size_t chunk;

    if (size < 2)
        return 0;
    width = 4u + data[0];
    n_frames = 1u + (data[1] & 3u);
    data += 2;
    size -= 2;
    chunk = size / n_frames;
    rr_fb_init(&fb);
    for (f = 0; f < n_frames; f++) {
        const uint8_t *bytes = data + f * chunk;
        size_t n = f + 1 == n_frames ? size - f * chunk : chunk;
        unsigned height = (unsigned)((n + width - 1) / width), i;
        uint8_t *rgb;
        rr_region region;
        int r;
        if (height == 0)
            height = 1;
        rgb = calloc((size_t)width * height, 3);
        if (!rgb)
            break;
        for (i = 0; i < n; i++) {
            /* the pixel the DS shows for this byte, with the low bits an
             * 8-bit frame has (they must not matter) */
            rgb[3 * i] = (uint8_t)((bytes[i] & 0xF0u) | 0x08u);
            rgb[3 * i + 1] = (uint8_t)((bytes[i] << 4) | 0x08u);
            rgb[3 * i + 2] = 0x84;
        }
        r = rr_fb_feed(&fb, rgb, width, height);
        free(rgb);
        if (r < -1 || r > 2)
            fail("rr_fb_feed returned a value outside -1..2");
        if (r == 2 && !fb.showings)
            fail("a showing completed but none is counted");
        if (rr_fb_region(&fb, &region, 1) == 1) {
            rr_block b;
            if (region.len != fb.total || region.ptr != fb.block || region.len == 0)
                fail("the region does not match the collected block");
            memset(&b, 0, sizeof b);
            if (rr_block_find(&b, &region, 1))
                rr_block_poll(&b);
            rr_block_free(&b);
        }
    }
    rr_fb_free(&fb);
    return 0;
}

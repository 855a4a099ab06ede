/* Host tool for the DS checks (test_nds.py): feeds picture files to the
 * runners' frame-page decoder (src/record/frame_block.c), in order, as
 * if they were successive video frames, and says what it made of each.
 *
 *   fb_check [--dump BLOCK.bin] FRAME.ppm...
 *
 * Frames are binary PPM (P6, 8-bit RGB).  Prints one line per frame
 * ("accepted", "complete", "no page" or "rejected: why") and the number of
 * complete showings; --dump writes the last complete block.  Exit status 0
 * when every frame held an acceptable page, 1 otherwise, 2 on bad usage. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "record/frame_block.h"

/* a binary PPM: "P6", width, height, 255, one whitespace, the pixels
 * (comments are not expected: test_nds.py writes these files) */
static uint8_t *read_ppm(const char *path, unsigned *w, unsigned *h)
{
    FILE *f = fopen(path, "rb");
    unsigned maxval;
    size_t n;
    uint8_t *rgb;
    if (!f) {
        perror(path);
        return NULL;
    }
    if (fscanf(f, "P6 %u %u %u", w, h, &maxval) != 3 || maxval != 255 || *w == 0 || *h == 0 ||
        *w > 4096 || *h > 4096 || fgetc(f) == EOF) {
        fprintf(stderr, "fb_check: %s: not an 8-bit binary PPM\n", path);
        fclose(f);
        return NULL;
    }
    n = (size_t)*w * *h * 3;
    rgb = malloc(n);
    if (!rgb || fread(rgb, 1, n, f) != n) {
        fprintf(stderr, "fb_check: %s: the picture is cut short\n", path);
        free(rgb);
        fclose(f);
        return NULL;
    }
    fclose(f);
    return rgb;
}

int main(int argc, char **argv)
{
    rr_frame_block fb;
    const char *dump = NULL;
    int i = 1, bad = 0;
    if (argc > 2 && strcmp(argv[1], "--dump") == 0) {
        dump = argv[2];
        i = 3;
    }
    if (i >= argc) {
        fprintf(stderr, "usage: fb_check [--dump BLOCK.bin] FRAME.ppm...\n");
        return 2;
    }
    rr_fb_init(&fb);
    for (; i < argc; i++) {
        unsigned w, h;
        uint8_t *rgb = read_ppm(argv[i], &w, &h);
        int r;
        if (!rgb) {
            bad = 1;
            continue;
        }
        r = rr_fb_feed(&fb, rgb, w, h);
        free(rgb);
        if (r == 2)
            printf("%s: complete\n", argv[i]);
        else if (r == 1)
            printf("%s: accepted\n", argv[i]);
        else if (r == 0)
            printf("%s: no page\n", argv[i]);
        else
            printf("%s: rejected: %s\n", argv[i], fb.error);
        if (r <= 0)
            bad = 1;
    }
    printf("%lu complete showing%s, %lu pages accepted, %lu rejected\n", fb.showings,
           fb.showings == 1 ? "" : "s", fb.pages_accepted, fb.pages_rejected);
    if (dump) {
        rr_region reg;
        FILE *f;
        if (!rr_fb_region(&fb, &reg, 1)) {
            fprintf(stderr, "fb_check: no complete showing to write to %s\n", dump);
            bad = 1;
        } else if (!(f = fopen(dump, "wb")) || fwrite(reg.ptr, 1, reg.len, f) != reg.len || fclose(f) != 0) {
            fprintf(stderr, "fb_check: cannot write %s\n", dump);
            bad = 1;
        }
    }
    rr_fb_free(&fb);
    return bad;
}

/* PNG writer (png.h): signature, IHDR, one IDAT, IEND.  Each row is
 * stored with filter type 0 (none); zlib does the compression. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include "png.h"

static void be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/* length, type, data, CRC-32 over type and data */
static int chunk(FILE *f, const char *type, const uint8_t *data, uint32_t len)
{
    uint8_t hdr[8], crc[4];
    uLong c = crc32(0L, Z_NULL, 0);
    be32(hdr, len);
    memcpy(hdr + 4, type, 4);
    c = crc32(c, (const Bytef *)type, 4);
    if (len)
        c = crc32(c, data, len);
    be32(crc, (uint32_t)c);
    return fwrite(hdr, 1, 8, f) == 8 && (len == 0 || fwrite(data, 1, len, f) == len) &&
           fwrite(crc, 1, 4, f) == 4 ? 0 : -1;
}

int rr_png_write(const char *path, const uint8_t *rgb, unsigned width, unsigned height)
{
    static const uint8_t sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n' };
    size_t row = (size_t)width * 3, raw_len = (row + 1) * height;
    uLongf z_len = compressBound((uLong)raw_len);
    uint8_t ihdr[13], *raw = malloc(raw_len), *z = malloc(z_len);
    unsigned y;
    FILE *f;
    int rc = -1;
    if (!raw || !z || width == 0 || height == 0) {
        fprintf(stderr, "retro-run: %s: no frame to write\n", path);
        goto out;
    }
    for (y = 0; y < height; y++) {
        raw[y * (row + 1)] = 0;
        memcpy(raw + y * (row + 1) + 1, rgb + y * row, row);
    }
    if (compress2(z, &z_len, raw, (uLong)raw_len, 9) != Z_OK) {
        fprintf(stderr, "retro-run: %s: zlib failed\n", path);
        goto out;
    }
    be32(ihdr, width);
    be32(ihdr + 4, height);
    ihdr[8] = 8;    /* bits per channel */
    ihdr[9] = 2;    /* colour type: RGB */
    ihdr[10] = 0;   /* deflate */
    ihdr[11] = 0;   /* filter method */
    ihdr[12] = 0;   /* no interlace */
    f = fopen(path, "wb");
    if (!f) {
        perror(path);
        goto out;
    }
    if (fwrite(sig, 1, 8, f) != 8 || chunk(f, "IHDR", ihdr, 13) || chunk(f, "IDAT", z, (uint32_t)z_len) ||
        chunk(f, "IEND", NULL, 0)) {
        fprintf(stderr, "retro-run: cannot write %s\n", path);
        fclose(f);
        goto out;
    }
    if (fclose(f) != 0) {
        perror(path);
        goto out;
    }
    rc = 0;
out:
    free(raw);
    free(z);
    return rc;
}

/* Host tool: writes the NES pattern table (8 KB CHR-ROM) from the project's
 * own 5x7 font (platforms/common/font5x7.c), each glyph in the tile whose
 * number is its ASCII code, so the ROM writes plain characters to the name
 * table.  Glyph pixels are colour 1 (plane 0 only), drawn in the tile's
 * top-left 5x7 pixels like the GBA's 6x8 cells.
 *
 *   nes_chr OUT.chr */
#include <stdio.h>
#include <string.h>
#include "font5x7.h"

int main(int argc, char **argv)
{
    unsigned char chr[8192];
    unsigned i, y, x;
    FILE *f;
    if (argc != 2) {
        fprintf(stderr, "usage: nes_chr OUT.chr\n");
        return 2;
    }
    memset(chr, 0, sizeof chr);
    for (i = 0; font5x7_chars[i]; i++) {
        unsigned tile = (unsigned char)font5x7_chars[i];
        const char *g = font5x7_glyphs[i];
        if (strlen(g) != FONT_W * FONT_H) {
            fprintf(stderr, "nes_chr: glyph %u of font5x7.c is not 5x7\n", i);
            return 1;
        }
        for (y = 0; y < FONT_H; y++) {
            unsigned char bits = 0;
            for (x = 0; x < FONT_W; x++)
                if (g[y * FONT_W + x] == '#')
                    bits |= (unsigned char)(0x80u >> x);
            chr[tile * 16 + y] = bits;          /* plane 0; plane 1 stays 0 */
        }
    }
    f = fopen(argv[1], "wb");
    if (!f || fwrite(chr, 1, sizeof chr, f) != sizeof chr || fclose(f) != 0) {
        perror(argv[1]);
        return 1;
    }
    return 0;
}

/* Host tool: finishes a GBA ROM image's cartridge header.
 *
 *   gba_header ROM      checks the fixed byte and the logo's place, writes
 *                       the complement byte at 0xBD, pads the image to a
 *                       multiple of 4 bytes
 *
 * The complement makes 0x19 plus the bytes 0xA0..0xBD sum to 0 (mod 256);
 * the BIOS refuses a cartridge whose header does not. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    FILE *f;
    unsigned char *rom;
    long size;
    unsigned sum = 0x19, i;
    if (argc != 2) {
        fprintf(stderr, "usage: gba_header ROM\n");
        return 2;
    }
    f = fopen(argv[1], "r+b");
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    if (fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
        perror(argv[1]);
        fclose(f);
        return 1;
    }
    if (size < 0xC0) {
        fprintf(stderr, "gba_header: %s: %ld bytes, shorter than a cartridge header (192)\n", argv[1], size);
        fclose(f);
        return 1;
    }
    rom = malloc((size_t)size + 4);
    if (!rom || fread(rom, 1, (size_t)size, f) != (size_t)size) {
        fprintf(stderr, "gba_header: cannot read %s\n", argv[1]);
        fclose(f);
        free(rom);
        return 1;
    }
    if (rom[0xB2] != 0x96 || rom[3] != 0xEA || rom[4] != 0x24 || rom[0x9F] != 0x07) {
        fprintf(stderr, "gba_header: %s: no cartridge header (branch, logo, 0x96 at 0xB2)\n", argv[1]);
        fclose(f);
        free(rom);
        return 1;
    }
    for (i = 0xA0; i <= 0xBC; i++)
        sum += rom[i];
    rom[0xBD] = (unsigned char)(0u - sum);
    while (size % 4)
        rom[size++] = 0;
    if (fseek(f, 0, SEEK_SET) != 0 || fwrite(rom, 1, (size_t)size, f) != (size_t)size || fclose(f) != 0) {
        fprintf(stderr, "gba_header: cannot write %s\n", argv[1]);
        free(rom);
        return 1;
    }
    free(rom);
    return 0;
}

/* Host tool: assembles a DS cartridge image from the two CPU binaries.
 *
 *   nds_header OUT.nds ARM9.bin ARM9_ADDR ARM7.bin ARM7_ADDR
 *
 * writes the 0x200-byte header, then the ARM9 binary at 0x200 and the ARM7
 * binary after it (each on a 512-byte boundary); each is loaded at its
 * address and entered at its first byte.  The header carries the logo the
 * firmware checks, the logo's CRC-16 at 0x15C (0xCF56 for a correct logo)
 * and the CRC-16 of bytes 0x000-0x15D at 0x15E.  Both CRCs are the
 * CRC-16/MODBUS form: polynomial 0x8005 reflected (0xA001), initial value
 * 0xFFFF, no final XOR.  Field offsets are facts of the hardware (GBATEK). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HEADER_BYTES 0x200u
#define LOGO_OFFSET 0xC0u
#define LOGO_BYTES 156u
#define LOGO_CRC 0xCF56u

/* the compressed Nintendo logo (the same 156 bytes as on a GBA cartridge) */
static const uint8_t logo[LOGO_BYTES] = {
    0x24, 0xFF, 0xAE, 0x51, 0x69, 0x9A, 0xA2, 0x21, 0x3D, 0x84, 0x82, 0x0A, 0x84, 0xE4, 0x09, 0xAD,
    0x11, 0x24, 0x8B, 0x98, 0xC0, 0x81, 0x7F, 0x21, 0xA3, 0x52, 0xBE, 0x19, 0x93, 0x09, 0xCE, 0x20,
    0x10, 0x46, 0x4A, 0x4A, 0xF8, 0x27, 0x31, 0xEC, 0x58, 0xC7, 0xE8, 0x33, 0x82, 0xE3, 0xCE, 0xBF,
    0x85, 0xF4, 0xDF, 0x94, 0xCE, 0x4B, 0x09, 0xC1, 0x94, 0x56, 0x8A, 0xC0, 0x13, 0x72, 0xA7, 0xFC,
    0x9F, 0x84, 0x4D, 0x73, 0xA3, 0xCA, 0x9A, 0x61, 0x58, 0x97, 0xA3, 0x27, 0xFC, 0x03, 0x98, 0x76,
    0x23, 0x1D, 0xC7, 0x61, 0x03, 0x04, 0xAE, 0x56, 0xBF, 0x38, 0x84, 0x00, 0x40, 0xA7, 0x0E, 0xFD,
    0xFF, 0x52, 0xFE, 0x03, 0x6F, 0x95, 0x30, 0xF1, 0x97, 0xFB, 0xC0, 0x85, 0x60, 0xD6, 0x80, 0x25,
    0xA9, 0x63, 0xBE, 0x03, 0x01, 0x4E, 0x38, 0xE2, 0xF9, 0xA2, 0x34, 0xFF, 0xBB, 0x3E, 0x03, 0x44,
    0x78, 0x00, 0x90, 0xCB, 0x88, 0x11, 0x3A, 0x94, 0x65, 0xC0, 0x7C, 0x63, 0x87, 0xF0, 0x3C, 0xAF,
    0xD6, 0x25, 0xE4, 0x8B, 0x38, 0x0A, 0xAC, 0x72, 0x21, 0xD4, 0xF8, 0x07,
};

static unsigned crc16_modbus(const uint8_t *p, size_t n)
{
    unsigned crc = 0xFFFFu, k;
    while (n--) {
        crc ^= *p++;
        for (k = 0; k < 8; k++)
            crc = (crc & 1u) ? (crc >> 1) ^ 0xA001u : crc >> 1;
    }
    return crc;
}

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

static void put16(uint8_t *p, unsigned v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}

static uint8_t *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    long n;
    uint8_t *p;
    if (!f) {
        perror(path);
        return NULL;
    }
    if (fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
        perror(path);
        fclose(f);
        return NULL;
    }
    p = malloc(n ? (size_t)n : 1);
    if (!p || fread(p, 1, (size_t)n, f) != (size_t)n) {
        fprintf(stderr, "nds_header: cannot read %s\n", path);
        free(p);
        fclose(f);
        return NULL;
    }
    fclose(f);
    *len = (size_t)n;
    return p;
}

static int parse_addr(const char *s, uint32_t *out)
{
    char *end;
    unsigned long v = strtoul(s, &end, 0);
    if (!*s || *end || v > 0xFFFFFFFFul)
        return -1;
    *out = (uint32_t)v;
    return 0;
}

static size_t round512(size_t n)
{
    return (n + 511u) & ~(size_t)511u;
}

int main(int argc, char **argv)
{
    uint8_t *arm9, *arm7, *rom;
    size_t len9, len7, off9 = HEADER_BYTES, off7, total;
    uint32_t addr9, addr7;
    unsigned cap = 0;
    FILE *f;
    if (argc != 6) {
        fprintf(stderr, "usage: nds_header OUT.nds ARM9.bin ARM9_ADDR ARM7.bin ARM7_ADDR\n");
        return 2;
    }
    if (parse_addr(argv[3], &addr9) || parse_addr(argv[5], &addr7)) {
        fprintf(stderr, "nds_header: the load addresses must be numbers (0x02000000)\n");
        return 2;
    }
    arm9 = read_all(argv[2], &len9);
    arm7 = read_all(argv[4], &len7);
    if (!arm9 || !arm7)
        return 1;
    /* what the firmware accepts: the ARM9 image in main RAM below
     * 0x023BFE00, the ARM7 one in WRAM below 0x03807E00 */
    if (len9 == 0 || addr9 < 0x02000000u || addr9 + len9 > 0x023BFE00u) {
        fprintf(stderr, "nds_header: ARM9 binary (%zu bytes at 0x%08x) outside 0x02000000-0x023BFE00\n", len9,
                (unsigned)addr9);
        return 1;
    }
    if (len7 == 0 || addr7 < 0x037F8000u || addr7 + len7 > 0x03807E00u) {
        fprintf(stderr, "nds_header: ARM7 binary (%zu bytes at 0x%08x) outside 0x037F8000-0x03807E00\n", len7,
                (unsigned)addr7);
        return 1;
    }
    off7 = round512(off9 + len9);
    total = round512(off7 + len7);
    rom = calloc(1, total);
    if (!rom) {
        fprintf(stderr, "nds_header: out of memory\n");
        return 1;
    }
    memcpy(rom, "HASHBENCH", 9);            /* 0x000: title, 12 bytes */
    memcpy(rom + 0x00C, "ZHBE", 4);         /* game code (Z: homebrew, E: no region lock) */
    memcpy(rom + 0x010, "HB", 2);           /* maker code */
    while ((0x20000ul << cap) < total)      /* 0x014: chip size, 128 KB << n */
        cap++;
    rom[0x014] = (uint8_t)cap;
    put32(rom + 0x020, (uint32_t)off9);     /* ARM9: ROM offset, entry, load address, size */
    put32(rom + 0x024, addr9);
    put32(rom + 0x028, addr9);
    put32(rom + 0x02C, (uint32_t)len9);
    put32(rom + 0x030, (uint32_t)off7);     /* ARM7: the same four */
    put32(rom + 0x034, addr7);
    put32(rom + 0x038, addr7);
    put32(rom + 0x03C, (uint32_t)len7);
    /* 0x040-0x05F: no file system, no overlays (zero) */
    put32(rom + 0x060, 0x00586000u);        /* cartridge bus timing for normal commands */
    put32(rom + 0x064, 0x001808F8u);        /* ... and for KEY1 commands */
    put16(rom + 0x06E, 0x051Eu);            /* secure area delay */
    put32(rom + 0x080, (uint32_t)total);    /* bytes of the image in use */
    put32(rom + 0x084, HEADER_BYTES);       /* header size */
    memcpy(rom + LOGO_OFFSET, logo, LOGO_BYTES);
    put16(rom + 0x15C, crc16_modbus(rom + LOGO_OFFSET, LOGO_BYTES));
    if (crc16_modbus(rom + LOGO_OFFSET, LOGO_BYTES) != LOGO_CRC) {
        fprintf(stderr, "nds_header: the logo's CRC is not 0x%04X: the logo table is damaged\n", LOGO_CRC);
        return 1;
    }
    put16(rom + 0x15E, crc16_modbus(rom, 0x15E));
    memcpy(rom + off9, arm9, len9);
    memcpy(rom + off7, arm7, len7);

    f = fopen(argv[1], "wb");
    if (!f || fwrite(rom, 1, total, f) != total || fclose(f) != 0) {
        fprintf(stderr, "nds_header: cannot write %s\n", argv[1]);
        return 1;
    }
    free(rom);
    free(arm9);
    free(arm7);
    return 0;
}

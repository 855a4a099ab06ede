/* n64_rom: puts the cartridge image together (a host tool).
 *
 *   n64_rom IPL3.bin PROGRAM.bin OUT.z64
 *
 * Big-endian (.z64) layout: the 64-byte header, our boot code (ipl3.S) from
 * offset 0x40, the program from 0x1000, zero padding to a whole number of
 * MiB (1 MiB at least: flash cartridge loaders and some emulators refuse
 * smaller images).  The header's CRC fields hold the checksum the boot
 * code of a CIC-6102 cartridge computes over the 1 MiB after 0x1000;
 * 0x18 (unused by the console) holds the program's length for ipl3.S.
 *
 * The last four bytes of the boot code area (0xFFC..0xFFF) are chosen so
 * that the CRC-32 (zlib's) of bytes 0x40..0xFFF is 0x90BB6CB5, the value of
 * the boot code that goes with a CIC-6102 chip: cen64 names the chip, and so
 * the seed it puts in PIF RAM, by that CRC and refuses a cartridge whose
 * boot code it does not know.  CRC-32 is linear, so four free bytes reach
 * any value (ipl3_crc_fix); the header CRCs cover 0x1000 on and do not
 * change. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HEADER_BYTES 0x40
#define PROGRAM_OFFSET 0x1000
#define MIB 0x100000ul
#define ENTRY 0x80000400ul          /* n64.ld */
#define IPL3_FIX 0xFFC              /* the four bytes ipl3_crc_fix writes */
#define IPL3_CRC_6102 0x90BB6CB5u   /* zlib CRC-32 of 6102 boot code, 0x40..0xFFF */

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

static uint32_t get32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static uint8_t *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    uint8_t *buf;
    long n;
    if (!f || fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
        perror(path);
        exit(1);
    }
    buf = malloc((size_t)n + 1);
    if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n) {
        fprintf(stderr, "n64_rom: cannot read %s\n", path);
        exit(1);
    }
    fclose(f);
    *len = (size_t)n;
    return buf;
}

static uint32_t rol32(uint32_t v, unsigned n)
{
    n &= 31;
    return n ? (v << n) | (v >> (32 - n)) : v;
}

/* zlib's CRC-32 (reflected, polynomial 0xEDB88320), one byte at a time:
 * reg is the running register, before the final inversion */
static uint32_t crc_table[256];

static void crc_init(void)
{
    uint32_t i, k, c;
    for (i = 0; i < 256; i++) {
        for (c = i, k = 0; k < 8; k++)
            c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        crc_table[i] = c;
    }
}

static uint32_t crc_update(uint32_t reg, const uint8_t *p, size_t n)
{
    while (n--)
        reg = (reg >> 8) ^ crc_table[(reg ^ *p++) & 0xFF];
    return reg;
}

/* Writes rom[IPL3_FIX..+3] so that CRC-32(rom[0x40..0xFFF]) == want.
 * A step maps reg to (reg >> 8) ^ table[(reg ^ byte) & 0xFF], and the top
 * bytes of the 256 table entries are all different: so the step can be
 * undone from the result alone.  Undoing four steps from the wanted final
 * register (with zero bytes) gives the register those four bytes must meet;
 * the bytes are its difference from the register the boot code leaves. */
static void ipl3_crc_fix(uint8_t *rom, uint32_t want)
{
    uint32_t have = crc_update(0xFFFFFFFFu, rom + HEADER_BYTES, IPL3_FIX - HEADER_BYTES);
    uint32_t reg = ~want, need;
    int step, i;
    for (step = 0; step < 4; step++) {
        for (i = 0; i < 256 && crc_table[i] >> 24 != reg >> 24; i++)
            ;
        reg = ((reg ^ crc_table[i]) << 8) | (uint32_t)i;
    }
    need = reg ^ have;
    for (i = 0; i < 4; i++)
        rom[IPL3_FIX + i] = (uint8_t)(need >> (8 * i));
}

/* the CIC-6102 boot checksum over ROM bytes 0x1000..0x101000 */
static void checksum_6102(const uint8_t *rom, uint32_t *crc1, uint32_t *crc2)
{
    uint32_t seed = 0xF8CA4DDCu, t1 = seed, t2 = seed, t3 = seed, t4 = seed, t5 = seed, t6 = seed;
    size_t i;
    for (i = PROGRAM_OFFSET; i < PROGRAM_OFFSET + MIB; i += 4) {
        uint32_t d = get32(rom + i), r;
        if (t6 + d < t6)
            t4++;
        t6 += d;
        t3 ^= d;
        r = rol32(d, d & 31);
        t5 += r;
        if (t2 > d)
            t2 ^= r;
        else
            t2 ^= t6 ^ d;
        t1 += t5 ^ d;
    }
    *crc1 = t6 ^ t4 ^ t3;
    *crc2 = t5 ^ t2 ^ t1;
}

int main(int argc, char **argv)
{
    size_t ipl3_len, prog_len, rom_len;
    uint8_t *ipl3, *prog, *rom;
    uint32_t crc1, crc2;
    FILE *f;
    if (argc != 4) {
        fprintf(stderr, "usage: n64_rom IPL3.bin PROGRAM.bin OUT.z64\n");
        return 2;
    }
    ipl3 = slurp(argv[1], &ipl3_len);
    prog = slurp(argv[2], &prog_len);
    if (ipl3_len == 0 || ipl3_len > IPL3_FIX - HEADER_BYTES) {
        fprintf(stderr, "n64_rom: the boot code is %zu bytes; it must fit 0x40..0x%X\n", ipl3_len, IPL3_FIX);
        return 1;
    }
    if (prog_len == 0 || prog_len % 4) {
        fprintf(stderr, "n64_rom: the program is %zu bytes; expected a non-zero multiple of 4\n", prog_len);
        return 1;
    }
    rom_len = (PROGRAM_OFFSET + prog_len + MIB - 1) / MIB * MIB;
    /* the checksum reads up to 0x101000, past the end of a 1 MiB image:
     * zeros there, as the padding is */
    rom = calloc(1, rom_len + PROGRAM_OFFSET);
    if (!rom) {
        fprintf(stderr, "n64_rom: out of memory\n");
        return 1;
    }
    put32(rom + 0x00, 0x80371240u);         /* PI bus timing; marks a big-endian image */
    put32(rom + 0x04, 0x0000000Fu);         /* clock rate field (boot code default) */
    put32(rom + 0x08, ENTRY);
    put32(rom + 0x0C, 0);
    put32(rom + 0x18, (uint32_t)prog_len);  /* for ipl3.S */
    memcpy(rom + 0x20, "HASHBENCH           ", 20);
    rom[0x3B] = 'N';                        /* cartridge */
    rom[0x3C] = 'H';
    rom[0x3D] = 'B';
    rom[0x3E] = 'E';                        /* region: North America */
    memcpy(rom + HEADER_BYTES, ipl3, ipl3_len);
    memcpy(rom + PROGRAM_OFFSET, prog, prog_len);
    crc_init();
    ipl3_crc_fix(rom, IPL3_CRC_6102);
    if (~crc_update(0xFFFFFFFFu, rom + HEADER_BYTES, PROGRAM_OFFSET - HEADER_BYTES) != IPL3_CRC_6102) {
        fprintf(stderr, "n64_rom: the boot code's CRC-32 could not be set to %08X\n", IPL3_CRC_6102);
        return 1;
    }
    checksum_6102(rom, &crc1, &crc2);
    put32(rom + 0x10, crc1);
    put32(rom + 0x14, crc2);
    f = fopen(argv[3], "wb");
    if (!f || fwrite(rom, 1, rom_len, f) != rom_len || fclose(f) != 0) {
        perror(argv[3]);
        return 1;
    }
    printf("n64_rom: %s: %zu bytes (program %zu bytes), CRC %08x %08x\n", argv[3], rom_len, prog_len,
           (unsigned)crc1, (unsigned)crc2);
    free(rom);
    free(prog);
    free(ipl3);
    return 0;
}

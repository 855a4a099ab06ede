/* Game Boy hardware registers the harness uses (Pan Docs names). */
#ifndef GB_HW_H
#define GB_HW_H

#include <stdint.h>

#define GB_REG(addr) (*(volatile uint8_t *)(addr))
#define REG_P1   GB_REG(0xFF00)   /* joypad: write 0x10 for buttons, 0x20 for the d-pad */
#define REG_DIV  GB_REG(0xFF04)   /* any write resets the 16-bit divider (and TIMA's prescaler) */
#define REG_TIMA GB_REG(0xFF05)
#define REG_TMA  GB_REG(0xFF06)
#define REG_TAC  GB_REG(0xFF07)   /* bit 2 enable; bits 0-1: 10 = 65536 Hz */
#define REG_IF   GB_REG(0xFF0F)
#define REG_LCDC GB_REG(0xFF40)
#define REG_STAT GB_REG(0xFF41)
#define REG_SCY  GB_REG(0xFF42)
#define REG_SCX  GB_REG(0xFF43)
#define REG_LY   GB_REG(0xFF44)
#define REG_BGP  GB_REG(0xFF47)
#define REG_KEY1 GB_REG(0xFF4D)   /* Color: bit 7 double speed now, bit 0 switch at the next STOP */
#define REG_VBK  GB_REG(0xFF4F)   /* Color: VRAM bank (1: the map's attributes) */
#define REG_BCPS GB_REG(0xFF68)   /* Color: background palette index (bit 7: auto-increment) */
#define REG_BCPD GB_REG(0xFF69)   /* Color: background palette data, RGB555 little-endian */
#define REG_IE   GB_REG(0xFFFF)

#define INT_VBLANK 0x01
#define INT_TIMER  0x04

#define TAC_65536HZ 0x06          /* enabled, CPU clock / 64 (131072 Hz in double speed) */

#define BOOT_A_COLOR 0x11         /* register A at the cartridge's entry on a Color (or GBA) */

/* MBC5: the ROM bank seen at 0x4000-0x7FFF */
#define MBC5_BANK_LO GB_REG(0x2000)
#define MBC5_BANK_HI GB_REG(0x3000)

#endif

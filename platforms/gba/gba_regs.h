/* The GBA hardware registers this ROM touches (addresses and bits from
 * the hardware's public documentation, GBATEK). */
#ifndef GBA_REGS_H
#define GBA_REGS_H

#include <stdint.h>

#define GBA_REG16(a) (*(volatile uint16_t *)(a))
#define GBA_REG32(a) (*(volatile uint32_t *)(a))

#define REG_DISPCNT  GBA_REG16(0x04000000u)
#define REG_VCOUNT   GBA_REG16(0x04000006u)
#define REG_TM0CNT   GBA_REG32(0x04000100u)   /* reload/count (low half), control (high half) */
#define REG_TM0D     GBA_REG16(0x04000100u)
#define REG_TM0CTL   GBA_REG16(0x04000102u)
#define REG_TM1CNT   GBA_REG32(0x04000104u)
#define REG_TM1D     GBA_REG16(0x04000104u)
#define REG_KEYINPUT GBA_REG16(0x04000130u)   /* a 0 bit is a pressed key */
#define REG_IME      GBA_REG16(0x04000208u)
#define REG_WAITCNT  GBA_REG16(0x04000204u)

#define GBA_VRAM ((volatile uint16_t *)0x06000000u)

#define DISPCNT_MODE3 0x0003u
#define DISPCNT_BG2   0x0400u

#define TM_ENABLE   0x0080u
#define TM_CASCADE  0x0004u   /* count the previous timer's overflows */

/* KEYINPUT bits */
#define KEY_A      0x0001u
#define KEY_B      0x0002u
#define KEY_SELECT 0x0004u
#define KEY_START  0x0008u
#define KEY_RIGHT  0x0010u
#define KEY_LEFT   0x0020u
#define KEY_UP     0x0040u
#define KEY_DOWN   0x0080u
#define KEY_R      0x0100u
#define KEY_L      0x0200u

/* What commercial games set: SRAM 8 cycles, ROM wait state 0 at 3 cycles
 * for a non-sequential and 1 for a sequential access, prefetch buffer on.
 * The power-on value (0) is 4/2 with no prefetch. */
#define GBA_WAITCNT_GAME 0x4317u

#endif /* GBA_REGS_H */

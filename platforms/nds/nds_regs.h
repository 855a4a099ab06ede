/* The ARM9's view of the DS hardware registers this ROM uses: display,
 * VRAM banks, timers, keys, power.  Addresses and bit meanings are facts of
 * the hardware (GBATEK); the names are ours. */
#ifndef NDS_REGS_H
#define NDS_REGS_H

#include <stdint.h>

#define NDS_REG16(a) (*(volatile uint16_t *)(a))
#define NDS_REG32(a) (*(volatile uint32_t *)(a))
#define NDS_REG8(a)  (*(volatile uint8_t *)(a))

/* display engine A (the "main" engine) and B (the "sub" engine) */
#define REG_DISPCNT_A   NDS_REG32(0x04000000)
#define REG_DISPSTAT    NDS_REG16(0x04000004)
#define REG_VCOUNT      NDS_REG16(0x04000006)
#define REG_DISPCNT_B   NDS_REG32(0x04001000)
#define REG_BG3CNT_B    NDS_REG16(0x0400100E)
#define REG_BG3PA_B     NDS_REG16(0x04001030)
#define REG_BG3PB_B     NDS_REG16(0x04001032)
#define REG_BG3PC_B     NDS_REG16(0x04001034)
#define REG_BG3PD_B     NDS_REG16(0x04001036)
#define REG_BG3X_B      NDS_REG32(0x04001038)
#define REG_BG3Y_B      NDS_REG32(0x0400103C)
#define REG_MASTER_BRIGHT_A NDS_REG16(0x0400006C)
#define REG_MASTER_BRIGHT_B NDS_REG16(0x0400106C)

/* DISPCNT: display mode (bits 16-17) 1 = graphics, 2 = straight from a VRAM
 * bank (engine A only; bank in bits 18-19); BG mode in bits 0-2 */
#define DISPCNT_MODE_GRAPHICS  (1u << 16)
#define DISPCNT_MODE_VRAM      (2u << 16)
#define DISPCNT_VRAM_BANK(n)   ((uint32_t)(n) << 18)
#define DISPCNT_BG_MODE5       5u
#define DISPCNT_BG3_ON         (1u << 11)
/* BGxCNT of a rotation/scaling BG: 256 colours + direct colour = a 16-bit
 * bitmap; screen size 1 = 256x256 */
#define BGCNT_BITMAP_DIRECT    ((1u << 7) | (1u << 2))
#define BGCNT_SIZE_256         (1u << 14)

/* VRAM bank control: enable, and where the bank appears (MST) */
#define REG_VRAMCNT_A   NDS_REG8(0x04000240)
#define REG_VRAMCNT_B   NDS_REG8(0x04000241)
#define REG_VRAMCNT_C   NDS_REG8(0x04000242)
#define VRAM_ENABLE     0x80u
#define VRAM_MST_LCDC   0u        /* A at 0x06800000, B at 0x06820000 */
#define VRAM_C_MST_SUB_BG 4u      /* C as engine B's background memory, 0x06200000 */
#define VRAM_A_LCDC     ((volatile uint16_t *)0x06800000)
#define VRAM_B_LCDC     ((volatile uint16_t *)0x06820000)
#define VRAM_SUB_BG     ((volatile uint16_t *)0x06200000)

/* power: LCDs, both 2D engines; bit 15 puts engine A on the top screen */
#define REG_POWCNT1     NDS_REG16(0x04000304)
#define POWCNT1_LCD     (1u << 0)
#define POWCNT1_2D_A    (1u << 1)
#define POWCNT1_2D_B    (1u << 9)
#define POWCNT1_A_TOP   (1u << 15)

/* interrupts: the ROM runs with them off */
#define REG_IME         NDS_REG32(0x04000208)
#define REG_IE          NDS_REG32(0x04000210)

/* timers: 16-bit count (reads) / reload (writes), then the control half */
#define REG_TM0CNT      NDS_REG32(0x04000100)   /* reload and control in one store */
#define REG_TM0D        NDS_REG16(0x04000100)
#define REG_TM0CTL      NDS_REG16(0x04000102)
#define REG_TM1CNT      NDS_REG32(0x04000104)
#define REG_TM1D        NDS_REG16(0x04000104)
#define TM_ENABLE       0x80u
#define TM_CASCADE      0x04u     /* count the previous timer's overflows */

/* keys (active low): the ten the ARM9 can read itself; X and Y are the ARM7's */
#define REG_KEYINPUT    NDS_REG16(0x04000130)
#define KEY_A       (1u << 0)
#define KEY_B       (1u << 1)
#define KEY_SELECT  (1u << 2)
#define KEY_START   (1u << 3)
#define KEY_RIGHT   (1u << 4)
#define KEY_LEFT    (1u << 5)
#define KEY_UP      (1u << 6)
#define KEY_DOWN    (1u << 7)
#define KEY_R       (1u << 8)
#define KEY_L       (1u << 9)

#endif

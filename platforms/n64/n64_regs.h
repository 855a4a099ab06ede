/* The N64 hardware registers the image touches, as uncached (KSEG1)
 * addresses: the peripheral interface (cartridge DMA and I/O), the video
 * interface, the serial interface (controllers), and the IS-Viewer debug
 * port that development cartridges and emulators offer in cartridge space. */
#ifndef N64_REGS_H
#define N64_REGS_H

#include <stdint.h>

#define N64_REG(a) (*(volatile uint32_t *)(a))

/* peripheral interface */
#define PI_DRAM_ADDR N64_REG(0xA4600000u)
#define PI_CART_ADDR N64_REG(0xA4600004u)
#define PI_WR_LEN    N64_REG(0xA460000Cu)   /* cartridge -> RDRAM, length - 1 */
#define PI_STATUS    N64_REG(0xA4600010u)
#define PI_BUSY      3u                     /* DMA busy | I/O busy */

/* video interface */
#define VI_BASE      0xA4400000u
#define VI_STATUS    N64_REG(VI_BASE + 0x00)
#define VI_ORIGIN    N64_REG(VI_BASE + 0x04)
#define VI_WIDTH     N64_REG(VI_BASE + 0x08)
#define VI_V_INTR    N64_REG(VI_BASE + 0x0C)
#define VI_V_CURRENT N64_REG(VI_BASE + 0x10)
#define VI_BURST     N64_REG(VI_BASE + 0x14)
#define VI_V_SYNC    N64_REG(VI_BASE + 0x18)
#define VI_H_SYNC    N64_REG(VI_BASE + 0x1C)
#define VI_LEAP      N64_REG(VI_BASE + 0x20)
#define VI_H_START   N64_REG(VI_BASE + 0x24)
#define VI_V_START   N64_REG(VI_BASE + 0x28)
#define VI_V_BURST   N64_REG(VI_BASE + 0x2C)
#define VI_X_SCALE   N64_REG(VI_BASE + 0x30)
#define VI_Y_SCALE   N64_REG(VI_BASE + 0x34)

/* serial interface: DMA between RDRAM and the PIF's 64-byte RAM, where
 * the controller commands go (n64_pad.c) */
#define SI_DRAM_ADDR      N64_REG(0xA4800000u)
#define SI_PIF_AD_RD64B   N64_REG(0xA4800004u)   /* PIF RAM -> RDRAM */
#define SI_PIF_AD_WR64B   N64_REG(0xA4800010u)   /* RDRAM -> PIF RAM, then the PIF runs it */
#define SI_STATUS         N64_REG(0xA4800018u)   /* a write clears the SI interrupt */
#define SI_BUSY           3u                     /* DMA busy | I/O busy */
#define PIF_RAM_PHYS      0x1FC007C0u

/* IS-Viewer: text at +0x20, then its length written to +0x14 */
#define ISV_BASE     0xB3FF0000u
#define ISV_LEN      N64_REG(ISV_BASE + 0x14)
#define ISV_DATA     ((volatile uint32_t *)(ISV_BASE + 0x20))
#define ISV_MAX      256u                   /* bytes sent per write; the port buffers 512 */

/* The TV standard the console's boot ROM found (0 PAL, 1 NTSC, 2 MPAL):
 * handed to the cartridge's boot code in s4, which ipl3.S keeps here,
 * below the program (n64.ld starts at 0x80000400), as commercial boot code
 * does; read uncached */
#define N64_TV_TYPE  N64_REG(0xA0000300u)
#define N64_TV_PAL   0u
#define N64_TV_NTSC  1u
#define N64_TV_MPAL  2u

/* KSEG0 (cached) address -> KSEG1 (uncached) alias of the same RDRAM */
#define N64_UNCACHED(p) ((void *)((uintptr_t)(p) | 0xA0000000u))

#endif

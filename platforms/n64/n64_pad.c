/* Reading controller 1 through the PIF (n64_pad.h). */
#include <stdint.h>
#include "n64_pad.h"
#include "n64_regs.h"

/* The block, 64 bytes as the PIF's RAM holds them: 0xFF (padding the PIF
 * skips), send 1 byte, receive 4, the command 0x01 "read buttons", four
 * bytes for the answer; 0xFE ends the commands; the last byte's bit 0
 * tells the PIF to run them. */
static const uint32_t read_buttons[16] = {
    0xFF010401u, 0xFFFFFFFFu, 0xFE000000u, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0x00000001u,
};

/* The DMA buffer, only ever touched through its uncached alias: whole
 * 16-byte cache lines of its own, so no cached write-back can land on it
 * after a DMA. */
static uint32_t pif_buf[16] __attribute__((aligned(16)));

static void si_wait(void)
{
    while (SI_STATUS & SI_BUSY)
        ;
}

unsigned pad_read(void)
{
    volatile uint32_t *b = (volatile uint32_t *)N64_UNCACHED(pif_buf);
    uint32_t phys = (uint32_t)(uintptr_t)pif_buf & 0x1FFFFFFFu;
    unsigned i;
    for (i = 0; i < 16; i++)
        b[i] = read_buttons[i];
    si_wait();
    SI_DRAM_ADDR = phys;
    SI_PIF_AD_WR64B = PIF_RAM_PHYS;
    si_wait();
    SI_STATUS = 0;
    SI_DRAM_ADDR = phys;
    SI_PIF_AD_RD64B = PIF_RAM_PHYS;
    si_wait();
    SI_STATUS = 0;
    /* the PIF marks "no controller" (0x80) or an error (0x40) in the
     * receive-length byte */
    if ((b[0] >> 8) & 0xC0u)
        return 0;
    return (unsigned)(b[1] >> 16);
}

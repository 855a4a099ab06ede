/* The Game Boy Color's double speed (gb_speed.h).  Bank 1.
 *
 * The ROM's header says it runs on a Color too (0x143 = 0x80, makebin -yc),
 * so a Color starts it in Color mode and hands over with A = 0x11 (a DMG:
 * 0x01, a Pocket: 0xFF).  On a Color the ROM then asks for double speed:
 * KEY1 bit 0 set, then STOP, which the Color turns into the speed switch
 * (IE zero and P1 = 0x30, as Pan Docs asks, so no interrupt or key ends
 * the STOP early).  KEY1 bit 7 then reads 1.
 *
 * What double speed changes for the figures: the CPU, the divider and
 * TIMA (driven by the divider) all run twice as fast, so a tick is still 64
 * CPU cycles but lasts 64 / 8388608 s: the same count of cycles per byte,
 * half the time, twice the kB/s.  The block then says platform gbc and
 * 8.388608 MHz (hbt_platform.h), and the table's kB/s use 131072 ticks a
 * second (gb_ui.c).  The screen's timing (a frame, VBlank) does not change:
 * a frame is 140448 CPU cycles instead of 70224. */
#include "gb_speed.h"
#include "gb_hw.h"

uint8_t gb_boot_a;
uint8_t gb_color;
uint8_t gb_double_speed;

void gb_speed_init(void)
{
    if (gb_boot_a != BOOT_A_COLOR)
        return;
    gb_color = 1;
    __asm__("di");
    REG_IE = 0;
    REG_IF = 0;
    REG_P1 = 0x30;
    REG_KEY1 = 1;
    __asm__("stop");
    gb_double_speed = (REG_KEY1 & 0x80u) != 0;
}

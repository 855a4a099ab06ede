/* The Game Boy Color's double speed (gb_speed.c). */
#ifndef GB_SPEED_H
#define GB_SPEED_H

#include <stdint.h>

extern uint8_t gb_boot_a;          /* register A at the cartridge's entry (crt0.s keeps it) */
extern uint8_t gb_color;           /* 1: a Color in Color mode (palettes to set) */
extern uint8_t gb_double_speed;    /* 1: the CPU runs at 8.388608 MHz */

/* On a Color, switches the CPU to double speed (before anything else runs:
 * interrupts off, the joypad lines released); elsewhere does nothing. */
void gb_speed_init(void);

#endif

/* The timing API every console implements, in its hbt_platform.h (as
 * functions or as macros: a macro keeps the register writes inside the
 * timed code's own build, ARM-in-IWRAM or Thumb-in-ROM on the GBA).
 *
 *   void     hbt_timer_init(void);   once at start-up: program the timer hardware
 *   void     hbt_timer_start(void);  zero the count and start it
 *   uint32_t hbt_timer_read(void);   ticks since start, the timer still running
 *   uint32_t hbt_timer_stop(void);   stop it; ticks since start
 *
 * and these constants:
 *
 *   HBT_CLOCK_HZ          nominal CPU clock (GBA 16777216, NES 1789773, ...)
 *   HBT_CYCLES_PER_TICK   CPU cycles per tick (1 when the ticks are cycles;
 *                         Game Boy TIMA at 65536 Hz: 64)
 *   HBT_PLATFORM_ID       HBT_PLATFORM_* of hbt_block.h
 *   HBT_CAPACITY          results ring slots (hbt_block.h)
 *   HBT_DIGEST_BYTES      digest bytes kept per entry (1..64)
 *   HBT_ITERATIONS        calls timed per entry (1 where ticks are cycles)
 *   HBT_BLOCK_ATTR        storage attributes for the block (a section), or empty
 *   HBT_HOT_DATA          the same for the message buffer and context
 *
 * A tick count is 32 bits: a platform whose hardware counter is narrower
 * extends it (the GBA cascades TM1 on TM0; the Game Boy counts TIMA
 * overflows in its interrupt; the NES counts frames and adds a calibrated
 * residual). */
#ifndef HBT_TIMER_H
#define HBT_TIMER_H
#include "hbt_platform.h"
#endif

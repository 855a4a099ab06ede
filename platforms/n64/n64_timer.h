/* What a COUNT tick is on the machine the ROM runs on, found at start-up
 * (n64_timer.c), so that one ROM shows true figures on the console, in
 * cen64 and in mupen64plus, with no build flag.
 *
 * The VR4300's COP0 Count advances once every two CPU cycles on the
 * console (46.875 MHz), and cen64 models that; mupen64plus advances it by
 * CountPerOp per executed instruction (the runner sets 1).  Two
 * measurements tell them apart:
 *
 *   - COUNT ticks across N video fields (the VI's field rate is the TV
 *     standard's: 60/1.001 Hz NTSC and MPAL, 50 Hz PAL): the counter's rate
 *     in Hz, 46.875 MHz where COUNT follows the clock;
 *   - COUNT ticks across a loop of a known number of instructions, run from
 *     the instruction cache: half a tick an instruction at one instruction
 *     a cycle, one tick an instruction where COUNT counts instructions.
 *
 * Classification: one tick an instruction (0.8 .. 1.25) -> instruction
 * count (mupen64plus): a tick taken as one cycle, as before; otherwise a
 * counter rate within 2 % of 46.875 MHz -> cycle-timed: two cycles a tick;
 * otherwise unknown: two cycles a tick (the console's definition), said so
 * on screen and in the record. */
#ifndef N64_TIMER_H
#define N64_TIMER_H

#include <stdint.h>

enum { N64_TIMER_CYCLES = 0, N64_TIMER_INSTRUCTIONS = 1, N64_TIMER_UNKNOWN = 2 };

typedef struct n64_timer_found {
    unsigned kind;               /* N64_TIMER_* */
    unsigned cycles_per_tick;    /* 2 or 1: what the figures count a tick as */
    unsigned fields;             /* video fields timed */
    uint32_t field_ticks;        /* COUNT ticks across them */
    uint32_t field_mhz;          /* the field rate in mHz (59940: NTSC) */
    uint32_t count_khz;          /* COUNT's rate from the two, in kHz */
    uint32_t loop_instructions;  /* instructions in the timed loop */
    uint32_t loop_ticks;         /* COUNT ticks across it */
} n64_timer_found;

/* filled by n64_timer_detect(); cycles_per_tick is 2 before it runs */
extern n64_timer_found n64_timer;

/* Times COUNT against the video interface (set up first: screen_init) and
 * the instruction loop; fills n64_timer.  A few fields of the display's
 * time (about 0.15 s). */
void n64_timer_detect(void);

#endif

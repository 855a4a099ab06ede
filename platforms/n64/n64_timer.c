/* Finding what a COUNT tick is (n64_timer.h). */
#include "n64_timer.h"
#include "n64_screen.h"
#include "hbt_platform.h"
#include "hbt_table.h"   /* hbt_muldiv */

#define FIELDS 8
#define LOOP_TURNS 1000u
#define LOOP_BODY 7u                 /* instructions a turn: addiu, 4 nop, bnez, its delay slot */
#define COUNT_KHZ_CYCLES 46875u      /* 93.75 MHz / 2 */

n64_timer_found n64_timer = { N64_TIMER_UNKNOWN, 2, 0, 0, 0, 0, 0, 0 };
unsigned n64_tick_cycles = 2;

/* COUNT ticks across LOOP_TURNS turns of a 7-instruction loop: the count
 * is read right before its first and right after its last instruction */
static uint32_t loop_ticks(void)
{
    uint32_t t0, t1, n = LOOP_TURNS;
    __asm__ __volatile__(
        ".set push\n\t.set noreorder\n\t"
        "mfc0 %0, $9\n"
        "1:\n\t"
        "addiu %2, %2, -1\n\t"
        "nop\n\tnop\n\tnop\n\tnop\n\t"
        "bnez %2, 1b\n\t"
        "nop\n\t"
        "mfc0 %1, $9\n\t"
        ".set pop"
        : "=&r"(t0), "=&r"(t1), "+r"(n));
    return t1 - t0;
}

void n64_timer_detect(void)
{
    n64_timer_found *f = &n64_timer;
    uint32_t t0, ratio100;
    unsigned i;
    f->fields = FIELDS;
    f->field_mhz = screen_field_mhz();
    /* from the start of a field (the end of its picture) to the same point
     * FIELDS fields later; COUNT is read, never written, so it wraps at
     * most once (32 bits: over 90 s at 46.875 MHz) */
    screen_wait_vblank();
    t0 = n64_count();
    for (i = 0; i < FIELDS; i++)
        screen_wait_vblank();
    f->field_ticks = n64_count() - t0;
    /* kHz = ticks x field rate (mHz) / fields / 1e6, in 32-bit steps */
    f->count_khz = hbt_muldiv(f->field_ticks / FIELDS, f->field_mhz, 1000000u);

    (void)loop_ticks();               /* the loop into the instruction cache */
    f->loop_ticks = loop_ticks();
    f->loop_instructions = LOOP_TURNS * LOOP_BODY;

    /* ticks per instruction x 100 */
    ratio100 = hbt_muldiv(f->loop_ticks, 100u, f->loop_instructions);
    if (ratio100 >= 80u && ratio100 <= 125u) {
        f->kind = N64_TIMER_INSTRUCTIONS;
        f->cycles_per_tick = 1;
    } else if (f->count_khz >= COUNT_KHZ_CYCLES - COUNT_KHZ_CYCLES / 50u &&
               f->count_khz <= COUNT_KHZ_CYCLES + COUNT_KHZ_CYCLES / 50u) {
        f->kind = N64_TIMER_CYCLES;
        f->cycles_per_tick = 2;
    } else {
        f->kind = N64_TIMER_UNKNOWN;
        f->cycles_per_tick = 2;
    }
    n64_tick_cycles = f->cycles_per_tick;
}

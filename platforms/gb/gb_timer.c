/* TIMA plus its overflow count as one 32-bit tick counter (hbt_platform.h).
 * Lives in bank 0: it runs while an algorithm's bank is mapped. */
#include "hbt_platform.h"
#include "gb_hw.h"

/* TIMA overflows since the start, low byte first (crt0.s counts them) */
volatile uint8_t gb_ovf[3];

void hbt_timer_init(void)
{
    REG_TAC = 0;
    REG_TMA = 0;                 /* an overflow reloads 0: 256 ticks a wrap */
    REG_IF = 0;
    REG_IE = INT_TIMER;          /* nothing else interrupts a measurement */
}

void hbt_timer_start(void)
{
    REG_TAC = 0;
    gb_ovf[0] = 0;
    gb_ovf[1] = 0;
    gb_ovf[2] = 0;
    /* the divider drives TIMA's prescaler: resetting it makes every start
     * begin at the same phase, so a measurement repeats to the tick */
    REG_DIV = 0;
    REG_TIMA = 0;
    REG_IF &= (uint8_t)~INT_TIMER;
    REG_TAC = TAC_65536HZ;
}

/* ticks so far; call with the timer stopped or interrupts off */
static uint32_t ticks_now(void)
{
    uint8_t t = REG_TIMA;
    if (REG_IF & INT_TIMER) {    /* an overflow not yet counted */
        t = REG_TIMA;
        REG_IF &= (uint8_t)~INT_TIMER;
        if (++gb_ovf[0] == 0 && ++gb_ovf[1] == 0)
            ++gb_ovf[2];
    }
    return ((uint32_t)gb_ovf[2] << 24) | ((uint32_t)gb_ovf[1] << 16) | ((uint32_t)gb_ovf[0] << 8) | t;
}

uint32_t hbt_timer_read(void)
{
    uint32_t t;
    __critical {
        t = ticks_now();
    }
    return t;
}

uint32_t hbt_timer_stop(void)
{
    uint32_t t;
    REG_TAC = 0;
    __critical {
        t = ticks_now();
    }
    return t;
}

/* From frames and spin-loop turns to CPU cycles (nes_clock.s does the
 * counting; this file only does the arithmetic, after the clock stopped).
 *
 * Let S0 be the NMI that started the measurement and S1 the one that ended
 * the stop spin, F frames later: S1 - S0 = F * 29780.5 cycles (NTSC, with
 * rendering on the PPU skips one dot every other frame: 89341.5 dots of
 * 3 per CPU cycle).  Counting the instructions of nes_clock.s:
 *   - hbt_timer_start returns 51.5 cycles after S0 began being serviced
 *     (21 of NMI, the 3-cycle compare, 26 to return; half the time the
 *     NMI falls after the compare and the branch adds 3);
 *   - hbt_timer_stop's n-th loop turn sees the new frame; its compare
 *     reads 11 n + 9 cycles after the JSR to stop, the NMI fell in the 11
 *     cycles before, on average 11 n + 3.5 cycles after it; one turn in 256
 *     is a cycle longer (X wraps);
 *   - the F - 1 NMIs in between took 21 cycles each from the measured code.
 * Measured interval, from start's return to stop's spin (13 cycles after
 * the JSR to stop, the same way the GBA's count includes its stop):
 *   F * 29780.5 - (11 n + n / 256) - 42 - 21 (F - 1).
 * What is left unknown is where in an instruction or a loop turn each NMI
 * fell: about +-6 cycles at each end. */
#include "hbt_platform.h"

extern uint8_t nes_t_start[3], nes_t_end[3], nes_t_spin[2];
#pragma zpsym ("nes_t_start")
#pragma zpsym ("nes_t_end")
#pragma zpsym ("nes_t_spin")

#define NES_NMI_CYCLES 21u      /* entering the NMI (7) and nes_nmi (14) */
#define NES_TIMER_FIXED 42u     /* see above */

uint32_t nes_timer_cycles(void)
{
    uint32_t f, n, whole, taken;
    f = ((uint32_t)nes_t_end[2] << 16 | (uint32_t)nes_t_end[1] << 8 | nes_t_end[0]) -
        ((uint32_t)nes_t_start[2] << 16 | (uint32_t)nes_t_start[1] << 8 | nes_t_start[0]);
    f &= 0xFFFFFFul;
    n = (uint32_t)nes_t_spin[1] << 8 | nes_t_spin[0];
    whole = f * 29780ul + (f >> 1) + (f & 1u);  /* F * 29780.5, the half rounded up */
    taken = n * 11u + (n >> 8) + NES_TIMER_FIXED + (f ? (f - 1u) * NES_NMI_CYCLES : 0u);
    /* never below zero: an empty interval is 13 cycles, far from it */
    return whole > taken ? whole - taken : 0u;
}

/* nothing to program: crt0.s enabled the NMI that counts the frames */
void hbt_timer_init(void)
{
}

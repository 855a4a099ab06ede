/* hbt_timer_read: the cascaded count while it runs.  Timer 1 may step
 * between the two reads; read it again and take the low half anew if so. */
#include "hbt_platform.h"

uint32_t hbt_timer_read(void)
{
    uint16_t hi, lo;
    do {
        hi = REG_TM1D;
        lo = REG_TM0D;
    } while (hi != REG_TM1D);
    return ((uint32_t)hi << 16) | lo;
}

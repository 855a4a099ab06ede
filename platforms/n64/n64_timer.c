/* The COUNT value at hbt_timer_start (hbt_platform.h). */
#include "hbt_platform.h"

uint32_t n64_timer_t0;

/* The results table (bank 1), with the original suite's controls:
 * A cycles the sort (category, speed, name), B or START reruns, SELECT
 * switches between the 1024-byte view and the 64/256/1024 sweep;
 * LEFT/RIGHT choose the implementation shown (portable, fast), UP/DOWN
 * the page (14 algorithms a page). */
#ifndef GB_UI_H
#define GB_UI_H

#include "hbt_run.h"

#define GB_N_NAMES 40
extern const char *const gb_short_names[GB_N_NAMES];

void ui_init(void);
/* the start-up banner (hbt_banner.h); returns once A is pressed */
void ui_banner(void);
void ui_running(unsigned pass);
void ui_entry(unsigned algo, unsigned impl, unsigned build, unsigned size_index,
              uint32_t ticks, unsigned iters, const uint8_t *digest);
/* shows the table and handles the keys; returns when B or START asks for a rerun */
void ui_show_until_rerun(void);

#endif

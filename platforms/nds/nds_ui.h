/* The results on both screens, with the original suite's controls:
 * A cycles the sort (category, speed, name), B (or START) reruns, SELECT
 * switches the bottom screen between the 1024-byte details and the
 * 64/256/1024 size sweep; UP/DOWN turn the page (20 rows of 40). */
#ifndef NDS_UI_H
#define NDS_UI_H

#include "hbt_run.h"

void ui_init(void);
/* the start-up banner on the top screen (hbt_banner.h); returns once A is pressed */
void ui_banner(void);
void ui_running(unsigned pass);
void ui_entry(unsigned algo, unsigned impl, unsigned build, unsigned size_index,
              uint32_t ticks, unsigned iters, const uint8_t *digest);
/* shows the table and handles the keys; returns when B or START asks for a rerun */
void ui_show_until_rerun(void);

#endif

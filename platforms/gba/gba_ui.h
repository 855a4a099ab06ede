/* The start-up banner, the on-screen table and the controls of the
 * original suite:
 * A cycles the sort (category, speed, name), B reruns, SELECT switches
 * between the 1024-byte view and the 64/256/1024 sweep; L/R choose the
 * build shown (Thumb in ROM, ARM in IWRAM), LEFT/RIGHT the implementation
 * (portable, fast), UP/DOWN the page. */
#ifndef GBA_UI_H
#define GBA_UI_H

#include "hbt_run.h"

void ui_init(const hbt_build *builds, unsigned n_builds);
/* the start-up banner (hbt_banner.h); returns once A is pressed */
void ui_banner(void);
void ui_running(unsigned pass);
void ui_entry(unsigned algo, unsigned impl, unsigned build, unsigned size_index,
              uint32_t ticks, unsigned iters, const uint8_t *digest);
/* shows the table and handles the keys; returns when B or START asks for a rerun */
void ui_show_until_rerun(void);

#endif

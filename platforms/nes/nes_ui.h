/* The table on screen and the controls of the original suite: A cycles the
 * sort (category, speed, name), B (or START) reruns, SELECT switches
 * between the 1024-byte view (portable and fast kB/s, first digest bytes)
 * and the 64/256/1024-byte sweep; UP/DOWN turn the page (20 rows of 40).
 * The code lives in its own bank (nes_ui_bank): call it with that bank
 * mapped. */
#ifndef NES_UI_H
#define NES_UI_H

#include "hbt_run.h"

void ui_init(unsigned spin_turns);
/* the start-up banner (hbt_banner.h); returns once A is pressed */
void ui_banner(void);
void ui_running(unsigned pass);
void ui_entry(unsigned algo, unsigned impl, unsigned build, unsigned size_index,
              uint32_t ticks, unsigned iters, const uint8_t *digest);
void ui_show_until_rerun(void);

#endif

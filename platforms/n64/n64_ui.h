/* The results table on the N64's screen: all 40 algorithms at once (two
 * columns of 20), the fast implementation's kB/s at 1024 bytes at the
 * nominal clock and the first two digest bytes, one build per screen. */
#ifndef N64_UI_H
#define N64_UI_H

#include "hbt_run.h"

void ui_init(const hbt_build *builds, unsigned n_builds);
void ui_running(unsigned pass);
void ui_entry(unsigned algo, unsigned impl, unsigned build, unsigned size_index,
              uint32_t ticks, unsigned iters, const uint8_t *digest);
/* draws the table of one build */
void ui_table(unsigned build);

#endif

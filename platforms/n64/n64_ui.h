/* The N64's screens and the original suite's controls: the start-up banner
 * (waits for A; below the shared lines, the emulator notes and the timer
 * found at start-up, n64_timer.h), the progress screen, and the results
 * table, where A cycles the sort (category, speed, name), B or START runs
 * again, Z switches between the 1024-byte view (the original's row:
 * ITER, US/IT, KB/S, digest bytes, implementation) and the 64/256/1024-byte
 * sweep, UP/DOWN the page (20 algorithms a page in both), L/R the build
 * shown (o32, n32); its footer says what a tick was found to be.  Each
 * screen goes out through the IS-Viewer port when drawn (headless
 * emulators show nothing a runner could photograph), followed by "HB KEYS"
 * when the ROM then waits for a button (n64_isv.h). */
#ifndef N64_UI_H
#define N64_UI_H

#include "hbt_run.h"

void ui_init(const hbt_build *builds, unsigned n_builds);
/* the banner (platforms/common/hbt_banner.h); returns once A is pressed */
void ui_banner(void);
void ui_running(unsigned pass);
void ui_entry(unsigned algo, unsigned impl, unsigned build, unsigned size_index,
              uint32_t ticks, unsigned iters, const uint8_t *digest);
/* the table after pass `pass`, answering the controls; returns when B or
 * START asks for another pass */
void ui_show_until_rerun(unsigned pass);

#endif

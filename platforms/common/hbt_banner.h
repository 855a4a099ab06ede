/* The start-up banner every console shows before its first pass, as the
 * original suite did: the console, its CPU and clock, the build, the
 * controls, and "PRESS A TO START".  Nothing is timed until A is pressed,
 * so a person can check that the display works before the run.
 *
 * The text is assembled here from what the console's hbt_platform.h says
 * (see README.md beside this file): each console only draws the lines on
 * its screen and reads its own buttons. */
#ifndef HBT_BANNER_H
#define HBT_BANNER_H

/* every line fits the Game Boy's 20 columns (the narrowest screen here) */
#define HBT_BANNER_COLS 20

/* the lines, top to bottom ("" is an empty line), ended by a NULL */
extern const char *const hbt_banner_lines[];
/* the row of "PRESS A TO START" among them (a console may colour it) */
extern const unsigned char hbt_banner_prompt_row;

/* Returns once `key` is newly pressed: read_keys() returns the buttons
 * held as bits; wait_frame() waits for the next frame.  A button already
 * held when the banner appears must be let go first, so a press meant for
 * something before (or a stuck button) never starts the run. */
void hbt_wait_press(unsigned (*read_keys)(void), unsigned key, void (*wait_frame)(void));

#endif

/* The runner's controller for mupen64plus: a tiny input plugin, built as
 * its own shared object (build/n64-run-input.so) so that its exported
 * plugin functions (PluginGetVersion, GetKeys, ...) cannot interpose on
 * the core's own symbols.  Controller 1 is plugged in, with no pak;
 * n64-run tells it which buttons to press through n64_input_press(),
 * found with dlsym. */
#ifndef N64_INPUT_H
#define N64_INPUT_H

/* the N64 controller's button bits as the ROM reads them (its first
 * 16-bit answer word): platforms/n64/n64_pad.h */
#define N64_BTN_A     0x8000u
#define N64_BTN_B     0x4000u
#define N64_BTN_Z     0x2000u
#define N64_BTN_START 0x1000u
#define N64_BTN_UP    0x0800u
#define N64_BTN_DOWN  0x0400u
#define N64_BTN_LEFT  0x0200u
#define N64_BTN_RIGHT 0x0100u
#define N64_BTN_L     0x0020u
#define N64_BTN_R     0x0010u

/* Presses `buttons` once: the controller answers "nothing held" to the
 * ROM's next N64_INPUT_GAP reads (so a ROM that looks for a new press sees
 * one), then `buttons` for N64_INPUT_HOLD reads, then nothing again. */
#define N64_INPUT_GAP  3
#define N64_INPUT_HOLD 8
typedef void (*n64_input_press_fn)(unsigned buttons);
void n64_input_press(unsigned buttons);

#endif

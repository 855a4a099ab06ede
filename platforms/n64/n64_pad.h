/* The standard controller in port 1, read as every N64 program reads it:
 * a command block DMA'd by the serial interface into the PIF's RAM
 * ("read buttons", joybus command 0x01, on channel 0), the PIF runs it
 * against the controller, and the block is DMA'd back with the answer.
 * Emulators that model the PIF (mupen64plus, cen64) answer it from their
 * input devices: build/n64-run (tools/retro-run) from its key script. */
#ifndef N64_PAD_H
#define N64_PAD_H

/* the first 16-bit word of the controller's answer */
#define PAD_A       0x8000u
#define PAD_B       0x4000u
#define PAD_Z       0x2000u
#define PAD_START   0x1000u
#define PAD_UP      0x0800u
#define PAD_DOWN    0x0400u
#define PAD_LEFT    0x0200u
#define PAD_RIGHT   0x0100u
#define PAD_L       0x0020u
#define PAD_R       0x0010u

/* the buttons held on controller 1; 0 when none is plugged in */
unsigned pad_read(void);

#endif

/* Text out through the IS-Viewer port (n64_regs.h): what mupen64plus
 * prints as "Core: IS64: <line>" and what build/n64-run (tools/retro-run) reads.  The lines
 * the runner parses (all hex is lower case):
 *
 *   HB BLK <offset> <hex>     bytes of the results block from <offset>
 *   HB PASS <n>               the block is complete up to the end of pass n
 *   HB AT <address>           where the block is in RDRAM (for the record)
 *   HB SHOT <name>            a screenshot follows, for <name>.png
 *   HB FB <w> <h> <y> <x> <hex>   framebuffer pixels (RGBA5551, big-endian)
 *   HB RUN <n>                pass n starts (the runner's A on the banner,
 *                             or its B or START on a table, was taken)
 *   HB KEYS                   the screen just sent is up and the ROM waits
 *                             for a button (controller 1, n64_pad.h): the
 *                             runner presses the next one of its script or
 *                             stops the emulator when the script is done
 *   HB TIMER <kind> <cycles/tick> <fields> <ticks> <field mHz> <COUNT kHz>
 *            <loop instructions> <loop ticks> <TV type>
 *                             what a COUNT tick was found to be at start-up
 *                             (n64_timer.h; kind 0 cycle-timed, 1 instruction
 *                             count, 2 unknown), sent once before the banner
 *   HB END                    everything is out: the runner may stop
 *                             (the interactive ROM never sends it now) */
#ifndef N64_ISV_H
#define N64_ISV_H

#include <stdint.h>

/* one line of text (a newline is added) */
void isv_line(const char *s);
/* "HB <tag> <a> ... <hex of bytes>" lines, at most 96 bytes per line */
void isv_dump_block(const uint8_t *p, unsigned long len);
void isv_dump_pass(unsigned pass);
void isv_dump_address(const void *p);
void isv_dump_framebuffer(const char *name, const uint16_t *fb, unsigned w, unsigned h);
void isv_run(unsigned pass);
void isv_keys(void);
/* "HB TIMER" and n values (8 hex digits each) */
void isv_timer(const uint32_t *v, unsigned n);
void isv_end(void);

#endif

/* A libretro core loaded headless: no window, no sound.  The video
 * callback keeps the last frame (for screenshots), the input callback
 * answers from the buttons currently held, and the memory the core exposes
 * (retro_get_memory_data, or the descriptors of
 * RETRO_ENVIRONMENT_SET_MEMORY_MAPS) is offered as address regions. */
#ifndef RETRO_RUN_CORE_H
#define RETRO_RUN_CORE_H

#include <stddef.h>
#include <stdint.h>
#include "record/block.h"   /* rr_region */

typedef struct rr_frame {
    unsigned width, height;
    uint8_t *rgb;            /* width * height * 3 */
    int valid;
} rr_frame;

/* Loads the core and the ROM; on failure prints why and returns -1. */
/* core options to answer while the core loads and runs: {key, value, ...,
 * 0}, kept by pointer; call before rr_core_open */
void rr_core_set_options(const char *const *key_values);
int rr_core_open(const char *core_path, const char *rom_path, int verbose);
/* "key=value, ..." of the options the core asked for and was given ("" if none) */
const char *rr_core_options_used(void);
void rr_core_close(void);
/* runs one frame with these RETRO_DEVICE_ID_JOYPAD_* bits held */
void rr_core_run_frame(unsigned buttons);
/* the memory regions the core exposes (valid after rr_core_open) */
unsigned rr_core_regions(rr_region *out, unsigned max);
const rr_frame *rr_core_frame(void);
/* "mGBA 0.10.1" */
const char *rr_core_name(void);
double rr_core_fps(void);

#endif

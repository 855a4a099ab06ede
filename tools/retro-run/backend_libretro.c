/* The libretro back-end (runner.h): a libretro core loaded headless
 * (core.c), one video frame a step, the joypad held as the frame script
 * says, the memory the core exposes searched for the results block, and
 * for a core that exposes none (DeSmuME) the block the ROM shows as frame
 * pages (src/record/frame_block.c). */
#include <stdio.h>
#include <string.h>
#include <libretro.h>
#include "core.h"
#include "png.h"
#include "record/frame_block.h"
#include "runner.h"

#ifndef RR_CORE_DIR
#define RR_CORE_DIR "/usr/lib/libretro"
#endif

static const char *core_arg;
static char core_path[512];
static rr_frame_block fb;     /* the block read from the picture, for cores that expose no memory */
static int fb_ready;

#define PAD(id) (1u << RETRO_DEVICE_ID_JOYPAD_##id)
static const rr_button buttons[] = {
    { "A", PAD(A) }, { "B", PAD(B) }, { "X", PAD(X) }, { "Y", PAD(Y) }, { "L", PAD(L) }, { "R", PAD(R) },
    { "SELECT", PAD(SELECT) }, { "START", PAD(START) }, { "UP", PAD(UP) }, { "DOWN", PAD(DOWN) },
    { "LEFT", PAD(LEFT) }, { "RIGHT", PAD(RIGHT) }, { 0, 0 },
};

static int option(rr_run *r, int argc, char **argv, int *i)
{
    if (*i + 1 >= argc)
        return 0;
    if (strcmp(argv[*i], "--core") == 0) {
        core_arg = argv[++*i];
        return 1;
    }
    if (strcmp(argv[*i], "--platform") == 0) {
        const char *name = argv[++*i];
        if (!(r->pf = rr_platform_find(name))) {
            fprintf(stderr, "%s: unknown platform %s (known: %s)\n", r->prog, name, rr_platform_names());
            return -1;
        }
        return 1;
    }
    return 0;
}

static int open_core(rr_run *r)
{
    if (!core_arg && !r->pf) {
        fprintf(stderr, "%s: say --platform or --core\n", r->prog);
        return 2;
    }
    if (!core_arg)
        core_arg = r->pf->default_core;
    if (strchr(core_arg, '/'))
        snprintf(core_path, sizeof core_path, "%s", core_arg);
    else
        snprintf(core_path, sizeof core_path, "%s/%s", RR_CORE_DIR, core_arg);
    rr_fb_init(&fb);
    fb_ready = 1;
    rr_core_set_options(r->pf ? r->pf->core_options : 0);
    if (rr_core_open(core_path, r->rom, r->verbose) != 0)
        return 1;
    return 0;
}

static rr_step run_frame(rr_run *r, unsigned held)
{
    const rr_frame *fr;
    rr_core_run_frame(held);
    fr = rr_core_frame();
    if (fr->valid && rr_fb_feed(&fb, fr->rgb, fr->width, fr->height) < 0)
        fprintf(stderr, "%s: frame %lu: a results page was rejected: %s\n", r->prog, r->frames + 1, fb.error);
    return RR_MORE;
}

static unsigned read_memory(rr_run *r, rr_region *out, unsigned max)
{
    unsigned n = rr_core_regions(out, max);
    (void)r;
    return n + rr_fb_region(&fb, out + n, max - n);
}

static int screenshot(rr_run *r, const char *path)
{
    const rr_frame *fr = rr_core_frame();
    if (!fr->valid) {
        fprintf(stderr, "%s: frame %lu: the core has shown no picture yet for %s\n", r->prog, r->frames, path);
        return -1;
    }
    return rr_png_write(path, fr->rgb, fr->width, fr->height) != 0 ? -1 : 0;
}

static int finish(rr_run *r)
{
    const rr_block *b = &r->block;
    if (r->passes_done == 0) {
        fprintf(stderr, "%s: the run ended before pass 1 completed (the ROM is %s, %lu entries)\n", r->prog,
                b->state == 1 ? "running" : b->state == 2 ? "done" : "booting", (unsigned long)b->seen);
        return 1;
    }
    r->info.emulator = rr_core_name();
    if (rr_core_options_used()[0]) {
        /* the model the core was told to be is part of what was measured */
        snprintf(r->emulator, sizeof r->emulator, "%s (%s)", rr_core_name(), rr_core_options_used());
        r->info.emulator = r->emulator;
    }
    r->info.frames = r->frames;
    r->info.passes = r->passes_done;
    return 0;
}

static void summary(rr_run *r, int rc)
{
    (void)rc;
    fprintf(stderr, "%s: %s: %u pass%s, %lu entries, %lu frames (%.1f s emulated)\n", r->prog, r->rom,
            r->passes_done, r->passes_done == 1 ? "" : "es", (unsigned long)r->block.n_entries, r->frames,
            rr_core_fps() > 0 ? r->frames / rr_core_fps() : 0.0);
}

static void close_core(rr_run *r)
{
    (void)r;
    if (fb_ready)
        rr_fb_free(&fb);
    fb_ready = 0;
    rr_core_close();
}

const rr_backend rr_backend_libretro = {
    "libretro", "retro-run", "--rom FILE (--platform NAME | --core PATH) [options]",
    "  --platform NAME      nes, gb, gbc, gba, nds (names the core, the record's platform and its facts)\n"
    "  --core PATH|FILE     libretro core (a bare file name is looked up in " RR_CORE_DIR ")\n"
    "                       buttons for press: A B X Y L R SELECT START UP DOWN LEFT RIGHT\n",
    600, 1, buttons,
    option, open_core, run_frame, read_memory, screenshot, NULL, finish, summary, close_core,
};

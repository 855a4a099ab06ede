/* retro-run: runs a console ROM headless in a libretro core, presses
 * buttons on a script, reads the ROM's results block from emulated memory
 * and writes the project's JSON results record and PNG screenshots.
 *
 *   retro-run --platform gba --rom build/roms/hashbench.gba --json out.json \
 *             --at done1+5 shot:table.png --at done1+10 press:B --at done2+5 quit
 *
 * Every ROM starts on a banner and waits for A (platforms/common/
 * hbt_banner.h): the runner presses A at frame --start-at (120 unless
 * told), and fails the run when the ROM's results block shows a
 * measurement, or the state "running", before that press.
 *
 * Exit status: 0 the run completed and every result is present; 1 the core,
 * the ROM or the run failed (timeout, missing results, ...); 2 bad usage. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <libretro.h>
#include "core.h"
#include "block.h"
#include "frame_block.h"
#include "png.h"
#include "platforms.h"
#include "results.h"

#ifndef RR_CORE_DIR
#define RR_CORE_DIR "/usr/lib/libretro"
#endif

#define MAX_EVENTS 64
#define MAX_PASSES 64

typedef struct event {
    int after_pass;             /* 0: `frame` is absolute; P: frames after pass P completed */
    unsigned long frame;
    enum { EV_PRESS, EV_SHOT, EV_QUIT } kind;
    unsigned buttons, hold;
    const char *path;
    int fired;
} event;

static event events[MAX_EVENTS];
static unsigned n_events;

static void usage(FILE *f)
{
    fputs("usage: retro-run --rom FILE (--platform NAME | --core PATH) [options]\n"
          "  --platform NAME       nes, gb, gbc, gba, nds (names the core, the record's platform and its facts)\n"
          "  --core PATH|FILE      libretro core (a bare file name is looked up in " RR_CORE_DIR ")\n"
          "  --json FILE           write the JSON results record (docs/schema/results.schema.json)\n"
          "  --at WHEN ACTION      WHEN: a frame number, or doneP+N (N frames after pass P completed)\n"
          "                        ACTION: press:BUTTONS[:FRAMES] (A,B,L,R,SELECT,START,UP,DOWN,\n"
          "                        LEFT,RIGHT joined with +; held 3 frames), shot:FILE.png, quit\n"
          "                        without a quit, the run ends one frame after pass 1 completes\n"
          "  --start-at N          press A at frame N to leave the ROM's start-up banner (default 120;\n"
          "                        0: never); a ROM that starts measuring before it fails the run\n"
          "  --max-frames N        give up after N emulated frames (default 36000)\n"
          "  --timeout SECONDS     give up after this much host time (default 600)\n"
          "  --compiler S, --compiler-flags S, --build-rev S   recorded in the results' context\n"
          "  --verbose             the core's own log messages too\n", f);
}

static unsigned parse_buttons(const char *s)
{
    static const struct { const char *name; unsigned id; } names[] = {
        { "A", RETRO_DEVICE_ID_JOYPAD_A }, { "B", RETRO_DEVICE_ID_JOYPAD_B },
        { "X", RETRO_DEVICE_ID_JOYPAD_X }, { "Y", RETRO_DEVICE_ID_JOYPAD_Y },
        { "L", RETRO_DEVICE_ID_JOYPAD_L }, { "R", RETRO_DEVICE_ID_JOYPAD_R },
        { "SELECT", RETRO_DEVICE_ID_JOYPAD_SELECT }, { "START", RETRO_DEVICE_ID_JOYPAD_START },
        { "UP", RETRO_DEVICE_ID_JOYPAD_UP }, { "DOWN", RETRO_DEVICE_ID_JOYPAD_DOWN },
        { "LEFT", RETRO_DEVICE_ID_JOYPAD_LEFT }, { "RIGHT", RETRO_DEVICE_ID_JOYPAD_RIGHT },
    };
    unsigned bits = 0, i;
    char buf[128], *tok, *save = NULL;
    snprintf(buf, sizeof buf, "%s", s);
    for (tok = strtok_r(buf, "+", &save); tok; tok = strtok_r(NULL, "+", &save)) {
        for (i = 0; i < sizeof names / sizeof names[0]; i++)
            if (strcmp(tok, names[i].name) == 0)
                break;
        if (i == sizeof names / sizeof names[0])
            return 0;
        bits |= 1u << names[i].id;
    }
    return bits;
}

static int parse_ulong(const char *s, unsigned long *out)
{
    char *end;
    errno = 0;
    *out = strtoul(s, &end, 10);
    return s[0] >= '0' && s[0] <= '9' && *end == 0 && errno == 0 ? 0 : -1;
}

static int add_event(const char *when, const char *action)
{
    event *ev;
    unsigned long p, n;
    if (n_events == MAX_EVENTS) {
        fprintf(stderr, "retro-run: more than %d --at events\n", MAX_EVENTS);
        return -1;
    }
    ev = &events[n_events];
    memset(ev, 0, sizeof *ev);
    if (strncmp(when, "done", 4) == 0) {
        char buf[64], *plus;
        snprintf(buf, sizeof buf, "%s", when + 4);
        plus = strchr(buf, '+');
        if (plus)
            *plus = 0;
        if (parse_ulong(buf, &p) || p == 0 || p >= MAX_PASSES || (plus && parse_ulong(plus + 1, &n))) {
            fprintf(stderr, "retro-run: --at %s: expected doneP+N (P: pass 1..%d, N: frames)\n", when,
                    MAX_PASSES - 1);
            return -1;
        }
        ev->after_pass = (int)p;
        ev->frame = plus ? n : 0;
    } else if (parse_ulong(when, &ev->frame)) {
        fprintf(stderr, "retro-run: --at %s: expected a frame number or doneP+N\n", when);
        return -1;
    }
    if (strncmp(action, "press:", 6) == 0) {
        char buf[128], *colon;
        unsigned long hold = 3;
        snprintf(buf, sizeof buf, "%s", action + 6);
        colon = strchr(buf, ':');
        if (colon) {
            *colon = 0;
            if (parse_ulong(colon + 1, &hold) || hold == 0) {
                fprintf(stderr, "retro-run: --at ... %s: the hold must be a number of frames\n", action);
                return -1;
            }
        }
        ev->kind = EV_PRESS;
        ev->buttons = parse_buttons(buf);
        ev->hold = (unsigned)hold;
        if (!ev->buttons) {
            fprintf(stderr, "retro-run: --at ... %s: unknown button (A B X Y L R SELECT START UP DOWN LEFT RIGHT)\n",
                    action);
            return -1;
        }
    } else if (strncmp(action, "shot:", 5) == 0 && action[5]) {
        ev->kind = EV_SHOT;
        ev->path = action + 5;
    } else if (strcmp(action, "quit") == 0) {
        ev->kind = EV_QUIT;
    } else {
        fprintf(stderr, "retro-run: --at %s %s: the action must be press:BUTTONS, shot:FILE or quit\n", when,
                action);
        return -1;
    }
    n_events++;
    return 0;
}

int main(int argc, char **argv)
{
    const char *core_arg = NULL, *rom = NULL, *json = NULL, *platform_name = NULL;
    rr_run_info info;
    const rr_platform *pf = NULL;
    unsigned long max_frames = 36000, timeout_s = 600, frames = 0, done_at[MAX_PASSES], start_at = 120;
    int verbose = 0, have_quit = 0, found = 0, rc = 1, i, quit = 0;
    unsigned press_buttons = 0, e, n_regions, passes_done = 0;
    unsigned long press_until = 0;
    rr_region regions[RR_MAX_REGIONS];
    rr_block block;
    rr_frame_block fb;     /* the block read from the picture, for cores that expose no memory */
    char core_path[512];
    time_t started;

    rr_run_info_init(&info);
    memset(&block, 0, sizeof block);
    rr_fb_init(&fb);
    memset(done_at, 0, sizeof done_at);
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        int has = i + 1 < argc;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(a, "--verbose") == 0) {
            verbose = 1;
        } else if (strcmp(a, "--at") == 0 && i + 2 < argc) {
            if (add_event(argv[i + 1], argv[i + 2]))
                return 2;
            have_quit |= strcmp(argv[i + 2], "quit") == 0;
            i += 2;
        } else if (has && strcmp(a, "--core") == 0) {
            core_arg = argv[++i];
        } else if (has && strcmp(a, "--rom") == 0) {
            rom = argv[++i];
        } else if (has && strcmp(a, "--json") == 0) {
            json = argv[++i];
        } else if (has && strcmp(a, "--platform") == 0) {
            platform_name = argv[++i];
        } else if (has && strcmp(a, "--start-at") == 0) {
            if (parse_ulong(argv[++i], &start_at)) {
                fprintf(stderr, "retro-run: --start-at needs a frame number\n");
                return 2;
            }
        } else if (has && strcmp(a, "--max-frames") == 0) {
            if (parse_ulong(argv[++i], &max_frames) || max_frames == 0) {
                fprintf(stderr, "retro-run: --max-frames needs a positive number\n");
                return 2;
            }
        } else if (has && strcmp(a, "--timeout") == 0) {
            if (parse_ulong(argv[++i], &timeout_s) || timeout_s == 0) {
                fprintf(stderr, "retro-run: --timeout needs a positive number of seconds\n");
                return 2;
            }
        } else if (rr_run_info_option(&info, argc, argv, &i)) {
            continue;
        } else {
            fprintf(stderr, "retro-run: unknown or incomplete option %s\n", a);
            usage(stderr);
            return 2;
        }
    }
    if (!rom) {
        fprintf(stderr, "retro-run: no --rom given\n");
        usage(stderr);
        return 2;
    }
    if (platform_name && !(pf = rr_platform_find(platform_name))) {
        fprintf(stderr, "retro-run: unknown platform %s (known: %s)\n", platform_name, rr_platform_names());
        return 2;
    }
    if (!core_arg && !pf) {
        fprintf(stderr, "retro-run: say --platform or --core\n");
        return 2;
    }
    if (!core_arg)
        core_arg = pf->default_core;
    if (strchr(core_arg, '/'))
        snprintf(core_path, sizeof core_path, "%s", core_arg);
    else
        snprintf(core_path, sizeof core_path, "%s/%s", RR_CORE_DIR, core_arg);
    if (!have_quit && add_event("done1+1", "quit"))
        return 2;
    if (start_at) {
        /* the banner's A, as a person would press it */
        char when[32];
        snprintf(when, sizeof when, "%lu", start_at);
        if (add_event(when, "press:A"))
            return 2;
    }

    rr_core_set_options(pf ? pf->core_options : 0);
    if (rr_core_open(core_path, rom, verbose) != 0) {
        rr_core_close();
        return 1;
    }
    info.emulator = rr_core_name();
    started = time(NULL);
    n_regions = rr_core_regions(regions, RR_MAX_REGIONS);

    while (!quit) {
        unsigned buttons = frames < press_until ? press_buttons : 0;
        rr_core_run_frame(buttons);
        frames++;
        if (rr_core_frame()->valid && rr_fb_feed(&fb, rr_core_frame()->rgb, rr_core_frame()->width,
                                                 rr_core_frame()->height) < 0)
            fprintf(stderr, "retro-run: frame %lu: a results page was rejected: %s\n", frames, fb.error);
        if (!found) {
            n_regions = rr_core_regions(regions, RR_MAX_REGIONS);
            n_regions += rr_fb_region(&fb, regions + n_regions, RR_MAX_REGIONS - n_regions);
            found = rr_block_find(&block, regions, n_regions);
            if (found && verbose)
                fprintf(stderr, "retro-run: results block at 0x%llx (%s), frame %lu\n",
                        (unsigned long long)block.address, block.region->name, frames);
        }
        if (found) {
            if (rr_block_poll(&block) < 0)
                goto out;
            /* the press lands in the frame after start_at: until then the
             * ROM must still be on its banner */
            if (start_at && frames <= start_at && (block.state != 0 || block.seen != 0)) {
                fprintf(stderr, "retro-run: frame %lu: the ROM is %s with %lu entries before A was pressed "
                        "(frame %lu): it did not wait on its banner\n", frames,
                        block.state == 2 ? "done" : block.state == 1 ? "running" : "booting",
                        (unsigned long)block.seen, start_at);
                goto out;
            }
            if (block.state == 2 && block.pass > 0 && block.pass < MAX_PASSES && !done_at[block.pass]) {
                done_at[block.pass] = frames;
                if (block.pass == passes_done + 1)
                    passes_done = block.pass;
                if (verbose)
                    fprintf(stderr, "retro-run: pass %u complete at frame %lu (%lu entries)\n", block.pass,
                            frames, (unsigned long)block.n_entries);
            }
        }
        for (e = 0; e < n_events && !quit; e++) {
            event *ev = &events[e];
            unsigned long at;
            if (ev->fired)
                continue;
            if (ev->after_pass) {
                if (!done_at[ev->after_pass])
                    continue;
                at = done_at[ev->after_pass] + ev->frame;
            } else {
                at = ev->frame;
            }
            if (frames < at)
                continue;
            ev->fired = 1;
            if (ev->kind == EV_PRESS) {
                press_buttons = ev->buttons;
                press_until = frames + ev->hold;
            } else if (ev->kind == EV_SHOT) {
                const rr_frame *fr = rr_core_frame();
                if (!fr->valid) {
                    fprintf(stderr, "retro-run: frame %lu: the core has shown no picture yet for %s\n", frames,
                            ev->path);
                    goto out;
                }
                if (rr_png_write(ev->path, fr->rgb, fr->width, fr->height) != 0)
                    goto out;
            } else {
                quit = 1;
            }
        }
        if (quit)
            break;
        if (frames >= max_frames || (unsigned long)(time(NULL) - started) >= timeout_s) {
            fprintf(stderr, "retro-run: gave up after %lu frames (%lu s): ", frames,
                    (unsigned long)(time(NULL) - started));
            if (!found)
                fprintf(stderr, "no results block appeared in the core's memory (%u regions searched)\n",
                        n_regions);
            else
                fprintf(stderr, "the ROM is in pass %u, %s, %lu entries read; a scripted moment never came\n",
                        block.pass, block.state == 2 ? "done" : "running", (unsigned long)block.n_entries);
            goto out;
        }
    }
    if (!found) {
        fprintf(stderr, "retro-run: no results block found in the core's memory\n");
        goto out;
    }
    if (!pf && !(pf = rr_platform_by_id(block.platform))) {
        fprintf(stderr, "retro-run: the ROM says platform %u, which this runner does not know\n", block.platform);
        goto out;
    }
    if (pf->id != block.platform) {
        fprintf(stderr, "retro-run: the ROM's results block is for platform %u, not %s\n", block.platform, pf->name);
        goto out;
    }
    if (passes_done == 0) {
        fprintf(stderr, "retro-run: the run ended before pass 1 completed (the ROM is %s, %lu entries)\n",
                block.state == 1 ? "running" : block.state == 2 ? "done" : "booting", (unsigned long)block.seen);
        goto out;
    }
    if (rr_core_options_used()[0]) {
        /* the model the core was told to be is part of what was measured */
        static char emulator[256];
        snprintf(emulator, sizeof emulator, "%s (%s)", rr_core_name(), rr_core_options_used());
        info.emulator = emulator;
    }
    info.frames = frames;
    info.passes = passes_done;
    rc = 0;
    if (json)
        rc = rr_results_write_file(json, &block, pf, &info, "retro-run");
    fprintf(stderr, "retro-run: %s: %u pass%s, %lu entries, %lu frames (%.1f s emulated)\n", rom, passes_done,
            passes_done == 1 ? "" : "es", (unsigned long)block.n_entries, frames,
            rr_core_fps() > 0 ? frames / rr_core_fps() : 0.0);
out:
    rr_block_free(&block);
    rr_fb_free(&fb);
    rr_core_close();
    return rc;
}

/* retro-run: runs a console ROM headless in an emulator, presses buttons
 * as the ROM needs them, reads the ROM's results block and writes the
 * project's JSON results record and PNG screenshots (runner.h: the
 * back-ends).
 *
 *   retro-run --platform gba --rom build/roms/hashbench.gba --json out.json \
 *             --at done1+5 shot:table.png --at done1+10 press:B --at done2+5 quit
 *   n64-run --rom build/roms/hashbench.z64 --json out.json --shots out/ --keys A,B
 *   cen64-run --rom build/roms/hashbench.z64 --pif build/roms/n64-pif.bin --json out.json
 *
 * Every ROM starts on a banner and waits for A (platforms/common/
 * hbt_banner.h): a frame-stepped back-end presses A at frame --start-at
 * (120 unless told), and the run fails when the ROM's results block shows
 * a measurement, or the state "running", before that press; the N64
 * back-ends press it when the ROM says it waits, and fail a ROM that
 * starts a pass before.
 *
 * Exit status: 0 the run completed and every result is present; 1 the
 * emulator, the ROM or the run failed (timeout, missing results, ...); 2
 * bad usage; 77 skipped (the emulator is not installed; cen64). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include "runner.h"
#include "runner_util.h"
#include "script.h"

/* the back-ends, and the program names that pick one */
static const struct {
    const rr_backend *be;
    const char *prog;
} backends[] = {
    { &rr_backend_libretro, "retro-run" },
#ifdef RR_HAVE_MUPEN64PLUS
    { &rr_backend_mupen64plus, "n64-run" },
#endif
    { &rr_backend_cen64, "cen64-run" },
};
#define N_BACKENDS (sizeof backends / sizeof backends[0])

static void usage(const rr_run *r, FILE *f)
{
    unsigned i;
    fprintf(f, "usage: %s %s\n%s", r->prog, r->be->synopsis, r->be->options_help);
    fprintf(f, "  --json FILE          write the JSON results record (docs/schema/results.schema.json)\n"
               "  --timeout SECONDS    give up after this much host time (default %lu)\n", r->be->timeout_s);
    if (r->be->frame_stepped)
        fputs("  --at WHEN ACTION     WHEN: a frame number, or doneP+N (N frames after pass P completed)\n"
              "                       ACTION: press:BUTTONS[:FRAMES] (joined with +; held 3 frames),\n"
              "                       shot:FILE.png, quit; without a quit, the run ends one frame after\n"
              "                       pass 1 completes\n"
              "  --start-at N         press A at frame N to leave the ROM's start-up banner (default 120;\n"
              "                       0: never); a ROM that starts measuring before it fails the run\n"
              "  --max-frames N       give up after N emulated frames (default 36000)\n", f);
    else
        fputs("  --shots DIR          write the screenshots the ROM sends there\n", f);
    fputs("  --compiler S, --compiler-flags S, --build-rev S   recorded in the results' context\n"
          "  --compact-rows S     the rows (\"sha256_fast ...\") that ran a compact form: named compact\n"
          "  --verbose            the emulator's own messages too\n"
          "  --backend NAME       the emulator back-end:", f);
    for (i = 0; i < N_BACKENDS; i++)
        fprintf(f, " %s%s", backends[i].be->name, backends[i].be == r->be ? " (this one)" : "");
    fputs("\n", f);
}

/* the back-end: --backend NAME, else the name the program runs under */
static const rr_backend *pick_backend(int argc, char **argv)
{
    const char *base = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
    unsigned i;
    int a;
    for (a = 1; a + 1 < argc; a++)
        if (strcmp(argv[a], "--backend") == 0) {
            for (i = 0; i < N_BACKENDS; i++)
                if (strcmp(argv[a + 1], backends[i].be->name) == 0)
                    return backends[i].be;
            fprintf(stderr, "retro-run: no back-end %s (built in:", argv[a + 1]);
            for (i = 0; i < N_BACKENDS; i++)
                fprintf(stderr, " %s", backends[i].be->name);
            fprintf(stderr, ")\n");
            return NULL;
        }
    for (i = 0; i < N_BACKENDS; i++)
        if (strcmp(base, backends[i].prog) == 0)
            return backends[i].be;
    return &rr_backend_libretro;
}

/* the options: 0 go on, else the exit status (-1: --help, exit 0) */
static int parse_options(rr_run *r, int argc, char **argv)
{
    int i, taken;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        int has = i + 1 < argc;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(r, stdout);
            return -1;
        } else if (strcmp(a, "--verbose") == 0) {
            r->verbose = 1;
        } else if (has && strcmp(a, "--backend") == 0) {
            i++;                    /* picked already */
        } else if (has && strcmp(a, "--rom") == 0) {
            r->rom = argv[++i];
        } else if (has && strcmp(a, "--json") == 0) {
            r->json = argv[++i];
        } else if (has && strcmp(a, "--shots") == 0 && !r->be->frame_stepped) {
            r->shots = argv[++i];
        } else if (has && strcmp(a, "--timeout") == 0) {
            if (rr_parse_ulong(argv[++i], &r->timeout_s) || r->timeout_s == 0) {
                fprintf(stderr, "%s: --timeout needs a positive number of seconds\n", r->prog);
                return 2;
            }
        } else if (r->be->frame_stepped && strcmp(a, "--at") == 0 && i + 2 < argc) {
            if (rr_script_add(r, argv[i + 1], argv[i + 2]))
                return 2;
            i += 2;
        } else if (r->be->frame_stepped && has && strcmp(a, "--start-at") == 0) {
            if (rr_parse_ulong(argv[++i], &r->start_at)) {
                fprintf(stderr, "%s: --start-at needs a frame number\n", r->prog);
                return 2;
            }
        } else if (r->be->frame_stepped && has && strcmp(a, "--max-frames") == 0) {
            if (rr_parse_ulong(argv[++i], &r->max_frames) || r->max_frames == 0) {
                fprintf(stderr, "%s: --max-frames needs a positive number\n", r->prog);
                return 2;
            }
        } else if (rr_run_info_option(&r->info, argc, argv, &i)) {
            continue;
        } else if (r->be->option && (taken = r->be->option(r, argc, argv, &i)) != 0) {
            if (taken < 0)
                return 2;
        } else {
            fprintf(stderr, "%s: unknown or incomplete option %s\n", r->prog, a);
            usage(r, stderr);
            return 2;
        }
    }
    if (!r->rom) {
        fprintf(stderr, "%s: no --rom given\n", r->prog);
        usage(r, stderr);
        return 2;
    }
    if (r->be->frame_stepped) {
        if (!rr_script_has_quit() && rr_script_add(r, "done1+1", "quit"))
            return 2;
        if (r->start_at) {
            /* the banner's A, as a person would press it */
            char when[32];
            snprintf(when, sizeof when, "%lu", r->start_at);
            if (rr_script_add(r, when, "press:A"))
                return 2;
        }
    }
    return 0;
}

static const char *state_name(unsigned state)
{
    return state == 2 ? "done" : state == 1 ? "running" : "booting";
}

/* After a frame: finds the block, drains what the ROM published, checks
 * that the ROM waited on its banner, notes each pass's completion.  0, or
 * -1 after saying why. */
static int drain_frame(rr_run *r)
{
    rr_block *b = &r->block;
    if (!r->found) {
        r->n_regions = r->be->read_memory(r, r->regions, RR_MAX_REGIONS);
        r->found = rr_block_find(b, r->regions, r->n_regions);
        if (r->found && r->verbose)
            fprintf(stderr, "%s: results block at 0x%llx (%s), frame %lu\n", r->prog,
                    (unsigned long long)b->address, b->region->name, r->frames);
    }
    if (!r->found)
        return 0;
    if (rr_block_poll(b) < 0)
        return -1;
    /* the press lands in the frame after start_at: until then the ROM must
     * still be on its banner */
    if (r->start_at && r->frames <= r->start_at && (b->state != 0 || b->seen != 0)) {
        fprintf(stderr, "%s: frame %lu: the ROM is %s with %lu entries before A was pressed "
                "(frame %lu): it did not wait on its banner\n", r->prog, r->frames, state_name(b->state),
                (unsigned long)b->seen, r->start_at);
        return -1;
    }
    if (b->state == 2 && b->pass > 0 && b->pass < RR_MAX_PASSES && !r->done_at[b->pass]) {
        r->done_at[b->pass] = r->frames;
        if (b->pass == r->passes_done + 1)
            r->passes_done = b->pass;
        if (r->verbose)
            fprintf(stderr, "%s: pass %u complete at frame %lu (%lu entries)\n", r->prog, b->pass, r->frames,
                    (unsigned long)b->n_entries);
    }
    return 0;
}

/* After the run of a back-end that is not frame-stepped: the block as it
 * was left, drained once.  0, or 1 after saying why. */
static int drain_once(rr_run *r)
{
    r->n_regions = r->be->read_memory(r, r->regions, RR_MAX_REGIONS);
    r->found = rr_block_find(&r->block, r->regions, r->n_regions);
    if (!r->found)
        return 0;
    return rr_block_poll(&r->block) < 0 ? 1 : 0;
}

static void say_timed_out(rr_run *r)
{
    const rr_block *b = &r->block;
    if (r->be->timed_out) {
        r->be->timed_out(r);
        return;
    }
    fprintf(stderr, "%s: gave up after %lu frames (%.0f s): ", r->prog, r->frames, rr_elapsed(r));
    if (!r->found)
        fprintf(stderr, "no results block appeared in the emulator's memory (%u regions searched)\n",
                r->n_regions);
    else
        fprintf(stderr, "the ROM is in pass %u, %s, %lu entries read; a scripted moment never came\n", b->pass,
                b->state == 2 ? "done" : "running", (unsigned long)b->n_entries);
}

/* the emulator, step by step, until the script or the back-end ends the
 * run: 0, or 1 after saying why */
static int run(rr_run *r)
{
    const rr_backend *be = r->be;
    for (;;) {
        rr_step st = be->run_frame(r, be->frame_stepped ? rr_script_buttons(r) : 0);
        if (st == RR_FAIL)
            return 1;
        if (st == RR_TIMEOUT) {
            say_timed_out(r);
            return 1;
        }
        if (be->frame_stepped) {
            int fired;
            r->frames++;
            if (drain_frame(r) != 0)
                return 1;
            fired = rr_script_fire(r);
            if (fired < 0)
                return 1;
            if (fired > 0)
                return 0;
        }
        if (st == RR_DONE)
            return 0;
        if (rr_elapsed(r) >= (double)r->timeout_s || (be->frame_stepped && r->frames >= r->max_frames)) {
            say_timed_out(r);
            return 1;
        }
    }
}

int main(int argc, char **argv)
{
    static rr_run r;
    int rc;

    r.be = pick_backend(argc, argv);
    if (!r.be)
        return 2;
    r.prog = r.be->prog;
    r.timeout_s = r.be->timeout_s;
    r.max_frames = 36000;
    r.start_at = 120;
    rr_run_info_init(&r.info);
    rc = parse_options(&r, argc, argv);
    if (rc)
        return rc < 0 ? 0 : rc;
    /* the ROM's SHA-256 goes into the record: the build its figures are from
     * (a missing ROM is the back-end's to refuse, with its own message) */
    (void)rr_run_info_build_file(&r.info, r.rom);

    r.started = rr_now();
    rc = r.be->open(&r);
    if (rc) {
        r.be->close(&r);
        return rc;
    }
    rc = 1;
    if (run(&r) != 0)
        goto out;
    if (!r.be->frame_stepped && drain_once(&r) != 0)
        goto out;
    if (!r.found) {
        fprintf(stderr, "%s: no results block found in the emulator's memory\n", r.prog);
        goto out;
    }
    if (!r.pf && !(r.pf = rr_platform_by_id(r.block.platform))) {
        fprintf(stderr, "%s: the ROM says platform %u, which this runner does not know\n", r.prog,
                r.block.platform);
        goto out;
    }
    if (r.pf->id != r.block.platform) {
        fprintf(stderr, "%s: the ROM's results block is for platform %u, not %s\n", r.prog, r.block.platform,
                r.pf->name);
        goto out;
    }
    if (r.be->finish(&r) != 0)
        goto out;
    rc = r.json ? rr_results_write_file(r.json, &r.block, r.pf, &r.info, r.prog) : 0;
    r.be->summary(&r, rc);
out:
    rr_block_free(&r.block);
    r.be->close(&r);
    return rc;
}

/* The console runner and its emulator back-ends.
 *
 * One program (runner.c) runs a console ROM headless in an emulator,
 * presses the controller's buttons as the ROM needs them, drains the ROM's
 * results block (src/record/block.c) and writes the project's results
 * record (src/record/console_record.c).  What differs between emulators is
 * a back-end: one file that fills an rr_backend (open, run a frame, read
 * memory, screenshot, close, and pressing keys its own way).  The runner
 * owns the options every back-end takes, the frame script (script.h: --at,
 * --start-at, --max-frames), the timeout, the drain and the record.
 *
 * Back-ends today: libretro (backend_libretro.c: mGBA, Nestopia, Gambatte,
 * DeSmuME), mupen64plus (backend_mupen64plus.c) and cen64
 * (backend_cen64.c).  A back-end is picked by --backend NAME, or by the
 * name the program was started under (build/n64-run is mupen64plus,
 * build/cen64-run is cen64, anything else libretro), so the command lines
 * of the former separate runners keep working.  A new emulator is one more
 * backend_*.c and one line in runner.c's list. */
#ifndef RETRO_RUN_RUNNER_H
#define RETRO_RUN_RUNNER_H

#include "record/block.h"
#include "record/console_record.h"
#include "record/consoles.h"

#define RR_MAX_PASSES 64
#define RR_EXIT_SKIP 77              /* the emulator (or a tool it needs) is not installed */

typedef struct rr_run rr_run;

/* what one step of the emulator came to */
typedef enum rr_step {
    RR_MORE,                         /* run it again */
    RR_DONE,                         /* the back-end's own end (the ROM's end marker, its key script done) */
    RR_FAIL,                         /* the back-end said why */
    RR_TIMEOUT                       /* the back-end's own watchdog fired */
} rr_step;

/* a controller button's name (for --at press:) and the bits the back-end presses for it */
typedef struct rr_button {
    const char *name;
    unsigned bits;
} rr_button;

typedef struct rr_backend {
    const char *name;                /* for --backend: "libretro" */
    const char *prog;                /* its program name, in messages: "retro-run" */
    const char *synopsis;            /* "--rom FILE (--platform NAME | --core PATH) [options]" */
    const char *options_help;        /* its own options, for --help (lines of "  --x  what") */
    unsigned long timeout_s;         /* the --timeout it defaults to */
    /* the emulator runs one video frame a step: the frame script (--at,
     * --start-at, --max-frames) applies, and the block is looked for and
     * drained after every frame; otherwise it is read once, after the run */
    int frame_stepped;
    const rr_button *buttons;        /* the names --at press: knows, {0} ended; NULL: none */

    /* An option of its own at argv[*i]: 1 taken (*i advanced past its
     * values), 0 not one of its options, -1 a bad value (said why). */
    int (*option)(rr_run *r, int argc, char **argv, int *i);
    /* Checks its options, loads the emulator and the ROM.  0, or the exit
     * status (1 failed, 2 bad usage, RR_EXIT_SKIP), after saying why. */
    int (*open)(rr_run *r);
    /* Runs the emulator a step with `buttons` held (frame-stepped
     * back-ends; the others press keys their own way, as the ROM asks). */
    rr_step (*run_frame)(rr_run *r, unsigned buttons);
    /* The memory the results block may be in: up to max regions. */
    unsigned (*read_memory)(rr_run *r, rr_region *out, unsigned max);
    /* The picture on screen as PNG (NULL: the ROM sends its own screens,
     * written into --shots).  0, or -1 after saying why. */
    int (*screenshot)(rr_run *r, const char *path);
    /* Says where the run was when the time ran out (NULL: the runner's
     * own message, from the block). */
    void (*timed_out)(rr_run *r);
    /* After the run and the drain: the checks of its own and the record's
     * facts it knows (r->info.emulator, .passes, timing notes; r->pf).
     * 0, or 1 after saying why. */
    int (*finish)(rr_run *r);
    /* The last line on stderr: what ran, how long (rc: the record's status). */
    void (*summary)(rr_run *r, int rc);
    /* Stops the emulator and frees what it held; safe after a failed open. */
    void (*close)(rr_run *r);
} rr_backend;

struct rr_run {
    const rr_backend *be;
    const char *prog;
    /* the options every back-end takes */
    const char *rom, *json;
    const char *shots;               /* --shots DIR: where a ROM that sends its screens has them written */
    unsigned long timeout_s;
    int verbose;
    unsigned long max_frames, start_at;  /* frame-stepped back-ends */
    rr_run_info info;                /* --compiler, --compiler-flags, --build-rev; the rest from the back-end */
    /* the console: named by an option or the back-end, else the ROM's block says */
    const rr_platform *pf;
    rr_platform pf_own;              /* a back-end's copy with facts of its own (cen64: cycle-modelled) */
    /* the run */
    double started;                  /* host seconds (monotonic) at open */
    unsigned long frames;            /* frames emulated (frame-stepped) */
    rr_block block;                  /* keeps a pointer into regions[]: they live as long as the run */
    rr_region regions[RR_MAX_REGIONS];
    unsigned n_regions;              /* from the last read_memory */
    int found;                       /* the block was found */
    unsigned passes_done;            /* complete passes in a row, from 1 (frame-stepped) */
    unsigned long done_at[RR_MAX_PASSES]; /* the frame each pass completed at */
    char emulator[256];              /* room for the back-end's emulator text */
};

extern const rr_backend rr_backend_libretro;
extern const rr_backend rr_backend_mupen64plus;
extern const rr_backend rr_backend_cen64;

#endif

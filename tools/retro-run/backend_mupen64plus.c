/* The mupen64plus back-end (runner.h; the program name n64-run): the N64
 * ROM headless in mupen64plus through its library interface
 * (libmupen64plus, no window, no sound).  What the ROM sends through the
 * IS-Viewer port (platforms/n64/n64_isv.h: the results block, the passes,
 * the screenshots) is read by isv_reader.c; controller 1's buttons are
 * pressed on a script whenever the ROM says it waits for one ("HB KEYS":
 * the banner's A, then the table's controls), and the emulator is stopped
 * when the script is done.
 *
 *   n64-run --rom build/roms/hashbench.z64 --json out/results.json --shots out/ \
 *           --keys A,B,A,A,A,Z,DOWN,R,START
 *
 * The frontend API runs the emulator in one call (M64CMD_EXECUTE) until it
 * is stopped: a step of this back-end is the whole run, stopped by the key
 * script, the ROM's end marker or a watchdog thread.  The controller is a
 * small input plugin of our own (n64_input.c, built as
 * build/n64-run-input.so beside the runner).  A ROM that starts a pass
 * before the banner's A was pressed fails the run.
 *
 * COUNT under mupen64plus advances CountPerOp per instruction; the runner
 * sets CountPerOp=1, so the ROM's tick counts are instruction counts.  The
 * ROM finds that itself at start-up (platforms/n64/n64_timer.h) and writes
 * the cycles it takes a tick for (1 here) into its block: the record uses
 * the ROM's figure, and its HB TIMER line goes into context.console. */
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <mupen64plus/m64p_types.h>
#include <mupen64plus/m64p_frontend.h>
#include <mupen64plus/m64p_config.h>
#include <mupen64plus/m64p_common.h>
#include "isv_reader.h"
#include "n64_input.h"
#include "runner.h"
#include "runner_util.h"

#define CORE_API_VERSION 0x020001     /* the frontend API these calls follow */

static ptr_CoreDoCommand core_do;

/* what the ROM sent (read on the emulator's thread, looked at once it stopped) */
static isv_reader rd;
static int ended;                     /* HB END, or the key script is done */
static int verbose;
static rr_run *run;                   /* the run (its options; the watchdog reads the timeout) */

/* the key script: one entry per "HB KEYS" of the ROM; 0 = press nothing */
#define MAX_KEYS 64
static unsigned keys[MAX_KEYS] = { N64_BTN_A }, n_keys = 1, keys_done;   /* default: A, one pass */
static unsigned started_before_a;
static n64_input_press_fn press;

/* the watchdog */
static volatile int finished, timed_out;

static void stop_emulator(void)
{
    if (core_do)
        core_do(M64CMD_STOP, 0, NULL);
}

/* the end of the key script: the screen the ROM shows last is final.png (final-mupen64plus.png) */
static void end_of_script(void)
{
    isv_reader_final(&rd);
    ended = 1;
    stop_emulator();
}

static const struct { const char *name; unsigned bits; } button_names[] = {
    { "A", N64_BTN_A }, { "B", N64_BTN_B }, { "Z", N64_BTN_Z }, { "START", N64_BTN_START },
    { "UP", N64_BTN_UP }, { "DOWN", N64_BTN_DOWN }, { "LEFT", N64_BTN_LEFT }, { "RIGHT", N64_BTN_RIGHT },
    { "L", N64_BTN_L }, { "R", N64_BTN_R }, { "-", 0 },
};

/* "A,B,Z+R,-": buttons joined by +, presses by commas; "-" presses nothing
 * (the ROM is left waiting: only the timeout ends the run) */
static int parse_keys(const char *s)
{
    char buf[512], *tok, *save = NULL;
    n_keys = 0;
    snprintf(buf, sizeof buf, "%s", s);
    for (tok = strtok_r(buf, ", ", &save); tok; tok = strtok_r(NULL, ", ", &save)) {
        char *part, *save2 = NULL;
        unsigned bits = 0;
        if (n_keys == MAX_KEYS)
            return -1;
        for (part = strtok_r(tok, "+", &save2); part; part = strtok_r(NULL, "+", &save2)) {
            size_t i;
            for (i = 0; i < sizeof button_names / sizeof button_names[0]; i++)
                if (strcmp(part, button_names[i].name) == 0)
                    break;
            if (i == sizeof button_names / sizeof button_names[0])
                return -1;
            bits |= button_names[i].bits;
        }
        keys[n_keys++] = bits;
    }
    return 0;
}

/* the markers of an "HB ..." line isv_reader took: the key script and the end */
static void on_line(isv_kind kind)
{
    if (kind == ISV_RUN) {
        if (keys_done == 0 || keys[0] == 0) {
            /* nothing pressed yet: the ROM did not wait on its banner */
            started_before_a = 1;
            stop_emulator();
        } else if (keys_done == n_keys && rd.run_started > 1) {
            /* the script's last press started another pass: that it
             * started is what was asked; its figures are not waited for */
            end_of_script();
        }
    } else if (kind == ISV_KEYS) {
        if (keys_done == n_keys) {
            end_of_script();
        } else {
            unsigned k = keys[keys_done++];
            if (k && press)
                press(k);
        }
    } else if (kind == ISV_END) {
        ended = 1;
        stop_emulator();
    }
}

static void debug_callback(void *context, int level, const char *message)
{
    (void)context;
    if (strncmp(message, "IS64: ", 6) == 0 && strncmp(message + 6, "HB ", 3) == 0) {
        on_line(isv_reader_line(&rd, message + 6));
        return;
    }
    if (verbose || level <= M64MSG_ERROR)
        fprintf(stderr, "mupen64plus: %s\n", message);
}

/* Stops the emulator once the run's time is up (counted from the runner's
 * start, loading included).  The stop is sent again every 20 ms until the
 * emulation has returned: a stop that arrives before M64CMD_EXECUTE has
 * started the emulation (a slow start on a loaded machine) is ignored by
 * the core, and a single one would leave the ROM running for ever. */
static void *watchdog(void *arg)
{
    (void)arg;
    while (!finished) {
        struct timespec ts = { 0, 20 * 1000 * 1000 };
        if (rr_elapsed(run) >= (double)run->timeout_s) {
            timed_out = 1;
            stop_emulator();
        }
        nanosleep(&ts, NULL);
    }
    return NULL;
}

static uint8_t *read_rom(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    uint8_t *buf;
    long n;
    if (!f) {
        fprintf(stderr, "%s: cannot open the ROM %s: %s (make roms builds it)\n", run->prog, path, strerror(errno));
        return NULL;
    }
    if (fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
        fprintf(stderr, "%s: cannot read %s\n", run->prog, path);
        fclose(f);
        return NULL;
    }
    buf = malloc((size_t)n + 1);
    if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n) {
        fprintf(stderr, "%s: cannot read %s\n", run->prog, path);
        fclose(f);
        free(buf);
        return NULL;
    }
    fclose(f);
    if (n < 0x101000 - 0x1000 || memcmp(buf, "\x80\x37\x12\x40", 4) != 0) {
        fprintf(stderr, "%s: %s is not a big-endian (.z64) N64 image of 1 MiB or more\n", run->prog, path);
        free(buf);
        return NULL;
    }
    *len = (size_t)n;
    return buf;
}

static int set_int(ptr_ConfigOpenSection open_section, ptr_ConfigSetParameter set, const char *section,
                   const char *name, int value)
{
    m64p_handle h;
    if (open_section(section, &h) != M64ERR_SUCCESS || set(h, name, M64TYPE_INT, &value) != M64ERR_SUCCESS) {
        fprintf(stderr, "%s: cannot set %s[%s]\n", run->prog, section, name);
        return -1;
    }
    return 0;
}

static int set_str(ptr_ConfigOpenSection open_section, ptr_ConfigSetParameter set, const char *section,
                   const char *name, const char *value)
{
    m64p_handle h;
    if (open_section(section, &h) != M64ERR_SUCCESS || set(h, name, M64TYPE_STRING, value) != M64ERR_SUCCESS) {
        fprintf(stderr, "%s: cannot set %s[%s]\n", run->prog, section, name);
        return -1;
    }
    return 0;
}

/* the options and what open loaded */
static const char *core_path = "libmupen64plus.so.2", *config_dir = "build/n64/mupen64plus";
static char input_path[600];
static uint8_t *rom;
static size_t rom_len;
static ptr_CoreShutdown core_shutdown;
static const char *core_name = "Mupen64Plus Core";
static int core_version, core_up, rom_open, reader_up;

static int option(rr_run *r, int argc, char **argv, int *i)
{
    const char *a = argv[*i];
    if (*i + 1 >= argc)
        return 0;
    if (strcmp(a, "--keys") == 0) {
        if (parse_keys(argv[++*i]) != 0) {
            fprintf(stderr, "%s: --keys %s: expected buttons (A B Z START UP DOWN LEFT RIGHT L R, "
                    "or -) joined by + and separated by commas, at most %d\n", r->prog, argv[*i], MAX_KEYS);
            return -1;
        }
    } else if (strcmp(a, "--input-plugin") == 0) {
        snprintf(input_path, sizeof input_path, "%s", argv[++*i]);
    } else if (strcmp(a, "--config-dir") == 0) {
        config_dir = argv[++*i];
    } else if (strcmp(a, "--core") == 0) {
        core_path = argv[++*i];
    } else {
        return 0;
    }
    return 1;
}

static int open_n64(rr_run *r)
{
    const char *shots = r->shots ? r->shots : "";
    void *input_lib, *lib;
    ptr_CoreStartup core_startup;
    ptr_ConfigOpenSection open_section;
    ptr_ConfigSetParameter set_param;
    ptr_PluginGetVersion get_version;
    ptr_CoreAttachPlugin attach;

    run = r;
    verbose = r->verbose;
    r->pf = rr_platform_find("n64");
    if (!r->pf) {
        fprintf(stderr, "%s: src/record/consoles.c has no n64 row\n", r->prog);
        return 1;
    }
    rom = read_rom(r->rom, &rom_len);
    if (!rom)
        return 1;
    if (rr_mkdirs(config_dir) != 0 || (shots[0] && rr_mkdirs(shots) != 0)) {
        fprintf(stderr, "%s: cannot create %s or %s: %s\n", r->prog, config_dir, shots, strerror(errno));
        return 1;
    }
    if (isv_reader_init(&rd, r->prog, shots) != 0) {
        fprintf(stderr, "%s: out of memory\n", r->prog);
        return 1;
    }
    rd.tag = "mupen64plus";          /* the emulator in the shots' names (views.py) */
    reader_up = 1;

    /* the controller: our plugin, found beside the runner unless named */
    if (!input_path[0]) {
        char self[512];
        ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
        char *slash;
        self[n > 0 ? n : 0] = 0;
        slash = strrchr(self, '/');
        if (slash)
            slash[1] = 0;
        snprintf(input_path, sizeof input_path, "%sn64-run-input.so", slash ? self : "./");
    }
    input_lib = dlopen(input_path, RTLD_NOW | RTLD_LOCAL);
    press = input_lib ? (n64_input_press_fn)dlsym(input_lib, "n64_input_press") : NULL;
    if (!press) {
        fprintf(stderr, "%s: cannot load the input plugin %s: %s (make build/n64-run-input.so)\n", r->prog,
                input_path, dlerror());
        return 1;
    }

    /* headless: SDL (which the core uses for timing and events) gets no window or sound */
    setenv("SDL_VIDEODRIVER", "dummy", 1);
    setenv("SDL_AUDIODRIVER", "dummy", 1);
    lib = dlopen(core_path, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        fprintf(stderr, "%s: cannot load the mupen64plus core %s: %s (Debian: libmupen64plus2)\n", r->prog,
                core_path, dlerror());
        return 1;
    }
    core_startup = (ptr_CoreStartup)dlsym(lib, "CoreStartup");
    core_shutdown = (ptr_CoreShutdown)dlsym(lib, "CoreShutdown");
    core_do = (ptr_CoreDoCommand)dlsym(lib, "CoreDoCommand");
    open_section = (ptr_ConfigOpenSection)dlsym(lib, "ConfigOpenSection");
    set_param = (ptr_ConfigSetParameter)dlsym(lib, "ConfigSetParameter");
    get_version = (ptr_PluginGetVersion)dlsym(lib, "PluginGetVersion");
    attach = (ptr_CoreAttachPlugin)dlsym(lib, "CoreAttachPlugin");
    if (!core_startup || !core_shutdown || !core_do || !open_section || !set_param || !get_version || !attach) {
        fprintf(stderr, "%s: %s lacks the frontend API (CoreStartup, CoreDoCommand, Config*)\n", r->prog,
                core_path);
        core_do = NULL;
        return 1;
    }
    get_version(NULL, &core_version, NULL, &core_name, NULL);
    if (core_startup(CORE_API_VERSION, config_dir, config_dir, NULL, debug_callback, NULL, NULL) !=
        M64ERR_SUCCESS) {
        fprintf(stderr, "%s: the mupen64plus core did not start\n", r->prog);
        core_do = NULL;
        return 1;
    }
    core_up = 1;
    /* one COUNT step per instruction; the dynamic recompiler; no on-screen
     * messages; saves and screenshots kept in the config folder; no camera
     * (the Transfer Pak camera backend would otherwise open /dev/video0) */
    if (set_int(open_section, set_param, "Core", "CountPerOp", 1) ||
        set_int(open_section, set_param, "Core", "R4300Emulator", 2) ||
        set_int(open_section, set_param, "Core", "OnScreenDisplay", 0) ||
        set_str(open_section, set_param, "Core", "SaveSRAMPath", config_dir) ||
        set_str(open_section, set_param, "Core", "SaveStatePath", config_dir) ||
        set_str(open_section, set_param, "Core", "ScreenshotPath", config_dir) ||
        set_str(open_section, set_param, "Core", "GbCameraVideoCaptureBackend1", "dummy"))
        return 1;
    if (core_do(M64CMD_ROM_OPEN, (int)rom_len, rom) != M64ERR_SUCCESS) {
        fprintf(stderr, "%s: mupen64plus refused the ROM %s\n", r->prog, r->rom);
        return 1;
    }
    rom_open = 1;
    /* the core's own stand-ins for video, sound and the RSP (the ROM draws
     * into RDRAM and uses none of them, and the runner needs no window);
     * our controller for the input */
    if (attach(M64PLUGIN_GFX, NULL) != M64ERR_SUCCESS || attach(M64PLUGIN_AUDIO, NULL) != M64ERR_SUCCESS ||
        attach(M64PLUGIN_INPUT, input_lib) != M64ERR_SUCCESS || attach(M64PLUGIN_RSP, NULL) != M64ERR_SUCCESS) {
        fprintf(stderr, "%s: the core would not take its dummy plugins and our input plugin\n", r->prog);
        return 1;
    }
    return 0;
}

/* the whole run: until the ROM's end marker, the key script or the watchdog stops it */
static rr_step run_frame(rr_run *r, unsigned held)
{
    pthread_t dog;
    (void)held;
    if (pthread_create(&dog, NULL, watchdog, NULL) != 0) {
        fprintf(stderr, "%s: cannot start the watchdog thread\n", r->prog);
        return RR_FAIL;
    }
    core_do(M64CMD_EXECUTE, 0, NULL);
    finished = 1;
    pthread_join(dog, NULL);
    core_do(M64CMD_ROM_CLOSE, 0, NULL);
    rom_open = 0;
    core_shutdown();
    core_up = 0;
    core_do = NULL;
    if (started_before_a) {
        fprintf(stderr, "%s: the ROM started pass %u before A was pressed: it did not wait on its banner\n",
                r->prog, rd.run_started);
        return RR_FAIL;
    }
    if (timed_out)
        return RR_TIMEOUT;
    if (!ended) {
        fprintf(stderr, "%s: the emulator stopped before the key script was done (%u of %u presses)\n", r->prog,
                keys_done, n_keys);
        return RR_FAIL;
    }
    if (rd.bad_line || rd.shot_failed) {
        fprintf(stderr, "%s: some of what the ROM sent could not be read (above)\n", r->prog);
        return RR_FAIL;
    }
    if (r->shots && r->shots[0] && !rd.final_written) {
        fprintf(stderr, "%s: the ROM sent no final screenshot\n", r->prog);
        return RR_FAIL;
    }
    return RR_DONE;
}

static unsigned read_memory(rr_run *r, rr_region *out, unsigned max)
{
    (void)r;
    return isv_reader_region(&rd, out, max);
}

static void say_timed_out(rr_run *r)
{
    fprintf(stderr, "%s: timed out after %lu s: the ROM sent %u complete pass%s%s, started %u, "
            "%u of %u scripted presses made, last screen %s\n", r->prog,
            r->timeout_s, rd.passes_sent, rd.passes_sent == 1 ? "" : "es",
            rd.block_address ? "" : " (no results block)", rd.run_started, keys_done, n_keys,
            rd.last_shot[0] ? rd.last_shot : "(none)");
}

static char timer_json[768];

static int finish(rr_run *r)
{
    if (isv_reader_complete(&rd, &r->block) != 0)
        return 1;
    if (!rd.timer_seen) {
        fprintf(stderr, "%s: the ROM sent no HB TIMER line: it did not say what a COUNT tick is\n", r->prog);
        return 1;
    }
    isv_reader_timer_json(&rd, timer_json, sizeof timer_json);
    r->info.console_json = timer_json;
    snprintf(r->emulator, sizeof r->emulator, "%s %d.%d.%d (libmupen64plus, dynamic recompiler, CountPerOp=1)",
             core_name, (core_version >> 16) & 255, (core_version >> 8) & 255, core_version & 255);
    r->info.emulator = r->emulator;
    r->info.passes = rd.passes_sent;
    r->info.ticks_are_instructions = 1;
    r->info.timing_note = r->block.cycles_per_tick == 1
        ? "COUNT ticks under mupen64plus with CountPerOp=1 are executed instructions (no cache, pipeline or "
          "memory-stall model); cycles and ns assume one instruction per cycle at 93.75 MHz, so they are a "
          "lower bound on the VR4300's real time (ares models about 1.2 cycles per instruction for this code)"
        : "the ROM took COUNT for the console's clock (2 cycles a tick: see timer_detection), but under "
          "mupen64plus a tick is one executed instruction: these figures are twice the instruction count, "
          "not measured cycles";
    return 0;
}

static void summary(rr_run *r, int rc)
{
    char timer[400];
    (void)rc;
    if (isv_reader_timer_text(&rd, timer, sizeof timer) == 0 && timer[0])
        fprintf(stderr, "%s: %s\n", r->prog, timer);
    fprintf(stderr, "%s: %s: %u passes (%u started), %zu entries, %d screenshots, %u presses; the emulator "
            "stopped cleanly at the end of the key script (%.1f s)\n", r->prog, r->rom, rd.passes_sent,
            rd.run_started, r->block.n_entries, rd.shots_written, keys_done, rr_elapsed(r));
}

static void close_n64(rr_run *r)
{
    (void)r;
    if (rom_open && core_do)
        core_do(M64CMD_ROM_CLOSE, 0, NULL);
    if (core_up)
        core_shutdown();
    rom_open = core_up = 0;
    core_do = NULL;
    if (reader_up)
        isv_reader_free(&rd);
    reader_up = 0;
    free(rom);
    rom = NULL;
}

const rr_backend rr_backend_mupen64plus = {
    "mupen64plus", "n64-run", "--rom FILE.z64 [options]",
    "  --keys LIST          controller 1's presses, one each time the ROM waits for a button:\n"
    "                       A B Z START UP DOWN LEFT RIGHT L R, joined by + for together, commas\n"
    "                       between presses; - presses nothing (default A: start, one pass)\n"
    "  --input-plugin PATH  the runner's input plugin (default: n64-run-input.so beside the runner)\n"
    "  --config-dir DIR     mupen64plus's configuration and save folder (default: build/n64/mupen64plus)\n"
    "  --core PATH          the mupen64plus core library (default libmupen64plus.so.2)\n",
    120, 0, NULL,
    option, open_n64, run_frame, read_memory, NULL, say_timed_out, finish, summary, close_n64,
};

/* n64-run: runs the N64 ROM headless in mupen64plus through its library
 * interface (libmupen64plus, no window, no sound), collects what the ROM
 * sends through the IS-Viewer port (platforms/n64/n64_isv.h: the results
 * block, the passes, the screenshots), presses controller 1's buttons on a
 * script whenever the ROM says it waits for one ("HB KEYS": the banner's A,
 * then the table's controls), stops the emulator when the script is done,
 * and writes the project's JSON results record (with tools/retro-run's
 * block reader and record writer) and PNG screenshots.  The port's lines
 * are read by isv_reader.c, as for cen64_run.c.
 *
 *   n64-run --rom build/roms/hashbench.z64 --json out/results.json --shots out/ \
 *           --keys A,B,A,A,A,Z,DOWN,R,START
 *
 * The controller is a small input plugin of our own (n64_input.c, built as
 * build/n64-run-input.so beside the runner).  A ROM that starts a pass
 * before the banner's A was pressed fails the run.
 *
 * COUNT under mupen64plus advances CountPerOp per instruction; the runner
 * sets CountPerOp=1, so the ROM's tick counts are instruction counts.
 *
 * Exit status: 0 the ROM ran to its end marker, the emulator stopped and
 * every result is present; 1 the ROM, the emulator or the run failed
 * (timeout, missing results, ...); 2 bad usage. */
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <mupen64plus/m64p_types.h>
#include <mupen64plus/m64p_frontend.h>
#include <mupen64plus/m64p_config.h>
#include <mupen64plus/m64p_common.h>
#include "hashbench.h"
#include "block.h"
#include "isv_reader.h"
#include "platforms.h"
#include "results.h"
#include "n64_input.h"

#define PROG "n64-run"
#define CORE_API_VERSION 0x020001     /* the frontend API these calls follow */

static ptr_CoreDoCommand core_do;

/* what the ROM sent (read on the emulator's thread, looked at once it stopped) */
static isv_reader rd;
static int ended;                     /* HB END, or the key script is done */
static int verbose;

/* the key script: one entry per "HB KEYS" of the ROM; 0 = press nothing */
#define MAX_KEYS 64
static unsigned keys[MAX_KEYS], n_keys, keys_done;
static unsigned started_before_a;
static n64_input_press_fn press;

/* the watchdog */
static volatile int finished, timed_out;
static unsigned long timeout_s = 120;

static void stop_emulator(void)
{
    if (core_do)
        core_do(M64CMD_STOP, 0, NULL);
}

/* the end of the key script: the screen the ROM shows last is final.png */
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

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void *watchdog(void *arg)
{
    double start = now_s();
    (void)arg;
    while (!finished) {
        struct timespec ts = { 0, 20 * 1000 * 1000 };
        if (now_s() - start >= (double)timeout_s) {
            timed_out = 1;
            stop_emulator();
            break;
        }
        nanosleep(&ts, NULL);
    }
    return NULL;
}

static void usage(FILE *f)
{
    fputs("usage: n64-run --rom FILE.z64 [options]\n"
          "  --json FILE          write the JSON results record (docs/schema/results.schema.json)\n"
          "  --shots DIR          write the ROM's screenshots there (one per screen it draws, named by\n"
          "                       the ROM: banner.png, p1-o32-category-1024.png, ...; final.png: the last)\n"
          "  --keys LIST          controller 1's presses, one each time the ROM waits for a button:\n"
          "                       A B Z START UP DOWN LEFT RIGHT L R, joined by + for together, commas\n"
          "                       between presses; - presses nothing (default A: start, one pass)\n"
          "  --input-plugin PATH  the runner's input plugin (default: n64-run-input.so beside the runner)\n"
          "  --config-dir DIR     mupen64plus's configuration and save folder (default: build/n64/mupen64plus)\n"
          "  --core PATH          the mupen64plus core library (default libmupen64plus.so.2)\n"
          "  --timeout SECONDS    stop and fail after this much host time (default 120)\n"
          "  --compiler S, --compiler-flags S, --build-rev S   recorded in the results' context\n"
          "  --verbose            the emulator's own messages too\n", f);
}

static uint8_t *read_rom(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    uint8_t *buf;
    long n;
    if (!f) {
        fprintf(stderr, "n64-run: cannot open the ROM %s: %s (make roms builds it)\n", path, strerror(errno));
        return NULL;
    }
    if (fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
        fprintf(stderr, "n64-run: cannot read %s\n", path);
        fclose(f);
        return NULL;
    }
    buf = malloc((size_t)n + 1);
    if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n) {
        fprintf(stderr, "n64-run: cannot read %s\n", path);
        fclose(f);
        free(buf);
        return NULL;
    }
    fclose(f);
    if (n < 0x101000 - 0x1000 || memcmp(buf, "\x80\x37\x12\x40", 4) != 0) {
        fprintf(stderr, "n64-run: %s is not a big-endian (.z64) N64 image of 1 MiB or more\n", path);
        free(buf);
        return NULL;
    }
    *len = (size_t)n;
    return buf;
}

static int mkdirs(const char *path)
{
    char buf[512];
    size_t i;
    snprintf(buf, sizeof buf, "%s", path);
    for (i = 1; buf[i]; i++)
        if (buf[i] == '/') {
            buf[i] = 0;
            if (mkdir(buf, 0777) != 0 && errno != EEXIST)
                return -1;
            buf[i] = '/';
        }
    return mkdir(buf, 0777) != 0 && errno != EEXIST ? -1 : 0;
}

static int set_int(ptr_ConfigOpenSection open_section, ptr_ConfigSetParameter set, const char *section,
                   const char *name, int value)
{
    m64p_handle h;
    if (open_section(section, &h) != M64ERR_SUCCESS || set(h, name, M64TYPE_INT, &value) != M64ERR_SUCCESS) {
        fprintf(stderr, "n64-run: cannot set %s[%s]\n", section, name);
        return -1;
    }
    return 0;
}

static int set_str(ptr_ConfigOpenSection open_section, ptr_ConfigSetParameter set, const char *section,
                   const char *name, const char *value)
{
    m64p_handle h;
    if (open_section(section, &h) != M64ERR_SUCCESS || set(h, name, M64TYPE_STRING, value) != M64ERR_SUCCESS) {
        fprintf(stderr, "n64-run: cannot set %s[%s]\n", section, name);
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    const char *rom_path = NULL, *json = NULL, *core_path = "libmupen64plus.so.2";
    const char *config_dir = "build/n64/mupen64plus", *shots_dir = "";
    char input_path[600];
    void *input_lib;
    rr_run_info info;
    rr_block block;
    const rr_platform *pf = rr_platform_find("n64");
    uint8_t *rom;
    size_t rom_len;
    void *lib;
    ptr_CoreStartup core_startup;
    ptr_CoreShutdown core_shutdown;
    ptr_ConfigOpenSection open_section;
    ptr_ConfigSetParameter set_param;
    ptr_PluginGetVersion get_version;
    ptr_CoreAttachPlugin attach;
    pthread_t dog;
    char emulator[160];
    const char *core_name = "Mupen64Plus Core";
    int core_version = 0, i, rc = 1;
    double started;

    rr_run_info_init(&info);
    memset(&block, 0, sizeof block);
    input_path[0] = 0;
    keys[0] = N64_BTN_A;
    n_keys = 1;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        int has = i + 1 < argc;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(a, "--verbose") == 0) {
            verbose = 1;
        } else if (has && strcmp(a, "--rom") == 0) {
            rom_path = argv[++i];
        } else if (has && strcmp(a, "--json") == 0) {
            json = argv[++i];
        } else if (has && strcmp(a, "--shots") == 0) {
            shots_dir = argv[++i];
        } else if (has && strcmp(a, "--config-dir") == 0) {
            config_dir = argv[++i];
        } else if (has && strcmp(a, "--keys") == 0) {
            if (parse_keys(argv[++i]) != 0) {
                fprintf(stderr, "n64-run: --keys %s: expected buttons (A B Z START UP DOWN LEFT RIGHT L R, "
                        "or -) joined by + and separated by commas, at most %d\n", argv[i], MAX_KEYS);
                return 2;
            }
        } else if (has && strcmp(a, "--input-plugin") == 0) {
            snprintf(input_path, sizeof input_path, "%s", argv[++i]);
        } else if (has && strcmp(a, "--core") == 0) {
            core_path = argv[++i];
        } else if (has && strcmp(a, "--timeout") == 0) {
            char *end;
            timeout_s = strtoul(argv[++i], &end, 10);
            if (*end || timeout_s == 0 || argv[i][0] == '-') {
                fprintf(stderr, "n64-run: --timeout needs a positive number of seconds\n");
                return 2;
            }
        } else if (rr_run_info_option(&info, argc, argv, &i)) {
            continue;
        } else {
            fprintf(stderr, "n64-run: unknown or incomplete option %s\n", a);
            usage(stderr);
            return 2;
        }
    }
    if (!rom_path) {
        fprintf(stderr, "n64-run: no --rom given\n");
        usage(stderr);
        return 2;
    }
    if (!pf) {
        fprintf(stderr, "n64-run: tools/retro-run/platforms.c has no n64 row\n");
        return 1;
    }
    rom = read_rom(rom_path, &rom_len);
    if (!rom)
        return 1;
    if (mkdirs(config_dir) != 0 || (shots_dir[0] && mkdirs(shots_dir) != 0)) {
        fprintf(stderr, "n64-run: cannot create %s or %s: %s\n", config_dir, shots_dir, strerror(errno));
        return 1;
    }
    if (isv_reader_init(&rd, PROG, shots_dir) != 0) {
        fprintf(stderr, "n64-run: out of memory\n");
        return 1;
    }

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
        fprintf(stderr, "n64-run: cannot load the input plugin %s: %s (make build/n64-run-input.so)\n", input_path,
                dlerror());
        return 1;
    }

    /* headless: SDL (which the core uses for timing and events) gets no window or sound */
    setenv("SDL_VIDEODRIVER", "dummy", 1);
    setenv("SDL_AUDIODRIVER", "dummy", 1);
    lib = dlopen(core_path, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        fprintf(stderr, "n64-run: cannot load the mupen64plus core %s: %s (Debian: libmupen64plus2)\n", core_path,
                dlerror());
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
        fprintf(stderr, "n64-run: %s lacks the frontend API (CoreStartup, CoreDoCommand, Config*)\n", core_path);
        return 1;
    }
    get_version(NULL, &core_version, NULL, &core_name, NULL);
    if (core_startup(CORE_API_VERSION, config_dir, config_dir, NULL, debug_callback, NULL, NULL) !=
        M64ERR_SUCCESS) {
        fprintf(stderr, "n64-run: the mupen64plus core did not start\n");
        return 1;
    }
    /* one COUNT step per instruction; the dynamic recompiler; no on-screen
     * messages; saves and screenshots kept in the config folder; no camera
     * (the Transfer Pak camera backend would otherwise open /dev/video0) */
    if (set_int(open_section, set_param, "Core", "CountPerOp", 1) ||
        set_int(open_section, set_param, "Core", "R4300Emulator", 2) ||
        set_int(open_section, set_param, "Core", "OnScreenDisplay", 0) ||
        set_str(open_section, set_param, "Core", "SaveSRAMPath", config_dir) ||
        set_str(open_section, set_param, "Core", "SaveStatePath", config_dir) ||
        set_str(open_section, set_param, "Core", "ScreenshotPath", config_dir) ||
        set_str(open_section, set_param, "Core", "GbCameraVideoCaptureBackend1", "dummy")) {
        core_shutdown();
        return 1;
    }
    if (core_do(M64CMD_ROM_OPEN, (int)rom_len, rom) != M64ERR_SUCCESS) {
        fprintf(stderr, "n64-run: mupen64plus refused the ROM %s\n", rom_path);
        core_shutdown();
        return 1;
    }
    /* the core's own stand-ins for video, sound and the RSP (the ROM draws
     * into RDRAM and uses none of them, and the runner needs no window);
     * our controller for the input */
    if (attach(M64PLUGIN_GFX, NULL) != M64ERR_SUCCESS || attach(M64PLUGIN_AUDIO, NULL) != M64ERR_SUCCESS ||
        attach(M64PLUGIN_INPUT, input_lib) != M64ERR_SUCCESS || attach(M64PLUGIN_RSP, NULL) != M64ERR_SUCCESS) {
        fprintf(stderr, "n64-run: the core would not take its dummy plugins and our input plugin\n");
        core_do(M64CMD_ROM_CLOSE, 0, NULL);
        core_shutdown();
        return 1;
    }
    started = now_s();
    if (pthread_create(&dog, NULL, watchdog, NULL) != 0) {
        fprintf(stderr, "n64-run: cannot start the watchdog thread\n");
        core_shutdown();
        return 1;
    }
    /* runs until the ROM's end marker (or the watchdog) stops it */
    core_do(M64CMD_EXECUTE, 0, NULL);
    finished = 1;
    pthread_join(dog, NULL);
    core_do(M64CMD_ROM_CLOSE, 0, NULL);
    core_shutdown();
    snprintf(emulator, sizeof emulator, "%s %d.%d.%d (libmupen64plus, dynamic recompiler, CountPerOp=1)",
             core_name, (core_version >> 16) & 255, (core_version >> 8) & 255, core_version & 255);

    if (started_before_a) {
        fprintf(stderr, "n64-run: the ROM started pass %u before A was pressed: it did not wait on its banner\n",
                rd.run_started);
        goto out;
    }
    if (timed_out) {
        fprintf(stderr, "n64-run: timed out after %lu s: the ROM sent %u complete pass%s%s, started %u, "
                "%u of %u scripted presses made, last screen %s\n",
                timeout_s, rd.passes_sent, rd.passes_sent == 1 ? "" : "es",
                rd.block_address ? "" : " (no results block)", rd.run_started, keys_done, n_keys,
                rd.last_shot[0] ? rd.last_shot : "(none)");
        goto out;
    }
    if (!ended) {
        fprintf(stderr, "n64-run: the emulator stopped before the key script was done (%u of %u presses)\n",
                keys_done, n_keys);
        goto out;
    }
    if (rd.bad_line || rd.shot_failed) {
        fprintf(stderr, "n64-run: some of what the ROM sent could not be read (above)\n");
        goto out;
    }
    if (shots_dir[0] && !rd.final_written) {
        fprintf(stderr, "n64-run: the ROM sent no final screenshot\n");
        goto out;
    }
    if (isv_reader_block(&rd, &block, pf->id) != 0)
        goto out;
    info.emulator = emulator;
    info.passes = rd.passes_sent;
    info.ticks_are_instructions = 1;
    info.timing_note = block.cycles_per_tick == 1
        ? "COUNT ticks under mupen64plus with CountPerOp=1 are executed instructions (no cache, pipeline or "
          "memory-stall model); cycles and ns assume one instruction per cycle at 93.75 MHz, so they are a "
          "lower bound on the VR4300's real time (ares models about 1.2 cycles per instruction for this code)"
        : "COUNT ticks at half the CPU clock (hardware build), but run under mupen64plus where a tick is one "
          "executed instruction: these figures are twice the instruction count, not measured cycles";
    rc = 0;
    if (json)
        rc = rr_results_write_file(json, &block, pf, &info, "n64-run");
    fprintf(stderr, "n64-run: %s: %u passes (%u started), %zu entries, %d screenshots, %u presses; the emulator "
            "stopped cleanly at the end of the key script (%.1f s)\n", rom_path, rd.passes_sent, rd.run_started,
            block.n_entries, rd.shots_written, keys_done, now_s() - started);
out:
    rr_block_free(&block);
    isv_reader_free(&rd);
    free(rom);
    return rc;
}

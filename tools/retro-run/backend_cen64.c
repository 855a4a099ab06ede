/* The cen64 back-end (runner.h; the program name cen64-run): the N64 ROM
 * in cen64, the cycle-modelled N64 emulator (Debian package cen64).
 *
 *   cen64-run --rom build/roms/hashbench.z64 --pif build/roms/n64-pif.bin --json out/results.json
 *
 * How it runs cen64: Debian's build returns at once with -headless or
 * -novideo, so it gets a virtual X display of its own (Xvfb, started here
 * with -displayfd so no display number is guessed); -is-viewer prints what
 * the ROM writes to the IS-Viewer port on stdout, which stdbuf keeps
 * line-buffered through the pipe, and isv_reader.c reads.  The PIF ROM is
 * ours (platforms/n64/pif_boot.S).  cen64 never exits by itself: the
 * back-end stops it when the ROM is done.  A step reads what cen64 printed
 * in the next 20 ms.
 *
 * Controller 1: the ROM may open on a banner that waits for A.  The
 * back-end presses A (cen64's key X) through XTest (xdotool) until a pass
 * starts, then B (key C) on each later wait until --passes passes are in;
 * a ROM without a banner simply starts, and the presses change nothing.
 * With --keys (as n64-run's) it follows a script instead: one press each
 * time the ROM says it waits for a button (HB KEYS), held until the ROM
 * answers with its next line (pressed again if it did not answer within
 * 3 s: a press it never saw), and the run ends when the script is done,
 * the last screen written again as final-cen64.png: every view the script
 * asks for is photographed, as in mupen64plus, each named
 * NN-<view>-cen64.png (tools/retro-run/views.py).
 *
 * Timing: cen64 models the VR4300's pipeline, caches and RDRAM, and its
 * COUNT advances once every two CPU cycles as the hardware's does.  The ROM
 * finds that at start-up (platforms/n64/n64_timer.h: COUNT's rate against
 * the video field rate) and writes 2 cycles a tick into its block; the
 * record takes the ROM's figure (a ROM that found otherwise is said so
 * here and recorded as found), its HB TIMER line goes into context.console,
 * and timing_fidelity is "cycle-modelled".
 *
 * Without cen64, Xvfb or xdotool the run is skipped (exit 77), the message
 * naming the Debian package. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "isv_reader.h"
#include "runner.h"
#include "runner_util.h"

#define PROG "cen64-run"
#define CYCLES_PER_TICK 2           /* COUNT runs at half the CPU clock: what the ROM should find */
#define HOLD_S 0.15                 /* a key press: held this long ... */
#define GAP_S 0.35                  /* ... then released this long */
#define ANSWER_S 3.0                /* a scripted press: held until the ROM answers, at most this long */
#define MAX_SCRIPT 64

typedef struct tool {
    const char *name, *package;
    char path[512];
} tool;

static tool t_cen64 = { "cen64", "cen64", "" };
static tool t_xvfb = { "Xvfb", "xvfb", "" };
static tool t_xdotool = { "xdotool", "xdotool", "" };
static tool t_stdbuf = { "stdbuf", "coreutils", "" };

static int verbose;
static char display[32];

/* PATH, then /usr/games (where Debian puts cen64) */
static int find_tool(tool *t, const char *given)
{
    const char *path = getenv("PATH");
    char dirs[4096];
    char *dir, *save = NULL;
    if (given) {
        snprintf(t->path, sizeof t->path, "%s", given);
        if (access(t->path, X_OK) == 0)
            return 0;
        t->path[0] = 0;
        return -1;
    }
    snprintf(dirs, sizeof dirs, "%s:/usr/games:/usr/bin", path ? path : "");
    for (dir = strtok_r(dirs, ":", &save); dir; dir = strtok_r(NULL, ":", &save)) {
        snprintf(t->path, sizeof t->path, "%s/%s", *dir ? dir : ".", t->name);
        if (access(t->path, X_OK) == 0)
            return 0;
    }
    t->path[0] = 0;
    return -1;
}

/* runs argv (a tool) with DISPLAY set, waits for it; its exit status or -1 */
static int run_quiet(char *const argv[])
{
    int status;
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0 && !verbose) {
            dup2(null, 1);
            dup2(null, 2);
        }
        setenv("DISPLAY", display, 1);
        execv(argv[0], argv);
        _exit(127);
    }
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void key_event(const char *what, const char *key)
{
    char *argv[] = { t_xdotool.path, (char *)what, (char *)key, NULL };
    if (run_quiet(argv) != 0 && verbose)
        fprintf(stderr, PROG ": xdotool %s %s failed\n", what, key);
}

/* stops a child: SIGTERM, up to 2 s, then SIGKILL; reaps it */
static void stop_child(pid_t pid)
{
    double t0 = rr_now();
    int status;
    if (pid <= 0)
        return;
    kill(pid, SIGTERM);
    while (rr_now() - t0 < 2.0) {
        pid_t got = waitpid(pid, &status, WNOHANG);
        if (got == pid || (got < 0 && errno != EINTR))
            return;
        usleep(20000);
    }
    kill(pid, SIGKILL);
    waitpid(pid, &status, 0);
}

/* Xvfb on a display it picks (-displayfd): its pid, display[] set; -1 */
static pid_t start_xvfb(void)
{
    int fds[2];
    char fdtext[16], buf[32];
    size_t got = 0;
    double t0 = rr_now();
    pid_t pid;
    if (pipe(fds) != 0)
        return -1;
    pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        int null = open("/dev/null", O_WRONLY);
        close(fds[0]);
        if (null >= 0 && !verbose) {
            dup2(null, 1);
            dup2(null, 2);
        }
        snprintf(fdtext, sizeof fdtext, "%d", fds[1]);
        execl(t_xvfb.path, "Xvfb", "-displayfd", fdtext, "-screen", "0", "640x480x24", "-nolisten", "tcp",
              "-noreset", (char *)NULL);
        _exit(127);
    }
    close(fds[1]);
    /* the display number, then a newline, once the server listens */
    while (got < sizeof buf - 1 && rr_now() - t0 < 20.0) {
        struct pollfd p = { fds[0], POLLIN, 0 };
        ssize_t n;
        if (poll(&p, 1, 200) <= 0)
            continue;
        n = read(fds[0], buf + got, sizeof buf - 1 - got);
        if (n <= 0)
            break;
        got += (size_t)n;
        buf[got] = 0;
        if (strchr(buf, '\n'))
            break;
    }
    close(fds[0]);
    buf[got] = 0;
    if (!strchr(buf, '\n')) {
        fprintf(stderr, PROG ": Xvfb did not start (%s)\n", t_xvfb.path);
        stop_child(pid);
        return -1;
    }
    snprintf(display, sizeof display, ":%d", atoi(buf));
    return pid;
}

/* cen64 with its stdout and stderr on *out: its pid, or -1 */
static pid_t start_cen64(const char *pif, const char *rom, int *out)
{
    int fds[2];
    pid_t pid;
    if (pipe(fds) != 0)
        return -1;
    pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        close(fds[0]);
        dup2(fds[1], 1);
        dup2(fds[1], 2);
        setenv("DISPLAY", display, 1);
        /* stdout into a pipe is block-buffered: line by line, or the end
         * marker would sit in cen64's buffer */
        execl(t_stdbuf.path, "stdbuf", "-oL", t_cen64.path, "-noaudio", "-is-viewer", pif, rom, (char *)NULL);
        _exit(127);
    }
    close(fds[1]);
    *out = fds[0];
    return pid;
}

static int check_rom(const char *path)
{
    FILE *f = fopen(path, "rb");
    unsigned char head[4];
    long n;
    if (!f) {
        fprintf(stderr, PROG ": cannot open the ROM %s: %s (make roms builds it)\n", path, strerror(errno));
        return -1;
    }
    n = fread(head, 1, 4, f) == 4 && fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    fclose(f);
    if (n < 0x100000 || memcmp(head, "\x80\x37\x12\x40", 4) != 0) {
        fprintf(stderr, PROG ": %s is not a big-endian (.z64) N64 image of 1 MiB or more\n", path);
        return -1;
    }
    return 0;
}

/* "cen64 0.3+git20200723-2 (Debian package)" when dpkg knows it */
static void emulator_name(char *buf, size_t len)
{
    char ver[96] = "";
    FILE *p = popen("dpkg-query -W -f '${Version}' cen64 2>/dev/null", "r");
    if (p) {
        if (!fgets(ver, sizeof ver, p))
            ver[0] = 0;
        pclose(p);
    }
    ver[strcspn(ver, "\n")] = 0;
    if (ver[0])
        snprintf(buf, len, "cen64 %s (Debian package; our PIF boot program; under Xvfb)", ver);
    else
        snprintf(buf, len, "cen64 (version unknown: %.100s; our PIF boot program; under Xvfb)", t_cen64.path);
}

/* the options, and the run's state between steps */
static const char *pif, *cen64_given;
static unsigned long want_passes = 2;
static int no_keys;
static pid_t xvfb = -1, emu = -1;
static int out = -1, reader_up;
static isv_reader rd;
static char line[4096], tail[4][160];
static size_t line_len;
static unsigned n_tail, presses;
static double key_at;
static int key_down;                /* 0 up, 1 x held, 2 c held; 3 a scripted press held */

/* the key script (--keys): cen64's keys for each press ("" presses nothing) */
static char script[MAX_SCRIPT][32];
static unsigned n_script, script_done, use_script, script_ended;
static const char *pending;         /* the press the ROM waits for, not yet answered */
static unsigned long press_lines;   /* rd.lines when it went down */

/* cen64's keyboard map for controller 1 (its os/x11 input code): the
 * D-pad is I/J/K/L, the arrow keys are the stick */
static const struct { const char *button, *key; } cen64_keys[] = {
    { "A", "x" }, { "B", "c" }, { "Z", "z" }, { "START", "Return" }, { "UP", "i" }, { "DOWN", "k" },
    { "LEFT", "j" }, { "RIGHT", "l" }, { "L", "a" }, { "R", "s" }, { "-", "" },
};

/* "A,B,Z+R,-" as n64-run takes it: 0, or -1 */
static int parse_script(const char *s)
{
    char buf[512], *tok, *save = NULL;
    snprintf(buf, sizeof buf, "%s", s);
    n_script = 0;
    for (tok = strtok_r(buf, ", ", &save); tok; tok = strtok_r(NULL, ", ", &save)) {
        char *part, *save2 = NULL;
        if (n_script == MAX_SCRIPT)
            return -1;
        script[n_script][0] = 0;
        for (part = strtok_r(tok, "+", &save2); part; part = strtok_r(NULL, "+", &save2)) {
            size_t i;
            for (i = 0; i < sizeof cen64_keys / sizeof cen64_keys[0]; i++)
                if (strcmp(part, cen64_keys[i].button) == 0)
                    break;
            if (i == sizeof cen64_keys / sizeof cen64_keys[0] ||
                strlen(script[n_script]) + strlen(cen64_keys[i].key) + 2 > sizeof script[0])
                return -1;
            if (cen64_keys[i].key[0]) {
                if (script[n_script][0])
                    strcat(script[n_script], " ");
                strcat(script[n_script], cen64_keys[i].key);
            }
        }
        n_script++;
    }
    use_script = 1;
    return n_script ? 0 : -1;
}

static int option(rr_run *r, int argc, char **argv, int *i)
{
    const char *a = argv[*i];
    if (strcmp(a, "--no-keys") == 0) {
        no_keys = 1;
        return 1;
    }
    if (*i + 1 >= argc)
        return 0;
    if (strcmp(a, "--pif") == 0) {
        pif = argv[++*i];
    } else if (strcmp(a, "--cen64") == 0) {
        cen64_given = argv[++*i];
    } else if (strcmp(a, "--keys") == 0) {
        if (parse_script(argv[++*i]) != 0) {
            fprintf(stderr, "%s: --keys %s: expected buttons (A B Z START UP DOWN LEFT RIGHT L R, or -) joined "
                    "by + and separated by commas, at most %d\n", r->prog, argv[*i], MAX_SCRIPT);
            return -1;
        }
    } else if (strcmp(a, "--passes") == 0) {
        if (rr_parse_ulong(argv[++*i], &want_passes) || want_passes == 0) {
            fprintf(stderr, "%s: --passes needs a positive number\n", r->prog);
            return -1;
        }
    } else {
        return 0;
    }
    return 1;
}

static int open_cen64(rr_run *r)
{
    if (!pif) {
        fprintf(stderr, PROG ": --rom and --pif are needed\n");
        return 2;
    }
    r->pf_own = *rr_platform_find("n64");
    /* the ROM's block says how many cycles it takes a tick for (found at
     * start-up: two in cen64, as on the console) */
    r->pf_own.timing_fidelity = "cycle-modelled";
    r->pf_own.timer_name = "COP0 Count (cen64: one tick per two CPU cycles, as on the console)";
    r->pf = &r->pf_own;
    verbose = r->verbose;
    /* the tools first: a machine without them skips, naming the package */
    if (find_tool(&t_cen64, cen64_given) != 0 || find_tool(&t_xvfb, NULL) != 0 ||
        find_tool(&t_xdotool, NULL) != 0 || find_tool(&t_stdbuf, NULL) != 0) {
        const tool *m = !t_cen64.path[0] ? &t_cen64 : !t_xvfb.path[0] ? &t_xvfb
                      : !t_xdotool.path[0] ? &t_xdotool : &t_stdbuf;
        fprintf(stderr, PROG ": skipped: %s not found (Debian package %s)\n",
                m == &t_cen64 && cen64_given ? cen64_given : m->name, m->package);
        return RR_EXIT_SKIP;
    }
    if (check_rom(r->rom) != 0)
        return 1;
    if (access(pif, R_OK) != 0) {
        fprintf(stderr, PROG ": cannot read the PIF boot program %s (make build/roms/n64-pif.bin builds it)\n",
                pif);
        return 1;
    }
    if (r->shots && rr_mkdirs(r->shots) != 0) {
        fprintf(stderr, PROG ": cannot create %s: %s\n", r->shots, strerror(errno));
        return 1;
    }
    if (isv_reader_init(&rd, PROG, r->shots) != 0) {
        fprintf(stderr, PROG ": out of memory\n");
        return 1;
    }
    rd.tag = "cen64";                /* the emulator in the shots' names (views.py) */
    reader_up = 1;
    signal(SIGPIPE, SIG_IGN);
    xvfb = start_xvfb();
    if (xvfb < 0)
        return 1;
    emu = start_cen64(pif, r->rom, &out);
    if (emu < 0) {
        fprintf(stderr, PROG ": cannot start cen64\n");
        return 1;
    }
    return 0;
}

static int waiting_for_start(void)
{
    return rd.run_started == 0 && rd.passes_sent == 0 && rd.mirror_used == 0;
}

/* each key of a scripted press ("x", "z s") down or up */
static void script_event(const char *what, const char *keys)
{
    char buf[32], *k, *save = NULL;
    snprintf(buf, sizeof buf, "%s", keys);
    for (k = strtok_r(buf, " ", &save); k; k = strtok_r(NULL, " ", &save))
        key_event(what, k);
}

/* the script's press: down once the ROM waits, up once it answered */
static void press_script(void)
{
    double t = rr_now();
    if (key_down) {
        int answered = rd.lines != press_lines;
        if (answered || t - key_at >= ANSWER_S) {
            script_event("keyup", pending);
            key_down = 0;
            key_at = t;
            if (answered)
                pending = NULL;
        }
    } else if (pending && pending[0] && t - key_at >= GAP_S) {
        script_event("keydown", pending);
        key_down = 3;
        key_at = t;
        press_lines = rd.lines;
        presses++;
    }
}

/* presses the key the ROM needs now: A until a pass starts; after that,
 * on each wait for a button, B until the next pass starts */
static void press_keys(void)
{
    double t = rr_now();
    const char *key;
    if (use_script) {
        press_script();
        return;
    }
    if (no_keys)
        key = NULL;
    else if (waiting_for_start())
        key = "x";
    else if (rd.waiting && rd.run_started == rd.passes_sent && rd.passes_sent < want_passes)
        key = "c";
    else
        key = NULL;
    if (key_down && (t - key_at >= HOLD_S || !key)) {
        key_event("keyup", key_down == 1 ? "x" : "c");
        key_down = 0;
        key_at = t;
    } else if (!key_down && key && t - key_at >= GAP_S) {
        key_event("keydown", key);
        key_down = key[0] == 'x' ? 1 : 2;
        key_at = t;
        presses++;
    }
}

/* the key released, cen64 stopped, the last screenshot written */
static void stop_emulator(void)
{
    if (key_down == 3)
        script_event("keyup", pending);
    else if (key_down)
        key_event("keyup", key_down == 1 ? "x" : "c");
    key_down = 0;
    stop_child(emu);
    emu = -1;
    if (reader_up)
        isv_reader_flush(&rd);
}

/* 20 ms of cen64: the keys, then what it printed, line by line */
static rr_step run_frame(rr_run *r, unsigned held)
{
    struct pollfd p = { out, POLLIN, 0 };
    char buf[65536];
    ssize_t n, k;
    isv_kind kind;
    (void)r;
    (void)held;
    press_keys();
    if (poll(&p, 1, 20) <= 0)
        return RR_MORE;
    n = read(out, buf, sizeof buf);
    if (n <= 0) {
        fprintf(stderr, PROG ": cen64 exited before the ROM was done; its last words:\n");
        for (k = n_tail > 4 ? n_tail - 4 : 0; k < (ssize_t)n_tail; k++)
            fprintf(stderr, "  %s\n", tail[k % 4]);
        return RR_FAIL;
    }
    for (k = 0; k < n; k++) {
        if (buf[k] != '\n') {
            if (line_len < sizeof line - 1)
                line[line_len++] = buf[k];
            continue;
        }
        line[line_len] = 0;
        line_len = 0;
        kind = isv_reader_line(&rd, line);
        if (!kind) {
            /* cen64's own messages: kept for a failure's report */
            snprintf(tail[n_tail++ % 4], sizeof tail[0], "%.150s", line);
            if (verbose)
                fprintf(stderr, "cen64: %s\n", line);
        }
        if (use_script) {
            /* the script's end: the ROM waits once more, or the last press
             * started another pass (its figures are not waited for) */
            if ((kind == ISV_KEYS && script_done == n_script) ||
                (kind == ISV_RUN && script_done == n_script && rd.run_started > 1)) {
                isv_reader_final(&rd);
                script_ended = 1;
                stop_emulator();
                return RR_DONE;
            }
            if (kind == ISV_KEYS)
                pending = script[script_done++];
            continue;
        }
        if (rd.ended || (rd.waiting && rd.run_started == rd.passes_sent && rd.passes_sent >= want_passes)) {
            stop_emulator();
            return RR_DONE;
        }
    }
    return RR_MORE;
}

static unsigned read_memory(rr_run *r, rr_region *out_regions, unsigned max)
{
    (void)r;
    return isv_reader_region(&rd, out_regions, max);
}

static void say_timed_out(rr_run *r)
{
    stop_emulator();
    if (use_script)
        fprintf(stderr, PROG ": timed out after %lu s: the ROM sent %u complete pass%s, started %u, %u of %u "
                "scripted presses asked for, last screen %s\n", r->timeout_s, rd.passes_sent,
                rd.passes_sent == 1 ? "" : "es", rd.run_started, script_done, n_script,
                rd.last_shot[0] ? rd.last_shot : "(none)");
    else if (waiting_for_start())
        fprintf(stderr, PROG ": timed out after %lu s: the ROM never started a pass (%u presses of A%s); "
                "%s\n", r->timeout_s, presses, no_keys ? ", --no-keys" : "",
                rd.lines ? "it did write to the IS-Viewer port" : "nothing came through the IS-Viewer port");
    else
        fprintf(stderr, PROG ": timed out after %lu s: the ROM sent %u complete pass%s of %lu and %s\n",
                r->timeout_s, rd.passes_sent, rd.passes_sent == 1 ? "" : "es", want_passes,
                rd.ended ? "its end marker" : "no end marker");
}

static char timer_json[768];

static int finish(rr_run *r)
{
    if (rd.bad_line || rd.shot_failed) {
        fprintf(stderr, PROG ": some of what the ROM sent could not be read (above)\n");
        return 1;
    }
    if (isv_reader_complete(&rd, &r->block) != 0)
        return 1;
    if (!rd.timer_seen) {
        fprintf(stderr, PROG ": the ROM sent no HB TIMER line: it did not say what a COUNT tick is\n");
        return 1;
    }
    if (r->block.cycles_per_tick != CYCLES_PER_TICK)
        fprintf(stderr, PROG ": warning: the ROM took a COUNT tick for %u cycles (cen64 counts one every %d); "
                "recorded as the ROM found\n", r->block.cycles_per_tick, CYCLES_PER_TICK);
    isv_reader_timer_json(&rd, timer_json, sizeof timer_json);
    r->info.console_json = timer_json;
    emulator_name(r->emulator, sizeof r->emulator);
    r->info.emulator = r->emulator;
    r->info.passes = rd.passes_sent;
    r->info.timing_note = "cycles from cen64's model of the VR4300 (pipeline interlocks, 16 KB direct-mapped "
                          "instruction cache, 8 KB data cache, RDRAM latency): COUNT ticks x 2 at 93.75 MHz; "
                          "cen64 is cycle-modelled, not verified cycle-exact against hardware";
    return 0;
}

static void summary(rr_run *r, int rc)
{
    char timer[400];
    (void)rc;
    if (isv_reader_timer_text(&rd, timer, sizeof timer) == 0 && timer[0])
        fprintf(stderr, PROG ": %s\n", timer);
    fprintf(stderr, PROG ": %s: %u passes (%u started), %zu entries, %d screenshots, %u key presses; cen64 "
            "stopped after the ROM was done%s (%.1f s)\n", r->rom, rd.passes_sent, rd.run_started,
            r->block.n_entries, rd.shots_written, presses,
            script_ended ? ", at the end of the key script" : "", rr_elapsed(r));
}

static void close_cen64(rr_run *r)
{
    (void)r;
    stop_emulator();
    if (out >= 0)
        close(out);
    out = -1;
    stop_child(xvfb);
    xvfb = -1;
    if (reader_up)
        isv_reader_free(&rd);
    reader_up = 0;
}

const rr_backend rr_backend_cen64 = {
    "cen64", "cen64-run", "--rom FILE.z64 --pif PIF.bin [options]",
    "  --pif FILE           the PIF boot program (platforms/n64/pif_boot.S: build/roms/n64-pif.bin)\n"
    "  --passes N           passes to collect (default 2; B starts each after the first)\n"
    "  --keys LIST          instead: controller 1's presses, one each time the ROM waits for a button,\n"
    "                       as n64-run's --keys; the run ends when they are done\n"
    "  --no-keys            press nothing (a ROM with a banner then never starts)\n"
    "  --cen64 PATH         the emulator (default: cen64 on PATH or in /usr/games)\n"
    "                       exit status 77: skipped (cen64, Xvfb or xdotool missing)\n",
    300, 0, NULL,
    option, open_cen64, run_frame, read_memory, NULL, say_timed_out, finish, summary, close_cen64,
};

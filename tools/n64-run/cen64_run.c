/* cen64-run: runs the N64 ROM in cen64, the cycle-modelled N64 emulator
 * (Debian package cen64), and writes the project's JSON results record with
 * tools/retro-run's block reader and record writer.
 *
 *   cen64-run --rom build/roms/hashbench.z64 --pif build/roms/n64-pif.bin --json out/results.json
 *
 * How it runs cen64: Debian's build returns at once with -headless or
 * -novideo, so it gets a virtual X display of its own (Xvfb, started here
 * with -displayfd so no display number is guessed); -is-viewer prints what
 * the ROM writes to the IS-Viewer port on stdout, which stdbuf keeps
 * line-buffered through the pipe.  The PIF ROM is ours
 * (platforms/n64/pif_boot.S).  cen64 never exits by itself: the runner
 * stops it when the ROM is done.
 *
 * Controller 1: the ROM may open on a banner that waits for A.  The runner
 * presses A (cen64's key X) through XTest (xdotool) until a pass starts,
 * then B (key C) on each later wait until --passes passes are in; a ROM
 * without a banner simply starts, and the presses change nothing.
 *
 * Timing: cen64 models the VR4300's pipeline, caches and RDRAM, and its
 * COUNT advances once every two CPU cycles as the hardware's does: the
 * record says 2 cycles per tick (whatever the ROM was built to assume) and
 * timing_fidelity "cycle-modelled".
 *
 * Exit status: 0 a complete record; 1 the ROM, the emulator or the run
 * failed (timeout, missing results, ...); 2 bad usage; 77 skipped: cen64,
 * Xvfb or xdotool is not installed (the message names the Debian package). */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "hashbench.h"
#include "block.h"
#include "isv_reader.h"
#include "platforms.h"
#include "results.h"

#define PROG "cen64-run"
#define EXIT_SKIP 77
#define CYCLES_PER_TICK 2           /* COUNT runs at half the CPU clock */
#define HOLD_S 0.15                 /* a key press: held this long ... */
#define GAP_S 0.35                  /* ... then released this long */

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

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

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
    double t0 = now_s();
    int status;
    if (pid <= 0)
        return;
    kill(pid, SIGTERM);
    while (now_s() - t0 < 2.0) {
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
    double t0 = now_s();
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
    while (got < sizeof buf - 1 && now_s() - t0 < 20.0) {
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

static void usage(FILE *f)
{
    fputs("usage: cen64-run --rom FILE.z64 --pif PIF.bin [options]\n"
          "  --json FILE          write the JSON results record (docs/schema/results.schema.json)\n"
          "  --shots DIR          write the ROM's screenshots there\n"
          "  --passes N           passes to collect (default 2; B starts each after the first)\n"
          "  --timeout SECONDS    stop and fail after this much host time (default 300)\n"
          "  --no-keys            press nothing (a ROM with a banner then never starts)\n"
          "  --cen64 PATH         the emulator (default: cen64 on PATH or in /usr/games)\n"
          "  --compiler S, --compiler-flags S, --build-rev S   recorded in the results' context\n"
          "  --verbose            cen64's and Xvfb's own messages too\n"
          "exit status: 0 done, 1 failed, 2 bad usage, 77 skipped (cen64, Xvfb or xdotool missing)\n", f);
}

int main(int argc, char **argv)
{
    const char *rom = NULL, *pif = NULL, *json = NULL, *shots = NULL, *cen64_given = NULL;
    unsigned long timeout_s = 300, want_passes = 2;
    int no_keys = 0, i, out = -1, rc = 1, timed_out = 0, eof = 0, done = 0;
    pid_t xvfb = -1, emu = -1;
    rr_run_info info;
    rr_block block;
    isv_reader rd;
    rr_platform pf;
    const rr_platform *n64 = rr_platform_find("n64");
    char line[4096], tail[4][160], emulator[240];
    size_t line_len = 0;
    unsigned n_tail = 0, presses = 0;
    double started, key_at = 0;
    int key_down = 0;
    const char *key = NULL;         /* the key being pressed, or NULL */

    rr_run_info_init(&info);
    memset(&block, 0, sizeof block);
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        int has = i + 1 < argc;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(a, "--verbose") == 0) {
            verbose = 1;
        } else if (strcmp(a, "--no-keys") == 0) {
            no_keys = 1;
        } else if (has && strcmp(a, "--rom") == 0) {
            rom = argv[++i];
        } else if (has && strcmp(a, "--pif") == 0) {
            pif = argv[++i];
        } else if (has && strcmp(a, "--json") == 0) {
            json = argv[++i];
        } else if (has && strcmp(a, "--shots") == 0) {
            shots = argv[++i];
        } else if (has && strcmp(a, "--cen64") == 0) {
            cen64_given = argv[++i];
        } else if (has && (strcmp(a, "--timeout") == 0 || strcmp(a, "--passes") == 0)) {
            char *end;
            unsigned long v = strtoul(argv[++i], &end, 10);
            if (*end || v == 0 || argv[i][0] == '-') {
                fprintf(stderr, PROG ": %s needs a positive number\n", a);
                return 2;
            }
            *(strcmp(a, "--timeout") == 0 ? &timeout_s : &want_passes) = v;
        } else if (rr_run_info_option(&info, argc, argv, &i)) {
            continue;
        } else {
            fprintf(stderr, PROG ": unknown or incomplete option %s\n", a);
            usage(stderr);
            return 2;
        }
    }
    if (!rom || !pif) {
        fprintf(stderr, PROG ": --rom and --pif are needed\n");
        usage(stderr);
        return 2;
    }
    if (!n64) {
        fprintf(stderr, PROG ": tools/retro-run/platforms.c has no n64 row\n");
        return 1;
    }
    /* the tools first: a machine without them skips, naming the package */
    if (find_tool(&t_cen64, cen64_given) != 0 || find_tool(&t_xvfb, NULL) != 0 ||
        find_tool(&t_xdotool, NULL) != 0 || find_tool(&t_stdbuf, NULL) != 0) {
        const tool *m = !t_cen64.path[0] ? &t_cen64 : !t_xvfb.path[0] ? &t_xvfb
                      : !t_xdotool.path[0] ? &t_xdotool : &t_stdbuf;
        fprintf(stderr, PROG ": skipped: %s not found (Debian package %s)\n",
                m == &t_cen64 && cen64_given ? cen64_given : m->name, m->package);
        return EXIT_SKIP;
    }
    if (check_rom(rom) != 0)
        return 1;
    if (access(pif, R_OK) != 0) {
        fprintf(stderr, PROG ": cannot read the PIF boot program %s (make build/roms/n64-pif.bin builds it)\n",
                pif);
        return 1;
    }
    if (shots && mkdirs(shots) != 0) {
        fprintf(stderr, PROG ": cannot create %s: %s\n", shots, strerror(errno));
        return 1;
    }
    if (isv_reader_init(&rd, PROG, shots) != 0) {
        fprintf(stderr, PROG ": out of memory\n");
        return 1;
    }
    signal(SIGPIPE, SIG_IGN);
    started = now_s();
    xvfb = start_xvfb();
    if (xvfb < 0)
        goto out;
    emu = start_cen64(pif, rom, &out);
    if (emu < 0) {
        fprintf(stderr, PROG ": cannot start cen64\n");
        goto out;
    }

    /* read what cen64 prints; press keys; stop on the end, or the watchdog */
    while (!done) {
        struct pollfd p = { out, POLLIN, 0 };
        double t = now_s();
        int waiting_for_start = rd.run_started == 0 && rd.passes_sent == 0 && rd.mirror_used == 0;
        if (t - started >= (double)timeout_s) {
            timed_out = 1;
            break;
        }
        /* which key the ROM needs now: A until a pass starts; after that,
         * on each wait for a button, B until the next pass starts */
        if (no_keys)
            key = NULL;
        else if (waiting_for_start)
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
        if (poll(&p, 1, 20) <= 0)
            continue;
        {
            char buf[65536];
            ssize_t n = read(out, buf, sizeof buf), k;
            if (n <= 0) {
                eof = 1;
                break;
            }
            for (k = 0; k < n && !done; k++) {
                if (buf[k] != '\n') {
                    if (line_len < sizeof line - 1)
                        line[line_len++] = buf[k];
                    continue;
                }
                line[line_len] = 0;
                line_len = 0;
                if (!isv_reader_line(&rd, line)) {
                    /* cen64's own messages: kept for a failure's report */
                    snprintf(tail[n_tail++ % 4], sizeof tail[0], "%.150s", line);
                    if (verbose)
                        fprintf(stderr, "cen64: %s\n", line);
                }
                if (rd.ended || (rd.waiting && rd.run_started == rd.passes_sent && rd.passes_sent >= want_passes))
                    done = 1;
            }
        }
    }
    if (key_down)
        key_event("keyup", key_down == 1 ? "x" : "c");
    stop_child(emu);
    emu = -1;
    isv_reader_flush(&rd);

    if (timed_out) {
        if (rd.run_started == 0 && rd.passes_sent == 0 && rd.mirror_used == 0)
            fprintf(stderr, PROG ": timed out after %lu s: the ROM never started a pass (%u presses of A%s); "
                    "%s\n", timeout_s, presses, no_keys ? ", --no-keys" : "",
                    rd.lines ? "it did write to the IS-Viewer port" : "nothing came through the IS-Viewer port");
        else
            fprintf(stderr, PROG ": timed out after %lu s: the ROM sent %u complete pass%s of %lu and %s\n",
                    timeout_s, rd.passes_sent, rd.passes_sent == 1 ? "" : "es", want_passes,
                    rd.ended ? "its end marker" : "no end marker");
        goto out;
    }
    if (eof) {
        unsigned k;
        fprintf(stderr, PROG ": cen64 exited before the ROM was done; its last words:\n");
        for (k = n_tail > 4 ? n_tail - 4 : 0; k < n_tail; k++)
            fprintf(stderr, "  %s\n", tail[k % 4]);
        goto out;
    }
    if (rd.bad_line || rd.shot_failed) {
        fprintf(stderr, PROG ": some of what the ROM sent could not be read (above)\n");
        goto out;
    }
    if (isv_reader_block(&rd, &block, n64->id) != 0)
        goto out;
    /* the ROM's header says how many cycles it takes a tick for (1: the
     * mupen64plus convention); in cen64 a tick is two cycles, as on the console */
    block.cycles_per_tick = CYCLES_PER_TICK;
    pf = *n64;
    pf.timing_fidelity = "cycle-modelled";
    pf.timer_name = "COP0 Count (cen64: one tick per two CPU cycles, as on the console)";
    emulator_name(emulator, sizeof emulator);
    info.emulator = emulator;
    info.passes = rd.passes_sent;
    info.timing_note = "cycles from cen64's model of the VR4300 (pipeline interlocks, 16 KB direct-mapped "
                       "instruction cache, 8 KB data cache, RDRAM latency): COUNT ticks x 2 at 93.75 MHz; "
                       "cen64 is cycle-modelled, not verified cycle-exact against hardware";
    rc = json ? rr_results_write_file(json, &block, &pf, &info, PROG) : 0;
    fprintf(stderr, PROG ": %s: %u passes, %zu entries, %d screenshots, %u key presses; cen64 stopped after "
            "the ROM was done (%.1f s)\n", rom, rd.passes_sent, block.n_entries, rd.shots_written, presses,
            now_s() - started);
out:
    if (out >= 0)
        close(out);
    stop_child(emu);
    stop_child(xvfb);
    rr_block_free(&block);
    isv_reader_free(&rd);
    return rc;
}

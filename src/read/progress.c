/* The reader's progress bar on standard error (hashbench sum's).
 *
 * Automatic mode draws only on a terminal, and only once an input has
 * taken AUTO_DELAY seconds: small files never flash a bar, and a slow
 * pipe gets one as surely as a large file.  The line is redrawn at most
 * every REDRAW seconds with a carriage return and erased at the end, so
 * that the terminal keeps only the messages.  Forced (--progress), it is
 * drawn from the first byte and, off a terminal, left with a newline. */
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>
#include "read/progress.h"

#define AUTO_DELAY 0.5
#define REDRAW 0.1
#define BAR_MAX 20
/* the widest the part after the name gets ("  [bar] 100%  999.9 MB / 999.9 MB  999.9 MB/s"):
 * the name is cut to the same length at every redraw */
#define TAIL_MAX (BAR_MAX + 44)

double hb_progress_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

void hb_progress_init(hb_progress *p, hb_progress_mode mode, hb_progress_name_fn shown_name)
{
    memset(p, 0, sizeof *p);
    p->mode = mode;
    p->shown_name = shown_name;
    p->tty = isatty(2);
}

void hb_progress_begin(hb_progress *p, const char *name, int64_t total)
{
    p->name = name;
    p->total = total;
    p->start = p->last = hb_progress_now();
    p->shown = 0;
    p->width = 0;
    if (p->mode == HB_PROGRESS_ON)
        hb_progress_update(p, 0);
}

static int columns(void)
{
    struct winsize ws;
    if (ioctl(2, TIOCGWINSZ, &ws) == 0 && ws.ws_col >= 40)
        return ws.ws_col;
    return 80;
}

/* "1.23 GB" style, decimal units as the rate */
static void human(char *out, size_t n, double bytes)
{
    static const char *const units[] = { "B", "kB", "MB", "GB", "TB", "PB" };
    unsigned u = 0;
    while (bytes >= 1000 && u + 1 < sizeof units / sizeof units[0]) {
        bytes /= 1000;
        u++;
    }
    snprintf(out, n, u ? "%.1f %s" : "%.0f %s", bytes, units[u]);
}

static void draw(hb_progress *p, uint64_t done, double now)
{
    char line[512], size[32], rate[32], total[32];
    double secs = now - p->start;
    int len, name_room, i;
    const char *shown = p->shown_name ? p->shown_name(p->name) : p->name;
    size_t nlen = strlen(shown);

    human(size, sizeof size, (double)done);
    human(rate, sizeof rate, secs > 0 ? (double)done / secs : 0);
    if (p->total > 0) {
        double frac = (double)done / (double)p->total;
        char bar[BAR_MAX + 1];
        int fill = (int)(frac * BAR_MAX + 0.5);
        if (frac > 1)
            frac = 1, fill = BAR_MAX;
        for (i = 0; i < BAR_MAX; i++)
            bar[i] = i < fill ? '#' : '.';
        bar[BAR_MAX] = 0;
        human(total, sizeof total, (double)p->total);
        len = snprintf(line, sizeof line, "  [%s] %3.0f%%  %s / %s  %s/s", bar, frac * 100, size, total, rate);
    } else {
        len = snprintf(line, sizeof line, "  %s  %s/s", size, rate);
    }
    if (len < 0 || len >= (int)sizeof line)
        return;
    /* the name first, shown as every message shows it (shown_name: a
     * crafted name cannot move the cursor), on a terminal cut from the
     * left to what fits (a log file has room for all of it), never inside
     * a UTF-8 character */
    name_room = p->tty ? columns() - 1 - TAIL_MAX : (int)nlen;
    if (name_room < 12)
        name_room = 12;
    fputc('\r', stderr);
    if ((int)nlen > name_room) {
        fputs("...", stderr);
        i = (int)nlen - (name_room - 3);
        while (((unsigned char)shown[i] & 0xc0) == 0x80)
            i++;
    } else {
        i = 0;
    }
    fputs(shown + i, stderr);
    fputs(line, stderr);
    len += (int)(nlen > (size_t)name_room ? (size_t)name_room : nlen);
    /* blank what a longer earlier line left */
    for (i = len; i < p->width; i++)
        fputc(' ', stderr);
    p->width = len;
    fflush(stderr);
    p->shown = 1;
    p->last = now;
}

void hb_progress_update(hb_progress *p, uint64_t done)
{
    double now;
    if (p->mode == HB_PROGRESS_OFF || (p->mode == HB_PROGRESS_AUTO && !p->tty))
        return;
    now = hb_progress_now();
    if (p->shown ? now - p->last < REDRAW
                 : p->mode == HB_PROGRESS_AUTO && now - p->start < AUTO_DELAY)
        return;
    draw(p, done, now);
}

void hb_progress_end(hb_progress *p, uint64_t done)
{
    int i;
    if (p->mode == HB_PROGRESS_ON)
        draw(p, done, hb_progress_now());
    if (!p->shown)
        return;
    if (p->tty) {
        fputc('\r', stderr);
        for (i = 0; i < p->width; i++)
            fputc(' ', stderr);
        fputc('\r', stderr);
    } else {
        fputc('\n', stderr);
    }
    fflush(stderr);
    p->shown = 0;
    p->width = 0;
}

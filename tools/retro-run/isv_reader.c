/* Reading the N64 ROM's IS-Viewer lines (isv_reader.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "isv_reader.h"
#include "png.h"

#define MIRROR_BYTES (1u << 20)       /* the host's copy of the results block */
#define MAX_SHOT_PIXELS (640u * 480u)

int isv_reader_init(isv_reader *r, const char *prog, const char *shots_dir)
{
    memset(r, 0, sizeof *r);
    r->prog = prog;
    r->shots_dir = shots_dir;
    r->mirror = calloc(1, MIRROR_BYTES);
    r->shot_px = calloc(MAX_SHOT_PIXELS, sizeof *r->shot_px);
    return r->mirror && r->shot_px ? 0 : -1;
}

void isv_reader_free(isv_reader *r)
{
    free(r->mirror);
    free(r->shot_px);
    r->mirror = NULL;
    r->shot_px = NULL;
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

/* hex digits up to the end of the line -> bytes; the byte count, or -1 */
static long unhex(const char *s, uint8_t *out, size_t max)
{
    size_t n = 0;
    while (s[0] && s[0] != '\n' && s[0] != '\r') {
        int hi = hexval(s[0]), lo = hi < 0 ? -1 : hexval(s[1]);
        if (lo < 0 || n == max)
            return -1;
        out[n++] = (uint8_t)(hi << 4 | lo);
        s += 2;
    }
    return (long)n;
}

void isv_reader_flush(isv_reader *r)
{
    char path[700];
    uint8_t *rgb;
    unsigned i;
    if (!r->shot_name[0])
        return;
    if (r->shot_pixels_seen != (unsigned long)r->shot_w * r->shot_h) {
        fprintf(stderr, "%s: screenshot %s: %lu of %u pixels arrived\n", r->prog, r->shot_name,
                r->shot_pixels_seen, r->shot_w * r->shot_h);
        r->shot_failed = 1;
    } else if (r->shots_dir && r->shots_dir[0]) {
        rgb = malloc((size_t)r->shot_w * r->shot_h * 3);
        if (!rgb) {
            r->shot_failed = 1;
            return;
        }
        /* RGBA 5551 -> RGB 888, each 5-bit channel scaled to 0..255 */
        for (i = 0; i < r->shot_w * r->shot_h; i++) {
            unsigned p = r->shot_px[i];
            rgb[3 * i] = (uint8_t)(((p >> 11) & 31u) * 255u / 31u);
            rgb[3 * i + 1] = (uint8_t)(((p >> 6) & 31u) * 255u / 31u);
            rgb[3 * i + 2] = (uint8_t)(((p >> 1) & 31u) * 255u / 31u);
        }
        snprintf(path, sizeof path, "%s/%s%s%s.png", r->shots_dir, r->shot_name, r->tag ? "-" : "",
                 r->tag ? r->tag : "");
        if (rr_png_write(path, rgb, r->shot_w, r->shot_h) != 0)
            r->shot_failed = 1;
        else {
            r->shots_written++;
            r->final_written |= strcmp(r->shot_name, "final") == 0;
            snprintf(r->last_shot, sizeof r->last_shot, "%s", r->shot_name);
        }
        free(rgb);
    }
    r->shot_name[0] = 0;
}

void isv_reader_final(isv_reader *r)
{
    isv_reader_flush(r);
    if (r->last_shot[0] && !r->final_written) {
        /* the pixels of the last screenshot are still in shot_px */
        snprintf(r->shot_name, sizeof r->shot_name, "final");
        r->shot_pixels_seen = (unsigned long)r->shot_w * r->shot_h;
        isv_reader_flush(r);
    }
}

static void start_shot(isv_reader *r, const char *s)
{
    size_t i;
    isv_reader_flush(r);
    for (i = 0; s[i] && s[i] != '\n' && s[i] != '\r' && i < sizeof r->shot_name - 1; i++) {
        char ch = s[i];
        if (!((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '-'))
            break;
        r->shot_name[i] = ch;
    }
    r->shot_name[i] = 0;
    if (s[i] && s[i] != '\n' && s[i] != '\r') {
        fprintf(stderr, "%s: bad screenshot name in: %.60s\n", r->prog, s);
        r->shot_name[0] = 0;
        r->bad_line = 1;
    }
    r->shot_w = r->shot_h = 0;
    r->shot_pixels_seen = 0;
}

static void shot_pixels(isv_reader *r, const char *l, unsigned long w, unsigned long h, unsigned long y,
                        unsigned long x, const char *hex)
{
    uint8_t px[512];
    long got = unhex(hex, px, sizeof px), i;
    if (!r->shot_name[0] || got < 0 || got % 2 || w * h > MAX_SHOT_PIXELS ||
        (r->shot_w && (w != r->shot_w || h != r->shot_h)) || y >= h || x + (unsigned long)got / 2 > w) {
        fprintf(stderr, "%s: a framebuffer line does not parse: %.60s\n", r->prog, l);
        r->bad_line = 1;
        return;
    }
    if (!r->shot_w) {
        r->shot_w = (unsigned)w;
        r->shot_h = (unsigned)h;
    }
    for (i = 0; i < got / 2; i++)
        r->shot_px[y * w + x + (unsigned long)i] = (uint16_t)(px[2 * i] << 8 | px[2 * i + 1]);
    r->shot_pixels_seen += (unsigned long)got / 2;
}

isv_kind isv_reader_line(isv_reader *r, const char *l)
{
    unsigned long a, b, c, d;
    int n = 0;
    if (strncmp(l, "HB ", 3) != 0)
        return ISV_OTHER;
    r->lines++;
    r->waiting = strncmp(l, "HB KEYS", 7) == 0;
    if (sscanf(l, "HB AT %8lx%n", &a, &n) == 1 && n) {
        r->block_address = a;
        return ISV_AT;
    }
    if (sscanf(l, "HB BLK %8lx %n", &a, &n) == 1 && n) {
        long got;
        if (a >= MIRROR_BYTES || (got = unhex(l + n, r->mirror + a, MIRROR_BYTES - a)) < 0) {
            fprintf(stderr, "%s: a block line does not parse: %.60s\n", r->prog, l);
            r->bad_line = 1;
        } else if (a + (size_t)got > r->mirror_used) {
            r->mirror_used = a + (size_t)got;
        }
        return ISV_BLK;
    }
    if (sscanf(l, "HB PASS %4lx", &a) == 1) {
        r->passes_sent = (unsigned)a;
        return ISV_PASS;
    }
    /* a pass starting or a wait for a button: the screen before is complete */
    if (sscanf(l, "HB RUN %4lx", &a) == 1) {
        isv_reader_flush(r);
        r->run_started = (unsigned)a;
        return ISV_RUN;
    }
    if (strncmp(l, "HB KEYS", 7) == 0) {
        isv_reader_flush(r);
        r->keys_waits++;
        return ISV_KEYS;
    }
    if (strncmp(l, "HB SHOT ", 8) == 0) {
        start_shot(r, l + 8);
        return ISV_SHOT;
    }
    if (sscanf(l, "HB FB %4lx %4lx %4lx %4lx %n", &a, &b, &c, &d, &n) == 4 && n) {
        shot_pixels(r, l, a, b, c, d, l + n);
        return ISV_FB;
    }
    if (strncmp(l, "HB TIMER", 8) == 0) {
        const char *q = l + 8;
        unsigned i;
        for (i = 0; i < ISV_TIMER_VALUES; i++) {
            if (sscanf(q, " %8lx%n", &a, &n) != 1) {
                fprintf(stderr, "%s: the timer line does not parse: %.80s\n", r->prog, l);
                r->bad_line = 1;
                return ISV_UNKNOWN;
            }
            r->timer[i] = (uint32_t)a;
            q += n;
        }
        r->timer_seen = 1;
        return ISV_TIMER;
    }
    if (strncmp(l, "HB END", 6) == 0) {
        isv_reader_flush(r);
        r->ended = 1;
        return ISV_END;
    }
    fprintf(stderr, "%s: unknown line from the ROM: %.60s\n", r->prog, l);
    r->bad_line = 1;
    return ISV_UNKNOWN;
}

unsigned isv_reader_region(const isv_reader *r, rr_region *out, unsigned max)
{
    /* the block as the ROM left it, found by its magic and drained like a
     * ring; the slots the ROM never wrote are zero there as here */
    if (max == 0)
        return 0;
    memset(out, 0, sizeof *out);
    out->start = r->block_address;
    out->len = MIRROR_BYTES;
    out->ptr = r->mirror;
    snprintf(out->name, sizeof out->name, "RDRAM (IS-Viewer copy)");
    return 1;
}

int isv_reader_complete(const isv_reader *r, const rr_block *b)
{
    if (b->state != 2 || b->pass != r->passes_sent || r->passes_sent == 0) {
        fprintf(stderr, "%s: the block is not complete (state %u, pass %u, %u passes sent)\n", r->prog, b->state,
                b->pass, r->passes_sent);
        return 1;
    }
    return 0;
}

static const char *timer_kind(uint32_t k)
{
    return k == 0 ? "cycle-timed" : k == 1 ? "instruction-count" : "unknown";
}

static const char *tv_name(uint32_t t)
{
    return t == 0 ? "PAL" : t == 1 ? "NTSC" : t == 2 ? "MPAL" : "unknown";
}

int isv_reader_timer_json(const isv_reader *r, char *buf, size_t len)
{
    const uint32_t *t = r->timer;
    double per_field, fields = t[ISV_TIMER_FIELDS] ? t[ISV_TIMER_FIELDS] : 1;
    int n;
    if (!r->timer_seen) {
        buf[0] = 0;
        return 0;
    }
    per_field = t[ISV_TIMER_FIELD_TICKS] / fields;
    n = snprintf(buf, len,
                 "\"timer_detection\": {\"found\": \"%s\", \"cycles_per_tick\": %u, \"tv\": \"%s\", "
                 "\"fields\": %u, \"field_hz\": %.3f, \"ticks_over_fields\": %u, \"ticks_per_field\": %.1f, "
                 "\"count_hz\": %.0f, \"loop_instructions\": %u, \"loop_ticks\": %u, "
                 "\"source\": \"the ROM's start-up measurement (platforms/n64/n64_timer.h)\"}",
                 timer_kind(t[ISV_TIMER_KIND]), (unsigned)t[ISV_TIMER_CYCLES_PER_TICK], tv_name(t[ISV_TIMER_TV]),
                 (unsigned)t[ISV_TIMER_FIELDS], t[ISV_TIMER_FIELD_MHZ] / 1000.0,
                 (unsigned)t[ISV_TIMER_FIELD_TICKS], per_field, per_field * t[ISV_TIMER_FIELD_MHZ] / 1000.0,
                 (unsigned)t[ISV_TIMER_LOOP_INSTRUCTIONS], (unsigned)t[ISV_TIMER_LOOP_TICKS]);
    return n < 0 || (size_t)n >= len ? -1 : 0;
}

int isv_reader_timer_text(const isv_reader *r, char *buf, size_t len)
{
    const uint32_t *t = r->timer;
    double fields = t[ISV_TIMER_FIELDS] ? t[ISV_TIMER_FIELDS] : 1;
    int n;
    if (!r->timer_seen) {
        buf[0] = 0;
        return 0;
    }
    n = snprintf(buf, len, "the ROM found COUNT %s (%u cycles a tick): %.1f ticks a field over %u %s fields "
                 "(%.3f MHz), %u ticks for a %u-instruction loop",
                 timer_kind(t[ISV_TIMER_KIND]), (unsigned)t[ISV_TIMER_CYCLES_PER_TICK],
                 t[ISV_TIMER_FIELD_TICKS] / fields, (unsigned)t[ISV_TIMER_FIELDS], tv_name(t[ISV_TIMER_TV]),
                 t[ISV_TIMER_FIELD_TICKS] / fields * t[ISV_TIMER_FIELD_MHZ] / 1e9,
                 (unsigned)t[ISV_TIMER_LOOP_TICKS], (unsigned)t[ISV_TIMER_LOOP_INSTRUCTIONS]);
    return n < 0 || (size_t)n >= len ? -1 : 0;
}

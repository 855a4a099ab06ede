/* The banner, the progress screen and the results table (n64_ui.h).
 * Integer arithmetic only: the image has no floating point and no 64-bit
 * division helpers (no o32 libgcc here); hbt_table.c works out the rates
 * in 32-bit steps. */
#include <string.h>
#include "n64_ui.h"
#include "hbt_banner.h"
#include "hbt_sort.h"
#include "hbt_table.h"
#include "hbt_text.h"
#include "n64_isv.h"
#include "n64_pad.h"
#include "n64_screen.h"
#include "n64_timer.h"

#define HALF 20              /* rows a page: 40 algorithms on two pages, in both views */
#define FIRST_ROW 3
#define PAGES 2
#define HEAD_SHOWN 4         /* digest bytes shown, as the original: H0..H3 */
#define KEYS (PAD_A | PAD_B | PAD_Z | PAD_START | PAD_UP | PAD_DOWN | PAD_L | PAD_R)

/* what the table shows is kept by hbt_table.c (two builds: hbt_platform.h) */
static const hbt_build *ui_builds;
static unsigned ui_n_builds, n_algos;
static unsigned view_build, view_sort, view_sweep, view_page;
static unsigned char order[HBT_TABLE_ALGOS];
/* ticks of each 1024-byte entry, for the microseconds per iteration */
static uint32_t ticks1024[HBT_TABLE_BUILDS][HBT_TABLE_ALGOS][HBT_MAX_IMPLS];

/* kB/s (1000 bytes/s) x10 at the nominal clock; 0 when not run */
static uint32_t rate10(unsigned b, unsigned a, unsigned j, unsigned s)
{
    return hbt_table_bytes_per_s(b, a, j, s) / 100u;
}

static void put_str(char *line, unsigned col, const char *s)
{
    hbt_put_str(line, TEXT_COLS, col, s);
}

static void blank(char *line)
{
    hbt_blank(line, TEXT_COLS);
}

/* fastest first; a row with no figure (not run: 0) goes below every
 * measured one */
static int before(unsigned x, unsigned y)
{
    if (view_sort == HBT_SORT_SPEED)
        return rate10(view_build, x, hbt_table_best(x), 2) > rate10(view_build, y, hbt_table_best(y), 2);
    return hbt_name_before(hb_algo_at(x)->id, hb_algo_at(y)->id);
}

/* the digest's first bytes, as many as it has up to four ("DD" for
 * CRC-8, "F009" for CRC-16) */
static void put_digest(char *line, unsigned col, unsigned b, unsigned a, unsigned j)
{
    unsigned n = hb_algo_at(a)->digest_size;
    hbt_put_hex(line + col, hbt_table_head(b, a, j), n < HEAD_SHOWN ? n : HEAD_SHOWN);
}

/* the screen out through the IS-Viewer port, numbered and named for what
 * it shows: "07-p2-n32-speed-sweep-page2" (lower case: the runner's file
 * names) */
static void send_screen(unsigned pass)
{
    static unsigned sent;
    char name[48], *q = name;
    const char *s;
    sent++;
    *q++ = (char)('0' + sent / 10u % 10u);
    *q++ = (char)('0' + sent % 10u);
    *q++ = '-';
    *q++ = 'p';
    *q++ = (char)('0' + pass % 10u);
    *q++ = '-';
    for (s = ui_builds[view_build].label; *s; s++)
        *q++ = (char)(*s >= 'A' && *s <= 'Z' ? *s - 'A' + 'a' : *s);
    *q++ = '-';
    for (s = hbt_sort_names[view_sort]; *s; s++)
        *q++ = (char)(*s >= 'A' && *s <= 'Z' ? *s - 'A' + 'a' : *s);
    for (s = view_sweep ? "-sweep" : "-1024"; *s; s++)
        *q++ = *s;
    for (s = view_page ? "-page2" : ""; *s; s++)
        *q++ = *s;
    *q = 0;
    isv_dump_framebuffer(name, screen_fb, SCREEN_W, SCREEN_H);
}

/* the 1024-byte row, as the original's: mark, id, iterations timed,
 * microseconds an iteration, kB/s, the first digest bytes, and which
 * implementation it is (the fast one where the algorithm has one) */
static void put_row(char *line, unsigned b, unsigned a)
{
    static const char marks[3] = { '.', '*', '#' };
    const hb_algo *al = hb_algo_at(a);
    unsigned j = hbt_table_best(a), iters = hbt_table_ran(b, a, j, 2);
    line[0] = marks[al->tier];
    put_str(line, 1, al->id);
    if (!iters) {
        put_str(line, 15, "N/RUN");
        return;
    }
    hbt_fmt_u32(line + 15, iters, 4);
    /* us x 10 = cycles x 10^7 / (clock x iterations), 25 taken out of
     * both (93.75 MHz / 25 divides exactly) so the divisor fits 32 bits */
    hbt_fmt_fixed10(line + 20, hbt_muldiv(ticks1024[b][a][j] * (uint32_t)HBT_CYCLES_PER_TICK, 400000u,
                                          (uint32_t)(HBT_CLOCK_HZ / 25u) * iters), 9);
    hbt_fmt_fixed10(line + 30, rate10(b, a, j, 2), 8);
    put_digest(line, 40, b, a, j);
    put_str(line, 49, j ? "FAST" : "PORT");
}

/* the sweep's row: mark, id, kB/s at 64, 256 and 1024 bytes, digest */
static void put_sweep_row(char *line, unsigned b, unsigned a)
{
    static const char marks[3] = { '.', '*', '#' };
    const hb_algo *al = hb_algo_at(a);
    unsigned j = hbt_table_best(a), s;
    line[0] = marks[al->tier];
    put_str(line, 1, al->id);
    for (s = 0; s < HBT_N_SIZES; s++) {
        if (!hbt_table_ran(b, a, j, s))
            put_str(line, 19 + 9 * s, "N/RUN");
        else
            hbt_fmt_fixed10(line + 16 + 9 * s, rate10(b, a, j, s), 8);
    }
    if (hbt_table_ran(b, a, j, 2))
        put_digest(line, 43, b, a, j);
}

/* the timing found at start-up (n64_timer.h), in a line */
static void put_timer(char *line)
{
    blank(line);
    put_str(line, 0, "TIMER: ");
    if (n64_timer.kind == N64_TIMER_INSTRUCTIONS) {
        put_str(line, 7, "INSTRUCTION COUNT (MUPEN64PLUS)");
        return;
    }
    put_str(line, 7, "COUNT");
    hbt_fmt_fixed10(line + 12, n64_timer.count_khz / 100u, 5);   /* " 46.8": one space after COUNT */
    put_str(line, 18, "MHZ");
    put_str(line, 22, n64_timer.kind == N64_TIMER_CYCLES ? "(CYCLE-TIMED)" : "(UNEXPECTED RATE)");
}

/* the notes that apply to the timing found: what a tick was taken as */
static void draw_timer_notes(unsigned row)
{
    char line[TEXT_COLS + 1];
    put_timer(line);
    screen_text(0, row, line, COLOR_TITLE);
    if (n64_timer.kind == N64_TIMER_INSTRUCTIONS) {
        screen_text(0, row + 1, "A TICK IS ONE INSTRUCTION TAKEN AS ONE CYCLE: NO", COLOR_DIM);
        screen_text(0, row + 2, "CACHE OR STALL MODEL: AN UPPER BOUND ON SPEED", COLOR_DIM);
    } else if (n64_timer.kind == N64_TIMER_CYCLES) {
        screen_text(0, row + 1, "TWO CPU CYCLES A COUNT TICK AT 93.75 MHZ: AS ON", COLOR_DIM);
        screen_text(0, row + 2, "THE CONSOLE (CEN64 MODELS ITS PIPELINE AND CACHES)", COLOR_DIM);
    } else {
        screen_text(0, row + 1, "NEITHER THE CLOCK NOR AN INSTRUCTION COUNT:", COLOR_DIM);
        screen_text(0, row + 2, "FIGURES TAKE TWO CPU CYCLES A TICK", COLOR_DIM);
    }
}

static unsigned find_algo(const char *id)
{
    unsigned a;
    for (a = 0; a < n_algos; a++)
        if (strcmp(hb_algo_at(a)->id, id) == 0)
            return a;
    return n_algos;
}

static void draw_table(void)
{
    char line[TEXT_COLS + 1];
    unsigned r, b = view_build, a256 = find_algo("sha256"), a512 = find_algo("sha512");
    screen_clear();
    blank(line);
    put_str(line, 0, "HASHBENCH N64  VR4300 93.75 MHZ");
    put_str(line, 34, "BUILD ");
    put_str(line, 40, ui_builds[b].label);
    screen_text(0, 0, line, COLOR_TITLE);
    blank(line);
    put_str(line, 0, view_sweep ? "KB/S AT 64/256/1024 B" : "1024 B");
    put_str(line, 34, "SORT ");
    put_str(line, 39, hbt_sort_names[view_sort]);
    line[49] = 'P';
    line[50] = (char)('1' + view_page);
    line[51] = '/';
    line[52] = (char)('0' + PAGES);
    screen_text(0, 1, line, COLOR_DIM);
    blank(line);
    put_str(line, 1, "ALGORITHM");
    if (view_sweep) {
        put_str(line, 22, "64");
        put_str(line, 30, "256");
        put_str(line, 38, "1024");
        put_str(line, 43, "DIGEST");
    } else {
        put_str(line, 15, "ITER");
        put_str(line, 24, "US/IT");
        put_str(line, 34, "KB/S");
        put_str(line, 40, "DIGEST");
        put_str(line, 49, "IMPL");
    }
    screen_text(0, 2, line, COLOR_HEAD);
    for (r = 0; r < HALF; r++) {
        unsigned i = view_page * HALF + r;
        blank(line);
        if (i < n_algos) {
            if (view_sweep)
                put_sweep_row(line, b, order[i]);
            else
                put_row(line, b, order[i]);
        }
        screen_text(0, FIRST_ROW + r, line, COLOR_TEXT);
    }
    if (a256 < n_algos && a512 < n_algos) {
        blank(line);
        put_str(line, 0, "SHA-256");
        hbt_fmt_fixed10(line + 8, rate10(b, a256, hbt_table_best(a256), 2), 7);
        put_str(line, 16, "SHA-512");
        hbt_fmt_fixed10(line + 24, rate10(b, a512, hbt_table_best(a512), 2), 7);
        put_str(line, 32, "KB/S AT 1024 B");
        screen_text(0, FIRST_ROW + HALF, line, COLOR_TITLE);
    }
    screen_text(0, FIRST_ROW + HALF + 1, ". CHECKSUM  * NON-CRYPTO  # CRYPTO  KB = 1000 BYTES", COLOR_DIM);
    draw_timer_notes(FIRST_ROW + HALF + 3);
    screen_text(0, TEXT_ROWS - 1, "A SORT  B/START RERUN  Z SIZES  L/R CODE  UP/DN PAGE", COLOR_KEYS);
}

void ui_init(const hbt_build *builds, unsigned n_builds)
{
    ui_builds = builds;
    ui_n_builds = n_builds < HBT_TABLE_BUILDS ? n_builds : HBT_TABLE_BUILDS;
    n_algos = hb_algo_count() < HBT_TABLE_ALGOS ? hb_algo_count() : HBT_TABLE_ALGOS;
    screen_init();
}

void ui_banner(void)
{
    unsigned r;
    screen_clear();
    for (r = 0; hbt_banner_lines[r]; r++)
        screen_text(0, r, hbt_banner_lines[r],
                    r == 0 ? COLOR_TITLE : r == hbt_banner_prompt_row ? COLOR_KEYS : COLOR_TEXT);
    /* the emulator notes, as the original's banner had them, then what
     * this machine's COUNT was found to be */
    r++;
    screen_text(0, r++, "EMULATOR NOTES", COLOR_HEAD);
    screen_text(0, r++, "CEN64: CYCLE-MODELLED: COUNT AT HALF THE CLOCK AS ON", COLOR_TEXT);
    screen_text(0, r++, "  THE CONSOLE: CYCLES (NOT VERIFIED CYCLE-EXACT)", COLOR_TEXT);
    screen_text(0, r++, "MUPEN64PLUS: COUNT STEPS ONCE AN INSTRUCTION: NO", COLOR_TEXT);
    screen_text(0, r++, "  CACHE OR STALL MODEL: TIMES TOO SHORT", COLOR_TEXT);
    r++;
    draw_timer_notes(r);
    isv_dump_framebuffer("banner", screen_fb, SCREEN_W, SCREEN_H);
    isv_keys();
    hbt_wait_press(pad_read, PAD_A, screen_wait_vblank);
}

void ui_running(unsigned pass)
{
    char line[TEXT_COLS + 1];
    screen_clear();
    screen_text(0, 0, "HASHBENCH N64  VR4300 93.75 MHZ", COLOR_TITLE);
    blank(line);
    put_str(line, 0, "RUNNING PASS");
    hbt_fmt_u32(line + 13, pass, 3);
    screen_text(0, 2, line, COLOR_TEXT);
}

void ui_entry(unsigned algo, unsigned impl, unsigned build, unsigned size_index,
              uint32_t ticks, unsigned iters, const uint8_t *digest)
{
    if (build >= ui_n_builds || !hbt_table_keep(algo, impl, build, size_index, ticks, iters, digest))
        return;
    if (size_index == HBT_N_SIZES - 1)
        ticks1024[build][algo][impl] = ticks;
    if (impl == 0 && size_index == 0) {
        char line[TEXT_COLS + 1];
        blank(line);
        put_str(line, 0, ui_builds[build].label);
        hbt_fmt_u32(line + 11, algo + 1, 2);
        line[13] = '/';
        hbt_fmt_u32(line + 14, n_algos, 2);
        put_str(line, 17, hb_algo_at(algo)->id);
        screen_text(0, 4, line, COLOR_TEXT);
    }
}

void ui_show_until_rerun(unsigned pass)
{
    /* as if every button were held: only a press made while the table is
     * up counts (the press that started this pass is not a command) */
    unsigned prev = KEYS, keys, down;
    int dirty = 1;
    for (;;) {
        if (dirty) {
            hbt_sort_rows(order, n_algos, view_sort == HBT_SORT_CATEGORY ? 0 : before);
            draw_table();
            send_screen(pass);
            isv_keys();
            dirty = 0;
        }
        screen_wait_vblank();
        keys = pad_read();
        down = keys & ~prev & KEYS;
        prev = keys;
        if (down & (PAD_B | PAD_START))
            return;
        if (down & PAD_A) {
            view_sort = (view_sort + 1) % HBT_N_SORTS;
            view_page = 0;
            dirty = 1;
        }
        if (down & PAD_Z) {
            view_sweep = !view_sweep;
            view_page = 0;
            dirty = 1;
        }
        if (down & (PAD_L | PAD_R)) {
            view_build = (view_build + (down & PAD_R ? 1 : ui_n_builds - 1)) % ui_n_builds;
            dirty = 1;
        }
        if (down & (PAD_UP | PAD_DOWN)) {
            view_page = (view_page + 1) % PAGES;
            dirty = 1;
        }
    }
}

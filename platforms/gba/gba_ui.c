/* The results table (gba_ui.h). */
#include "gba_ui.h"
#include "hbt_banner.h"
#include "hbt_sort.h"
#include "hbt_table.h"
#include "hbt_text.h"
#include "gba_screen.h"
#include "gba_regs.h"

#define ROWS_PER_PAGE 16
#define FIRST_ROW 3

/* what the table shows is kept by hbt_table.c (two builds: hbt_platform.h) */
static const hbt_build *ui_builds;
static unsigned ui_n_builds, n_algos;
/* view_impl: the implementation the rows show (0 portable, 1 fast: LEFT/RIGHT) */
static unsigned view_build, view_impl = 1, view_sweep, view_sort, view_page;
static unsigned char order[HBT_TABLE_ALGOS];

static void put_str(char *line, unsigned col, const char *s)
{
    hbt_put_str(line, TEXT_COLS, col, s);
}

/* kB/s (1000 bytes/s) x100 at the nominal clock; 0 when not run */
static uint32_t rate100(unsigned b, unsigned a, unsigned j, unsigned s)
{
    return hbt_table_bytes_per_s(b, a, j, s) / 10u;
}

/* 1 if algorithm a has the implementation the rows show */
static unsigned has_view_impl(unsigned a)
{
    return view_impl < hb_impl_count(hb_algo_at(a));
}

/* the speed sort ranks by the shown implementation's kB/s at 1024 bytes;
 * rows showing "-" (no such implementation) or N/FIT go last (hbt_sort.h) */
static int before(unsigned x, unsigned y)
{
    if (view_sort == HBT_SORT_SPEED) {
        uint32_t fx = has_view_impl(x) ? rate100(view_build, x, view_impl, 2) : 0;
        uint32_t fy = has_view_impl(y) ? rate100(view_build, y, view_impl, 2) : 0;
        return HBT_SPEED_BEFORE(fx, rate100(view_build, x, 0, 2), fy, rate100(view_build, y, 0, 2));
    }
    return hbt_name_before(hb_algo_at(x)->id, hb_algo_at(y)->id);
}

/* 1024-byte view, the original suite's row: mark, algorithm, ITER (calls
 * timed), US/IT (microseconds a call), KB/S, H0..H3 (as many digest bytes
 * as there are, up to four).  Sweep: kB/s at 64, 256 and 1024 bytes and
 * cycles per byte at 1024. */
static void draw_row(unsigned row, unsigned a)
{
    static const char marks[3] = { '.', '*', '#' };
    char line[TEXT_COLS + 1];
    const hb_algo *al = hb_algo_at(a);
    unsigned b = view_build, j = view_impl, s;
    hbt_blank(line, TEXT_COLS);
    line[0] = marks[al->tier];
    put_str(line, 1, al->id);
    if (!has_view_impl(a)) {
        line[view_sweep ? 19 : 30] = '-';   /* no such implementation */
    } else if (!view_sweep) {
        if (!hbt_table_ran(b, a, j, 2)) {
            put_str(line, 26, "N/FIT");
        } else {
            hbt_fmt_u32(line + 14, hbt_table_ran(b, a, j, 2), 3);
            hbt_fmt_fixed10(line + 17, hbt_table_us10(b, a, j, 2), 8);
            hbt_fmt_fixed100(line + 25, rate100(b, a, j, 2), 6);
            hbt_put_digest(line + 32, hbt_table_head(b, a, j), al->digest_size, 4);
        }
    } else {
        for (s = 0; s < HBT_N_SIZES; s++) {
            if (!hbt_table_ran(b, a, j, s))
                put_str(line, 15 + 6 * s, "N/FIT");
            else
                hbt_fmt_fixed100(line + 14 + 6 * s, rate100(b, a, j, s), 6);
        }
        if (hbt_table_ran(b, a, j, 2))
            hbt_fmt_fixed100(line + 33, hbt_table_cpb10(b, a, j, 2) * 10u, 6);
    }
    screen_text(0, row, line, COLOR_TEXT);
}

static void draw_table(void)
{
    char line[TEXT_COLS + 1];
    unsigned pages = (n_algos + ROWS_PER_PAGE - 1) / ROWS_PER_PAGE, r;
    /* every line is drawn full width: no clearing first, so a redraw is
     * quick and never shows a blank screen */
    hbt_blank(line, TEXT_COLS);
    put_str(line, 0, "HASHBENCH GBA");
    put_str(line, 15, ui_builds[view_build].label);
    put_str(line, 25, view_impl ? "FAST" : "PORT");
    put_str(line, 34, "P");
    line[35] = (char)('1' + view_page);
    line[36] = '/';
    line[37] = (char)('0' + pages);
    screen_text(0, 0, line, COLOR_TITLE);
    hbt_blank(line, TEXT_COLS);
    put_str(line, 0, view_sweep ? "KB/S BY SIZE" : "1024 B");
    put_str(line, 20, "SORT ");
    put_str(line, 25, hbt_sort_names[view_sort]);
    screen_text(0, 1, line, COLOR_DIM);
    hbt_blank(line, TEXT_COLS);
    put_str(line, 1, "ALGORITHM");
    if (view_sweep) {
        put_str(line, 18, "64");
        put_str(line, 23, "256");
        put_str(line, 28, "1024");
        put_str(line, 34, "CYC/B");
    } else {
        put_str(line, 13, "ITER");
        put_str(line, 20, "US/IT");
        put_str(line, 27, "KB/S");
        put_str(line, 32, "H0H1H2H3");
    }
    screen_text(0, 2, line, COLOR_HEAD);
    for (r = 0; r < ROWS_PER_PAGE; r++) {
        unsigned i = view_page * ROWS_PER_PAGE + r;
        if (i < n_algos) {
            draw_row(FIRST_ROW + r, order[i]);
        } else {
            hbt_blank(line, TEXT_COLS);
            screen_text(0, FIRST_ROW + r, line, COLOR_TEXT);
        }
    }
    screen_text(0, TEXT_ROWS - 1, "A SORT B RUN SEL SIZE L/R ROM <> IMPL   ", COLOR_KEYS);
}

void ui_init(const hbt_build *builds, unsigned n_builds)
{
    ui_builds = builds;
    ui_n_builds = n_builds < HBT_TABLE_BUILDS ? n_builds : HBT_TABLE_BUILDS;
    n_algos = hb_algo_count() < HBT_TABLE_ALGOS ? hb_algo_count() : HBT_TABLE_ALGOS;
    screen_init();
}

static unsigned read_keys(void)
{
    return ~REG_KEYINPUT & 0x3FFu;
}

void ui_banner(void)
{
    unsigned r;
    screen_clear();
    for (r = 0; hbt_banner_lines[r]; r++)
        screen_text(0, r, hbt_banner_lines[r],
                    r == 0 ? COLOR_TITLE : r == hbt_banner_prompt_row ? COLOR_KEYS : COLOR_TEXT);
    hbt_wait_press(read_keys, KEY_A, screen_wait_vblank);
}

void ui_running(unsigned pass)
{
    char line[TEXT_COLS + 1];
    screen_clear();
    screen_text(0, 0, "HASHBENCH GBA", COLOR_TITLE);
    hbt_blank(line, TEXT_COLS);
    put_str(line, 0, "RUNNING PASS");
    hbt_fmt_u32(line + 13, pass, 3);
    screen_text(0, 2, line, COLOR_TEXT);
    screen_text(0, 3, "CYCLES: TM0+TM1 CASCADE  WAITCNT 4317", COLOR_DIM);
}

void ui_entry(unsigned algo, unsigned impl, unsigned build, unsigned size_index,
              uint32_t ticks, unsigned iters, const uint8_t *digest)
{
    if (!hbt_table_keep(algo, impl, build, size_index, ticks, iters, digest))
        return;
    if (impl == 0 && size_index == 0) {
        char line[TEXT_COLS + 1];
        hbt_blank(line, TEXT_COLS);
        put_str(line, 0, ui_builds[build].label);
        hbt_fmt_u32(line + 11, algo + 1, 2);
        line[13] = '/';
        hbt_fmt_u32(line + 14, n_algos, 2);
        put_str(line, 17, hb_algo_at(algo)->id);
        screen_text(0, 5, line, COLOR_TEXT);
    }
}

void ui_show_until_rerun(void)
{
    unsigned prev = 0x3FFu, keys, down, pages = (n_algos + ROWS_PER_PAGE - 1) / ROWS_PER_PAGE;
    int dirty = 1;
    for (;;) {
        if (dirty) {
            hbt_sort_rows(order, n_algos, view_sort == HBT_SORT_CATEGORY ? 0 : before);
            draw_table();
            dirty = 0;
        }
        screen_wait_vblank();
        keys = read_keys();
        down = keys & ~prev;            /* newly pressed this frame */
        prev = keys;
        if (down & (KEY_B | KEY_START))
            return;
        if (down & KEY_A) {
            view_sort = (view_sort + 1) % HBT_N_SORTS;
            view_page = 0;
            dirty = 1;
        }
        if (down & KEY_SELECT) {
            view_sweep = !view_sweep;
            dirty = 1;
        }
        if (down & (KEY_LEFT | KEY_RIGHT)) {
            view_impl = !view_impl;
            dirty = 1;
        }
        if (down & (KEY_L | KEY_R)) {
            view_build = (view_build + (down & KEY_R ? 1 : ui_n_builds - 1)) % ui_n_builds;
            dirty = 1;
        }
        if (down & (KEY_UP | KEY_DOWN)) {
            view_page = (view_page + (down & KEY_DOWN ? 1 : pages - 1)) % pages;
            dirty = 1;
        }
    }
}

/* The results table (gba_ui.h). */
#include <string.h>
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
static unsigned view_build, view_sweep, view_sort, view_page;
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

static int before(unsigned x, unsigned y)
{
    if (view_sort == HBT_SORT_SPEED)
        return rate100(view_build, x, hbt_table_best(x), 2) > rate100(view_build, y, hbt_table_best(y), 2);
    return hbt_name_before(hb_algo_at(x)->id, hb_algo_at(y)->id);
}

static void draw_row(unsigned row, unsigned a)
{
    static const char marks[3] = { '.', '*', '#' };
    char line[TEXT_COLS + 1];
    const hb_algo *al = hb_algo_at(a);
    unsigned b = view_build, best = hbt_table_best(a), s;
    hbt_blank(line, TEXT_COLS);
    line[0] = marks[al->tier];
    put_str(line, 1, al->id);
    if (!view_sweep) {
        unsigned j;
        for (j = 0; j < 2; j++) {
            if (j >= hb_impl_count(al))
                line[19 + 6 * j] = '-';
            else if (!hbt_table_ran(b, a, j, 2))
                put_str(line, 16 + 6 * j, "N/FIT");
            else
                hbt_fmt_fixed100(line + 15 + 6 * j, rate100(b, a, j, 2), 5);
        }
        if (hbt_table_ran(b, a, best, 2))
            hbt_fmt_fixed100(line + 27, hbt_table_cpb10(b, a, best, 2) * 10u, 6);
    } else {
        for (s = 0; s < HBT_N_SIZES; s++) {
            if (!hbt_table_ran(b, a, best, s))
                put_str(line, 16 + 6 * s, "N/FIT");
            else
                hbt_fmt_fixed100(line + 15 + 6 * s, rate100(b, a, best, s), 5);
        }
    }
    if (hbt_table_ran(b, a, best, 2))
        hbt_put_hex(line + 34, hbt_table_head(b, a, best), 2);
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
    put_str(line, 34, "P");
    line[35] = (char)('1' + view_page);
    line[36] = '/';
    line[37] = (char)('0' + pages);
    screen_text(0, 0, line, COLOR_TITLE);
    memset(line, ' ', TEXT_COLS);
    put_str(line, 0, view_sweep ? "FAST KB/S BY SIZE" : "1024 B  KB/S");
    put_str(line, 20, "SORT ");
    put_str(line, 25, hbt_sort_names[view_sort]);
    screen_text(0, 1, line, COLOR_DIM);
    memset(line, ' ', TEXT_COLS);
    put_str(line, 1, "ALGORITHM");
    if (view_sweep) {
        put_str(line, 18, "64");
        put_str(line, 23, "256");
        put_str(line, 28, "1024");
    } else {
        put_str(line, 16, "PORT");
        put_str(line, 22, "FAST");
        put_str(line, 28, "CYC/B");
    }
    put_str(line, 34, "H0H1");
    screen_text(0, 2, line, COLOR_HEAD);
    for (r = 0; r < ROWS_PER_PAGE; r++) {
        unsigned i = view_page * ROWS_PER_PAGE + r;
        if (i < n_algos) {
            draw_row(FIRST_ROW + r, order[i]);
        } else {
            memset(line, ' ', TEXT_COLS);
            screen_text(0, FIRST_ROW + r, line, COLOR_TEXT);
        }
    }
    screen_text(0, TEXT_ROWS - 1, "A SORT B RERUN SEL SIZES L/R CODE ^ PAGE", COLOR_KEYS);
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
    screen_text(0, 3, "CYCLES: TM0+TM1 CASCADE, WAITCNT 4317", COLOR_DIM);
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

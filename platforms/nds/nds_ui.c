/* The two-screen results table (nds_ui.h).
 *
 * Top screen, as the original suite's row: tier mark, algorithm, ITER (calls
 * timed), US/IT (microseconds a call), kB/s of the fast implementation at
 * 1024 bytes (portable where there is none), the first digest bytes (as
 * many as the digest has, up to four).  Bottom screen, the same rows: portable and fast kB/s and the
 * cycles per byte (details), or the fast code's kB/s at 64, 256 and 1024
 * bytes (sweep). */
#include "nds_ui.h"
#include "hbt_banner.h"
#include "hbt_sort.h"
#include "hbt_table.h"
#include "hbt_text.h"
#include "nds_screen.h"
#include "nds_regs.h"

#define ROWS_PER_PAGE 20
#define FIRST_ROW 3

/* what the table shows is kept by hbt_table.c (one build, four digest
 * bytes: hbt_platform.h) */
static unsigned n_algos;
static unsigned view_sweep, view_sort, view_page;
static unsigned char order[HBT_TABLE_ALGOS];

static void blank(char *line)
{
    hbt_blank(line, TEXT_COLS);
}

static void put_str(char *line, unsigned col, const char *s)
{
    hbt_put_str(line, TEXT_COLS, col, s);
}

/* kB/s (1000 bytes/s) x100 at the nominal clock; 0 when not run */
static uint32_t rate100(unsigned a, unsigned j, unsigned s)
{
    return hbt_table_bytes_per_s(0, a, j, s) / 10u;
}

/* the speed sort ranks by the top screen's KB/S column (every algorithm
 * has a figure there: fast, else portable); N/FIT rows go last */
static int before(unsigned x, unsigned y)
{
    if (view_sort == HBT_SORT_SPEED) {
        uint32_t fx = rate100(x, hbt_table_best(x), 2), fy = rate100(y, hbt_table_best(y), 2);
        return HBT_SPEED_BEFORE(fx, rate100(x, 0, 2), fy, rate100(y, 0, 2));
    }
    return hbt_name_before(hb_algo_at(x)->id, hb_algo_at(y)->id);
}

/* "P1/2" at the right end of a title line */
static void put_page(char *line)
{
    unsigned pages = (n_algos + ROWS_PER_PAGE - 1) / ROWS_PER_PAGE;
    line[TEXT_COLS - 4] = 'P';
    line[TEXT_COLS - 3] = (char)('1' + view_page);
    line[TEXT_COLS - 2] = '/';
    line[TEXT_COLS - 1] = (char)('0' + pages);
}

/* top: mark, algorithm, ITER, US/IT, fast kB/s at 1024, H0..H3 */
static void draw_top_row(screen_fb fb, unsigned row, unsigned a)
{
    static const char marks[3] = { '.', '*', '#' };
    char line[TEXT_COLS + 1];
    const hb_algo *al = hb_algo_at(a);
    unsigned best = hbt_table_best(a);
    blank(line);
    line[0] = marks[al->tier];
    put_str(line, 1, al->id);
    if (!hbt_table_ran(0, a, best, 2)) {
        put_str(line, 27, "N/FIT");
    } else {
        hbt_fmt_u32(line + 14, hbt_table_ran(0, a, best, 2), 3);
        hbt_fmt_fixed10(line + 17, hbt_table_us10(0, a, best, 2), 8);
        hbt_fmt_fixed100(line + 25, rate100(a, best, 2), 7);
        hbt_put_digest(line + 33, hbt_table_head(0, a, best), al->digest_size, 4);
    }
    screen_text(fb, 0, row, line, COLOR_TEXT);
}

/* bottom: portable and fast kB/s and cycles per byte at 1024, or the fast
 * code's kB/s at each size */
static void draw_bottom_row(screen_fb fb, unsigned row, unsigned a)
{
    char line[TEXT_COLS + 1];
    const hb_algo *al = hb_algo_at(a);
    unsigned best = hbt_table_best(a), j, s;
    blank(line);
    put_str(line, 1, al->id);
    if (!view_sweep) {
        for (j = 0; j < 2; j++) {
            if (j >= hb_impl_count(al))
                line[21 + 8 * j] = '-';
            else if (!hbt_table_ran(0, a, j, 2))
                put_str(line, 17 + 8 * j, "N/FIT");
            else
                hbt_fmt_fixed100(line + 15 + 8 * j, rate100(a, j, 2), 7);
        }
        if (hbt_table_ran(0, a, best, 2))
            hbt_fmt_fixed100(line + 33, hbt_table_cpb10(0, a, best, 2) * 10u, 7);
    } else {
        for (s = 0; s < HBT_N_SIZES; s++) {
            if (!hbt_table_ran(0, a, best, s))
                put_str(line, 17 + 8 * s, "N/FIT");
            else
                hbt_fmt_fixed100(line + 15 + 8 * s, rate100(a, best, s), 7);
        }
    }
    screen_text(fb, 0, row, line, COLOR_TEXT);
}

static void draw_top(void)
{
    char line[TEXT_COLS + 1];
    screen_fb fb = screen_top_back();
    unsigned r;
    /* the hidden buffer holds the picture of two flips ago: draw it whole */
    screen_fill(fb, COLOR_BG);
    blank(line);
    put_str(line, 0, "HASHBENCH DS  ARM946E-S 67.03 MHZ");
    put_page(line);
    screen_text(fb, 0, 0, line, COLOR_TITLE);
    blank(line);
    put_str(line, 0, "1024 B  FAST KB/S");
    put_str(line, 20, "SORT ");
    put_str(line, 25, hbt_sort_names[view_sort]);
    screen_text(fb, 0, 1, line, COLOR_DIM);
    blank(line);
    put_str(line, 1, "ALGORITHM");
    put_str(line, 13, "ITER");
    put_str(line, 20, "US/IT");
    put_str(line, 28, "KB/S");
    put_str(line, 33, "H0H1H2H3");
    screen_text(fb, 0, 2, line, COLOR_HEAD);
    for (r = 0; r < ROWS_PER_PAGE; r++) {
        unsigned i = view_page * ROWS_PER_PAGE + r;
        if (i < n_algos)
            draw_top_row(fb, FIRST_ROW + r, order[i]);
    }
    screen_text(fb, 0, TEXT_ROWS - 1, "A SORT  B RERUN  SEL SIZES  UP/DOWN PAGE", COLOR_KEYS);
    screen_top_flip();
}

static void draw_bottom(void)
{
    char line[TEXT_COLS + 1];
    screen_fb fb = screen_bottom();
    unsigned r;
    /* single-buffered: every line is drawn full width, no clearing first,
     * so a redraw never shows a blank screen */
    blank(line);
    put_str(line, 0, view_sweep ? "SIZE SWEEP: FAST KB/S" : "DETAILS: 1024 B");
    put_page(line);
    screen_text(fb, 0, 0, line, COLOR_TITLE);
    blank(line);
    put_str(line, 0, view_sweep ? "BY MESSAGE SIZE AT 67.03 MHZ" : "KB/S AT 67.03 MHZ  CYCLES PER BYTE");
    screen_text(fb, 0, 1, line, COLOR_DIM);
    blank(line);
    put_str(line, 1, "ALGORITHM");
    if (view_sweep) {
        put_str(line, 20, "64");
        put_str(line, 27, "256");
        put_str(line, 34, "1024");
    } else {
        put_str(line, 18, "PORT");
        put_str(line, 26, "FAST");
        put_str(line, 35, "CYC/B");
    }
    screen_text(fb, 0, 2, line, COLOR_HEAD);
    for (r = 0; r < ROWS_PER_PAGE; r++) {
        unsigned i = view_page * ROWS_PER_PAGE + r;
        if (i < n_algos) {
            draw_bottom_row(fb, FIRST_ROW + r, order[i]);
        } else {
            blank(line);
            screen_text(fb, 0, FIRST_ROW + r, line, COLOR_TEXT);
        }
    }
    blank(line);
    put_str(line, 0, "TIMER TM0+TM1 33.51 MHZ = 2 CPU CYCLES");
    screen_text(fb, 0, TEXT_ROWS - 1, line, COLOR_DIM);
}

void ui_init(void)
{
    n_algos = hb_algo_count() < HBT_TABLE_ALGOS ? hb_algo_count() : HBT_TABLE_ALGOS;
    screen_init();
}

static unsigned read_keys(void)
{
    return ~REG_KEYINPUT & 0x3FFu;
}

void ui_banner(void)
{
    screen_fb fb = screen_top_back();
    unsigned r;
    screen_fill(fb, COLOR_BG);
    for (r = 0; hbt_banner_lines[r]; r++)
        screen_text(fb, 0, r, hbt_banner_lines[r],
                    r == 0 ? COLOR_TITLE : r == hbt_banner_prompt_row ? COLOR_KEYS : COLOR_TEXT);
    screen_top_flip();
    screen_fill(screen_bottom(), COLOR_BG);
    hbt_wait_press(read_keys, KEY_A, screen_wait_vblank);
}

void ui_running(unsigned pass)
{
    char line[TEXT_COLS + 1];
    screen_fb fb = screen_top_back();
    screen_fill(fb, COLOR_BG);
    screen_text(fb, 0, 0, "HASHBENCH DS  ARM946E-S 67.03 MHZ", COLOR_TITLE);
    blank(line);
    put_str(line, 0, "RUNNING PASS");
    hbt_fmt_u32(line + 13, pass, 3);
    screen_text(fb, 0, 2, line, COLOR_TEXT);
    screen_text(fb, 0, 3, "40 ALGORITHMS: PORTABLE AND FAST", COLOR_DIM);
    screen_text(fb, 0, 4, "AT 64 256 AND 1024 BYTES", COLOR_DIM);
    screen_top_flip();
    fb = screen_bottom();
    screen_fill(fb, COLOR_BG);
    screen_text(fb, 0, 0, "TIMER TM0+TM1 33.51 MHZ = 2 CPU CYCLES", COLOR_DIM);
}

void ui_entry(unsigned algo, unsigned impl, unsigned build, unsigned size_index,
              uint32_t ticks, unsigned iters, const uint8_t *digest)
{
    /* one build on the DS: build is 0 */
    if (!hbt_table_keep(algo, impl, build, size_index, ticks, iters, digest))
        return;
    if (impl == 0 && size_index == 0) {
        char line[TEXT_COLS + 1];
        blank(line);
        hbt_fmt_u32(line, algo + 1, 2);
        line[2] = '/';
        hbt_fmt_u32(line + 3, n_algos, 2);
        put_str(line, 6, hb_algo_at(algo)->id);
        screen_text(screen_bottom(), 0, 2, line, COLOR_TEXT);
    }
}

void ui_show_until_rerun(void)
{
    unsigned prev = 0x3FFu, keys, down, pages = (n_algos + ROWS_PER_PAGE - 1) / ROWS_PER_PAGE;
    int dirty = 1;
    for (;;) {
        if (dirty) {
            hbt_sort_rows(order, n_algos, view_sort == HBT_SORT_CATEGORY ? 0 : before);
            draw_bottom();
            draw_top();             /* ends at a vertical blank */
            dirty = 0;
        } else {
            screen_wait_vblank();
        }
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
        if (down & (KEY_UP | KEY_DOWN)) {
            view_page = (view_page + (down & KEY_DOWN ? 1 : pages - 1)) % pages;
            dirty = 1;
        }
    }
}

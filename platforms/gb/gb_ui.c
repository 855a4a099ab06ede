/* The results table (gb_ui.h).  Bank 1. */
#include "gb_ui.h"
#include "gb_screen.h"
#include "gb_hw.h"
#include "hbt_text.h"
#include "hbt_sort.h"
#include "gb_speed.h"
#include "gb_bank.h"
#include "hbt_banner.h"

#define MAX_ALGOS 40
#define N_IMPLS 2
#define ROWS_PER_PAGE 14
#define FIRST_ROW 3

/* what the table shows, kept as the entries arrive (platforms/common's
 * hbt_table keeps four implementations and two builds: more than the
 * Game Boy's 8 KB of WRAM spares beside the context and the message).
 * The rate is worked out as each entry arrives, in 16 bits: sorting and
 * drawing then need no 32-bit division (a slow loop in SDCC's library). */
static uint16_t rate_of[MAX_ALGOS][N_IMPLS][HBT_N_SIZES];   /* kB/s x 100 */
static uint8_t ran_of[MAX_ALGOS][N_IMPLS][HBT_N_SIZES];
static uint8_t head[MAX_ALGOS][N_IMPLS][2];      /* digest bytes 0-1 at 1024 */

static unsigned n_algos, view_sweep, view_sort, view_page, view_impl = 1;
static unsigned char order[MAX_ALGOS];
static char line[TEXT_COLS + 1];

static void blank_line(void)
{
    hbt_blank(line, TEXT_COLS);
}

static void put_str(unsigned col, const char *s)
{
    hbt_put_str(line, TEXT_COLS, col, s);
}

/* floor(a * 65536 / b) for b < 2^31, by long division (no 64-bit helpers) */
static uint32_t mul65536_div(uint32_t a, uint32_t b)
{
    uint32_t q = a / b, r = a % b;
    unsigned i;
    for (i = 0; i < 16; i++) {
        q <<= 1;
        r <<= 1;
        if (r >= b) {
            r -= b;
            q |= 1;
        }
    }
    return q;
}

/* the implementation a row shows: the one chosen, portable where there is no fast */
static unsigned shown_impl(unsigned a)
{
    return view_impl < hb_impl_count(hb_algo_at(a)) ? view_impl : 0;
}

/* the figure the KB/S column shows at 1024 bytes: 0 where it shows "-"
 * (no such implementation) or N/FIT */
static uint16_t shown_rate(unsigned a)
{
    unsigned j = shown_impl(a);
    return j == view_impl && ran_of[a][j][2] ? rate_of[a][j][2] : 0;
}

/* fastest first by the KB/S column; "-" and N/FIT rows last, among
 * themselves by the portable figure (HBT_SPEED_BEFORE, hbt_sort.h), in
 * 16 bits: a sort makes hundreds of comparisons */
static int faster(unsigned x, unsigned y)
{
    uint16_t fx = shown_rate(x), fy = shown_rate(y);
    return HBT_SPEED_BEFORE(fx, rate_of[x][0][2], fy, rate_of[y][0][2]);
}

static int by_name(unsigned x, unsigned y)
{
    return hbt_name_before(hb_algo_at(x)->id, hb_algo_at(y)->id);
}

static void sort_rows(void)
{
    if (view_sort == HBT_SORT_SPEED)
        hbt_sort_rows(order, n_algos, faster);
    else if (view_sort == HBT_SORT_NAME)
        hbt_sort_rows(order, n_algos, by_name);
    else
        hbt_sort_rows(order, n_algos, 0);    /* the roster's category order */
}

/* v right-aligned in width characters, 16-bit arithmetic only: SDCC's
 * 32-bit division is a slow loop, and a page has dozens of figures */
static void put_u16(char *out, uint16_t v, unsigned width)
{
    unsigned i = width;
    do {
        out[--i] = (char)('0' + v % 10u);
        v /= 10u;
    } while (v && i);
    while (i)
        out[--i] = ' ';
    if (v)
        for (i = 0; i < width; i++)
            out[i] = '>';       /* does not fit: never a wrong figure */
}

/* kB/s x 100 (at most 655.35: far above any Game Boy figure) */
static uint16_t rate16(unsigned a, unsigned j, unsigned s)
{
    return rate_of[a][j][s];
}

/* 5 characters: 2 decimals below 10 kB/s, 1 below 100, then whole kB/s */
static void fmt_rate5(char *out, uint16_t v100)
{
    if (v100 < 1000u) {
        put_u16(out, v100 / 100u, 2);
        out[2] = '.';
        out[3] = (char)('0' + v100 / 10u % 10u);
        out[4] = (char)('0' + v100 % 10u);
    } else if (v100 < 10000u) {
        put_u16(out, v100 / 100u, 3);
        out[3] = '.';
        out[4] = (char)('0' + v100 / 10u % 10u);
    } else {
        put_u16(out, v100 / 100u, 5);
    }
}

/* 4 characters, always starting with a space below 1000 kB/s */
static void fmt_rate4(char *out, uint16_t v100)
{
    if (v100 < 100u) {
        out[0] = ' ';
        out[1] = '.';
        out[2] = (char)('0' + v100 / 10u);
        out[3] = (char)('0' + v100 % 10u);
    } else if (v100 < 1000u) {
        out[0] = ' ';
        out[1] = (char)('0' + v100 / 100u);
        out[2] = '.';
        out[3] = (char)('0' + v100 / 10u % 10u);
    } else {
        put_u16(out, v100 / 100u, 4);
    }
}

/* 1 if implementation j of algorithm a ran its compact form (gb_compact_rows) */
static unsigned is_compact(unsigned a, unsigned j)
{
    const hb_impl *im = hb_impl_at(hb_algo_at(a), j);
    unsigned k;
    for (k = 0; k < gb_compact_count; k++)
        if (gb_compact_rows[k] == im)
            return 1;
    return 0;
}

static void draw_row(unsigned row, unsigned a)
{
    static const char marks[3] = { '.', '*', '#' };
    const hb_algo *al = hb_algo_at(a);
    unsigned j = shown_impl(a), s;
    blank_line();
    line[0] = marks[al->tier];
    put_str(1, a < GB_N_NAMES ? gb_short_names[a] : al->id);
    if (!view_sweep) {
        if (view_impl >= hb_impl_count(al))
            line[13] = '-';
        else if (!ran_of[a][j][2])
            put_str(9, "N/FIT");
        else
            fmt_rate5(line + 9, rate16(a, j, 2));
        if (j == view_impl && is_compact(a, j))
            line[8] = 'C';      /* the compact form of fast ran */
        if (j == view_impl && ran_of[a][j][2])   /* one byte for CRC-8, Pearson */
            hbt_put_digest(line + 15, head[a][j], al->digest_size, 2);
    } else {
        for (s = 0; s < HBT_N_SIZES; s++) {
            if (view_impl >= hb_impl_count(al))
                line[11 + 4 * s] = '-';
            else if (!ran_of[a][j][s])
                put_str(8 + 4 * s, " N/F");
            else
                fmt_rate4(line + 8 + 4 * s, rate16(a, j, s));
        }
    }
    screen_text(0, row, line);
}

static void draw_table(void)
{
    unsigned pages = (n_algos + ROWS_PER_PAGE - 1) / ROWS_PER_PAGE, r;
    blank_line();
    /* the model and the clock the kB/s are at (a Color: double speed) */
    put_str(0, gb_double_speed ? "GBC 8.39MHZ 2X" : "GB 4.19MHZ");
    put_str(16, "P");
    line[17] = (char)('1' + view_page);
    line[18] = '/';
    line[19] = (char)('0' + pages);
    screen_text(0, 0, line);
    blank_line();
    put_str(0, view_sweep ? "SWEEP" : "1024B");
    put_str(6, view_impl ? "FAST" : "PORT");
    put_str(11, hbt_sort_names[view_sort]);
    screen_text(0, 1, line);
    blank_line();
    put_str(1, "ALGO");
    if (view_sweep)
        put_str(8, "  64 2561024");
    else
        put_str(10, "KB/S H0H1");
    screen_text(0, 2, line);
    for (r = 0; r < ROWS_PER_PAGE; r++) {
        unsigned i = view_page * ROWS_PER_PAGE + r;
        if (i < n_algos) {
            draw_row(FIRST_ROW + r, order[i]);
        } else {
            blank_line();
            screen_text(0, FIRST_ROW + r, line);
        }
    }
    screen_text(0, TEXT_ROWS - 1, "A SORT B RUN SEL SZ ");
    screen_show();
}

void ui_init(void)
{
    n_algos = hb_algo_count() < MAX_ALGOS ? hb_algo_count() : MAX_ALGOS;
    screen_init();
}

static unsigned read_keys(void);
#define KEY_A      0x01u

void ui_banner(void)
{
    unsigned r;
    screen_clear();
    for (r = 0; hbt_banner_lines[r]; r++)
        screen_text(0, r, hbt_banner_lines[r]);
    screen_show();
    hbt_wait_press(read_keys, KEY_A, screen_wait_vblank);
}

void ui_running(unsigned pass)
{
    screen_clear();
    screen_text(0, 0, gb_double_speed ? "HASHBENCH GBC" : "HASHBENCH GB");
    screen_text(0, 1, gb_double_speed ? "8.39MHZ DOUBLE SPEED" : "4.19MHZ");
    blank_line();
    put_str(0, "RUNNING PASS");
    hbt_fmt_u32(line + 13, pass, 3);
    screen_text(0, 2, line);
    screen_text(0, 3, "TIMA 64 CYCLES/TICK");
    screen_show();
}

void ui_entry(unsigned algo, unsigned impl, unsigned build, unsigned size_index,
              uint32_t ticks, unsigned iters, const uint8_t *digest)
{
    (void)build;
    if (algo >= MAX_ALGOS || impl >= N_IMPLS || size_index >= HBT_N_SIZES)
        return;
    /* one tick is 1/65536 s (1/131072 s in double speed: 64 cycles of
     * the doubled clock): bytes per second = bytes x 65536 / ticks (x 2);
     * kB/s x 100 = that / 10 (/ 5) */
    if (iters && ticks) {
        uint32_t v = mul65536_div((uint32_t)hbt_sizes[size_index] * iters, ticks) / (gb_double_speed ? 5u : 10u);
        rate_of[algo][impl][size_index] = v > 0xFFFFu ? 0xFFFFu : (uint16_t)v;
    } else {
        rate_of[algo][impl][size_index] = 0;
    }
    ran_of[algo][impl][size_index] = iters != 0;
    if (size_index == 2) {
        head[algo][impl][0] = iters ? digest[0] : 0;
        head[algo][impl][1] = iters && hb_algo_at(algo)->digest_size > 1 ? digest[1] : 0;
    }
    if (impl == 0 && size_index == 0) {
        blank_line();
        hbt_fmt_u32(line, algo + 1, 2);
        line[2] = '/';
        hbt_fmt_u32(line + 3, n_algos, 2);
        put_str(6, algo < GB_N_NAMES ? gb_short_names[algo] : hb_algo_at(algo)->id);
        screen_text(0, 5, line);
        screen_show_row(5);
    }
}

static unsigned read_keys(void)
{
    unsigned k = 0, b = 0xFF, i;
    REG_P1 = 0x20;                   /* the d-pad */
    for (i = 0; i < 4; i++)
        k = REG_P1;
    k = (~k & 0x0Fu) << 4;           /* right, left, up, down */
    REG_P1 = 0x10;                   /* the buttons */
    for (i = 0; i < 4; i++)
        b = REG_P1;                  /* read a few times: the lines settle */
    k |= ~b & 0x0Fu;                 /* A, B, select, start */
    REG_P1 = 0x30;
    return k;
}

#define KEY_B      0x02u
#define KEY_SELECT 0x04u
#define KEY_START  0x08u
#define KEY_RIGHT  0x10u
#define KEY_LEFT   0x20u
#define KEY_UP     0x40u
#define KEY_DOWN   0x80u

void ui_show_until_rerun(void)
{
    unsigned prev = 0xFFu, keys, down, pages = (n_algos + ROWS_PER_PAGE - 1) / ROWS_PER_PAGE;
    int dirty = 1;
    for (;;) {
        if (dirty) {
            sort_rows();
            draw_table();
            dirty = 0;
        }
        screen_wait_vblank();
        keys = read_keys();
        down = keys & ~prev;             /* newly pressed this frame */
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
        if (down & (KEY_UP | KEY_DOWN)) {
            view_page = (view_page + (down & KEY_DOWN ? 1 : pages - 1)) % pages;
            dirty = 1;
        }
    }
}

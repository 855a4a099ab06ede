/* The results table (gba_ui.h). */
#include <string.h>
#include "gba_ui.h"
#include "gba_screen.h"
#include "gba_regs.h"

#define MAX_ALGOS 48
#define MAX_BUILDS 2
#define ROWS_PER_PAGE 16
#define FIRST_ROW 3

enum { SORT_CATEGORY, SORT_SPEED, SORT_NAME, N_SORTS };
static const char *const sort_names[N_SORTS] = { "CATEGORY", "SPEED", "NAME" };

/* what the table shows, kept as the entries arrive (the results block has
 * everything, but in the order measured) */
static uint32_t cycles[MAX_BUILDS][MAX_ALGOS][HBT_MAX_IMPLS][HBT_N_SIZES];
static uint8_t ran[MAX_BUILDS][MAX_ALGOS][HBT_MAX_IMPLS][HBT_N_SIZES];
static uint8_t head[MAX_BUILDS][MAX_ALGOS][HBT_MAX_IMPLS][2];   /* digest bytes 0-1 at 1024 */

static const hbt_build *ui_builds;
static unsigned ui_n_builds, n_algos;
static unsigned view_build, view_sweep, view_sort, view_page;
static unsigned char order[MAX_ALGOS];

static char hexdigit(unsigned v)
{
    return (char)(v < 10 ? '0' + v : 'A' + v - 10);
}

/* v right-aligned in width characters (width < 12) */
static void fmt_u32(char *out, uint32_t v, unsigned width)
{
    char tmp[12];
    unsigned n = 0, i;
    do {
        tmp[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v && n < sizeof tmp);
    for (i = 0; i < width; i++)
        out[i] = i + n < width ? ' ' : tmp[width - 1 - i];
    if (n > width)
        for (i = 0; i < width; i++)
            out[i] = '>';       /* does not fit: never a wrong figure */
}

/* x100 fixed point in width characters: 2 decimals below 10, 1 below 100 */
static void fmt_fixed100(char *out, uint32_t v100, unsigned width)
{
    if (v100 < 1000) {
        fmt_u32(out, v100 / 100, width - 3);
        out[width - 3] = '.';
        out[width - 2] = (char)('0' + v100 / 10 % 10);
        out[width - 1] = (char)('0' + v100 % 10);
    } else if (v100 < 10000) {
        fmt_u32(out, v100 / 100, width - 2);
        out[width - 2] = '.';
        out[width - 1] = (char)('0' + v100 / 10 % 10);
    } else {
        fmt_u32(out, v100 / 100, width);
    }
}

/* kB/s (1000 bytes/s) x100 at the nominal clock; 0 when not run */
static uint32_t rate100(unsigned b, unsigned a, unsigned j, unsigned s)
{
    uint64_t bytes;
    if (!ran[b][a][j][s] || cycles[b][a][j][s] == 0)
        return 0;
    bytes = (uint64_t)hbt_sizes[s] * ran[b][a][j][s];
    return (uint32_t)(bytes * HBT_CLOCK_HZ / 10u / cycles[b][a][j][s]);
}

/* the implementation a row shows: "fast" where there is one */
static unsigned best_impl(unsigned a)
{
    const hb_algo *al = hb_algo_at(a);
    return hb_impl_count(al) > 1 ? 1 : 0;
}

static int faster(unsigned x, unsigned y)
{
    return rate100(view_build, x, best_impl(x), 2) > rate100(view_build, y, best_impl(y), 2);
}

static void sort_rows(void)
{
    unsigned i, j;
    for (i = 0; i < n_algos; i++)
        order[i] = (unsigned char)i;
    if (view_sort == SORT_CATEGORY)
        return;                 /* the roster is in category order */
    for (i = 1; i < n_algos; i++) {     /* insertion sort: stable, 40 rows */
        unsigned char v = order[i];
        for (j = i; j > 0; j--) {
            unsigned u = order[j - 1];
            int before = view_sort == SORT_SPEED ? faster(v, u)
                       : strcmp(hb_algo_at(v)->id, hb_algo_at(u)->id) < 0;
            if (!before)
                break;
            order[j] = order[j - 1];
        }
        order[j] = v;
    }
}

static void put_str(char *line, unsigned col, const char *s)
{
    for (; *s && col < TEXT_COLS; s++, col++)
        line[col] = (*s >= 'a' && *s <= 'z') ? (char)(*s - 'a' + 'A') : *s;
}

static void draw_row(unsigned row, unsigned a)
{
    static const char marks[3] = { '.', '*', '#' };
    char line[TEXT_COLS + 1];
    const hb_algo *al = hb_algo_at(a);
    unsigned b = view_build, best = best_impl(a), s;
    memset(line, ' ', TEXT_COLS);
    line[TEXT_COLS] = 0;
    line[0] = marks[al->tier];
    put_str(line, 1, al->id);
    if (!view_sweep) {
        unsigned j;
        for (j = 0; j < 2; j++) {
            if (j >= hb_impl_count(al))
                line[19 + 6 * j] = '-';
            else if (!ran[b][a][j][2])
                put_str(line, 16 + 6 * j, "N/FIT");
            else
                fmt_fixed100(line + 15 + 6 * j, rate100(b, a, j, 2), 5);
        }
        if (ran[b][a][best][2]) {
            uint32_t c10 = (uint32_t)((uint64_t)cycles[b][a][best][2] * 10u / (1024u * ran[b][a][best][2]));
            fmt_fixed100(line + 27, c10 * 10u, 6);
        }
    } else {
        for (s = 0; s < HBT_N_SIZES; s++) {
            if (!ran[b][a][best][s])
                put_str(line, 16 + 6 * s, "N/FIT");
            else
                fmt_fixed100(line + 15 + 6 * s, rate100(b, a, best, s), 5);
        }
    }
    if (ran[b][a][best][2]) {
        line[34] = hexdigit(head[b][a][best][0] >> 4);
        line[35] = hexdigit(head[b][a][best][0] & 15u);
        line[36] = hexdigit(head[b][a][best][1] >> 4);
        line[37] = hexdigit(head[b][a][best][1] & 15u);
    }
    screen_text(0, row, line, COLOR_TEXT);
}

static void draw_table(void)
{
    char line[TEXT_COLS + 1];
    unsigned pages = (n_algos + ROWS_PER_PAGE - 1) / ROWS_PER_PAGE, r;
    /* every line is drawn full width: no clearing first, so a redraw is
     * quick and never shows a blank screen */
    memset(line, ' ', TEXT_COLS);
    line[TEXT_COLS] = 0;
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
    put_str(line, 25, sort_names[view_sort]);
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
    ui_n_builds = n_builds < MAX_BUILDS ? n_builds : MAX_BUILDS;
    n_algos = hb_algo_count() < MAX_ALGOS ? hb_algo_count() : MAX_ALGOS;
    screen_init();
}

void ui_running(unsigned pass)
{
    char line[TEXT_COLS + 1];
    screen_clear();
    screen_text(0, 0, "HASHBENCH GBA", COLOR_TITLE);
    memset(line, ' ', TEXT_COLS);
    line[TEXT_COLS] = 0;
    put_str(line, 0, "RUNNING PASS");
    fmt_u32(line + 13, pass, 3);
    screen_text(0, 2, line, COLOR_TEXT);
    screen_text(0, 3, "CYCLES: TM0+TM1 CASCADE, WAITCNT 4317", COLOR_DIM);
}

void ui_entry(unsigned algo, unsigned impl, unsigned build, unsigned size_index,
              uint32_t ticks, unsigned iters, const uint8_t *digest)
{
    if (algo >= MAX_ALGOS || build >= MAX_BUILDS || impl >= HBT_MAX_IMPLS)
        return;
    cycles[build][algo][impl][size_index] = ticks;
    ran[build][algo][impl][size_index] = (uint8_t)(iters > 255 ? 255 : iters);
    if (size_index == 2) {
        head[build][algo][impl][0] = iters ? digest[0] : 0;
        head[build][algo][impl][1] = iters && hb_algo_at(algo)->digest_size > 1 ? digest[1] : 0;
    }
    if (impl == 0 && size_index == 0) {
        char line[TEXT_COLS + 1];
        memset(line, ' ', TEXT_COLS);
        line[TEXT_COLS] = 0;
        put_str(line, 0, ui_builds[build].label);
        fmt_u32(line + 11, algo + 1, 2);
        line[13] = '/';
        fmt_u32(line + 14, n_algos, 2);
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
            sort_rows();
            draw_table();
            dirty = 0;
        }
        screen_wait_vblank();
        keys = ~REG_KEYINPUT & 0x3FFu;
        down = keys & ~prev;            /* newly pressed this frame */
        prev = keys;
        if (down & (KEY_B | KEY_START))
            return;
        if (down & KEY_A) {
            view_sort = (view_sort + 1) % N_SORTS;
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

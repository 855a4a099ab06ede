/* The results table (n64_ui.h).  Integer arithmetic only: the image has
 * no floating point and no 64-bit division helpers (no o32 libgcc here);
 * hbt_table.c works out the rates in 32-bit steps. */
#include <string.h>
#include "n64_ui.h"
#include "hbt_table.h"
#include "hbt_text.h"
#include "n64_screen.h"

#define HALF 20              /* rows per column of the table */
#define FIRST_ROW 3
#define COL_W 27             /* the right column starts here */

/* what the table shows is kept by hbt_table.c (two builds: hbt_platform.h) */
static const hbt_build *ui_builds;
static unsigned ui_n_builds, n_algos;

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

/* one algorithm in 26 characters from c0: mark, id, kB/s, H0H1 */
static void put_cell(char *line, unsigned c0, unsigned b, unsigned a)
{
    static const char marks[3] = { '.', '*', '#' };
    const hb_algo *al = hb_algo_at(a);
    unsigned j = hbt_table_best(a);
    line[c0] = marks[al->tier];
    put_str(line, c0 + 1, al->id);
    if (!hbt_table_ran(b, a, j, 2)) {
        put_str(line, c0 + 16, "N/RUN");
        return;
    }
    hbt_fmt_fixed10(line + c0 + 15, rate10(b, a, j, 2), 6);
    hbt_put_hex(line + c0 + 22, hbt_table_head(b, a, j), 2);
}

static unsigned find_algo(const char *id)
{
    unsigned a;
    for (a = 0; a < n_algos; a++)
        if (strcmp(hb_algo_at(a)->id, id) == 0)
            return a;
    return n_algos;
}

void ui_table(unsigned b)
{
    char line[TEXT_COLS + 1];
    unsigned r, a256 = find_algo("sha256"), a512 = find_algo("sha512");
    screen_clear();
    blank(line);
    put_str(line, 0, "HASHBENCH N64  VR4300 93.75 MHZ");
    put_str(line, 34, "BUILD ");
    put_str(line, 40, ui_builds[b].label);
    screen_text(0, 0, line, COLOR_TITLE);
    blank(line);
    put_str(line, 0, "1024 B  FAST KB/S  H0H1: FIRST DIGEST BYTES");
    screen_text(0, 1, line, COLOR_DIM);
    blank(line);
    put_str(line, 1, "ALGORITHM");
    put_str(line, 17, "KB/S");
    put_str(line, 22, "H0H1");
    put_str(line, COL_W + 1, "ALGORITHM");
    put_str(line, COL_W + 17, "KB/S");
    put_str(line, COL_W + 22, "H0H1");
    screen_text(0, 2, line, COLOR_HEAD);
    for (r = 0; r < HALF; r++) {
        blank(line);
        if (r < n_algos)
            put_cell(line, 0, b, r);
        if (r + HALF < n_algos)
            put_cell(line, COL_W, b, r + HALF);
        screen_text(0, FIRST_ROW + r, line, COLOR_TEXT);
    }
    if (a256 < n_algos && a512 < n_algos) {
        blank(line);
        put_str(line, 0, "SHA-256");
        hbt_fmt_fixed10(line + 8, rate10(b, a256, hbt_table_best(a256), 2), 7);
        put_str(line, 16, "SHA-512");
        hbt_fmt_fixed10(line + 24, rate10(b, a512, hbt_table_best(a512), 2), 7);
        put_str(line, 32, "KB/S AT 1024 B");
        screen_text(0, FIRST_ROW + HALF + 1, line, COLOR_TITLE);
    }
#if N64_TICK_CYCLES == 1
    screen_text(0, TEXT_ROWS - 3, "COUNT TICKS TAKEN AS CYCLES: UNDER MUPEN64PLUS", COLOR_DIM);
    screen_text(0, TEXT_ROWS - 2, "(COUNTPEROP=1) A TICK IS ONE INSTRUCTION", COLOR_DIM);
#else
    screen_text(0, TEXT_ROWS - 2, "COP0 COUNT AT 46.875 MHZ: 2 CYCLES PER TICK", COLOR_DIM);
#endif
    screen_text(0, TEXT_ROWS - 1, ". CHECKSUM  * NON-CRYPTO  # CRYPTO", COLOR_KEYS);
}

void ui_init(const hbt_build *builds, unsigned n_builds)
{
    ui_builds = builds;
    ui_n_builds = n_builds < HBT_TABLE_BUILDS ? n_builds : HBT_TABLE_BUILDS;
    n_algos = hb_algo_count() < HBT_TABLE_ALGOS ? hb_algo_count() : HBT_TABLE_ALGOS;
    screen_init();
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

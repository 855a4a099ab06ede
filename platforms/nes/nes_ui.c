/* The results table (nes_ui.h): 32 x 30 tiles, our font in CHR-ROM with
 * each character at its ASCII code (nes_chr.c).  Rows are formatted with
 * the picture on and copied in vertical blanks (nes_vram.s): the screen
 * is never switched off after start-up. */
#include "nes_ui.h"
#include "nes_vram.h"
#include "hbt_sort.h"
#include "hbt_banner.h"
#include "nes_bank.h"

#define PPUCTRL   (*(volatile unsigned char *)0x2000)
#define PPUMASK   (*(volatile unsigned char *)0x2001)
#define PPUSCROLL (*(volatile unsigned char *)0x2005)
#define PPUADDR   (*(volatile unsigned char *)0x2006)
#define PPUDATA   (*(volatile unsigned char *)0x2007)
#define JOY1      (*(volatile unsigned char *)0x4016)

#define COLS 32
#define MAX_ALGOS 40
#define N_IMPLS 2
#define ROWS_PER_PAGE 20
#define FIRST_ROW 5
#define PAGES ((MAX_ALGOS + ROWS_PER_PAGE - 1) / ROWS_PER_PAGE)

/* joypad bits as read from $4016, first bit in bit 7 */
#define PAD_A      0x80u
#define PAD_B      0x40u
#define PAD_SELECT 0x20u
#define PAD_START  0x10u
#define PAD_UP     0x08u
#define PAD_DOWN   0x04u
#define PAD_ANY    (PAD_A | PAD_B | PAD_SELECT | PAD_START | PAD_UP | PAD_DOWN)

void __fastcall__ nes_wait_frame(void);

/* what the table shows, kept as the entries arrive: the rate rather than
 * the cycles, worked out once per entry (outside any timed interval), so
 * drawing and sorting need no 32-bit division.  This is why the NES keeps
 * its own table and formatting rather than platforms/common/hbt_table.c
 * and hbt_text.c (32-bit ticks and divisions, 4 KB of state for 2 KB of
 * RAM); the row orders are the shared ones (hbt_sort.c, in this bank). */
static uint16_t bps[MAX_ALGOS][N_IMPLS][HBT_N_SIZES];  /* bytes/s, 65535 = more */
static uint8_t ran[MAX_ALGOS][N_IMPLS][HBT_N_SIZES];
static uint8_t head[MAX_ALGOS][N_IMPLS][2];    /* digest bytes 0-1 at 1024 */

static unsigned n_algos, view_sweep, view_sort, view_page, turns;
static unsigned char order[MAX_ALGOS];
/* the roster's facts the rows need, looked up once (ui_init) rather than
 * through the registry for every row drawn */
static const char *algo_id[MAX_ALGOS];
static uint8_t algo_tier[MAX_ALGOS], algo_impls[MAX_ALGOS];
/* in algo_tier beside the tier (0-2): the algorithm's second row (fast) ran
 * its compact form in this ROM (nes_compact_rows), marked C.  A bit of an
 * array the screen has anyway, set once in ui_init: a new array, or a
 * local (cc65 -Cl makes them static), would grow the BSS in front of
 * hbt_run.c's message buffer and move it, and the algorithms' cycle counts
 * with it; looking the rows up as each row is drawn made a page too slow
 * to draw */
#define ALGO_TIER    0x03u
#define ALGO_COMPACT 0x80u
/* the digest is one byte (CRC-8, Pearson): H0 only, not a zero H1 */
#define ALGO_BYTE1   0x40u
/* buttons newly pressed while a page was being drawn (flush_rows reads
 * the pad after every copy, so a press during a redraw is not lost) */
static unsigned pad_prev = 0xFFu, pad_pending;

/* the row being formatted: one of nes_row_buf's (nes_vram.s), copied to
 * the screen in a vertical blank once NES_VRAM_ROWS are ready */
static char *line;
static unsigned char n_rows;

static unsigned read_pad(void)
{
    unsigned i, v = 0;
    JOY1 = 1;
    JOY1 = 0;
    for (i = 0; i < 8; i++)
        v = (v << 1) | (JOY1 & 1u);
    return v;
}

/* remembers the buttons pressed since the last call */
static void poll_pad(void)
{
    unsigned keys = read_pad();
    pad_pending |= keys & ~pad_prev;
    pad_prev = keys;
}

static void flush_rows(void)
{
    if (n_rows) {
        nes_vram_rows(n_rows);
        poll_pad();
    }
    n_rows = 0;
}

/* starts the next row (tile row `row`), blank */
static void begin_line(unsigned row)
{
    unsigned i;
    if (n_rows == NES_VRAM_ROWS)
        flush_rows();
    nes_row_addr[n_rows] = 0x2000u + row * 32u;
    line = nes_row_buf + n_rows * COLS;
    n_rows++;
    for (i = 0; i < COLS; i++)
        line[i] = ' ';
}

static void put_str(unsigned col, const char *s)
{
    for (; *s && col < COLS; s++, col++)
        line[col] = (*s >= 'a' && *s <= 'z') ? (char)(*s - 'a' + 'A') : *s;
}

static char hexdigit(unsigned v)
{
    return (char)(v < 10 ? '0' + v : 'A' + v - 10);
}

/* v right-aligned in width characters; '>' when it does not fit */
static void put_uint(unsigned col, unsigned v, unsigned width)
{
    unsigned i;
    for (i = width; i > 0; i--) {
        line[col + i - 1] = (char)(i == width || v ? '0' + v % 10u : ' ');
        v /= 10u;
    }
    if (v)
        for (i = 0; i < width; i++)
            line[col + i] = '>';
}

/* the five decimal digits of v, by subtraction: cc65's division goes bit
 * by bit through a run-time routine, ten times slower */
static void decimal5(unsigned v, char *d)
{
    static const unsigned tens[4] = { 10000u, 1000u, 100u, 10u };
    unsigned char i;
    char c;
    for (i = 0; i < 4; i++) {
        for (c = '0'; v >= tens[i]; c++)
            v -= tens[i];
        d[i] = c;
    }
    d[4] = (char)('0' + v);
}

/* bytes per second as kB/s in 5 characters: 0.640 below 10 kB/s, 12.34
 * from there to 65.53; '>' past that (none here comes near: CRC-8 fast
 * runs at 9.9) */
static void put_rate(unsigned col, unsigned v)
{
    char d[5];
    char *out = line + col;
    decimal5(v, d);
    if (v == 0xFFFFu) {
        put_str(col, ">>>>>");
    } else if (v < 10000u) {
        out[0] = d[1];
        out[1] = '.';
        out[2] = d[2];
        out[3] = d[3];
        out[4] = d[4];
    } else {
        out[0] = d[0];
        out[1] = d[1];
        out[2] = '.';
        out[3] = d[2];
        out[4] = d[3];
    }
}

static unsigned rate(unsigned a, unsigned j, unsigned s)
{
    return ran[a][j][s] ? bps[a][j][s] : 0u;
}

/* the implementation a row shows: fast where it ran, else portable */
static unsigned best_impl(unsigned a)
{
    return algo_impls[a] > 1 && ran[a][1][2] ? 1 : 0;
}

/* the FAST column's figure at 1024 bytes: 0 where it shows "-" or N/FIT */
static unsigned fast_rate(unsigned a)
{
    return algo_impls[a] > 1 ? rate(a, 1, 2) : 0u;
}

/* The speed sort's keys, each row's FAST figure, worked out once per sort
 * rather than in each of its hundreds of comparisons (which made sorting
 * and drawing a page take over the 40 frames a screenshot waits).  They
 * live in nes_row_buf, unused between pages: new storage would move the
 * message buffer (see ALGO_COMPACT). */
#define SPEED_KEY(a) (((unsigned *)nes_row_buf)[a])
typedef char speed_keys_fit[NES_VRAM_ROWS * 32 - MAX_ALGOS * 2 + 1];   /* negative: no room */

static void speed_keys(void)
{
    register unsigned char a;
    for (a = 0; a < n_algos; a++)
        SPEED_KEY(a) = fast_rate(a);
}

/* the speed sort ranks by the FAST column; rows showing "-" (no fast
 * form) or N/FIT there (key 0) go last.  Among themselves they keep the
 * roster's order: ranking them by PORT as the other consoles do
 * (HBT_SPEED_BEFORE, hbt_sort.h) does not fit this bank's last bytes. */
static int before(unsigned x, unsigned y)
{
    if (view_sort == HBT_SORT_SPEED)
        return SPEED_KEY(x) > SPEED_KEY(y);
    return hbt_name_before(algo_id[x], algo_id[y]);
}

/* 1 if algorithm a's second row (fast) ran its compact form (ALGO_COMPACT) */
static unsigned char is_compact(unsigned a)
{
    return algo_tier[a] & ALGO_COMPACT;
}

static void draw_row(unsigned a)
{
    static const char marks[3] = { '.', '*', '#' };
    unsigned best = best_impl(a), j, s;
    line[0] = marks[algo_tier[a] & ALGO_TIER];
    put_str(1, algo_id[a]);
    if (!view_sweep) {
        for (j = 0; j < N_IMPLS; j++) {
            if (j >= algo_impls[a])
                line[19 + 6 * j] = '-';
            else if (!ran[a][j][2])
                put_str(15 + 6 * j, "N/FIT");
            else
                put_rate(15 + 6 * j, rate(a, j, 2));
        }
        if (is_compact(a))
            line[14] = 'C';         /* the FAST column ran the compact form */
        if (ran[a][best][2]) {
            line[27] = hexdigit(head[a][best][0] >> 4);
            line[28] = hexdigit(head[a][best][0] & 15u);
            if (!(algo_tier[a] & ALGO_BYTE1)) {
                line[29] = hexdigit(head[a][best][1] >> 4);
                line[30] = hexdigit(head[a][best][1] & 15u);
            }
        }
    } else {
        for (s = 0; s < HBT_N_SIZES; s++) {
            if (!ran[a][best][s])
                put_str(15 + 6 * s, "N/FIT");
            else
                put_rate(15 + 6 * s, rate(a, best, s));
        }
        if (best == 0 && algo_impls[a] > 1)
            line[14] = 'P';         /* the fast code did not fit: portable shown */
        else if (best == 1 && is_compact(a))
            line[14] = 'C';         /* the compact form shown */
    }
}

/* What the footer's legends explain, worked out from the table (each
 * legend only where its mark is on some row, of any page):
 * LEGEND_C the C mark, LEGEND_NFIT N/FIT in this view, LEGEND_P the
 * sweep's P (fast not run, portable shown).  A register variable: no
 * static storage (see ALGO_COMPACT). */
#define LEGEND_C    1u
#define LEGEND_NFIT 2u
#define LEGEND_P    4u
static unsigned char legends(void)
{
    register unsigned char a;
    register unsigned char k = 0;
    for (a = 0; a < n_algos; a++) {
        if (is_compact(a) && (!view_sweep || best_impl(a) == 1))
            k |= LEGEND_C;
        if (view_sweep ? !ran[a][best_impl(a)][0] || !ran[a][best_impl(a)][1] || !ran[a][best_impl(a)][2]
                       : !ran[a][0][2] || (algo_impls[a] > 1 && !ran[a][1][2]))
            k |= LEGEND_NFIT;
        if (view_sweep && best_impl(a) == 0 && algo_impls[a] > 1)
            k |= LEGEND_P;
    }
    return k;
}

/* the whole page, three rows a frame with the picture on (nes_vram.s):
 * about twenty frames for the 27 rows.  A button pressed meanwhile stops
 * it (returns 0): the page it asks for is drawn instead. */
static int draw_table(void)
{
    unsigned r;
    begin_line(1);
    put_str(1, "HASHBENCH NES 1.79MHZ");
    put_str(26, "P");
    line[27] = (char)('1' + view_page);
    line[28] = '/';
    line[29] = (char)('0' + PAGES);
    begin_line(2);
    put_str(1, view_sweep ? "KB/S BY SIZE" : "KB/S AT 1024 B");
    put_str(19, hbt_sort_names[view_sort]);
    begin_line(3);
    begin_line(4);
    put_str(1, "ALGORITHM");
    if (view_sweep) {
        put_str(18, "64");
        put_str(23, "256");
        put_str(27, "1024");
    } else {
        put_str(16, "PORT");
        put_str(22, "FAST");
        put_str(27, "H0H1");
    }
    for (r = 0; r < ROWS_PER_PAGE; r++) {
        unsigned i = view_page * ROWS_PER_PAGE + r;
        if (pad_pending & PAD_ANY) {
            n_rows = 0;
            return 0;
        }
        begin_line(FIRST_ROW + r);
        if (i < n_algos)
            draw_row(order[i]);
    }
    /* r is free again: the legends to show */
    r = legends();
    begin_line(FIRST_ROW + ROWS_PER_PAGE);
    if (r & LEGEND_C)
        put_str(1, "C: FAST RAN ITS COMPACT FORM");
    begin_line(FIRST_ROW + ROWS_PER_PAGE + 1);
    if (r & LEGEND_P)
        put_str(1, "P: FAST N/FIT - PORTABLE SHOWN");
    else if (r & LEGEND_NFIT)
        put_str(1, "N/FIT: CODE OVER ONE 16K BANK");
    begin_line(FIRST_ROW + ROWS_PER_PAGE + 2);
    put_str(1, "A SORT B RERUN SEL SIZE UD PAGE");
    flush_rows();
    return 1;
}

void ui_init(unsigned spin_turns)
{
    unsigned r;
    /* a register variable: no static storage (see ALGO_COMPACT) */
    register const hb_impl *const *p;
    n_algos = hb_algo_count() < MAX_ALGOS ? hb_algo_count() : MAX_ALGOS;
    turns = spin_turns;
    for (r = 0; r < n_algos; r++) {
        const hb_algo *al = hb_algo_at(r);
        algo_id[r] = al->id;
        algo_tier[r] = (uint8_t)al->tier;
        algo_impls[r] = (uint8_t)hb_impl_count(al);
        if (al->digest_size == 1)
            algo_tier[r] |= ALGO_BYTE1;
        if (algo_impls[r] > 1)
            for (p = nes_compact_rows; *p; p++)
                if (*p == hb_impl_at(al, 1))
                    algo_tier[r] |= ALGO_COMPACT;
    }
    /* at power-on, with rendering still off (crt0.s): palette and the
     * whole nametable at once */
    nes_wait_frame();
    PPUMASK = 0;
    /* palette: black background, white text */
    PPUADDR = 0x3F;
    PPUADDR = 0x00;
    for (r = 0; r < 8; r++) {
        PPUDATA = 0x0F;
        PPUDATA = 0x30;
        PPUDATA = 0x10;
        PPUDATA = 0x00;
    }
    /* the whole nametable blank, attributes to palette 0 */
    PPUADDR = 0x20;
    PPUADDR = 0x00;
    for (r = 0; r < 1024; r++)
        PPUDATA = (unsigned char)(r < 960 ? ' ' : 0);
    /* background on (left column too), from the top-left corner */
    nes_wait_frame();
    PPUCTRL = 0x80;                 /* NMI on, nametable $2000 */
    PPUSCROLL = 0;
    PPUSCROLL = 0;
    PPUMASK = 0x0A;
}

static void wait_frame(void)
{
    nes_wait_frame();
}

/* the banner's lines from tile row 2, a column in from the left edge
 * (which a television may cut off) */
void ui_banner(void)
{
    unsigned r;
    for (r = 0; hbt_banner_lines[r]; r++) {
        begin_line(2 + r);
        put_str(1, hbt_banner_lines[r]);
    }
    flush_rows();
    hbt_wait_press(read_pad, PAD_A, wait_frame);
}

/* the progress screen; blank rows clear the table a rerun leaves behind */
void ui_running(unsigned pass)
{
    unsigned r;
    begin_line(1);
    put_str(1, "HASHBENCH NES 1.79MHZ");
    begin_line(2);
    begin_line(3);
    put_str(1, "RUNNING PASS");
    put_uint(14, pass, 3);
    begin_line(4);
    put_str(1, "CYCLES: FRAMES + SPIN LOOP");
    begin_line(5);
    put_uint(1, turns, 5);
    put_str(7, "SPIN TURNS A FRAME");
    for (r = 6; r < 28; r++)
        begin_line(r);
    flush_rows();
}

void ui_entry(unsigned algo, unsigned impl, unsigned build, unsigned size_index,
              uint32_t ticks, unsigned iters, const uint8_t *digest)
{
    uint32_t v;
    (void)build;
    if (algo >= MAX_ALGOS || impl >= N_IMPLS)
        return;
    /* bytes/s at the nominal clock; size x clock is below 2^31 */
    v = ticks ? (uint32_t)hbt_sizes[size_index] * HBT_CLOCK_HZ / ticks : 0xFFFFu;
    bps[algo][impl][size_index] = (uint16_t)(v > 0xFFFFu ? 0xFFFFu : v);
    ran[algo][impl][size_index] = (uint8_t)(iters > 255 ? 255 : iters);
    if (size_index == 2) {
        head[algo][impl][0] = iters ? digest[0] : 0;
        head[algo][impl][1] = iters && hb_algo_at(algo)->digest_size > 1 ? digest[1] : 0;
    }
    if (size_index == 0) {
        /* the progress line, in the next vertical blank */
        begin_line(7);
        put_uint(1, algo + 1, 2);
        line[3] = '/';
        put_uint(4, n_algos, 2);
        put_str(7, algo_id[algo]);
        put_str(22, impl ? "FAST" : "PORTABLE");
        flush_rows();
    }
}

void ui_show_until_rerun(void)
{
    unsigned down;
    int dirty = 1;
    pad_pending = 0;                /* what was pressed during the pass */
    for (;;) {
        if (dirty) {
            if (view_sort == HBT_SORT_SPEED)
                speed_keys();
            hbt_sort_rows(order, n_algos, view_sort == HBT_SORT_CATEGORY ? 0 : before);
            dirty = !draw_table();
        }
        nes_wait_frame();
        poll_pad();
        down = pad_pending;         /* pressed since the last look */
        pad_pending = 0;
        if (down & (PAD_B | PAD_START))
            return;
        if (down & PAD_A) {
            view_sort = (view_sort + 1) % HBT_N_SORTS;
            view_page = 0;
            dirty = 1;
        }
        if (down & PAD_SELECT) {
            view_sweep = !view_sweep;
            dirty = 1;
        }
        if (down & (PAD_UP | PAD_DOWN)) {
            view_page = (view_page + (down & PAD_DOWN ? 1 : PAGES - 1)) % PAGES;
            dirty = 1;
        }
    }
}

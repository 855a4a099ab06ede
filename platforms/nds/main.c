/* hashbench on the Nintendo DS: every algorithm, both implementations,
 * three sizes, ARM code on the ARM946E-S, timed with the cascaded bus-clock
 * timers; the results block in main RAM, shown as frame pages for the
 * headless runner after each pass, and the table on both screens. */
#include "hbt_run.h"
#include "hbt_block.h"
#include "nds_pages.h"
#include "nds_ui.h"

/* Every measurement is preceded by one untimed call of the same hash: on
 * hardware it fills the caches (the original suite's 200 ms loops ran warm
 * too); in DeSmuME it lets the JIT translate the code first, whose first
 * run is otherwise charged differently from the later ones. */
static uint32_t measure_warm(const hb_impl *impl, const uint8_t *msg, size_t len, unsigned iters,
                             uint8_t *digest, hb_ctx *ctx)
{
    hbt_measure(impl, msg, len, 1, digest, ctx);
    return hbt_measure(impl, msg, len, iters, digest, ctx);
}

static int select_warm(unsigned algo_index, hbt_code *code)
{
    int r = hbt_select_linked(algo_index, code);
    code->measure = measure_warm;
    return r;
}

static const hbt_build builds[] = {
    { "", select_warm },
};
#define N_BUILDS (sizeof builds / sizeof builds[0])

/* the CP15 control register: protection unit, caches, TCMs (its low half
 * goes into the block's setting word) */
static uint32_t cp15_control(void)
{
    uint32_t v;
    __asm__ volatile("mrc p15, 0, %0, c1, c0, 0" : "=r"(v));
    return v;
}

int main(void)
{
    unsigned pass = 0;
    hbt_timer_init();
    ui_init();
    hbt_block_init(N_BUILDS, (unsigned)(cp15_control() & 0xFFFFu), (unsigned)hbt_timer_overhead());
    ui_banner();                          /* nothing runs before A */
    for (;;) {
        pass++;
        ui_running(pass);
        hbt_run_pass(builds, N_BUILDS, pass, ui_entry);
        pages_show();
        /* the table until B or START asks for another pass */
        ui_show_until_rerun();
    }
}

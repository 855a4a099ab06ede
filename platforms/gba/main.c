/* hashbench on the Game Boy Advance: every algorithm, both implementations,
 * three sizes, Thumb code in cartridge ROM and ARM code in IWRAM, timed in
 * exact cycles; results in EWRAM for tools/retro-run, a table on screen. */
#include "hbt_run.h"
#include "hbt_block.h"
#include "gba_overlay.h"
#include "gba_ui.h"

static const hbt_build builds[] = {
    { "THUMB ROM", hbt_select_linked },
    { "ARM IWRAM", gba_select_overlay },
};
#define N_BUILDS (sizeof builds / sizeof builds[0])

int main(void)
{
    unsigned pass = 0;
    REG_IME = 0;                          /* no interrupts: nothing disturbs a count */
    REG_WAITCNT = GBA_WAITCNT_GAME;
    hbt_timer_init();
    ui_init(builds, N_BUILDS);
    hbt_block_init(N_BUILDS, GBA_WAITCNT_GAME, (unsigned)hbt_timer_overhead());
    ui_banner();                          /* nothing runs before A */
    for (;;) {
        pass++;
        ui_running(pass);
        hbt_run_pass(builds, N_BUILDS, pass, ui_entry);
        /* the table until B or START asks for another pass */
        ui_show_until_rerun();
    }
}

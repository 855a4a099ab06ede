/* hashbench on the Game Boy: every algorithm, both implementations (where
 * the code fits a 16 KB bank), three sizes, timed with TIMA; results in
 * WRAM for tools/retro-run, a table on screen.  Bank 1. */
#include "hbt_run.h"
#include "hbt_block.h"
#include "gb_bank.h"
#include "gb_ui.h"
#include "gb_speed.h"

static const hbt_build builds[] = {
    { "", gb_select },
};

int main(void)
{
    unsigned pass = 0;
    gb_speed_init();             /* a Color: double speed, before the timer and screen */
    hbt_timer_init();
    ui_init();
    __asm__("ei");
    hbt_block_init(1, 0, (unsigned)hbt_timer_overhead());
    ui_banner();                          /* nothing runs before A */
    for (;;) {
        pass++;
        ui_running(pass);
        hbt_run_pass(builds, 1, pass, ui_entry);
        ui_show_until_rerun();
    }
}

/* hashbench on the Nintendo 64: every algorithm, both implementations,
 * three sizes, timed with the VR4300's COUNT register, whose tick is found
 * at start-up (n64_timer.h).  As the original suite: a start-up banner
 * that waits for A on controller 1, a pass, the table with its controls
 * (n64_ui.h), and another pass on B or START.  The
 * results block lives in RDRAM and goes out through the IS-Viewer port
 * after each pass, every screen too when drawn (headless emulators draw
 * nothing a runner could photograph); the runner (build/n64-run) answers the ROM's
 * waits for a button from its key script (n64_isv.h). */
#include "hbt_run.h"
#include "hbt_block.h"
#include "n64_isv.h"
#include "n64_ui.h"
#include "n64_builds.h"
#include "n64_timer.h"
#include "n64_screen.h"

int main(void)
{
    unsigned pass, written;
    uint32_t found[9];
    hbt_timer_init();
    n64_builds_init();
    ui_init(n64_builds, n64_n_builds);
    /* what a COUNT tick is here (the video interface is up): before the
     * block's header, which records the cycles per tick found */
    n64_timer_detect();
    hbt_block_init(n64_n_builds, 0, (unsigned)hbt_timer_overhead());
    isv_dump_address(hbt_block);
    found[0] = n64_timer.kind;
    found[1] = n64_timer.cycles_per_tick;
    found[2] = n64_timer.fields;
    found[3] = n64_timer.field_ticks;
    found[4] = n64_timer.field_mhz;
    found[5] = n64_timer.count_khz;
    found[6] = n64_timer.loop_instructions;
    found[7] = n64_timer.loop_ticks;
    found[8] = screen_tv_type();
    isv_timer(found, 9);
    ui_banner();                          /* nothing runs before A */
    for (pass = 1;; pass++) {
        ui_running(pass);
        isv_run(pass);
        hbt_run_pass(n64_builds, n64_n_builds, pass, ui_entry);
        /* the header and every slot written so far (the ring holds two
         * passes: from the third on, all of it) */
        written = (unsigned)hbt_block[HBT_OFF_COUNT] | (unsigned)hbt_block[HBT_OFF_COUNT + 1] << 8;
        if (written > HBT_CAPACITY)
            written = HBT_CAPACITY;
        isv_dump_block(hbt_block, HBT_HEADER_BYTES + (unsigned long)written * HBT_ENTRY_BYTES);
        isv_dump_pass(pass);
        ui_show_until_rerun(pass);
    }
}

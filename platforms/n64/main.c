/* hashbench on the Nintendo 64: every algorithm, both implementations,
 * three sizes, timed with the VR4300's COUNT register; the results block
 * in RDRAM and sent through the IS-Viewer port after each pass, the table
 * on screen and, once, the framebuffer through the same port (headless
 * emulators draw nothing a runner could photograph). */
#include "hbt_run.h"
#include "hbt_block.h"
#include "n64_isv.h"
#include "n64_screen.h"
#include "n64_ui.h"
#include "n64_builds.h"

#define PASSES 2

int main(void)
{
    unsigned pass, b, written;
    hbt_timer_init();
    n64_builds_init();
    ui_init(n64_builds, n64_n_builds);
    hbt_block_init(n64_n_builds, 0, (unsigned)hbt_timer_overhead());
    isv_dump_address(hbt_block);
    for (pass = 1; pass <= PASSES; pass++) {
        ui_running(pass);
        hbt_run_pass(n64_builds, n64_n_builds, pass, ui_entry);
        /* the header and every entry so far (the ring holds all passes) */
        written = (unsigned)hbt_block[HBT_OFF_COUNT] | (unsigned)hbt_block[HBT_OFF_COUNT + 1] << 8;
        isv_dump_block(hbt_block, HBT_HEADER_BYTES + (unsigned long)written * HBT_ENTRY_BYTES);
        isv_dump_pass(pass);
    }
    for (b = 0; b < n64_n_builds; b++) {
        ui_table(b);
        /* the last table is the final screen */
        isv_dump_framebuffer(b + 1 == n64_n_builds ? "final" : n64_build_shots[b], screen_fb, SCREEN_W,
                             SCREEN_H);
    }
    isv_end();
    for (;;)
        screen_wait_vblank();
}

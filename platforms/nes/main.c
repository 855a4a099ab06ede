/* hashbench on the NES: every algorithm, both implementations, three sizes,
 * timed in CPU cycles (frames plus a calibrated spin, nes_clock.s); results
 * in internal RAM for tools/retro-run, a table on screen (nes_ui.c).
 *
 * Banking stays out of the algorithm sources: each implementation's code
 * sits in one switchable bank (the plan in nes.mk), the registry, the
 * harness and the shared helpers in the fixed bank, and nes_select /
 * nes_measure map the right bank before anything of an algorithm runs. */
#include "hbt_run.h"
#include "hbt_block.h"
#include "nes_bank.h"
#include "nes_ui.h"

unsigned __fastcall__ nes_spin_frame(void);

unsigned char nes_impl_bank(const hb_impl *impl)
{
    unsigned char i;
    for (i = 0; i < nes_bank_count; i++)
        if (nes_bank_table[i].impl == impl)
            return nes_bank_table[i].bank;
    return NES_NOT_IN_ROM;
}

/* the run loop's measuring function: maps the implementation's bank (the
 * portable and fast code of one algorithm may live in different banks),
 * runs the shared timed loop, and maps back the bank of the run loop */
static uint32_t nes_measure(const hb_impl *impl, const uint8_t *msg, size_t len,
                            unsigned iters, uint8_t *digest, hb_ctx *ctx)
{
    uint32_t ticks;
    unsigned char caller = nes_current_bank;
    nes_map_bank(nes_impl_bank(impl));
    ticks = hbt_measure(impl, msg, len, iters, digest, ctx);
    nes_map_bank(caller);
    return ticks;
}

/* An implementation whose code is not in the ROM is left out of code->impls
 * (NULL: the run loop records it as not run); with none in the ROM the
 * whole algorithm is not run (-1). */
static int nes_select(unsigned algo_index, hbt_code *code)
{
    unsigned j, present = 0;
    code->algo = hb_algo_at(algo_index);
    code->n_impls = hb_impl_count(code->algo);
    if (code->n_impls > HBT_MAX_IMPLS)
        code->n_impls = HBT_MAX_IMPLS;
    for (j = 0; j < code->n_impls; j++) {
        const hb_impl *impl = hb_impl_at(code->algo, j);
        if (nes_impl_bank(impl) == NES_NOT_IN_ROM) {
            code->impls[j] = 0;
        } else {
            code->impls[j] = impl;
            present++;
        }
    }
    code->measure = nes_measure;
    return present ? 0 : -1;
}

static const hbt_build builds[] = {
    { "", nes_select },
};

/* The run loop, the block writer, the registry's functions and the screen
 * are in the UI bank (nes.mk): it stays mapped except while nes_measure
 * runs an algorithm. */
int main(void)
{
    unsigned pass = 0, turns;
    hbt_timer_init();
    /* the spin loop's turns in one whole frame: about 2704 on
     * an NTSC console (recorded as the block's platform setting; a PAL
     * console would show about 3019 and its figures would be wrong) */
    turns = nes_spin_frame();
    nes_map_bank(nes_ui_bank);
    hbt_block_init(1, turns, (unsigned)hbt_timer_overhead());
    ui_init(turns);
    ui_banner();                    /* nothing runs before A */
    for (;;) {
        pass++;
        ui_running(pass);
        hbt_run_pass(builds, 1, pass, ui_entry);
        ui_show_until_rerun();      /* returns when B or START asks for another pass */
    }
    return 0;
}

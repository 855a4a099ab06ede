/* Banking and the measuring function (gb_bank.h).  Bank 0: it maps an
 * algorithm's bank over the caller's (bank 1) and must map it back. */
#include "gb_bank.h"
#include "gb_hw.h"

uint8_t gb_cur_bank = 1;          /* crt0.s maps bank 1 before main */
unsigned gb_iterations;

void gb_switch(uint8_t bank)
{
    gb_cur_bank = bank;
    MBC5_BANK_LO = bank;
}

uint8_t gb_bank_of(const hb_impl *impl)
{
    unsigned i;
    for (i = 0; i < gb_n_impl_banks; i++)
        if (gb_impl_banks[i].impl == impl)
            return gb_impl_banks[i].bank;
    return GB_BANK_ABSENT;
}

/* Times impl on msg[0..len): one call, then, if that was shorter than
 * GB_MIN_TICKS ticks, as many calls as reach them.  The count chosen goes
 * to gb_iterations (HBT_ITERATIONS), which the run loop records with the
 * ticks.  At least 4 ticks a call (no call here is that short) keeps it
 * under 255, the most the screen's table keeps. */
static uint32_t gb_measure(const hb_impl *impl, const uint8_t *msg, size_t len, unsigned iters,
                           uint8_t *digest, hb_ctx *ctx)
{
    uint8_t bank = gb_bank_of(impl), back = gb_cur_bank;
    uint32_t ticks;
    unsigned n = 1;
    (void)iters;
    gb_switch(bank);
    ticks = hbt_measure(impl, msg, len, 1, digest, ctx);
    if (ticks < GB_MIN_TICKS) {
        n = (unsigned)(GB_MIN_TICKS / (ticks ? ticks : 1) + 1);
        ticks = hbt_measure(impl, msg, len, n, digest, ctx);
    }
    gb_switch(back);
    gb_iterations = n;
    return ticks;
}

/* The linked registry, measured through gb_measure; an implementation
 * whose code is not in the ROM is left NULL: recorded as not run. */
int gb_select(unsigned algo_index, hbt_code *code)
{
    unsigned j;
    hbt_select_linked(algo_index, code);
    for (j = 0; j < code->n_impls; j++)
        if (gb_bank_of(code->impls[j]) == GB_BANK_ABSENT)
            code->impls[j] = 0;
    code->measure = gb_measure;
    return 0;
}

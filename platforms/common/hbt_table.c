/* The screen's summary of the results (hbt_table.h). */
#include "hbt_table.h"

static uint32_t ticks_of[HBT_TABLE_BUILDS][HBT_TABLE_ALGOS][HBT_MAX_IMPLS][HBT_N_SIZES];
static uint8_t ran[HBT_TABLE_BUILDS][HBT_TABLE_ALGOS][HBT_MAX_IMPLS][HBT_N_SIZES];
static uint8_t head[HBT_TABLE_BUILDS][HBT_TABLE_ALGOS][HBT_MAX_IMPLS][HBT_TABLE_HEAD];

int hbt_table_keep(unsigned algo, unsigned impl, unsigned build, unsigned size_index,
                   uint32_t ticks, unsigned iters, const uint8_t *digest)
{
    unsigned i;
    if (algo >= HBT_TABLE_ALGOS || build >= HBT_TABLE_BUILDS || impl >= HBT_MAX_IMPLS ||
        size_index >= HBT_N_SIZES)
        return 0;
    ticks_of[build][algo][impl][size_index] = ticks;
    ran[build][algo][impl][size_index] = (uint8_t)(iters > 255 ? 255 : iters);
    if (size_index == HBT_N_SIZES - 1)
        for (i = 0; i < HBT_TABLE_HEAD; i++)
            head[build][algo][impl][i] = iters && i < hb_algo_at(algo)->digest_size ? digest[i] : 0;
    return 1;
}

unsigned hbt_table_ran(unsigned b, unsigned a, unsigned j, unsigned s)
{
    return ran[b][a][j][s];
}

const uint8_t *hbt_table_head(unsigned b, unsigned a, unsigned j)
{
    return head[b][a][j];
}

uint32_t hbt_table_bytes_per_s(unsigned b, unsigned a, unsigned j, unsigned s)
{
    uint32_t ticks = ticks_of[b][a][j][s];
    if (!ran[b][a][j][s] || ticks == 0)
        return 0;
    /* ticks x cycles per tick fits 32 bits: a measurement is far below
     * 2^32 cycles (43 s on the N64, the fastest clock here) */
    return hbt_muldiv((uint32_t)hbt_sizes[s] * ran[b][a][j][s], HBT_CLOCK_HZ,
                      ticks * (uint32_t)HBT_CYCLES_PER_TICK);
}

uint32_t hbt_table_us10(unsigned b, unsigned a, unsigned j, unsigned s)
{
    if (!ran[b][a][j][s])
        return 0;
    /* cycles x 10^7 / clock fits: 2^32 cycles at 16.78 MHz is 2.6 x 10^9 */
    return hbt_muldiv(ticks_of[b][a][j][s] * (uint32_t)HBT_CYCLES_PER_TICK, 10000000u,
                      HBT_CLOCK_HZ) / ran[b][a][j][s];
}

uint32_t hbt_table_cpb10(unsigned b, unsigned a, unsigned j, unsigned s)
{
    if (!ran[b][a][j][s])
        return 0;
    return hbt_muldiv(ticks_of[b][a][j][s] * (uint32_t)HBT_CYCLES_PER_TICK, 10u,
                      (uint32_t)hbt_sizes[s] * ran[b][a][j][s]);
}

unsigned hbt_table_best(unsigned a)
{
    return hb_impl_count(hb_algo_at(a)) > 1 ? 1 : 0;
}

uint32_t hbt_muldiv(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t al = a & 0xFFFFu, ah = a >> 16, bl = b & 0xFFFFu, bh = b >> 16;
    uint32_t lo, hi, t, q = 0;
    unsigned i;
    /* the 64-bit product hi:lo from four 16 x 16-bit products; no partial
     * sum below can pass 2^32 - 1 */
    lo = al * bl;
    t = ah * bl + (lo >> 16);
    hi = t >> 16;
    t = al * bh + (t & 0xFFFFu);
    hi += ah * bh + (t >> 16);
    lo = (lo & 0xFFFFu) | (t << 16);
    if (c == 0 || hi >= c)
        return 0xFFFFFFFFu;
    /* long division, one quotient bit a step; the remainder stays below c,
     * and `top` is the bit shifted out of it */
    for (i = 0; i < 32; i++) {
        uint32_t top = hi >> 31;
        hi = (hi << 1) | (lo >> 31);
        lo <<= 1;
        q <<= 1;
        if (top || hi >= c) {
            hi -= c;
            q |= 1u;
        }
    }
    return q;
}

/* Writing the results block (layout: hbt_block.h, README.md). */
#include "hbt_block.h"
#include "hbt_run.h"

HBT_BLOCK_ATTR uint8_t hbt_block[HBT_BLOCK_BYTES];

/* entries written so far (mod 65536, as in the header) and the slot the
 * next one goes to: the entry count modulo the capacity, kept apart so that
 * a capacity that does not divide 65536 stays right when the count wraps */
static uint16_t written;
static uint16_t next_slot;

static void put16(unsigned off, unsigned v)
{
    /* low byte first: a reader between the two stores sees a value no
     * larger than the old one (a carry makes the low byte smaller) */
    hbt_block[off] = (uint8_t)v;
    hbt_block[off + 1] = (uint8_t)(v >> 8);
}

static void put32(unsigned long off, uint32_t v)
{
    hbt_block[off] = (uint8_t)v;
    hbt_block[off + 1] = (uint8_t)(v >> 8);
    hbt_block[off + 2] = (uint8_t)(v >> 16);
    hbt_block[off + 3] = (uint8_t)(v >> 24);
}

void hbt_block_init(unsigned n_builds, unsigned setting, unsigned overhead_ticks)
{
    unsigned long i;
    for (i = 0; i < HBT_BLOCK_BYTES; i++)
        hbt_block[i] = 0;
    written = 0;
    next_slot = 0;
    hbt_block[HBT_OFF_VERSION] = HBT_BLOCK_VERSION;
    hbt_block[HBT_OFF_HEADER_BYTES] = HBT_HEADER_BYTES;
    hbt_block[HBT_OFF_ENTRY_BYTES] = HBT_ENTRY_BYTES;
    hbt_block[HBT_OFF_DIGEST_BYTES] = HBT_DIGEST_BYTES;
    put16(HBT_OFF_CAPACITY, HBT_CAPACITY);
    hbt_block[HBT_OFF_N_ALGOS] = (uint8_t)hb_algo_count();
    hbt_block[HBT_OFF_N_SIZES] = HBT_N_SIZES;
    for (i = 0; i < HBT_N_SIZES; i++)
        put16(HBT_OFF_SIZES + 2 * (unsigned)i, hbt_sizes[i]);
    put32(HBT_OFF_CLOCK_HZ, HBT_CLOCK_HZ);
    put16(HBT_OFF_CYC_PER_TICK, HBT_CYCLES_PER_TICK);
    hbt_block[HBT_OFF_PLATFORM] = HBT_PLATFORM_ID;
    hbt_block[HBT_OFF_N_BUILDS] = (uint8_t)n_builds;
    put16(HBT_OFF_SETTING, setting);
    put16(HBT_OFF_OVERHEAD, overhead_ticks);
    /* the magic goes in last, byte by byte (no string constant that a scan
     * of memory could find elsewhere): a runner that finds it finds a
     * complete header */
    hbt_block[HBT_OFF_MAGIC + 0] = 'H';
    hbt_block[HBT_OFF_MAGIC + 1] = 'B';
    hbt_block[HBT_OFF_MAGIC + 2] = 'R';
    hbt_block[HBT_OFF_MAGIC + 3] = 'B';
}

void hbt_block_state(unsigned state, unsigned pass)
{
    hbt_block[HBT_OFF_PASS] = (uint8_t)pass;
    hbt_block[HBT_OFF_STATE] = (uint8_t)state;
}

void hbt_block_add(unsigned algo, unsigned impl, unsigned build, unsigned size_index,
                   unsigned pass, uint32_t ticks, unsigned iters,
                   const uint8_t *digest, unsigned digest_len)
{
    unsigned long e = HBT_HEADER_BYTES + (unsigned long)next_slot * HBT_ENTRY_BYTES;
    unsigned i;
    hbt_block[e + HBT_E_ALGO] = (uint8_t)algo;
    hbt_block[e + HBT_E_IMPL] = (uint8_t)((impl & 15u) | (build << 4));
    hbt_block[e + HBT_E_SIZE] = (uint8_t)size_index;
    hbt_block[e + HBT_E_PASS] = (uint8_t)pass;
    put32(e + HBT_E_TICKS, ticks);
    put16((unsigned)(e + HBT_E_ITERS), iters);
    for (i = 0; i < HBT_DIGEST_BYTES; i++)
        hbt_block[e + HBT_E_DIGEST + i] = (uint8_t)(i < digest_len ? digest[i] : 0);
    if (++next_slot == HBT_CAPACITY)
        next_slot = 0;
    written++;
    put16(HBT_OFF_COUNT, written);
}

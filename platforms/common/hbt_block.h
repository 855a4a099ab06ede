/* The results block: what a console ROM leaves in its RAM for the headless
 * runner (tools/retro-run) and for anyone reading memory on real hardware.
 * The byte layout is fixed (little-endian, no padding) and documented in
 * platforms/common/README.md; every field is written byte by byte, so the
 * layout is the same from cc65, SDCC, arm-none-eabi-gcc and big-endian mips.
 *
 * The entries form a ring of HBT_CAPACITY slots: entry number n (counting
 * from 0 since power-on) lives in slot n % HBT_CAPACITY.  A console with
 * room for a whole pass (GBA, DS, N64) never wraps within a pass; the NES
 * and Game Boy keep a small ring that the runner drains every frame. */
#ifndef HBT_BLOCK_H
#define HBT_BLOCK_H

#include "hashbench.h"
#include "hbt_platform.h"

#include "hbt_layout.h"

#define HBT_ENTRY_BYTES (HBT_E_DIGEST + HBT_DIGEST_BYTES)
#define HBT_BLOCK_BYTES (HBT_HEADER_BYTES + (unsigned long)HBT_CAPACITY * HBT_ENTRY_BYTES)

/* the block itself; hbt_platform.h may give it a section (HBT_BLOCK_ATTR) */
extern uint8_t hbt_block[];

/* Writes the header; setting: the platform word recorded at HBT_OFF_SETTING. */
void hbt_block_init(unsigned n_builds, unsigned setting, unsigned overhead_ticks);
void hbt_block_state(unsigned state, unsigned pass);
/* Appends one entry (a new slot of the ring) and then publishes it by
 * advancing the count: a reader never sees a half-written entry. */
void hbt_block_add(unsigned algo, unsigned impl, unsigned build, unsigned size_index,
                   unsigned pass, uint32_t ticks, unsigned iters,
                   const uint8_t *digest, unsigned digest_len);

#endif /* HBT_BLOCK_H */

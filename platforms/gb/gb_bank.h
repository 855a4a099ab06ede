/* ROM banking (MBC5) and the measuring function of the Game Boy build.
 *
 * Bank 0 (fixed) holds the start-up code, the timer, the registry and its
 * adapters, the 64-bit helpers and this file; bank 1 the run loop and the
 * screen; banks 2 and up the algorithms, packed by plan_banks.py so that
 * everything one implementation calls shares its bank.  gb_banks.c
 * (generated) says which bank holds each implementation. */
#ifndef GB_BANK_H
#define GB_BANK_H

#include "hbt_run.h"

#define GB_BANK_UI 1
#define GB_BANK_ABSENT 0      /* in gb_impl_banks: this code is not in the ROM */

typedef struct gb_impl_bank {
    const hb_impl *impl;
    uint8_t bank;
} gb_impl_bank;

extern const gb_impl_bank gb_impl_banks[];
extern const unsigned gb_n_impl_banks;

extern uint8_t gb_cur_bank;

/* the rows whose code in this ROM is a compact form (<algo>_compact.c:
 * gb.mk's GB_COMPACT, the rows of each in compact.mk; generated, in bank
 * 0): the screen marks them C, the record names them compact */
extern const hb_impl *const gb_compact_rows[];
extern const unsigned char gb_compact_count;
void gb_switch(uint8_t bank);
uint8_t gb_bank_of(const hb_impl *impl);

/* the build's select(): the linked registry, measured through gb_measure */
int gb_select(unsigned algo_index, hbt_code *code);

#endif

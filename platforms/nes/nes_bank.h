/* Banking (MMC1 on SUROM, PRG mode 3): 30 switchable 16 KB banks at $8000
 * (0-14, 16-30; bit 4 of the number is the 256 KB half), the last
 * bank fixed at $C000.  Which implementation lives in which bank is the
 * plan in nes.mk; nes_banks.c is generated from it. */
#ifndef NES_BANK_H
#define NES_BANK_H

#include "hashbench.h"

#define NES_NOT_IN_ROM 0xFFu    /* the code is larger than a bank: recorded as not run */

typedef struct nes_bank_entry {
    const hb_impl *impl;
    unsigned char bank;
} nes_bank_entry;

extern const nes_bank_entry nes_bank_table[];
extern const unsigned char nes_bank_count;
extern const unsigned char nes_ui_bank;     /* the bank of nes_ui.c */
/* the rows whose code in this ROM is a compact form (<algo>_compact.c:
 * flags.mk's NES_COMPACT, the rows of each in compact.mk): the screen marks
 * them C, the record names them compact; a null pointer ends the list */
extern const hb_impl *const nes_compact_rows[];
extern const unsigned char nes_compact_count;

/* maps bank at $8000 (nes_bank.s) and remembers it */
void __fastcall__ nes_map_bank(unsigned char bank);
extern unsigned char nes_current_bank;

/* the bank that holds impl's code, or NES_NOT_IN_ROM */
unsigned char nes_impl_bank(const hb_impl *impl);

#endif

/* Pearson-8 with the shortest chain C can ask for: one xor and one load.
 *
 * gcc compiles portable's uint8_t loop as xor (mem),%al; movzbl %al,%eax;
 * movzbl (table,%rax),%eax: the byte xor into %al and the zero-extension
 * are two dependent operations before the load, 1 + 1 + 4 = 6 cycles per
 * byte.  Keeping h and the data byte as full-width integers lets it load
 * the byte separately (off the chain), xor the two 32-bit registers
 * (1 cycle) and index the table with the result (an L1 load, 4 cycles):
 * 5 cycles per byte.
 *
 * T is portable's table, hb_pearson8_table. */
#include "tiny_x86.h"

void hb_pearson8_update_x64(hb_pearson8_ctx *c, const uint8_t *data, size_t len)
{
    size_t h = c->h, i;

    for (i = 0; i < len; i++)
        h = hb_pearson8_table[h ^ data[i]];
    c->h = (uint8_t)h;
}

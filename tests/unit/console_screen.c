/* Unit tests of what every console's results screen shares
 * (platforms/common): a digest shown with as many bytes as it has, and the
 * speed sort putting the rows with no figure ("-", N/FIT) last.  The
 * consoles' test tiers check the same on the emulators' screenshots; this
 * checks the rules themselves on the host, in a second. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "../../platforms/common/hbt_text.c"
#include "../../platforms/common/hbt_sort.c"
#include "unit.h"

static const uint8_t bytes[4] = { 0xDD, 0x00, 0x7C, 0x32 };

/* what hbt_put_digest writes into a line of spaces */
static int digest_shows(unsigned size, unsigned room, const char *want)
{
    char line[12];
    unsigned n;
    hbt_blank(line, 10);
    n = hbt_put_digest(line, bytes, size, room);
    if (strcmp(line, want) != 0)
        printf("     size %u room %u: '%s', want '%s'\n", size, room, line, want);
    return strcmp(line, want) == 0 && n == (size < room ? size : room);
}

/* the speed sort's test over a small table: fig (0 = "-" or N/FIT) and tie */
static const unsigned long fig[6] = { 500, 0, 900, 0, 500, 700 };
static const unsigned long tie[6] = { 100, 300, 200, 800, 150, 50 };

static int faster(unsigned x, unsigned y)
{
    return HBT_SPEED_BEFORE(fig[x], tie[x], fig[y], tie[y]);
}

int main(void)
{
    unsigned char order[6];
    static const unsigned char want[6] = { 2, 5, 4, 0, 3, 1 };
    char out[12];

    check(digest_shows(1, 4, "DD        "), "a one-byte digest (CRC-8) shows one byte: DD, not DD00");
    check(digest_shows(1, 2, "DD        "), "a one-byte digest in a two-byte column: DD");
    check(digest_shows(2, 4, "DD00      "), "a two-byte digest whose second byte is zero shows it: DD00");
    check(digest_shows(20, 4, "DD007C32  "), "a 20-byte digest in a four-byte column: its first four");
    check(digest_shows(4, 2, "DD00      "), "a four-byte digest in a two-byte column: its first two");

    hbt_sort_rows(order, 6, faster);
    check(same(order, want, 6), "speed sort: figures fastest first, equal figures by the tie (portable), "
                                "rows without a figure last, by their portable figure");
    check(!HBT_SPEED_BEFORE(0, 999999, 1, 0), "a row without a figure never goes above one with a figure");
    check(HBT_SPEED_BEFORE(1, 0, 0, 999999), "any figure goes above a row without one");

    hbt_fmt_fixed10(out, 14060u, 8);
    out[8] = 0;
    check(strcmp(out, "  1406.0") == 0, "US/IT: 1406.0 microseconds in 8 columns");
    hbt_fmt_fixed10(out, 144190u, 8);
    check(strcmp(out, "   14419") == 0, "US/IT: from 10000 microseconds on, whole microseconds");
    return unit_summary();
}

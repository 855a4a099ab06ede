/* The row orders of the original suite's A button: category (the roster's
 * own order), speed (fastest first), name. */
#ifndef HBT_SORT_H
#define HBT_SORT_H

enum { HBT_SORT_CATEGORY, HBT_SORT_SPEED, HBT_SORT_NAME, HBT_N_SORTS };
extern const char *const hbt_sort_names[HBT_N_SORTS];   /* "CATEGORY", ... */

/* order[0..n) = 0..n-1, then, unless before is NULL (category order),
 * sorted by before(x, y) "row x goes above row y".  Insertion sort: stable
 * (equal rows keep the roster's order) and quick for 40 rows. */
void hbt_sort_rows(unsigned char *order, unsigned n, int (*before)(unsigned x, unsigned y));

/* The speed sort's "goes above": x before y when x's figure in the column
 * the sort ranks by (fig, bytes/s or any rate, larger = faster) is larger.
 * A row with no figure there (0: "-", no such implementation; or N/FIT,
 * not run) goes below every row that has one, so those rows end the
 * ranking instead of sitting in it; rows equal there (the ones without a
 * figure) are ranked by tie (the portable figure).  A macro, so each
 * console compares figures of its own width (16 bits on the NES and Game
 * Boy, where 32-bit arguments are slow) and the NES's full UI bank holds no
 * function it does not call.  Arguments are evaluated more than once. */
#define HBT_SPEED_BEFORE(fig_x, tie_x, fig_y, tie_y) \
    ((fig_x) != (fig_y) ? (fig_x) > (fig_y) : (tie_x) > (tie_y))

/* p before q in byte order (strcmp(p, q) < 0, without the C library: on
 * the NES that would land in the fixed bank) */
int hbt_name_before(const char *p, const char *q);

#endif

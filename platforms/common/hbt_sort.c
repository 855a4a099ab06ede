/* Sorting the table's rows (hbt_sort.h). */
#include "hbt_sort.h"

const char *const hbt_sort_names[HBT_N_SORTS] = { "CATEGORY", "SPEED", "NAME" };

void hbt_sort_rows(unsigned char *order, unsigned n, int (*before)(unsigned x, unsigned y))
{
    unsigned i, j;
    for (i = 0; i < n; i++)
        order[i] = (unsigned char)i;
    if (!before)
        return;
    for (i = 1; i < n; i++) {
        unsigned char v = order[i];
        for (j = i; j > 0 && before(v, order[j - 1]); j--)
            order[j] = order[j - 1];
        order[j] = v;
    }
}

int hbt_name_before(const char *p, const char *q)
{
    while (*p && *p == *q) {
        p++;
        q++;
    }
    return (unsigned char)*p < (unsigned char)*q;
}

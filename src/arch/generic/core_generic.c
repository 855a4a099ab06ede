/* An architecture that tells no cores apart: every core keeps the rows'
 * ranks.  Host builds only (src/dispatch.c asks; the consoles never pick,
 * and list families_generic.c alone). */
#include "impl_rows.h"

const char *hb_arch_rank_core(void)
{
    return 0;
}

const char *hb_arch_tuning_name(void)
{
    return "none";
}

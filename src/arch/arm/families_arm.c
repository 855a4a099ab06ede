/* The 32-bit ARM families (hosted armhf and armel builds): each lists its
 * implementations in one table of rows (src/impl_rows.h) in its own
 * folder, src/algorithms/<family>/arm/, with their ranks and CPU features
 * (cpu_arm.h); this file only collects them.  BLAKE3's rows hold its
 * threaded `mt` too, over NEON or over the fast C (blake3/arm/). */
#include "impl_rows.h"

extern const hb_impl_row hb_adler_arm_rows[], hb_fletcher_arm_rows[], hb_xxh_arm_rows[],
    hb_blake2_arm_rows[], hb_blake3_arm_rows[];

const hb_impl_row *const hb_arch_rows[] = { hb_adler_arm_rows, hb_fletcher_arm_rows, hb_xxh_arm_rows,
                                            hb_blake2_arm_rows, hb_blake3_arm_rows, 0 };

/* 32-bit ARM tells no cores apart yet: every core keeps the rows' ranks */
const char *hb_arch_rank_core(void)
{
    return 0;
}

const char *hb_arch_tuning_name(void)
{
    return "none";
}

/* Registry entry for the threaded BLAKE3: offered where the architecture's
 * folder says (hb_blake3_mt_available), ranked by each architecture's
 * table (blake3_mt_arch.h). */
#include "algorithms/common/register.h"
#include "algorithms/blake3/blake3_mt.h"
#include "algorithms/blake3/threads/blake3_mt_arch.h"

static void mt_init(void *c) { hb_blake3_init((hb_blake3_ctx *)c); }
static void mt_update(void *c, const uint8_t *p, size_t n) { hb_blake3_update_mt((hb_blake3_ctx *)c, p, n); }
static void mt_final(void *c, uint8_t *d) { hb_blake3_final_mt((hb_blake3_ctx *)c, d); }

const hb_impl hb_impl_blake3_mt = { "mt", hb_blake3_mt_available, sizeof(hb_blake3_ctx), mt_init, mt_update,
                                    mt_final, hb_blake3_params_mt };

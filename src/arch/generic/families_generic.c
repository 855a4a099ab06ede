/* Architectures with no instruction-set implementations (yet), and the
 * consoles: the portable and fast C implementations are all there is. */
#include "../../impl_rows.h"      /* relative: the console builds have no -Isrc */

const hb_impl_row *const hb_arch_rows[] = { 0 };

/* Architectures with no instruction-set implementations (yet): the
 * portable and fast C implementations are all there is.  (The consoles
 * link no rows at all: src/impl_list.c.) */
#include "../../impl_rows.h"      /* relative: the console builds have no -Isrc */

const hb_impl_row *const hb_arch_rows[] = { 0 };

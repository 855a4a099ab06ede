/* Architectures with no instruction-set implementations (yet): the portable
 * and fast C implementations are all there is. */
#include "hashbench.h"

const hb_extra_impl *const hb_arch_impl_tables[] = { 0 };

#include "../no_tuning.h"      /* relative: the console builds have no -Isrc */

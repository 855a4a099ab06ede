/* The x86-64 implementations of this family group, with their dispatch
 * ranks (higher wins; portable C is 0, fast C 1). */
#include "hashbench.h"

const hb_extra_impl hb_x86_blake_impls[] = {
    { 0, 0, 0 }
};

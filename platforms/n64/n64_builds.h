/* The builds of the algorithms the N64 image measures (hbt_run.h). */
#ifndef N64_BUILDS_H
#define N64_BUILDS_H

#include "hbt_run.h"

extern const hbt_build n64_builds[];
extern const unsigned n64_n_builds;
/* makes every build's code reachable (before the first pass) */
void n64_builds_init(void);

#endif

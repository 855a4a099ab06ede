/* The battery's two sizes (quality.h, hb_q_config).
 *
 * quick: 2^16 keys per collision keyset, enough to catch a hash that
 * collides grossly (a byte sum, a short linear recurrence) and small
 * enough that all 40 algorithms run in under two minutes on two cores
 * (make test runs it).  full: 2^22 keys, where a 32-bit collision test
 * expects 2047.5 collisions and a 10% excess is more than four standard
 * deviations: the size at which 32-bit outputs are really judged.  The
 * avalanche and seed key counts grow with it: SAC's bias resolution goes
 * as 1/sqrt(keys). */
#include <string.h>
#include "quality/quality.h"

void hb_q_config_quick(hb_q_config *c, uint64_t seed)
{
    memset(c, 0, sizeof *c);
    c->seed = seed;
    c->log2_keys = 16;
    c->avalanche_keys = 2000;
    c->seed_keys = 2000;
    c->quick = 1;
}

void hb_q_config_full(hb_q_config *c, uint64_t seed)
{
    memset(c, 0, sizeof *c);
    c->seed = seed;
    c->log2_keys = 22;
    c->avalanche_keys = 100000;
    c->seed_keys = 100000;
    c->quick = 0;
}

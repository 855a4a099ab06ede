/* The CPUs' random-number instructions as hashbench rng sources
 * (rng/rng_source.h); the instructions themselves are hw_rng.h's, one
 * file per architecture (src/rng/<arch>/). */
#include <stdio.h>
#include "rng/hw_rng.h"
#include "rng/rng_source.h"

static const char *const names[HB_HW_RNG_KINDS] = { "RDRAND", "RDSEED", "RNDR" };

static int cpu_open(hb_rng_source *s, char *why, size_t why_len)
{
    const char *reason = "";
    if (!hb_hw_rng_present((hb_hw_rng_kind)s->arg, &reason)) {
        snprintf(why, why_len, "%s", reason);
        return -1;
    }
    snprintf(s->detail, sizeof s->detail, "%s, 8 bytes per instruction, up to %u tries per value",
             names[s->arg], HB_HW_RNG_RETRIES);
    return 0;
}

static int cpu_fill(hb_rng_source *s, uint8_t *buf, size_t n, size_t *got, char *why, size_t why_len)
{
    size_t done = hb_hw_rng_fill((hb_hw_rng_kind)s->arg, buf, n, &s->retries);
    *got = done;
    if (done == n)
        return 0;
    snprintf(why, why_len, "%s gave no value %u times in a row after %zu of %zu bytes (%llu failed tries in all)",
             names[s->arg], HB_HW_RNG_RETRIES, done, n, s->retries);
    return -1;
}

static void cpu_close(hb_rng_source *s)
{
    (void)s;
}

const hb_rng_source_ops hb_rng_cpu_ops = { cpu_open, cpu_fill, cpu_close };

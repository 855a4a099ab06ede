/* Every random source hashbench rng knows, in the order of its table:
 * the kernel's, the CPU's, the libraries', then the process the BeagleBone
 * report timed (docs/rng.md says what each one is). */
#include <stdlib.h>
#include "rng/hw_rng.h"
#include "rng/rng_source.h"

/* /dev/hwrng unless HB_RNG_HWRNG names another device (the tests name a
 * missing one; a board may expose its generator elsewhere) */
static const char *hwrng_path(void)
{
    const char *p = getenv("HB_RNG_HWRNG");
    return p && *p ? p : "/dev/hwrng";
}

hb_rng_source *hb_rng_sources(unsigned *n)
{
    static hb_rng_source list[] = {
        { "urandom", "/dev/urandom", "kernel", &hb_rng_device_ops, "/dev/urandom", 0, "", -1, 0, 0, 0 },
        { "random", "/dev/random", "kernel", &hb_rng_device_ops, "/dev/random", 0, "", -1, 0, 0, 0 },
        { "getrandom", "getrandom()", "kernel", &hb_rng_getrandom_ops, 0, 0, "", -1, 0, 0, 0 },
        { "hwrng", "/dev/hwrng", "kernel", &hb_rng_device_ops, "/dev/hwrng", 0, "", -1, 0, 0, 0 },
        { "rdrand", "RDRAND", "instruction", &hb_rng_cpu_ops, 0, HB_HW_RDRAND, "", -1, 0, 0, 0 },
        { "rdseed", "RDSEED", "instruction", &hb_rng_cpu_ops, 0, HB_HW_RDSEED, "", -1, 0, 0, 0 },
        { "rndr", "RNDR", "instruction", &hb_rng_cpu_ops, 0, HB_HW_RNDR, "", -1, 0, 0, 0 },
        { "openssl", "OpenSSL RAND_bytes", "library", &hb_rng_lib_ops, 0, 0, "", -1, 0, 0, 0 },
        { "sodium", "libsodium randombytes_buf", "library", &hb_rng_lib_ops, 0, 0, "", -1, 0, 0, 0 },
        { "openssl-rand", "openssl rand (process)", "process", &hb_rng_process_ops, 0, 0, "", -1, 0, 0, 0 },
    };
    list[3].path = list[3].label = hwrng_path();
    *n = sizeof list / sizeof list[0];
    return list;
}

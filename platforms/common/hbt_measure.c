/* The timed loop.  It is compiled into every build of the hot code (on the
 * GBA once as Thumb for cartridge ROM and once as ARM for IWRAM), so the
 * loop and its indirect calls run where the algorithm runs. */
#include "hbt_run.h"
#include "hbt_timer.h"

uint32_t hbt_measure(const hb_impl *impl, const uint8_t *msg, size_t len,
                     unsigned iters, uint8_t *digest, hb_ctx *ctx)
{
    unsigned i;
    uint32_t ticks;
    ctx->impl = impl;
#ifdef HBT_WARM_UP
    /* one call untimed first (hbt_platform.h): a console with caches then
     * times the call with its code and tables cached as they are in a loop
     * of calls, whatever ran before; the count no longer depends on it */
    impl->init(&ctx->u);
    impl->update(&ctx->u, msg, len);
    impl->final(&ctx->u, digest);
#endif
    hbt_timer_start();
    for (i = 0; i < iters; i++) {
        impl->init(&ctx->u);
        impl->update(&ctx->u, msg, len);
        impl->final(&ctx->u, digest);
    }
    ticks = hbt_timer_stop();
    return ticks;
}

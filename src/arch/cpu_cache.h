/* CPU features are detected once per process, whatever the architecture:
 * the first caller runs detect() and caches the result.  The top bit marks
 * "known" (no feature uses it); the atomic load and store keep threads that
 * ask at the same time from racing on the cache (they all compute the same
 * value anyway). */
#ifndef HB_CPU_CACHE_H
#define HB_CPU_CACHE_H

static inline unsigned hb_cpu_cached(unsigned *cache, unsigned (*detect)(void))
{
    unsigned v = __atomic_load_n(cache, __ATOMIC_ACQUIRE);
    if (!v) {
        v = detect() | 0x80000000u;
        __atomic_store_n(cache, v, __ATOMIC_RELEASE);
    }
    return v & ~0x80000000u;
}

#endif

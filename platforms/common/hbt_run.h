/* The on-target run loop: every algorithm of the registry, each of its
 * implementations, at each message size, through each build of the hot
 * code, timed with the platform's timer and written to the results block.
 *
 * A "build" is one compiled copy of the algorithms a console measures: the
 * NES and Game Boy have one (banked), the GBA two (Thumb in cartridge ROM,
 * ARM copied into IWRAM).  Before an algorithm runs, its build's select()
 * makes its code reachable (maps its bank, copies its overlay) and says
 * where its registry entry and measuring function are. */
#ifndef HBT_RUN_H
#define HBT_RUN_H

#include "hashbench.h"
#include "hbt_platform.h"

#define HBT_N_SIZES 3
#define HBT_MAX_SIZE 1024
#define HBT_MAX_IMPLS 4

extern const unsigned hbt_sizes[HBT_N_SIZES];   /* 64, 256, 1024 */

/* Times iters complete hashes (init, update, final through the registry's
 * function pointers) of msg[0..len) and leaves the last digest in digest;
 * returns the ticks they took.  Compiled into every build (hbt_measure.c). */
typedef uint32_t (*hbt_measure_fn)(const hb_impl *impl, const uint8_t *msg, size_t len,
                                   unsigned iters, uint8_t *digest, hb_ctx *ctx);
uint32_t hbt_measure(const hb_impl *impl, const uint8_t *msg, size_t len,
                     unsigned iters, uint8_t *digest, hb_ctx *ctx);

/* What select() hands back: the algorithm as its build sees it. */
typedef struct hbt_code {
    const hb_algo *algo;
    unsigned n_impls;
    const hb_impl *impls[HBT_MAX_IMPLS];
    hbt_measure_fn measure;
} hbt_code;

typedef struct hbt_build {
    const char *label;      /* on screen: "THUMB ROM", "ARM IWRAM", "" */
    /* 0: code ready; -1: this algorithm's code does not fit the build.
     * With 0, an impls[j] left NULL is one implementation that does not
     * fit: recorded as not run (iterations 0), the others are measured. */
    int (*select)(unsigned algo_index, hbt_code *code);
} hbt_build;

/* The plain build: the registry linked in directly (hb_algo_at, hb_impl_at). */
int hbt_select_linked(unsigned algo_index, hbt_code *code);

/* Called after every entry (screen progress, keeping a summary table). */
typedef void (*hbt_entry_fn)(unsigned algo, unsigned impl, unsigned build, unsigned size_index,
                             uint32_t ticks, unsigned iters, const uint8_t *digest);

/* One pass over everything; marks the block running, then done. */
void hbt_run_pass(const hbt_build *builds, unsigned n_builds, unsigned pass,
                  hbt_entry_fn on_entry);

/* Ticks of an empty start/stop interval (recorded in the header). */
uint32_t hbt_timer_overhead(void);

#endif /* HBT_RUN_H */

/* The run loop over the registry (see hbt_run.h). */
#include "hbt_run.h"
#include "hbt_block.h"
#include "hbt_timer.h"

const unsigned hbt_sizes[HBT_N_SIZES] = { 64, 256, 1024 };

/* The message, the context and the digest: one algorithm runs at a time,
 * so one of each serves them all.  The canonical workload's first n bytes
 * are the workload of size n, so one buffer holds every size. */
HBT_HOT_DATA uint8_t hbt_msg[HBT_MAX_SIZE];
HBT_HOT_DATA hb_ctx hbt_ctx;
HBT_HOT_DATA uint8_t hbt_digest[HB_MAX_DIGEST];

int hbt_select_linked(unsigned algo_index, hbt_code *code)
{
    unsigned j;
    code->algo = hb_algo_at(algo_index);
    code->n_impls = hb_impl_count(code->algo);
    if (code->n_impls > HBT_MAX_IMPLS)
        code->n_impls = HBT_MAX_IMPLS;
    for (j = 0; j < code->n_impls; j++)
        code->impls[j] = hb_impl_at(code->algo, j);
    code->measure = hbt_measure;
    return 0;
}

uint32_t hbt_timer_overhead(void)
{
    hbt_timer_start();
    return hbt_timer_stop();
}

void hbt_run_pass(const hbt_build *builds, unsigned n_builds, unsigned pass,
                  hbt_entry_fn on_entry)
{
    unsigned b, a, j, s, n_algos = hb_algo_count();
    uint32_t ticks;
    hbt_code code;

    hb_workload_fill(hbt_msg, HBT_MAX_SIZE);
    hbt_block_state(HBT_STATE_RUNNING, pass);
    for (b = 0; b < n_builds; b++) {
        for (a = 0; a < n_algos; a++) {
            if (builds[b].select(a, &code) != 0) {
                /* recorded as not run (iterations 0), never dropped silently */
                unsigned n = hb_impl_count(hb_algo_at(a));
                for (j = 0; j < n; j++)
                    for (s = 0; s < HBT_N_SIZES; s++) {
                        hbt_block_add(a, j, b, s, pass, 0, 0, hbt_digest, 0);
                        if (on_entry)
                            on_entry(a, j, b, s, 0, 0, hbt_digest);
                    }
                continue;
            }
            for (j = 0; j < code.n_impls; j++)
                for (s = 0; s < HBT_N_SIZES; s++) {
                    if (!code.impls[j]) {
                        /* select() left this implementation out (NES: its
                         * code is larger than a bank): not run, recorded */
                        hbt_block_add(a, j, b, s, pass, 0, 0, hbt_digest, 0);
                        if (on_entry)
                            on_entry(a, j, b, s, 0, 0, hbt_digest);
                        continue;
                    }
                    ticks = code.measure(code.impls[j], hbt_msg, hbt_sizes[s], HBT_ITERATIONS,
                                         hbt_digest, &hbt_ctx);
                    hbt_block_add(a, j, b, s, pass, ticks, HBT_ITERATIONS, hbt_digest,
                                  code.algo->digest_size);
                    if (on_entry)
                        on_entry(a, j, b, s, ticks, HBT_ITERATIONS, hbt_digest);
                }
        }
    }
    hbt_block_state(HBT_STATE_DONE, pass);
}

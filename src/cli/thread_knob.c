/* Which implementations take a thread count (see thread_knob.h). */
#include <string.h>
#include "algorithms/blake3/blake3_mt.h"
#include "cli/thread_knob.h"

static const hb_impl *rust_impl;
static hb_thread_knob rust_knob;

void hb_thread_knob_set_rust(const hb_impl *impl, hb_thread_knob knob)
{
    rust_impl = impl;
    rust_knob = knob;
}

hb_thread_knob hb_impl_thread_knob(const hb_impl *impl)
{
    const hb_algo *blake3 = hb_algo_find("blake3");
    if (impl && blake3 && impl == hb_impl_find(blake3, "mt"))
        return hb_blake3_mt_set_threads;
    if (impl && impl == rust_impl)
        return rust_knob;
    return 0;
}

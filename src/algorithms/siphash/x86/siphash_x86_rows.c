/* SipHash-2-4 on x86-64: `fast` with its one-shot function, the key and
 * the state in registers (siphash_oneshot.c), which the benchmark times as
 * it times the peers' one-shots. */
#include "impl_rows.h"

extern const hb_impl hb_impl_siphash_2_4_fast;     /* siphash_register.c */
void hb_siphash_2_4_oneshot_x64(const uint8_t *data, size_t len, uint8_t *digest);

const hb_impl_row hb_siphash_x86_rows[] = {
    { .algo = "siphash-2-4", .impl = &hb_impl_siphash_2_4_fast, .rank = 1,
      .oneshot = hb_siphash_2_4_oneshot_x64 },
    { 0 }
};

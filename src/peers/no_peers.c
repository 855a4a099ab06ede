/* Built when the peer libraries are not found (or not wanted, as on the
 * cross targets): no peers to measure beside hashbench's own
 * implementations, but room for the Rust crates' table (hb_add_rows).
 * The consoles link no rows at all (src/impl_list.c). */
#include "../impl_rows.h"      /* relative: the console builds have no -Isrc */

const hb_impl_row *hb_peer_rows[] = { 0, 0 };
const unsigned hb_peer_rows_slots = sizeof hb_peer_rows / sizeof hb_peer_rows[0];

/* The program's peer rows: none linked in (the library's stand-in,
 * src/peers/no_peers.c, has room for one table), room here for the C peer
 * module's tables (src/peers/peers.c lists five) and the Rust crates',
 * which the loaders (c_peers.c, rust_peers.c) add with hb_add_rows.  Its
 * own file: the index (src/impl_index.c) reads the list and the loaders
 * call the index, so the list lives in neither. */
#include "impl_rows.h"

const hb_impl_row *hb_peer_rows[12];
const unsigned hb_peer_rows_slots = sizeof hb_peer_rows / sizeof hb_peer_rows[0];

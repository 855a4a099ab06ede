/* Built when the peer libraries are not found (or not wanted, as on the
 * consoles): no peers to measure beside hashbench's own implementations. */
#include "hashbench.h"

const hb_extra_impl *const hb_peer_impl_tables[] = { 0 };

/* Where the peers' shared libraries are found: beside the hashbench
 * executable, where `make` and `make peers` put them (build/). */
#ifndef HB_PEERS_LOADER_BESIDE_EXE_H
#define HB_PEERS_LOADER_BESIDE_EXE_H

#include <stddef.h>

/* The path of `file` in the executable's folder, into path.  Returns 1 when
 * it fits (whether or not the file exists), 0 when the executable's own
 * path cannot be read or the result is longer than size. */
int hb_peer_beside_exe(const char *file, char *path, size_t size);

#endif

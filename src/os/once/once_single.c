/* hb_once (src/os/once.h) without threads (the freestanding cross
 * targets): one thread runs, a flag is enough. */
#include "os/once.h"

static unsigned char done[HB_ONCES];

void hb_once(hb_once_id id, void (*make)(void))
{
    if (!done[id]) {
        done[id] = 1;
        make();
    }
}

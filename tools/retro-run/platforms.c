/* The consoles the runner knows (platforms.h).  Other consoles add a row. */
#include <string.h>
#include "platforms.h"
#include "hbt_layout.h"

static const rr_platform table[] = {
    { "gba", HBT_PLATFORM_GBA, "armv4t", "ARM7TDMI", "cycle-exact",
      "TM0+TM1 cascaded (prescaler 1: CPU cycles)",
      { "thumb-rom", "arm-iwram", 0, 0 }, "waitcnt", "mgba_libretro.so" },
};

const rr_platform *rr_platform_find(const char *name)
{
    unsigned i;
    for (i = 0; i < sizeof table / sizeof table[0]; i++)
        if (strcmp(table[i].name, name) == 0)
            return &table[i];
    return 0;
}

const rr_platform *rr_platform_by_id(unsigned id)
{
    unsigned i;
    for (i = 0; i < sizeof table / sizeof table[0]; i++)
        if (table[i].id == id)
            return &table[i];
    return 0;
}

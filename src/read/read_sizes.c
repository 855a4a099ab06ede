/* The reader's sizes as tests may shrink them (read_paths.h).  Every size
 * is divided by 2^size_shift: 0 in hashbench; fuzz/fuzz_large.c shrinks
 * them (hb_read_shrink) so that a window's, a span's or a buffer's edge
 * falls within a small file.  Mapped sizes stay whole pages (a window's
 * offset must be one); the others at least one byte. */
#include <unistd.h>
#include "read/read_paths.h"

static unsigned size_shift;

void hb_read_shrink(unsigned shift)
{
    size_shift = shift < 40 ? shift : 40;
}

size_t hb_read_pages_of(size_t size)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE), n = size >> size_shift;
    return n > page ? n : page;             /* both powers of two: a multiple */
}

size_t hb_read_bytes_of(size_t size)
{
    size_t n = size >> size_shift;
    return n ? n : 1;
}

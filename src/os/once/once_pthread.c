/* hb_once (src/os/once.h) where the C library has POSIX threads.
 *
 * Not pthread_once: glibc's skips every call after the first with an
 * atomic load that valgrind's helgrind does not see as ordering, so it
 * reports every read of what make() wrote as a race, and helgrind is how
 * tests/valgrind_check.sh looks for real ones.  Instead each thread takes
 * the lock the first time it asks for an id (which orders it after make(),
 * as helgrind sees) and remembers in its own flag that it did. */
#include <pthread.h>
#include "os/once.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned char done[HB_ONCES];            /* under lock */
static __thread unsigned char seen[HB_ONCES];   /* this thread took the lock after make() */

void hb_once(hb_once_id id, void (*make)(void))
{
    if (seen[id])
        return;
    pthread_mutex_lock(&lock);
    if (!done[id]) {
        make();
        done[id] = 1;
    }
    pthread_mutex_unlock(&lock);
    seen[id] = 1;
}

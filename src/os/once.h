/* Run a function once per process, whichever thread asks first; the
 * others wait until it has returned (src/impl_index.c makes the index of
 * implementations so, at its first lookup from any thread).
 *
 * One file per kind of platform, chosen by the Makefile (HB_THREADS):
 * src/os/once/once_pthread.c where the C library has POSIX threads (a
 * lock, taken once per thread), src/os/once/once_single.c where there are
 * no threads (the freestanding cross targets): a flag. */
#ifndef HB_OS_ONCE_H
#define HB_OS_ONCE_H

/* each thing made once has its id: the platform's file keeps a flag per id */
typedef enum hb_once_id {
    HB_ONCE_IMPL_INDEX,             /* src/impl_index.c: the index of implementations */
    HB_ONCES
} hb_once_id;

/* Calls make() the first time id is asked for; every later call, from
 * any thread, returns after that first make() has returned. */
void hb_once(hb_once_id id, void (*make)(void));

#endif

/* Where a new pool thread first runs (thread_place.c): away from the CPU
 * of the thread that made it, where the OS can say which that is. */
#ifndef HB_BLAKE3_THREAD_PLACE_H
#define HB_BLAKE3_THREAD_PLACE_H

/* The CPU the caller runs on now, or -1 where the OS does not say. */
int hb_thread_cpu_now(void);

/* Called first by a new pool thread, given its maker's CPU (-1: nothing
 * to do): if it runs there too, it moves to another CPU it may use and is
 * then free to run anywhere again.  Not a pin: it only changes where the
 * thread starts. */
void hb_thread_leave_cpu(int maker_cpu);

#endif

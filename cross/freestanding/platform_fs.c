/* The harness's platform hooks (cross/harness/platform.h) without a C
 * library: raw Linux system calls through hb_sys3 (start_<arch>.S), and
 * the C entry point the start-up calls with the initial stack pointer. */
#include "marker.h"
#include "platform.h"

long hb_sys3(long nr, long a, long b, long c);
void hb_fs_start(long *sp);

/* Linux system call numbers of the ABIs we build for */
#if defined(__arm__) || defined(__i386__)
#define NR_WRITE 4
#define NR_EXIT 1
#elif defined(__mips__) && defined(_ABIN32) && _MIPS_SIM == _ABIN32
#define NR_WRITE 6001
#define NR_EXIT 6058
#else
#error "no system call numbers for this target: add them here"
#endif

void hb_plat_write(const char *s, size_t n)
{
    while (n > 0) {
        long k = hb_sys3(NR_WRITE, 1, (long)s, (long)n);
        if (k <= 0)
            return;
        s += k;
        n -= (size_t)k;
    }
}

__attribute__((noinline)) void hb_plat_mark(unsigned what, unsigned record)
{
    hb_sys3(HB_MARK_NR, (long)HB_MARK_MAGIC, (long)what, (long)record);
}

#if defined(__arm__)
/* libgcc's ARM division routines call raise(SIGFPE) on a division by zero */
int raise(int sig);
int raise(int sig)
{
    for (;;)
        hb_sys3(NR_EXIT, 128 + sig, 0, 0);
}
#endif

/* At entry the stack holds argc, then argv[0..argc-1] and a NULL. */
void hb_fs_start(long *sp)
{
    int rc = hb_harness_main((int)sp[0], (char **)(sp + 1));
    for (;;)
        hb_sys3(NR_EXIT, rc, 0, 0);
}

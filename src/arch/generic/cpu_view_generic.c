/* An architecture without instruction-set code (src/arch/cpu_view.h): no
 * features the dispatcher uses, no cores told apart; emulation is seen
 * from the kernel alone.  Hosted builds only: the freestanding QEMU
 * targets build this folder without a C library. */
#if defined(__STDC_HOSTED__) && __STDC_HOSTED__
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include "arch/cpu_view.h"
#include "arch/cpu_view_proc.h"

void hb_arch_cpu_view(hb_cpu_view *v)
{
    memset(v, 0, sizeof *v);
}

/* qemu-user answers uname() with the program's machine, the kernel's
 * kernel/arch stays the host's (see hb_emulation_kernel_arch) */
static unsigned detect_emulation(char *why, size_t n)
{
    struct utsname u;
    why[0] = 0;
    if (uname(&u) == 0)
        hb_emulation_kernel_arch(hb_arch_family(u.machine), u.machine, why, n);
    return why[0] != 0;
}

const char *hb_arch_emulation(void)
{
    static char why[768];
    static int state;
    return hb_emulation_once(&state, why, sizeof why, detect_emulation);
}

void hb_arch_profile_features(char *buf, size_t size)
{
    snprintf(buf, size, "none");
}
#else
typedef int hb_cpu_view_freestanding;   /* ISO C wants a declaration in every file */
#endif

/* What every architecture's cpu_view file (cpu_view.h) reads of the
 * kernel: /proc/cpuinfo and /proc/sys/kernel/arch.  Static inline, as
 * cpu_cache.h: the Makefile builds one src/arch/<arch>/ folder, and each
 * needs these.
 *
 * Test hook: HB_PROC_ROOT names a folder read instead of /proc for these
 * two files (<root>/cpuinfo, <root>/sys/kernel/arch), so that the tests can
 * show the detection another kernel's files (tests/python/
 * test_cpu_view_emulation.py, docs/tune.md "Emulation"). */
#ifndef HB_ARCH_CPU_VIEW_PROC_H
#define HB_ARCH_CPU_VIEW_PROC_H

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static inline void hb_proc_path(const char *rel, char *out, size_t n)
{
    const char *root = getenv("HB_PROC_ROOT");
    snprintf(out, n, "%s/%s", root && root[0] ? root : "/proc", rel);
}

/* Up to cap - 1 bytes of the file, NUL-terminated; the length, or -1 when
 * it cannot be opened. */
static inline long hb_read_text(const char *path, char *buf, size_t cap)
{
    FILE *f = fopen(path, "r");
    size_t len;
    buf[0] = 0;
    if (!f)
        return -1;
    len = fread(buf, 1, cap - 1, f);
    buf[len] = 0;
    fclose(f);
    return (long)len;
}

/* /proc/cpuinfo (or the hook's), as much as fits; -1 when unreadable. */
static inline long hb_cpuinfo_text(char *buf, size_t cap)
{
    char path[512];
    hb_proc_path("cpuinfo", path, sizeof path);
    return hb_read_text(path, buf, cap);
}

/* Has text the first processor's block whole (a blank line)? */
static inline int hb_cpuinfo_first_block(const char *text)
{
    return strstr(text, "\n\n") != NULL;
}

/* The start of /proc/cpuinfo (or the hook's), read in 512-byte pieces and
 * no further than enough(text) asks: the kernel formats the file anew at
 * each read, one block per processor, and formats as many blocks as a read
 * asks bytes for (all 128 of a large machine for the whole file:
 * milliseconds), while every `sum` start reads the profile's key
 * (src/profile/profile_key.c) and asks hb_arch_emulation.  The length, or
 * -1 when it cannot be opened. */
static inline long hb_cpuinfo_read(char *buf, size_t cap, int (*enough)(const char *))
{
    char path[512];
    int fd;
    size_t len = 0;
    hb_proc_path("cpuinfo", path, sizeof path);
    buf[0] = 0;
    if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
        return -1;
    while (len + 1 < cap && !enough(buf)) {
        size_t want = cap - 1 - len < 512 ? cap - 1 - len : 512;
        ssize_t got = read(fd, buf + len, want);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            break;
        len += (size_t)got;
        buf[len] = 0;
    }
    close(fd);
    return (long)len;
}

/* The first processor's block of /proc/cpuinfo (or the hook's). */
static inline long hb_cpuinfo_head(char *buf, size_t cap)
{
    return hb_cpuinfo_read(buf, cap, hb_cpuinfo_first_block);
}

/* The value of the first "key<spaces or tabs>: value" line at or after
 * *pos (advanced past it), copied to out; 0 when there is none.  The key
 * must match the whole field name ("model" is not "model name"). */
static inline int hb_cpuinfo_next(const char *text, const char **pos, const char *key, char *out, size_t n)
{
    size_t klen = strlen(key);
    const char *p = *pos ? *pos : text;
    while (p && *p) {
        const char *eol = strchr(p, '\n');
        if (strncmp(p, key, klen) == 0) {
            const char *q = p + klen;
            while (*q == ' ' || *q == '\t')
                q++;
            if (*q == ':') {
                size_t len;
                for (q++; *q == ' ' || *q == '\t'; q++)
                    ;
                len = eol ? (size_t)(eol - q) : strlen(q);
                snprintf(out, n, "%.*s", (int)len, q);
                *pos = eol ? eol + 1 : q + len;
                return 1;
            }
        }
        p = eol ? eol + 1 : NULL;
    }
    *pos = p;
    return 0;
}

static inline int hb_cpuinfo_field(const char *text, const char *key, char *out, size_t n)
{
    const char *pos = NULL;
    out[0] = 0;
    return hb_cpuinfo_next(text, &pos, key, out, n);
}

/* The architecture family of a machine name (uname -m's, the kernel's):
 * the 32- and 64-bit members of a family run each other's programs
 * natively (i686 on x86_64, armv7l on aarch64). */
static inline const char *hb_arch_family(const char *machine)
{
    static const struct { const char *prefix, *family; } fam[] = {
        { "x86_64", "x86" }, { "i386", "x86" }, { "i486", "x86" }, { "i586", "x86" }, { "i686", "x86" },
        { "aarch64", "arm" }, { "arm", "arm" }, { "mips", "mips" }, { "ppc", "powerpc" },
        { "powerpc", "powerpc" }, { "s390", "s390" }, { "riscv", "riscv" }, { "sparc", "sparc" },
        { "loongarch", "loongarch" }, { "m68k", "m68k" }, { "alpha", "alpha" }, { "parisc", "parisc" },
    };
    unsigned i;
    for (i = 0; i < sizeof fam / sizeof fam[0]; i++)
        if (strncmp(machine, fam[i].prefix, strlen(fam[i].prefix)) == 0)
            return fam[i].family;
    return machine;
}

/* User-mode emulation, seen from the kernel: /proc/sys/kernel/arch (Linux
 * 6.1 and later) is the running kernel's machine, which qemu-user (and
 * box64, FEX, Rosetta) pass through unchanged while they answer uname()
 * with the program's.  When its family is not own_family (this program's:
 * "x86", "arm", ...), writes why to out and returns 1; 0 when it is the
 * same; -1 when the kernel has no such file (older than 6.1: the callers
 * then look at /proc/cpuinfo's format, which costs more to read). */
static inline int hb_emulation_kernel_arch(const char *own_family, const char *program, char *out, size_t n)
{
    char path[512], arch[64];
    hb_proc_path("sys/kernel/arch", path, sizeof path);
    if (hb_read_text(path, arch, sizeof arch) <= 0)
        return -1;
    arch[strcspn(arch, "\n")] = 0;
    if (!arch[0])
        return -1;
    if (strcmp(hb_arch_family(arch), own_family) == 0)
        return 0;
    snprintf(out, n, "user-mode emulation (qemu-user or the like): the kernel runs %s (/proc/sys/kernel/arch), "
             "this program is %s", arch, program);
    return 1;
}

/* Appends "; " and text to a list of reasons (out, n). */
static inline void hb_reason_add(char *out, size_t n, const char *text)
{
    size_t used = strlen(out);
    snprintf(out + used, n - used, "%s%s", used ? "; " : "", text);
}

/* hb_arch_emulation's once-only detection: detect(why, n) fills why and
 * returns 1 when emulated.  The first caller is the main thread (the run's
 * context, before any worker thread starts); the flag's atomic store
 * publishes the text to later callers. */
static inline const char *hb_emulation_once(int *state, char *why, size_t n, unsigned (*detect)(char *, size_t))
{
    int s = __atomic_load_n(state, __ATOMIC_ACQUIRE);
    if (!s) {
        s = detect(why, n) ? 2 : 1;
        __atomic_store_n(state, s, __ATOMIC_RELEASE);
    }
    return s == 2 ? why : NULL;
}

#endif

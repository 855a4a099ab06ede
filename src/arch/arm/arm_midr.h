/* ARM cores by their MIDR (Main ID Register: implementer, variant, part,
 * revision), for `hashbench info` and the record (cpu_view.h).  Both ARM
 * builds include it (src/arch/arm/cpu_view_arm.c, src/arch/aarch64/
 * cpu_view_aarch64.c): an arm64 kernel runs 32-bit programs too, and the
 * Makefile builds one arch folder.  The part numbers are the ones the cores'
 * Technical Reference Manuals give (Linux's arch/arm64/include/asm/
 * cputype.h lists the same); a part not here is shown by its numbers. */
#ifndef HB_ARCH_ARM_MIDR_H
#define HB_ARCH_ARM_MIDR_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "arch/cpu_view_proc.h"

#define HB_MIDR(impl, var, part, rev) \
    (((unsigned long)(impl) << 24) | ((unsigned long)(var) << 20) | (0xful << 16) | ((unsigned long)(part) << 4) | (rev))
#define HB_MIDR_IMPL(m) (((m) >> 24) & 0xff)
#define HB_MIDR_VARIANT(m) (((m) >> 20) & 0xf)
#define HB_MIDR_PART(m) (((m) >> 4) & 0xfff)
#define HB_MIDR_REV(m) ((m) & 0xf)

static inline const char *hb_arm_implementer(unsigned impl)
{
    switch (impl) {
    case 0x41: return "ARM";
    case 0x42: return "Broadcom";
    case 0x43: return "Cavium";
    case 0x46: return "Fujitsu";
    case 0x48: return "HiSilicon";
    case 0x4e: return "NVIDIA";
    case 0x50: return "Applied Micro";
    case 0x51: return "Qualcomm";
    case 0x53: return "Samsung";
    case 0x56: return "Marvell";
    case 0x61: return "Apple";
    case 0x69: return "Intel";
    case 0x6d: return "Microsoft";
    case 0xc0: return "Ampere";
    default: return NULL;
    }
}

static inline const char *hb_arm_part(unsigned impl, unsigned part)
{
    static const struct { unsigned short impl, part; const char *name; } parts[] = {
        /* ARM: 32-bit cores */
        { 0x41, 0x926, "ARM926" }, { 0x41, 0xb02, "ARM11 MPCore" }, { 0x41, 0xb36, "ARM1136" },
        { 0x41, 0xb76, "ARM1176" }, { 0x41, 0xc05, "Cortex-A5" }, { 0x41, 0xc07, "Cortex-A7" },
        { 0x41, 0xc08, "Cortex-A8" }, { 0x41, 0xc09, "Cortex-A9" }, { 0x41, 0xc0d, "Cortex-A12" },
        { 0x41, 0xc0e, "Cortex-A17" }, { 0x41, 0xc0f, "Cortex-A15" },
        /* ARM: ARMv8 and later */
        { 0x41, 0xd01, "Cortex-A32" }, { 0x41, 0xd03, "Cortex-A53" }, { 0x41, 0xd04, "Cortex-A35" },
        { 0x41, 0xd05, "Cortex-A55" }, { 0x41, 0xd06, "Cortex-A65" }, { 0x41, 0xd07, "Cortex-A57" },
        { 0x41, 0xd08, "Cortex-A72" }, { 0x41, 0xd09, "Cortex-A73" }, { 0x41, 0xd0a, "Cortex-A75" },
        { 0x41, 0xd0b, "Cortex-A76" }, { 0x41, 0xd0c, "Neoverse N1" }, { 0x41, 0xd0d, "Cortex-A77" },
        { 0x41, 0xd0e, "Cortex-A76AE" }, { 0x41, 0xd40, "Neoverse V1" }, { 0x41, 0xd41, "Cortex-A78" },
        { 0x41, 0xd42, "Cortex-A78AE" }, { 0x41, 0xd44, "Cortex-X1" }, { 0x41, 0xd46, "Cortex-A510" },
        { 0x41, 0xd47, "Cortex-A710" }, { 0x41, 0xd48, "Cortex-X2" }, { 0x41, 0xd49, "Neoverse N2" },
        { 0x41, 0xd4a, "Neoverse E1" }, { 0x41, 0xd4b, "Cortex-A78C" }, { 0x41, 0xd4c, "Cortex-X1C" },
        { 0x41, 0xd4d, "Cortex-A715" }, { 0x41, 0xd4e, "Cortex-X3" }, { 0x41, 0xd4f, "Neoverse V2" },
        { 0x41, 0xd80, "Cortex-A520" }, { 0x41, 0xd81, "Cortex-A720" }, { 0x41, 0xd82, "Cortex-X4" },
        { 0x41, 0xd84, "Neoverse V3" }, { 0x41, 0xd8e, "Neoverse N3" },
        /* Apple (Linux on M1/M2 machines: Asahi) */
        { 0x61, 0x022, "M1 Icestorm" }, { 0x61, 0x023, "M1 Firestorm" }, { 0x61, 0x024, "M1 Pro Icestorm" },
        { 0x61, 0x025, "M1 Pro Firestorm" }, { 0x61, 0x028, "M1 Max Icestorm" },
        { 0x61, 0x029, "M1 Max Firestorm" }, { 0x61, 0x032, "M2 Blizzard" }, { 0x61, 0x033, "M2 Avalanche" },
        { 0x61, 0x034, "M2 Pro Blizzard" }, { 0x61, 0x035, "M2 Pro Avalanche" },
        { 0x61, 0x038, "M2 Max Blizzard" }, { 0x61, 0x039, "M2 Max Avalanche" },
        /* others seen in servers and boards */
        { 0x42, 0x516, "ThunderX2 (Vulcan)" }, { 0x43, 0x0af, "ThunderX2" }, { 0x46, 0x001, "A64FX" },
        { 0x48, 0xd01, "TaiShan v110 (Kunpeng 920)" }, { 0x4e, 0x003, "Denver 2" }, { 0x4e, 0x004, "Carmel" },
        { 0x51, 0x800, "Kryo 2xx Gold" }, { 0x51, 0x801, "Kryo 2xx Silver" }, { 0x51, 0x802, "Kryo 3xx Gold" },
        { 0x51, 0x803, "Kryo 3xx Silver" }, { 0x51, 0x804, "Kryo 4xx Gold" }, { 0x51, 0x805, "Kryo 4xx Silver" },
        { 0x51, 0xc00, "Falkor" }, { 0x51, 0x001, "Oryon" }, { 0xc0, 0xac3, "Ampere-1" },
        { 0xc0, 0xac4, "Ampere-1a" },
    };
    unsigned i;
    for (i = 0; i < sizeof parts / sizeof parts[0]; i++)
        if (parts[i].impl == impl && parts[i].part == part)
            return parts[i].name;
    return NULL;
}

/* "ARM Cortex-A53 r0p4", "ARM part 0xd8f r0p0", "implementer 0x12 part
 * 0x345 r0p0"; implementer 0 is "reserved for software use": QEMU's `max`
 * CPU says so (part 0x051, 'Q') rather than pretend to be a real core. */
static inline void hb_arm_midr_name(unsigned long midr, char *out, size_t n)
{
    unsigned impl = (unsigned)HB_MIDR_IMPL(midr), part = (unsigned)HB_MIDR_PART(midr);
    const char *who = hb_arm_implementer(impl), *name = hb_arm_part(impl, part);
    if (impl == 0 && part == 0x051)
        snprintf(out, n, "QEMU max, software-defined (implementer 0x00, part 0x051 'Q')");
    else if (impl == 0)
        snprintf(out, n, "a software-defined CPU (implementer 0x00, part 0x%03x)", part);
    else if (who && name)
        snprintf(out, n, "%s %s r%lup%lu", who, name, HB_MIDR_VARIANT(midr), HB_MIDR_REV(midr));
    else if (who)
        snprintf(out, n, "%s part 0x%03x r%lup%lu (not in hashbench's table)", who, part, HB_MIDR_VARIANT(midr),
                 HB_MIDR_REV(midr));
    else
        snprintf(out, n, "implementer 0x%02x part 0x%03x r%lup%lu (not in hashbench's table)", impl, part,
                 HB_MIDR_VARIANT(midr), HB_MIDR_REV(midr));
}

/* The distinct MIDRs of the machine's CPUs and how many have each (a
 * big.LITTLE phone or an M2 has two kinds). */
typedef struct hb_midr_set {
    unsigned long midr[8];
    unsigned count[8];
    unsigned n;
} hb_midr_set;

static inline void hb_midr_add(hb_midr_set *s, unsigned long midr)
{
    unsigned i;
    for (i = 0; i < s->n; i++)
        if (s->midr[i] == midr) {
            s->count[i]++;
            return;
        }
    if (s->n < 8) {
        s->midr[s->n] = midr;
        s->count[s->n++] = 1;
    }
}

/* The kernel's MIDRs from /proc/cpuinfo: each processor's "CPU
 * implementer", "CPU variant", "CPU part" and "CPU revision" lines (arm64
 * and arm kernels both print them; the variant is missing on old arm
 * kernels).  0 when there are none (another kernel's file: an emulator's
 * host). */
static inline unsigned hb_midr_from_cpuinfo(const char *text, hb_midr_set *s)
{
    const char *pos = NULL;
    char impl[32], val[32];
    while (hb_cpuinfo_next(text, &pos, "CPU implementer", impl, sizeof impl)) {
        /* this processor's other lines follow its implementer's */
        const char *block = pos, *p;
        const char *end = strstr(block, "\n\n");
        unsigned long variant = 0, part = 0, rev = 0;
        p = block;
        if (hb_cpuinfo_next(text, &p, "CPU variant", val, sizeof val) && (!end || p <= end + 2))
            variant = strtoul(val, NULL, 0);
        p = block;
        if (hb_cpuinfo_next(text, &p, "CPU part", val, sizeof val) && (!end || p <= end + 2))
            part = strtoul(val, NULL, 0);
        p = block;
        if (hb_cpuinfo_next(text, &p, "CPU revision", val, sizeof val) && (!end || p <= end + 2))
            rev = strtoul(val, NULL, 0);
        hb_midr_add(s, HB_MIDR(strtoul(impl, NULL, 0) & 0xff, variant & 0xf, part & 0xfff, rev & 0xf));
    }
    return s->n;
}

/* The arm64 kernel's own copy of each CPU's MIDR_EL1, in
 * /sys/devices/system/cpu/cpuN/regs/identification/midr_el1 (Linux 4.11
 * and later; also seen by 32-bit programs under an arm64 kernel).  0 when
 * there is none. */
static inline unsigned hb_midr_from_sysfs(hb_midr_set *s)
{
    unsigned cpu, misses = 0;
    for (cpu = 0; cpu < 4096 && misses < 8; cpu++) {
        char path[128], text[32];
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%u/regs/identification/midr_el1", cpu);
        if (hb_read_text(path, text, sizeof text) <= 0) {
            misses++;               /* offline CPUs leave holes */
            continue;
        }
        hb_midr_add(s, strtoul(text, NULL, 0) & 0xffffffffu);
    }
    return s->n;
}

/* "ARM Cortex-A55 r2p0 x4, ARM Cortex-A76 r4p0 x4 (MIDR 0x412fd050,
 * 0x414fd0b0; source)" */
static inline void hb_midr_describe(const hb_midr_set *s, const char *source, char *out, size_t n)
{
    size_t used = 0;
    unsigned i;
    out[0] = 0;
    for (i = 0; i < s->n && used < n; i++) {
        char name[128];
        hb_arm_midr_name(s->midr[i], name, sizeof name);
        used += (size_t)snprintf(out + used, n - used, "%s%s", i ? ", " : "", name);
        if (used < n && (s->n > 1 || s->count[i] > 1))
            used += (size_t)snprintf(out + used, n - used, " x%u", s->count[i]);
    }
    for (i = 0; i < s->n && used < n; i++)
        used += (size_t)snprintf(out + used, n - used, "%s0x%08lx", i ? ", " : " (MIDR ", s->midr[i]);
    if (used < n)
        snprintf(out + used, n - used, "; %s)", source);
}

#endif

/* This machine's profile key (profile.h): the CPU as /proc/cpuinfo names
 * it, the features the dispatcher sees, the core tuning, and the build. */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "arch/cpu_view.h"
#include "arch/cpu_view_proc.h"
#include "profile/profile.h"
#include "impl_rows.h"

#ifndef HB_BUILD_REV
#define HB_BUILD_REV "unknown"
#endif

/* Has text (the start of /proc/cpuinfo) the fields read_cpu wants: a
 * whole line of the last of them (x86: microcode; aarch64: CPU revision),
 * or the first processor's block whole (a blank line)? */
static int enough_cpuinfo(const char *text)
{
    static const char *const last[] = { "\nmicrocode", "\nCPU revision" };
    unsigned i;
    const char *p;
    for (i = 0; i < sizeof last / sizeof last[0]; i++)
        if ((p = strstr(text, last[i])) != NULL && strchr(p + 1, '\n'))
            return 1;
    return strstr(text, "\n\n") != NULL;
}

static void read_cpu(hb_profile_key *k)
{
    static char text[16384];
    char variant[12] = "", revision[12] = "", *end;
    /* no further than the fields (x86's come before the first block's
     * flags, cpu_view_proc.h says why that matters), and only the first
     * processor's block: a field it lacks is unknown, not the next one's */
    hb_cpuinfo_read(text, sizeof text, enough_cpuinfo);
    if ((end = strstr(text, "\n\n")) != NULL)
        end[1] = 0;
    hb_cpuinfo_field(text, "vendor_id", k->cpu_vendor, sizeof k->cpu_vendor);
    hb_cpuinfo_field(text, "cpu family", k->cpu_family, sizeof k->cpu_family);
    hb_cpuinfo_field(text, "model", k->cpu_model, sizeof k->cpu_model);
    hb_cpuinfo_field(text, "stepping", k->cpu_stepping, sizeof k->cpu_stepping);
    hb_cpuinfo_field(text, "microcode", k->cpu_microcode, sizeof k->cpu_microcode);
    if (!k->cpu_vendor[0]) {        /* aarch64 spells it differently */
        hb_cpuinfo_field(text, "CPU implementer", k->cpu_vendor, sizeof k->cpu_vendor);
        hb_cpuinfo_field(text, "CPU architecture", k->cpu_family, sizeof k->cpu_family);
        hb_cpuinfo_field(text, "CPU part", k->cpu_model, sizeof k->cpu_model);
        hb_cpuinfo_field(text, "CPU variant", variant, sizeof variant);
        hb_cpuinfo_field(text, "CPU revision", revision, sizeof revision);
        if (variant[0] || revision[0])
            snprintf(k->cpu_stepping, sizeof k->cpu_stepping, "r%sp%s", variant, revision);
    }
    if (!k->cpu_vendor[0])
        snprintf(k->cpu_vendor, sizeof k->cpu_vendor, "unknown");
    if (!k->cpu_family[0])
        snprintf(k->cpu_family, sizeof k->cpu_family, "unknown");
    if (!k->cpu_model[0])
        snprintf(k->cpu_model, sizeof k->cpu_model, "unknown");
    if (!k->cpu_stepping[0])
        snprintf(k->cpu_stepping, sizeof k->cpu_stepping, "unknown");
    if (!k->cpu_microcode[0])
        snprintf(k->cpu_microcode, sizeof k->cpu_microcode, "unknown");
}

/* The dispatcher's features (cpu_view.h); under emulation marked so
 * ("emulated x86-64 0x..."): a profile tuned there holds the emulator's
 * times, and a run outside emulation, whose key lacks the mark, never
 * matches it (not even its file name: hb_profile_key_name hashes this
 * field).  docs/tune.md "Emulation". */
static void read_features(hb_profile_key *k)
{
    char features[sizeof k->features - sizeof "emulated "];
    hb_arch_profile_features(features, sizeof features);
    snprintf(k->features, sizeof k->features, "%s%s", hb_arch_emulation() ? "emulated " : "", features);
}

/* The GNU build id of the running program (the first object
 * dl_iterate_phdr reports): the linker hashes the output into it, so any
 * change of the binary changes it, which a git revision does not promise
 * (a dirty tree, other flags). */
typedef struct build_id { char hex[2 * 64 + 1]; } build_id;

static int find_build_id(struct dl_phdr_info *info, size_t size, void *arg)
{
    build_id *out = (build_id *)arg;
    int i;
    (void)size;
    for (i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        const unsigned char *p, *end;
        if (ph->p_type != PT_NOTE)
            continue;
        p = (const unsigned char *)(info->dlpi_addr + ph->p_vaddr);
        end = p + ph->p_memsz;
        while (p + sizeof(ElfW(Nhdr)) <= end) {
            const ElfW(Nhdr) *nh = (const ElfW(Nhdr) *)p;
            const unsigned char *name = p + sizeof *nh;
            const unsigned char *desc = name + ((nh->n_namesz + 3) & ~3u);
            if (desc + nh->n_descsz > end)
                break;
            if (nh->n_type == NT_GNU_BUILD_ID && nh->n_namesz == 4 && memcmp(name, "GNU", 4) == 0) {
                unsigned j, n = nh->n_descsz < 64 ? nh->n_descsz : 64;
                for (j = 0; j < n; j++)
                    snprintf(out->hex + 2 * j, 3, "%02x", desc[j]);
                return 1;
            }
            p = desc + ((nh->n_descsz + 3) & ~3u);
        }
    }
    return 1;                       /* the first object (the program) only */
}

void hb_profile_key_here(hb_profile_key *k)
{
    build_id id;
    memset(k, 0, sizeof *k);
    read_cpu(k);
    read_features(k);
    snprintf(k->cpu_tuning, sizeof k->cpu_tuning, "%s", hb_arch_tuning_name());
    id.hex[0] = 0;
    dl_iterate_phdr(find_build_id, &id);
    if (id.hex[0])
        snprintf(k->build, sizeof k->build, "%s build-id %s", HB_VERSION, id.hex);
    else
        snprintf(k->build, sizeof k->build, "%s revision %s", HB_VERSION, HB_BUILD_REV);
}

const char *hb_profile_key_differs(const hb_profile_key *a, const hb_profile_key *b)
{
    if (strcmp(a->cpu_vendor, b->cpu_vendor))
        return "CPU vendor";
    if (strcmp(a->cpu_family, b->cpu_family))
        return "CPU family";
    if (strcmp(a->cpu_model, b->cpu_model))
        return "CPU model";
    if (strcmp(a->cpu_stepping, b->cpu_stepping))
        return "CPU stepping";
    if (strcmp(a->cpu_microcode, b->cpu_microcode))
        return "microcode";
    if (strcmp(a->features, b->features))
        return "CPU features in force";
    if (strcmp(a->cpu_tuning, b->cpu_tuning))
        return "core tuning";
    if (strcmp(a->build, b->build))
        return "hashbench build";
    return NULL;
}

int hb_profile_key_other_build(const hb_profile_key *a, const hb_profile_key *b)
{
    const char *differs = hb_profile_key_differs(a, b);
    /* the build is the last field compared: it differs alone */
    return differs && strcmp(differs, "hashbench build") == 0;
}

/* FNV-1a 64 over the fields but the build: a file name, not a check (the
 * key inside the file is compared field by field). */
void hb_profile_key_name(const hb_profile_key *k, char out[17])
{
    const char *fields[7];
    uint64_t h = 0xcbf29ce484222325ull;
    unsigned i;
    fields[0] = k->cpu_vendor;
    fields[1] = k->cpu_family;
    fields[2] = k->cpu_model;
    fields[3] = k->cpu_stepping;
    fields[4] = k->cpu_microcode;
    fields[5] = k->features;
    fields[6] = k->cpu_tuning;
    for (i = 0; i < 7; i++) {
        const unsigned char *p = (const unsigned char *)fields[i];
        for (; *p; p++)
            h = (h ^ *p) * 0x100000001b3ull;
        h = (h ^ 0x1f) * 0x100000001b3ull;     /* field separator */
    }
    snprintf(out, 17, "%016llx", (unsigned long long)h);
}

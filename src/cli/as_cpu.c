/* --as-cpu LEVEL (see as_cpu.h and docs/peers-avx2.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli/as_cpu.h"
#include "cli/util.h"
#include "peers/peers.h"
/* HB_X86_MASK's bits (plain constants: the levels' table compiles on
 * every architecture, where --as-cpu is refused), and on x86-64 the
 * features before the mask (src/arch's detection) */
#include "arch/x86/cpu_x86.h"

#define NO_AVX512 (HB_X86_AVX512F | HB_X86_AVX512BW | HB_X86_AVX512VL | HB_X86_AVX512VBMI | \
                   HB_X86_AVX512DQ | HB_X86_AVX512IFMA)
#define VAES_VPCLMUL_GFNI (HB_X86_VAES | HB_X86_VPCLMUL | HB_X86_GFNI)

/* OPENSSL_ia32cap's second word is cpuid(7,0) EBX (low half) and ECX (high
 * half); "~" clears the bits given, the leading ":" keeps the first word
 * (cpuid 1) as detected.  EBX: AVX512F 16, DQ 17, IFMA 21, PF 26, ER 27,
 * CD 28, BW 30, VL 31; ECX: VBMI 1, VBMI2 6, VNNI 11, BITALG 12,
 * VPOPCNTDQ 14, and for Haswell-class cores GFNI 8, VAES 9, VPCLMULQDQ 10. */
static const struct level {
    const char *name, *cores;
    unsigned mask;                  /* HB_X86_MASK bits (src/arch/x86/cpu_x86.h) */
    const char *openssl;            /* OPENSSL_ia32cap */
} levels[] = {
    { "avx2-vpclmul", "AVX2 with VAES and VPCLMULQDQ, no AVX-512: Zen 3, Ice Lake and Alder Lake clients and later",
      NO_AVX512, ":~0x5842dc230000" },
    { "avx2", "AVX2, no VAES, VPCLMULQDQ, GFNI or AVX-512: Haswell to Comet Lake, Zen 1 and Zen 2", NO_AVX512 | VAES_VPCLMUL_GFNI,
      ":~0x5f42dc230000" },
};

static const struct level *in_force;

static const struct level *find_level(const char *name)
{
    unsigned i;
    for (i = 0; i < sizeof levels / sizeof levels[0]; i++)
        if (strcmp(levels[i].name, name) == 0)
            return &levels[i];
    return NULL;
}

const char *hb_as_cpu_level(void)
{
    return in_force ? in_force->name : NULL;
}

static int bad(const char *fmt, const char *a, const char *b)
{
    fprintf(stderr, "hashbench: --as-cpu: ");
    fprintf(stderr, fmt, a, b);
    fprintf(stderr, "\n");
    return HB_EXIT_USAGE;
}

static unsigned long env_mask(void)
{
    const char *m = getenv("HB_X86_MASK");
    return m ? strtoul(m, NULL, 0) : 0;
}

/* Is the environment already what `l` sets? */
static int applied(const struct level *l)
{
    const char *as = getenv("HB_AS_CPU"), *ossl = getenv("OPENSSL_ia32cap");
    return as && strcmp(as, l->name) == 0 && (env_mask() & l->mask) == l->mask && getenv("HB_X86_CORE") && ossl &&
           strcmp(ossl, l->openssl) == 0;
}

/* `again`: the original arguments, for the second run (which finds the
 * option again, and the environment set for it) */
static int setup(int *argc, char **argv, char **again)
{
    const char *name = NULL;
    const struct level *l;
    char mask[32];
    int i, j;
    for (i = 1; i < *argc && strcmp(argv[i], "--") != 0; i++) {
        if (strcmp(argv[i], "--as-cpu") == 0) {
            if (i + 1 >= *argc)
                return bad("%s%sa level is needed (avx2, avx2-vpclmul)", "", "");
            name = argv[i + 1];
            for (j = i; j + 2 <= *argc; j++)
                argv[j] = argv[j + 2];
            *argc -= 2;
            i--;
        } else if (strncmp(argv[i], "--as-cpu=", 9) == 0) {
            name = argv[i] + 9;
            for (j = i; j + 1 <= *argc; j++)
                argv[j] = argv[j + 1];
            *argc -= 1;
            i--;
        }
    }
    if (!name)
        return 0;
    if (!(l = find_level(name)))
        return bad("unknown level '%s'%s (valid: avx2, avx2-vpclmul)", name, "");
#if !defined(__x86_64__)
    return bad("%s%sapplies to x86-64 only", "", "");
#endif
    if (applied(l)) {
        in_force = l;
        return 0;
    }
    if (getenv("OPENSSL_ia32cap") && strcmp(getenv("OPENSSL_ia32cap"), l->openssl) != 0)
        return bad("OPENSSL_ia32cap=%s is set already; --as-cpu %s sets it: unset it", getenv("OPENSSL_ia32cap"),
                   l->name);
    if (getenv("HB_AS_CPU") && strcmp(getenv("HB_AS_CPU"), l->name) != 0)
        return bad("HB_AS_CPU=%s is set already (another --as-cpu's run?), not %s: unset it", getenv("HB_AS_CPU"),
                   l->name);
    /* masks the user set add up; a core the user named stays */
    snprintf(mask, sizeof mask, "0x%lx", env_mask() | l->mask);
    if (setenv("HB_AS_CPU", l->name, 1) || setenv("HB_X86_MASK", mask, 1) ||
        setenv("HB_X86_CORE", getenv("HB_X86_CORE") ? getenv("HB_X86_CORE") : "other", 1) ||
        setenv("OPENSSL_ia32cap", l->openssl, 1)) {
        perror("hashbench: --as-cpu: setenv");
        return HB_EXIT_FAIL;
    }
    fflush(NULL);
    execv("/proc/self/exe", again);
    perror("hashbench: --as-cpu: running hashbench again (/proc/self/exe)");
    return HB_EXIT_FAIL;
}

int hb_as_cpu_setup(int *argc, char **argv)
{
    char **again = malloc(((size_t)*argc + 1) * sizeof *again);
    int rc;
    if (!again)
        return HB_EXIT_FAIL;
    memcpy(again, argv, (size_t)*argc * sizeof *again);
    again[*argc] = NULL;
    rc = setup(argc, argv, again);
    free(again);
    return rc;
}

const char *const *hb_as_cpu_unmasked(void)
{
    static const char *out[8];
    unsigned n = 0;
#if defined(__x86_64__)
    unsigned f;
    int avx512f, avx512vl, vaes, vpclmul;
    if (!in_force)
        return out;
    /* what the peers that read cpuid themselves see: the mask is not theirs */
    f = hb_x86_features_unmasked();
    avx512f = (f & HB_X86_AVX512F) != 0;
    avx512vl = (f & HB_X86_AVX512VL) != 0;
    vaes = (f & HB_X86_VAES) != 0;
    vpclmul = (f & HB_X86_VPCLMUL) != 0;
    if (avx512vl && vpclmul)
        out[n++] = "rust-crc-fast (crc16, crc32, crc32c, crc64, crc64-xz): AVX-512 VPCLMULQDQ, detected at run time "
                   "(std's is_x86_feature_detected); without std crc-fast 1.10 does not build on x86-64";
    if (avx512f && vpclmul && !hb_peers_isal_masked())
        out[n++] = "isal (crc32, crc32c, crc64, crc64-xz): ISA-L's multibinary dispatch reads cpuid itself "
                   "(the AVX-512 by16_10 kernels)";
    if (vaes && (avx512f || strcmp(in_force->name, "avx2") == 0))
        out[n++] = "rust-aes (aes-cbc-mac): VAES (512-bit with AVX-512F, else 256-bit), detected at run time by "
                   "cpufeatures, no switch";
#endif
    out[n] = NULL;
    return out;
}

void hb_as_cpu_describe(char *buf, size_t size)
{
    if (!in_force) {
        snprintf(buf, size, "none");
        return;
    }
    snprintf(buf, size, "%s: %s (HB_X86_MASK=%s HB_X86_CORE=%s OPENSSL_ia32cap=%s)", in_force->name,
             in_force->cores, getenv("HB_X86_MASK"), getenv("HB_X86_CORE"), getenv("OPENSSL_ia32cap"));
}

void hb_as_cpu_json(FILE *f, const char *rust_library)
{
    const char *const *u;
    if (!in_force) {
        fprintf(f, "null");
        return;
    }
    fprintf(f, "{\"level\": ");
    hb_json_string(f, in_force->name);
    fprintf(f, ", \"cores\": ");
    hb_json_string(f, in_force->cores);
    fprintf(f, ", \"hb_x86_mask\": ");
    hb_json_string(f, getenv("HB_X86_MASK") ? getenv("HB_X86_MASK") : "");
    fprintf(f, ", \"hb_x86_core\": ");
    hb_json_string(f, getenv("HB_X86_CORE") ? getenv("HB_X86_CORE") : "");
    fprintf(f, ", \"openssl_ia32cap\": ");
    hb_json_string(f, getenv("OPENSSL_ia32cap") ? getenv("OPENSSL_ia32cap") : "");
    fprintf(f, ", \"rust_peers\": ");
    if (rust_library && rust_library[0])
        hb_json_string(f, rust_library);
    else
        fprintf(f, "null");
    fprintf(f, ", \"not_masked\": [");
    for (u = hb_as_cpu_unmasked(); *u; u++) {
        fprintf(f, "%s", u == hb_as_cpu_unmasked() ? "" : ", ");
        hb_json_string(f, *u);
    }
    fprintf(f, "]}");
}

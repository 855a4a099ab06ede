/* sim65-record: turns the sim65 driver's measurements into the project's
 * JSON results record, with the same writer the console runs use
 * (src/record/console_record.c), so a sim65 record and a Nestopia record of
 * the NES ROM have the same shape and can be compared field by field.
 *
 *   sim65-record --json OUT [--compiler S] [--compiler-flags S] [--build-rev S] [--compact-rows S]
 *                [--emulator S] [--build-file FILE] < ENTRIES
 *
 * ENTRIES: one line per algorithm, implementation and size,
 *   "<id> <impl> <size> <cycles> <calls> <digest hex>"
 * with cycles for all calls (0 calls: not run; the digest is then "-").
 * Exit status: 0 written and complete; 1 a problem (printed); 2 bad usage. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hashbench.h"
#include "record/console_record.h"
#include "hbt_layout.h"

#define SIM65_CLOCK_HZ 1789773u        /* the NTSC NES's CPU clock: KB/s are figured at it */

static const rr_platform sim65_platform = {
    "nes-sim65", HBT_PLATFORM_NES, "6502", "MOS 6502 (sim65, cc65's simulator)", "cycle-exact",
    "sim65 -c cycle count: runs of N and 2N calls, subtracted",
    { "", 0, 0, 0 }, NULL, NULL, NULL
};

/* two hex digits: sscanf's %2x alone would also take "-1", " f" or "+f" */
static int hex_byte(const char *s, unsigned *out)
{
    if (!isxdigit((unsigned char)s[0]) || !isxdigit((unsigned char)s[1]))
        return -1;
    return sscanf(s, "%2x", out) == 1 ? 0 : -1;
}

static int sizes_index(unsigned size)
{
    static const unsigned sizes[3] = { 64, 256, 1024 };
    int i;
    for (i = 0; i < 3; i++)
        if (sizes[i] == size)
            return i;
    return -1;
}

/* a plain decimal number up to max, or -1: sscanf's %u would take "-1"
 * (as 4294967295), wrap a number past its type (undefined behaviour) and
 * read "20ab" as 20 */
/* A field of NUMBER_CHARS characters may have been cut by its %23s: its
 * start alone ("000...0" of a longer field) must not pass for the number,
 * nor its rest for the next field.  No count the driver writes is that long
 * (a 32-bit cycle count has 10 digits). */
#define NUMBER_CHARS 23

static int parse_number(const char *s, unsigned long max, unsigned long *out)
{
    char *end;
    if (!isdigit((unsigned char)*s) || strlen(s) >= NUMBER_CHARS)
        return -1;
    errno = 0;
    *out = strtoul(s, &end, 10);
    return *end != 0 || errno == ERANGE || *out > max ? -1 : 0;
}

/* one ENTRIES line into e; -1 (printed) when it is not one */
static int parse_line(const char *line, unsigned lineno, rr_entry *e)
{
    /* the digest field: the longest digest's hex and one character more
     * (so that an overlong one is refused, not cut), and the NUL: %130s
     * stores up to 131 bytes.  A number field of 23 characters or more is
     * refused (parse_number): it may have been cut. */
    char id[64], impl[64], nums[3][24], digest[2 * HB_MAX_DIGEST + 3];
    unsigned size, calls, i, n;
    unsigned long cycles, v[3];
    const hb_algo *a;
    int s;

    if (sscanf(line, "%63s %63s %23s %23s %23s %130s", id, impl, nums[0], nums[1], nums[2], digest) != 6 ||
        parse_number(nums[0], UINT_MAX, &v[0]) != 0 || parse_number(nums[1], ULONG_MAX, &v[1]) != 0 ||
        parse_number(nums[2], UINT_MAX, &v[2]) != 0) {
        fprintf(stderr, "sim65-record: line %u: expected \"id impl size cycles calls digest\"\n", lineno);
        return -1;
    }
    size = (unsigned)v[0];
    cycles = v[1];
    calls = (unsigned)v[2];
    memset(e, 0, sizeof *e);
    a = hb_algo_find(id);
    if (!a) {
        fprintf(stderr, "sim65-record: line %u: no algorithm %s\n", lineno, id);
        return -1;
    }
    for (i = 0; i < hb_algo_count() && hb_algo_at(i) != a; i++)
        ;
    e->algo = i;
    for (i = 0; i < a->n_impls && strcmp(a->impls[i]->name, impl) != 0; i++)
        ;
    if (i == a->n_impls) {
        fprintf(stderr, "sim65-record: line %u: %s has no implementation %s\n", lineno, id, impl);
        return -1;
    }
    e->impl = i;
    if ((s = sizes_index(size)) < 0) {
        fprintf(stderr, "sim65-record: line %u: size %u is not 64, 256 or 1024\n", lineno, size);
        return -1;
    }
    e->size_index = (unsigned)s;
    e->pass = 1;
    e->build = 0;
    if (cycles > 0xFFFFFFFFul) {
        fprintf(stderr, "sim65-record: line %u: %lu cycles do not fit the record's 32 bits\n", lineno, cycles);
        return -1;
    }
    e->ticks = (uint32_t)cycles;
    e->iters = calls;
    if (calls == 0)
        return 0;
    n = (unsigned)strlen(digest);
    if (n != 2 * a->digest_size) {
        fprintf(stderr, "sim65-record: line %u: %s's digest has %u bytes, not %u\n", lineno, id, n / 2,
                a->digest_size);
        return -1;
    }
    for (i = 0; i < n / 2; i++) {
        unsigned b;
        if (hex_byte(digest + 2 * i, &b)) {
            fprintf(stderr, "sim65-record: line %u: the digest is not hex\n", lineno);
            return -1;
        }
        e->digest[i] = (uint8_t)b;
    }
    return 0;
}

/* the block a console's header would describe (no entries yet) */
static void sim65_block(rr_block *b)
{
    memset(b, 0, sizeof *b);
    b->version = HBT_BLOCK_VERSION;
    b->digest_bytes = HB_MAX_DIGEST;
    b->n_algos = hb_algo_count();
    b->n_sizes = 3;
    b->sizes[0] = 64;
    b->sizes[1] = 256;
    b->sizes[2] = 1024;
    b->clock_hz = SIM65_CLOCK_HZ;
    b->cycles_per_tick = 1;
    b->platform = HBT_PLATFORM_NES;
    b->n_builds = 1;
    b->state = HBT_STATE_DONE;
    b->pass = 1;
}

/* every ENTRIES line of in into b's entries; the number of bad lines
 * (printed), or -1 when out of memory.  Apart from main, so that the fuzz
 * target (fuzz/fuzz_sim65_record.c) can feed it a buffer. */
static int read_entries(FILE *in, rr_block *b)
{
    char line[512];
    unsigned lineno = 0;
    int problems = 0;
    while (fgets(line, sizeof line, in)) {
        lineno++;
        if (line[0] == '\n' || line[0] == '#')
            continue;
        if (b->n_entries == b->cap_entries) {
            size_t cap = b->cap_entries ? 2 * b->cap_entries : 256;
            rr_entry *grown = realloc(b->entries, cap * sizeof *grown);
            if (!grown) {
                fprintf(stderr, "sim65-record: out of memory\n");
                return -1;
            }
            b->entries = grown;
            b->cap_entries = cap;
        }
        if (parse_line(line, lineno, &b->entries[b->n_entries]) != 0)
            problems++;
        else
            b->n_entries++;
    }
    return problems;
}

int main(int argc, char **argv)
{
    const char *json = NULL;
    rr_run_info info;
    rr_block b;
    int i, problems;

    rr_run_info_init(&info);
    info.emulator = "sim65";
    info.passes = 1;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (i + 1 >= argc) {
            fprintf(stderr, "sim65-record: %s needs a value\n", a);
            return 2;
        }
        if (strcmp(a, "--json") == 0)
            json = argv[++i];
        else if (rr_run_info_option(&info, argc, argv, &i))
            continue;
        else if (strcmp(a, "--emulator") == 0)
            info.emulator = argv[++i];
        else if (strcmp(a, "--build-file") == 0) {
            /* the algorithm library every program links: its SHA-256 is the
             * build id (context.console.build_sha256) */
            if (rr_run_info_build_file(&info, argv[++i]) != 0) {
                fprintf(stderr, "sim65-record: cannot read %s\n", argv[i]);
                return 2;
            }
        }
        else {
            fprintf(stderr, "sim65-record: unknown option %s\n", a);
            return 2;
        }
    }
    if (!json) {
        fprintf(stderr, "usage: sim65-record --json OUT [--compiler S] [--compiler-flags S] [--build-rev S] [--compact-rows S] "
                        "[--emulator S] [--build-file FILE] < ENTRIES\n");
        return 2;
    }

    sim65_block(&b);
    if (read_entries(stdin, &b) != 0)
        return 1;
    problems = rr_results_write_file(json, &b, &sim65_platform, &info, "sim65-record");
    free(b.entries);
    return problems;
}

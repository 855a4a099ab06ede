/* Turns the entries drained from a results block into the project's JSON
 * results record (docs/schema/results.schema.json). */
#ifndef HB_RECORD_CONSOLE_RECORD_H
#define HB_RECORD_CONSOLE_RECORD_H

#include <stdio.h>
#include "record/block.h"
#include "record/consoles.h"

typedef struct rr_run_info {
    const char *compiler;        /* "arm-none-eabi-gcc 12.2.1" */
    const char *compiler_flags;
    const char *build_rev;
    const char *emulator;        /* core name and version */
    unsigned long frames;        /* frames emulated */
    unsigned passes;             /* complete passes read */
    /* optional (zero: absent): what the ticks really count, written as
     * context.console.timing_note; and whether a tick is one instruction,
     * which then also fills instructions_per_byte (the mupen64plus back-end) */
    const char *timing_note;
    int ticks_are_instructions;
    /* optional: further members of context.console, as JSON text
     * ("\"name\": value, ..."), from a back-end that learnt more about the
     * timer (the N64 ROM's start-up detection) */
    const char *console_json;
    /* the registry rows (hb_impl_<row> names, space-separated: "sha256_fast
     * hmac_sha256_fast") whose code on this console is a compact form
     * (<algo>_compact.c, docs/writing-an-algorithm.md): recorded as
     * "compact", not by the host's name for the row (--compact-rows) */
    const char *compact_rows;
    /* the SHA-256 of the file that identifies the build, hex (empty: not
     * known): the ROM that ran (sim65: the algorithm library its programs
     * link); the build id beside every figure a doc takes from the record
     * (context.console.build_sha256; tools/console_docs.py) */
    char build_sha256[65];
} rr_run_info;

/* Zeroes info and sets what the record says when no option names it:
 * compiler and build "unknown", no flags. */
void rr_run_info_init(rr_run_info *info);
/* The options every runner takes for the record's context: --compiler S,
 * --compiler-flags S, --build-rev S, --compact-rows S.  When argv[*i] is one of them and
 * its value follows, takes it, advances *i past it and returns 1; else 0. */
int rr_run_info_option(rr_run_info *info, int argc, char **argv, int *i);
/* Sets info->build_sha256 from the file at path (the ROM).  0, or -1 (left empty) when
 * it cannot be read: the back-ends refuse a missing ROM themselves. */
int rr_run_info_build_file(rr_run_info *info, const char *path);

/* Checks the entries against the host's registry (roster size, every
 * algorithm, implementation, size and build present in every complete
 * pass) and writes the record to f.  Problems are printed and counted:
 * returns the number of problems (0: a complete, consistent run). */
int rr_results_write(FILE *f, const rr_block *b, const rr_platform *pf, const rr_run_info *info);

/* rr_results_write into the file at path, for the runner named prog (in
 * its messages).  Returns 0 when the file was written and the run is
 * complete and consistent; 1 (after saying why) when the file cannot be
 * written or the results have problems. */
int rr_results_write_file(const char *path, const rr_block *b, const rr_platform *pf,
                          const rr_run_info *info, const char *prog);

#endif

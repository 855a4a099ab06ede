/* Fuzz target: sim65-record's reader of the sim65 driver's ENTRIES lines
 * ("<id> <impl> <size> <cycles> <calls> <digest hex>",
 * platforms/nes/sim65/sim65_record.c) and the record writer it feeds
 * (src/record/console_record.c).
 *
 * The input is the ENTRIES text, read through fmemopen exactly as the tool
 * reads its standard input, and each line alone to the line parser.
 * Checked: no crash, overflow or leak; every entry accepted names an
 * algorithm, implementation and size that exist; its numbers are plain
 * decimal and kept as they are (not wrapped or cut), its digest exactly
 * the hex text of its field; the record written is well-formed
 * JSON (fuzz_json.h).
 *
 * sim65_record.c is a program: it is included here with its main renamed,
 * so that its static reader can be called directly. */
// fuzz-sources: src/record/console_record.c src/record/json.c src/bench/stats.c
// fuzz-options: -close_fd_mask=2
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define main sim65_record_main
#include "../platforms/nes/sim65/sim65_record.c"
#undef main
#include "fuzz_json.h"

static void fail(const char *what)
{
    /* stdout: the runs close stderr (-close_fd_mask=2), which the readers fill with their warnings */
    printf("fuzz_sim65_record: %s\n", what);
    fflush(stdout);
    abort();
}

static int hexval(int c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* one line straight to parse_line: an accepted digest must be exactly the
 * hex digits of its token (the sixth), nothing read past or around them */
static void check_line(const char *line)
{
    rr_entry e;
    char tok[6][160];
    unsigned i;
    if (parse_line(line, 1, &e) != 0 || e.iters == 0)
        return;
    if (sscanf(line, "%159s %159s %159s %159s %159s %159s", tok[0], tok[1], tok[2], tok[3], tok[4], tok[5]) != 6)
        fail("accepted a line without six fields");
    for (i = 2; i < 5; i++)
        if (strspn(tok[i], "0123456789") != strlen(tok[i]))
            fail("accepted a size, cycle count or call count that is not a plain number");
    if (e.ticks != strtoull(tok[3], NULL, 10) || e.iters != strtoull(tok[4], NULL, 10))
        fail("the cycles or calls kept differ from the line's numbers (cut or wrapped)");
    if (strlen(tok[5]) != 2 * hb_algo_at(e.algo)->digest_size)
        fail("accepted a digest of the wrong length");
    for (i = 0; i < strlen(tok[5]) / 2; i++) {
        int hi = hexval(tok[5][2 * i]), lo = hexval(tok[5][2 * i + 1]);
        if (hi < 0 || lo < 0)
            fail("accepted a digest that is not hex");
        if (e.digest[i] != (uint8_t)(hi << 4 | lo))
            fail("the digest kept differs from its hex text");
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    rr_block b;
    rr_run_info info;
    char *text = NULL;
    size_t len = 0, i, bad;
    FILE *in, *out;
    int problems;

    if (size == 0)
        return 0;
    /* each line alone, as the tool's 512-byte line buffer would hold it */
    for (i = 0; i < size;) {
        char line[512];
        size_t n = 0;
        while (i < size && n < sizeof line - 1) {
            line[n++] = (char)data[i++];
            if (line[n - 1] == '\n')
                break;
        }
        line[n] = 0;
        check_line(line);
    }
    in = fmemopen((void *)data, size, "r");
    if (!in)
        return 0;
    sim65_block(&b);
    problems = read_entries(in, &b);
    fclose(in);
    for (i = 0; i < b.n_entries; i++) {
        const rr_entry *e = &b.entries[i];
        if (e->algo >= hb_algo_count() || e->impl >= hb_algo_at(e->algo)->n_impls || e->size_index >= b.n_sizes)
            fail("an accepted line names something that does not exist");
    }
    if (problems == 0) {
        rr_run_info_init(&info);
        info.emulator = "sim65";
        info.passes = 1;
        out = open_memstream(&text, &len);
        if (out) {
            rr_results_write(out, &b, &sim65_platform, &info);
            fclose(out);
            if ((bad = fuzz_json_problem(text, len)) != 0) {
                printf("fuzz_sim65_record: not well-formed JSON at byte %zu:\n%s\n", bad - 1, text);
                fflush(stdout);
                abort();
            }
            free(text);
        }
    }
    free(b.entries);
    return 0;
}

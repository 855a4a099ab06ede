/* hashbench: benchmark and check hash algorithms.  This file only routes the
 * subcommand; each lives in its own cmd_*.c. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "cli/as_cpu.h"
#include "cli/commands.h"
#include "cli/profile_use.h"
#include "cli/util.h"

static void usage(FILE *f)
{
    fprintf(f,
        "usage: hashbench [bench] [options]         measure (the default: hashbench bench --help)\n"
        "       hashbench <command> [options]\n"
        "\n"
        "commands:\n"
        "  bench [options]                      throughput across message sizes, with statistics\n"
        "  info                                 the machine context a benchmark records\n"
        "  list [--format table|json]           the algorithms, their implementations, the pick for this CPU\n"
        "  rng [-s SIZES] [--device PATH]       throughput of the random sources, with a sanity check of each\n"
        "  sum -a ID [--impl NAME] [FILE...]    print digests like sha256sum (stdin when no FILE or -)\n"
        "  sum -a ID -c LIST                    check digests listed in LIST, like sha256sum -c\n"
        "  verify [-a IDS] [--impl NAMES]       run every built-in test vector on every implementation\n"
        "  files [-a IDS] [-s SIZES]            time hashbench sum against sha256sum, openssl dgst, b3sum ...\n"
        "                                       on files of 1, 10 and 50 MiB (warm and cold page cache)\n"
        "  tune [-a IDS] [-s SIZES]             measure every implementation here and write the profile\n"
        "                                       `best` follows on this machine (docs/tune.md)\n"
        "  quality [-a IDS] [--quick]           the hash-quality battery: avalanche, collisions, keysets,\n"
        "                                       seeds; tests failed per algorithm and width (docs/quality.md)\n"
        "  bandwidth [-s SIZES] [--pin CPU]     the streaming-read bound of each cache level and of memory,\n"
        "                                       in bytes per cycle (docs/measuring.md)\n"
        "\n"
        "hashbench <command> --help shows the options of a command.\n"
        "\n"
        "  --as-cpu LEVEL    (any command) measure as an AVX2-class core would: avx2-vpclmul (Zen 3,\n"
        "                    Ice Lake/Alder Lake clients) or avx2 (Haswell, Zen 2); AVX-512 masked for\n"
        "                    hashbench and the peers alike, recorded in the run (docs/peers-avx2.md)\n");
}

/* A closed standard descriptor would be handed out by the next open(): the
 * list being checked, or bench's output file, would silently become
 * "standard output" or "standard error".  Park /dev/null there, opened the
 * wrong way round, so that using it fails as a closed descriptor does. */
static void guard_std_fds(void)
{
    static const int modes[3] = { O_WRONLY, O_RDONLY, O_RDONLY };
    int fd;
    for (fd = 0; fd < 3; fd++)
        if (fcntl(fd, F_GETFD) < 0 && errno == EBADF && open("/dev/null", modes[fd]) != fd)
            _exit(HB_EXIT_FAIL);
}

/* Every command's output is checked here, once: a full disk or a closed
 * standard output must not look like success (coreutils' close_stdout). */
static int close_stdout(int rc)
{
    int failed, err;
    errno = 0;
    failed = fflush(stdout) != 0;
    err = errno;
    failed |= ferror(stdout) != 0;
    if (fclose(stdout) != 0 && !failed) {
        failed = 1;
        err = errno;
    }
    if (!failed)
        return rc;
    if (err)
        fprintf(stderr, "hashbench: write error on standard output: %s\n", strerror(err));
    else
        fprintf(stderr, "hashbench: write error on standard output\n");
    return rc == HB_EXIT_OK ? HB_EXIT_FAIL : rc;
}

static int run(int argc, char **argv)
{
    static const struct {
        const char *name;
        int (*run)(int, char **);
    } commands[] = {
        { "list", hb_cmd_list },
        { "sum", hb_cmd_sum },
        { "verify", hb_cmd_verify },
        { "bench", hb_cmd_bench },
        { "info", hb_cmd_info },
        { "rng", hb_cmd_rng },
        { "files", hb_cmd_files },
        { "tune", hb_cmd_tune },
        { "quality", hb_cmd_quality },
        { "bandwidth", hb_cmd_bandwidth },
    };
    unsigned i;

    /* no command, or options straight away: the benchmark */
    if (argc < 2 || (argv[1][0] == '-' && argv[1][1] != 0 && strcmp(argv[1], "--help") != 0 &&
                     strcmp(argv[1], "-h") != 0 && strcmp(argv[1], "--version") != 0)) {
        static char name[] = "bench";
        argv[0] = name;
        return hb_cmd_bench(argc, argv);
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return HB_EXIT_OK;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("hashbench %s\n", HB_VERSION);
        return HB_EXIT_OK;
    }
    for (i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(argv[1], commands[i].name) == 0)
            return commands[i].run(argc - 1, argv + 1);
    fprintf(stderr, "hashbench: unknown command '%s'\n\n", argv[1]);
    usage(stderr);
    return HB_EXIT_USAGE;
}

int main(int argc, char **argv)
{
    int rc;
    guard_std_fds();
    /* A file size limit (ulimit -f) is a full disk to every command: the
     * write fails with EFBIG, which the writers report ("File too large")
     * and clean up after (outfile.c removes its temporary file), instead
     * of SIGXFSZ killing hashbench with a temporary file left behind.  The
     * tools `files` runs get SIGXFSZ back (src/files/files_proc.c). */
    signal(SIGXFSZ, SIG_IGN);
    /* before anything reads the CPU's features (may run hashbench again) */
    if ((rc = hb_as_cpu_setup(&argc, argv)) != 0)
        return rc;
    hb_cli_profile_args(&argc, argv);
    return close_stdout(run(argc, argv));
}

/* One algorithm of the roster as a sim65 program (cl65 -t sim6502).
 *
 *   sim65 -c build/sim65/bin/<ident>.sim IMPL SIZE ITERS
 *
 * IMPL is the implementation's index in the algorithm's registry entry
 * (0 portable, 1 fast), SIZE the message length (1..1024 bytes of the
 * canonical workload (i * 31 + 7) & 0xFF), ITERS how many complete hashes
 * the shared harness's hbt_measure runs.  Prints one line,
 * "<id> <impl> <size> <digest hex>", and exits 0; bad arguments: a message
 * on stderr and exit 2.
 *
 * Compiled once per algorithm with -DHBS_ALGO=hb_algo_<ident>: sim65's flat
 * 64 KB cannot hold the whole roster, so each program links only its own
 * family's code from the algorithm library.  Nothing here depends on the
 * iteration count except the loop inside hbt_measure, so the cycles of a
 * run with 2N iterations minus those of a run with N are exactly N calls. */
#include <unistd.h>
#include "hbt_run.h"

extern const hb_algo HBS_ALGO;

/* on a 256-byte boundary (sim65.cfg): see there why it matters */
#pragma bss-name (push, "HBSMSG")
static uint8_t msg[HBT_MAX_SIZE];
#pragma bss-name (pop)
static hb_ctx ctx;
static uint8_t digest[HB_MAX_DIGEST];
static char line[2 * HB_MAX_DIGEST + 64];

static void put(int fd, const char *s)
{
    unsigned n = 0;
    while (s[n])
        n++;
    write(fd, s, n);
}

/* A decimal number up to max into *out; -1 when s is not one.  The driver's
 * N and 2N (1 and 2) must take the same path through everything outside
 * hbt_measure's loop: here they do (same digit count, and every compare
 * with max is decided by the same byte); a compare against 1, where 1 is
 * equal and 2 is not, cost 4 cycles more for N = 1 (measured). */
static int parse(const char *s, unsigned max, unsigned *out)
{
    unsigned long v = 0;
    if (!*s)
        return -1;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return -1;
        v = v * 10 + (unsigned)(*s - '0');
        if (v > max)
            return -1;
    }
    *out = (unsigned)v;
    return 0;
}

static char *append(char *p, const char *s)
{
    while (*s)
        *p++ = *s++;
    return p;
}

int main(int argc, char **argv)
{
    static const char hex[] = "0123456789abcdef";
    const hb_algo *a = &HBS_ALGO;
    unsigned impl, size, iters, i;
    char num[6], *p;

    if (argc != 4) {
        put(2, "usage: sim65 -c PROGRAM IMPL SIZE ITERS (IMPL 0 portable, 1 fast; SIZE 1..1024; ITERS 1..30000)\n");
        return 2;
    }
    if (parse(argv[1], a->n_impls - 1, &impl) != 0) {
        put(2, a->n_impls > 1 ? "bad IMPL: 0 (portable) or 1 (fast)\n"
                              : "bad IMPL: this algorithm has only implementation 0 (portable)\n");
        return 2;
    }
    if (parse(argv[2], HBT_MAX_SIZE, &size) != 0 || parse(argv[3], 30000u, &iters) != 0 ||
        size == 0 || iters == 0) {
        put(2, "bad SIZE or ITERS: SIZE 1..1024, ITERS 1..30000\n");
        return 2;
    }
    for (i = 0; i < HBT_MAX_SIZE; i++)
        msg[i] = (uint8_t)(i * 31u + 7u);

    hbt_measure(a->impls[impl], msg, size, iters, digest, &ctx);

    p = append(line, a->id);
    *p++ = ' ';
    p = append(p, a->impls[impl]->name);
    *p++ = ' ';
    i = 5;
    num[5] = 0;
    do {
        num[--i] = (char)('0' + size % 10);
        size /= 10;
    } while (size);
    p = append(p, num + i);
    *p++ = ' ';
    for (i = 0; i < a->digest_size; i++) {
        *p++ = hex[digest[i] >> 4];
        *p++ = hex[digest[i] & 15];
    }
    *p++ = '\n';
    *p = 0;
    put(1, line);
    return 0;
}

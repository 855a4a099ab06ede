/* Other processes' use of this process's CPUs (see cpuload.h). */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>
#include "bench/cpuload.h"

unsigned hb_cpuload_parse(const char *stat, const unsigned short *cpus, unsigned n,
                          unsigned long long *busy, unsigned long long *total)
{
    const char *line = stat;
    unsigned found = 0, i;

    *busy = *total = 0;
    while (line && *line) {
        unsigned long cpu;
        char *end;
        /* "cpuN user nice system idle iowait irq softirq steal guest guest_nice";
         * the first line, "cpu " without a number, is the sum */
        if (strncmp(line, "cpu", 3) == 0 && line[3] >= '0' && line[3] <= '9') {
            cpu = strtoul(line + 3, &end, 10);
            for (i = 0; i < n; i++)
                if (cpus[i] == cpu)
                    break;
            if (i < n) {
                unsigned long long v[8] = { 0 };
                unsigned k;
                const char *p = end;
                for (k = 0; k < 8; k++) {
                    v[k] = strtoull(p, &end, 10);
                    if (end == p)
                        break;
                    p = end;
                }
                if (k >= 4) {
                    /* guest time is already inside user: not added again */
                    *busy += v[0] + v[1] + v[2] + v[5] + v[6] + v[7];
                    *total += v[0] + v[1] + v[2] + v[3] + v[4] + v[5] + v[6] + v[7];
                    found++;
                }
            }
        }
        line = strchr(line, '\n');
        if (line)
            line++;
    }
    return found;
}

double hb_cpuload_others_between(unsigned long long busy0, unsigned long long total0,
                                 unsigned long long busy1, unsigned long long total1,
                                 unsigned n_cpus, double own_ticks)
{
    double wall, others;
    if (n_cpus == 0 || total1 <= total0)
        return -1;
    wall = (double)(total1 - total0) / n_cpus;
    others = ((double)(busy1 - busy0) - own_ticks) / wall;
    return others > 0 ? others : 0;
}

static int read_stat(char *buf, size_t n)
{
    FILE *f = fopen("/proc/stat", "r");
    size_t got;
    if (!f)
        return -1;
    got = fread(buf, 1, n - 1, f);
    fclose(f);
    buf[got] = 0;
    return got > 0 ? 0 : -1;
}

static double own_seconds(void)
{
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) != 0)
        return -1;
    return (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec * 1e-6 + (double)ru.ru_stime.tv_sec +
           ru.ru_stime.tv_usec * 1e-6;
}

/* room for /proc/stat with 256 CPUs */
#define STAT_BUF (64 * 1024)

void hb_cpuload_start(hb_cpuload *l)
{
    char *buf = malloc(STAT_BUF);
    cpu_set_t set;
    unsigned c;

    memset(l, 0, sizeof *l);
    if (!buf)
        return;
    if (sched_getaffinity(0, sizeof set, &set) == 0) {
        for (c = 0; c < CPU_SETSIZE && l->n_cpus < HB_CPULOAD_MAX_CPUS; c++)
            if (CPU_ISSET(c, &set))
                l->cpus[l->n_cpus++] = (unsigned short)c;
    }
    l->own_s = own_seconds();
    l->ok = l->n_cpus > 0 && l->own_s >= 0 && read_stat(buf, STAT_BUF) == 0 &&
            hb_cpuload_parse(buf, l->cpus, l->n_cpus, &l->busy, &l->total) == l->n_cpus;
    free(buf);
}

double hb_cpuload_others(const hb_cpuload *start)
{
    char *buf;
    unsigned long long busy, total;
    double own, r = -1;
    long hz = sysconf(_SC_CLK_TCK);

    if (!start->ok || hz <= 0 || (buf = malloc(STAT_BUF)) == NULL)
        return -1;
    own = own_seconds();
    if (own >= 0 && read_stat(buf, STAT_BUF) == 0 &&
        hb_cpuload_parse(buf, start->cpus, start->n_cpus, &busy, &total) == start->n_cpus)
        r = hb_cpuload_others_between(start->busy, start->total, busy, total, start->n_cpus,
                                      (own - start->own_s) * (double)hz);
    free(buf);
    return r;
}

void hb_cpuload_cpus_text(const hb_cpuload *l, char *out, unsigned n)
{
    unsigned i = 0, j, len = 0;
    out[0] = 0;
    while (i < l->n_cpus && len + 16 < n) {
        for (j = i; j + 1 < l->n_cpus && l->cpus[j + 1] == l->cpus[j] + 1; j++)
            ;
        if (j > i)
            len += (unsigned)snprintf(out + len, n - len, "%s%u-%u", len ? "," : "", l->cpus[i], l->cpus[j]);
        else
            len += (unsigned)snprintf(out + len, n - len, "%s%u", len ? "," : "", l->cpus[i]);
        i = j + 1;
    }
}

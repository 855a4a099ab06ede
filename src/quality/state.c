/* The resumable run's state file (state.h).  The writer and the small
 * reader here know one shape only, the one the writer makes: the reader
 * is not a JSON parser, and refuses a line it does not recognise. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "quality/state.h"
#include "record/json.h"

#define STATE_FORMAT "hashbench-quality-state/1"

static void header(char *buf, size_t len, const hb_q_config *c, const char *version)
{
    snprintf(buf, len, "{\"state\":\"" STATE_FORMAT "\",\"version\":\"%s\",\"seed\":%llu,\"mode\":\"%s\","
             "\"log2_keys\":%u,\"avalanche_keys\":%u,\"seed_keys\":%u}", version, (unsigned long long)c->seed,
             c->quick ? "quick" : "full", c->log2_keys, c->avalanche_keys, c->seed_keys);
}

/* ---- reading one job line */

typedef struct cur {
    const char *p;
} cur;

static void skip_ws(cur *c)
{
    while (*c->p == ' ' || *c->p == '\t')
        c->p++;
}

static int lit(cur *c, char ch)
{
    skip_ws(c);
    if (*c->p != ch)
        return -1;
    c->p++;
    return 0;
}

static int hex4(const char *p, unsigned *v)
{
    unsigned i;
    *v = 0;
    for (i = 0; i < 4; i++) {
        char h = p[i];
        unsigned d = h >= '0' && h <= '9' ? (unsigned)(h - '0') : h >= 'a' && h <= 'f' ? (unsigned)(h - 'a' + 10)
                   : h >= 'A' && h <= 'F' ? (unsigned)(h - 'A' + 10) : 16u;
        if (d == 16)
            return -1;
        *v = *v * 16 + d;
    }
    return 0;
}

/* A string as hb_json_string writes it: \" \\ and \u00XX escapes. */
static int str(cur *c, char *out, size_t cap)
{
    size_t n = 0;
    if (lit(c, '"') != 0)
        return -1;
    while (*c->p != '"') {
        char ch = *c->p;
        unsigned u;
        if (!ch || n + 1 >= cap)
            return -1;
        if (ch == '\\') {
            if (c->p[1] == '"' || c->p[1] == '\\') {
                ch = c->p[1];
                c->p += 2;
            } else if (c->p[1] == 'u' && hex4(c->p + 2, &u) == 0 && u > 0 && u < 0x20) {
                ch = (char)u;
                c->p += 6;
            } else {
                return -1;
            }
        } else {
            c->p++;
        }
        out[n++] = ch;
    }
    c->p++;
    out[n] = 0;
    return 0;
}

static int num(cur *c, double *v)
{
    char *end;
    skip_ws(c);
    if (strncmp(c->p, "null", 4) == 0) {
        *v = NAN;
        c->p += 4;
        return 0;
    }
    *v = strtod(c->p, &end);
    if (end == c->p)
        return -1;
    c->p = end;
    return 0;
}

/* "key": (the key must be the one expected: the writer's order) */
static int key(cur *c, const char *name, int first)
{
    char k[32];
    if (!first && lit(c, ',') != 0)
        return -1;
    if (str(c, k, sizeof k) != 0 || strcmp(k, name) != 0)
        return -1;
    return lit(c, ':');
}

static int read_result(cur *c, hb_q_result *r)
{
    double w;
    memset(r, 0, sizeof *r);
    if (lit(c, '{') || key(c, "variant", 1) || str(c, r->variant, sizeof r->variant) || key(c, "width", 0) ||
        num(c, &w) || key(c, "statistic", 0) || num(c, &r->statistic) || key(c, "p", 0) || num(c, &r->p) ||
        key(c, "detail", 0) || str(c, r->detail, sizeof r->detail) || lit(c, '}'))
        return -1;
    if (!(w >= 1 && w <= 8 * HB_Q_MAX_OUT))
        return -1;
    r->width = (unsigned)w;
    return 0;
}

typedef struct job_line {
    char subject[64], test[64];
    double seconds;
    hb_q_result *results;
    unsigned n, cap;
} job_line;

static int read_results(cur *c, job_line *j)
{
    if (lit(c, '[') != 0)
        return -1;
    skip_ws(c);
    if (*c->p == ']')
        return lit(c, ']');
    do {
        if (j->n == j->cap) {
            unsigned cap = j->cap ? 2 * j->cap : 16;
            hb_q_result *r = realloc(j->results, cap * sizeof *r);
            if (!r)
                return -1;
            j->results = r;
            j->cap = cap;
        }
        if (read_result(c, &j->results[j->n]) != 0)
            return -1;
        j->n++;
    } while (lit(c, ',') == 0);
    return lit(c, ']');
}

static int read_job(const char *line, job_line *j)
{
    cur c = { line };
    j->n = 0;
    if (lit(&c, '{') || key(&c, "subject", 1) || str(&c, j->subject, sizeof j->subject) || key(&c, "test", 0) ||
        str(&c, j->test, sizeof j->test) || key(&c, "seconds", 0) || num(&c, &j->seconds) ||
        key(&c, "results", 0) || read_results(&c, j) || lit(&c, '}'))
        return -1;
    skip_ws(&c);
    return *c.p ? -1 : 0;
}

/* ---- the file */

static char *slurp(FILE *f, size_t *len)
{
    size_t cap = 1 << 16, n = 0, got;
    char *buf = malloc(cap + 1);
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            char *b = realloc(buf, 2 * cap + 1);
            if (!b) {
                free(buf);
                return NULL;
            }
            buf = b;
            cap *= 2;
        }
    }
    if (buf && ferror(f)) {
        free(buf);
        return NULL;
    }
    if (buf)
        buf[n] = 0;
    *len = n;
    return buf;
}

/* Why the header is not this run's: the other run's settings, or that the
 * file is no state file at all.  Returns 2. */
static int mismatch(const char *path, const char *line, const char *want, char *why, size_t why_len)
{
    const char *prefix = "{\"state\":\"" STATE_FORMAT "\",";
    size_t pl = strlen(prefix);
    if (strncmp(line, prefix, pl) != 0)
        snprintf(why, why_len, "%s is not a hashbench quality state file (its first line is not one)", path);
    else
        snprintf(why, why_len, "%s holds another run's results: it has {%.160s, this run is {%.160s; "
                 "give the same --seed and size to resume it, or another --state file", path, line + pl,
                 want + pl);
    return 2;
}

/* Every job line after the header (lines[] split at '\n' in place); a
 * line that is not a job is refused. */
static int read_jobs(char *text, const char *path, hb_q_state_job_fn fn, void *arg, char *why, size_t why_len)
{
    job_line j;
    char *line = text, *nl;
    unsigned no = 2;
    int rc = 0;
    memset(&j, 0, sizeof j);
    for (; *line; line = nl + 1, no++) {
        const hb_q_test *t;
        nl = strchr(line, '\n');
        *nl = 0;
        if (read_job(line, &j) != 0) {
            snprintf(why, why_len, "%s:%u: not a finished job's line: remove the file to start afresh", path, no);
            rc = 2;
            break;
        }
        if (!(t = hb_q_test_find(j.test))) {
            snprintf(why, why_len, "%s:%u: test '%s' is not in this build's battery: the file is another "
                     "build's; remove it to start afresh", path, no, j.test);
            rc = 2;
            break;
        }
        for (unsigned i = 0; i < j.n; i++)
            j.results[i].test = t->id;
        fn(arg, j.subject, t, j.results, j.n, j.seconds);
    }
    free(j.results);
    return rc;
}

/* Reads what the file holds (it exists and is not empty): the header must
 * be this run's; a last line without its newline (a kill mid-write) is cut
 * off the file. */
static int load(hb_q_state *st, FILE *f, const char *want, hb_q_state_job_fn fn, void *arg, char *why,
                size_t why_len)
{
    size_t len;
    char *text = slurp(f, &len), *nl, *last;
    int rc;
    if (!text) {
        snprintf(why, why_len, "%s: cannot read: %s", st->path, strerror(errno ? errno : ENOMEM));
        return 1;
    }
    nl = strchr(text, '\n');
    if (memchr(text, 0, len) || !nl) {     /* a NUL byte: not text; no newline: no whole header */
        rc = mismatch(st->path, text, want, why, why_len);
        free(text);
        return rc;
    }
    *nl = 0;
    if (strcmp(text, want) != 0) {
        rc = mismatch(st->path, text, want, why, why_len);
        free(text);
        return rc;
    }
    last = strrchr(nl + 1, '\n');
    len = last ? (size_t)(last + 1 - text) : (size_t)(nl + 1 - text);
    text[len] = 0;
    rc = read_jobs(nl + 1, st->path, fn, arg, why, why_len);
    if (rc == 0 && ftruncate(fileno(f), (off_t)len) != 0) {
        snprintf(why, why_len, "%s: cannot cut its unfinished last line: %s", st->path, strerror(errno));
        rc = 1;
    }
    free(text);
    return rc;
}

int hb_q_state_open(hb_q_state *st, const char *path, const hb_q_config *c, const char *version,
                    hb_q_state_job_fn fn, void *arg, char *why, size_t why_len)
{
    char want[400];
    FILE *f;
    int rc = 0;
    st->path = path;
    st->f = NULL;
    header(want, sizeof want, c, version);
    f = fopen(path, "a+");
    if (!f) {
        snprintf(why, why_len, "--state %s: cannot open: %s", path, strerror(errno));
        return 2;
    }
    fseek(f, 0, SEEK_END);
    if (ftell(f) == 0)
        fprintf(f, "%s\n", want);
    else if (fseek(f, 0, SEEK_SET) != 0 || (rc = load(st, f, want, fn, arg, why, why_len)) != 0) {
        fclose(f);
        return rc ? rc : 1;
    }
    if (fseek(f, 0, SEEK_END) != 0 || fflush(f) != 0) {
        snprintf(why, why_len, "--state %s: cannot write: %s", path, strerror(errno));
        fclose(f);
        return 2;
    }
    st->f = f;
    return 0;
}

static void number(FILE *f, double v)
{
    if (isfinite(v))
        fprintf(f, "%.17g", v);
    else
        fputs("null", f);
}

int hb_q_state_append(hb_q_state *st, const char *subject, const char *test, const hb_q_result *r,
                      unsigned n, double seconds)
{
    unsigned i;
    fputs("{\"subject\":", st->f);
    hb_json_string(st->f, subject);
    fputs(",\"test\":", st->f);
    hb_json_string(st->f, test);
    fputs(",\"seconds\":", st->f);
    number(st->f, seconds);
    fputs(",\"results\":[", st->f);
    for (i = 0; i < n; i++) {
        fputs(i ? ",{\"variant\":" : "{\"variant\":", st->f);
        hb_json_string(st->f, r[i].variant);
        fprintf(st->f, ",\"width\":%u,\"statistic\":", r[i].width);
        number(st->f, r[i].statistic);
        fputs(",\"p\":", st->f);
        number(st->f, r[i].p);
        fputs(",\"detail\":", st->f);
        hb_json_string(st->f, r[i].detail);
        fputc('}', st->f);
    }
    fputs("]}\n", st->f);
    return fflush(st->f) == 0 && !ferror(st->f) ? 0 : -1;
}

int hb_q_state_close(hb_q_state *st)
{
    int rc = 0;
    if (st->f) {
        rc = ferror(st->f) ? -1 : 0;
        if (fclose(st->f) != 0)
            rc = -1;
        st->f = NULL;
    }
    return rc;
}

/* Parser for the embedded test vectors (see vectors.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include "text/hex.h"
#include "cli/vectors.h"
#include "hashbench.h"

void hb_bytes_free(hb_bytes *b)
{
    free(b->data);
    b->data = NULL;
    b->len = 0;
}

static int alloc_bytes(hb_bytes *b, size_t len, char *err, size_t err_len)
{
    b->len = len;
    b->data = NULL;
    if (len == 0)
        return 0;
    b->data = malloc(len);
    if (!b->data) {
        snprintf(err, err_len, "out of memory for %zu bytes", len);
        return -1;
    }
    return 0;
}

/* Parses a decimal count that must be the whole of s[0..n). */
static int parse_count(const char *s, size_t n, size_t *out)
{
    size_t v = 0, i;
    if (n == 0 || n > 10)
        return -1;
    for (i = 0; i < n; i++) {
        if (!isdigit((unsigned char)s[i]))
            return -1;
        v = v * 10 + (size_t)(s[i] - '0');
    }
    *out = v;
    return 0;
}

static int starts(const char *s, size_t n, const char *prefix)
{
    size_t k = strlen(prefix);
    return n >= k && memcmp(s, prefix, k) == 0;
}

/* The byte string's forms (vectors.h).  Each returns 0, -1 with err set
 * (out of memory, bad hex), or 1 when the spec does not read: the caller
 * then says so. */

/* "text": its bytes, a backslash taking the next byte as it is */
static int quoted(const char *spec, size_t n, hb_bytes *out, char *err, size_t err_len)
{
    size_t i, k = 0;
    if (alloc_bytes(out, n - 2, err, err_len))
        return -1;
    for (i = 1; i + 1 < n; i++) {
        if (spec[i] == '\\' && i + 2 < n)
            i++;
        out->data[k++] = (uint8_t)spec[i];
    }
    out->len = k;
    return 0;
}

/* hex:HH..., spec past the prefix */
static int hex_digits(const char *spec, size_t n, hb_bytes *out, char *err, size_t err_len)
{
    if (n % 2 || alloc_bytes(out, n / 2, err, err_len) || hb_unhex(spec, n / 2, out->data)) {
        hb_bytes_free(out);
        snprintf(err, err_len, "bad hex string");
        return -1;
    }
    return 0;
}

/* rep:HH...:N, the pattern N times */
static int repeated(const char *spec, size_t n, hb_bytes *out, char *err, size_t err_len)
{
    const char *colon = memchr(spec + 4, ':', n - 4);
    size_t plen, count, i;
    uint8_t pat[64];
    if (!colon)
        return 1;
    plen = (size_t)(colon - (spec + 4));
    if (plen == 0 || plen % 2 || plen / 2 > sizeof pat || hb_unhex(spec + 4, plen / 2, pat) ||
        parse_count(colon + 1, n - (size_t)(colon + 1 - spec), &count))
        return 1;
    if (alloc_bytes(out, count * (plen / 2), err, err_len))
        return -1;
    for (i = 0; i < out->len; i++)
        out->data[i] = pat[i % (plen / 2)];
    return 0;
}

/* seq:N, mod251:N, workload:N, xxhsanity:N: N bytes of a generator */
static int generated(const char *spec, size_t n, hb_bytes *out, char *err, size_t err_len)
{
    const char *colon = memchr(spec, ':', n);
    size_t skip = (size_t)(colon + 1 - spec), count, i;
    uint64_t gen = 2654435761u;
    if (parse_count(colon + 1, n - skip, &count))
        return 1;
    if (alloc_bytes(out, count, err, err_len))
        return -1;
    for (i = 0; i < count; i++) {
        switch (spec[0]) {
        case 's': out->data[i] = (uint8_t)i; break;
        case 'm': out->data[i] = (uint8_t)(i % 251); break;
        case 'w': out->data[i] = (uint8_t)(i * 31 + 7); break;
        default:  /* xxHash's sanity buffer */
            out->data[i] = (uint8_t)(gen >> 56);
            gen *= UINT64_C(11400714785074694797);
        }
    }
    return 0;
}

int hb_bytes_parse(const char *spec, size_t n, hb_bytes *out, char *err, size_t err_len)
{
    int rc = 1;
    out->data = NULL;
    out->len = 0;
    if (n >= 2 && spec[0] == '"' && spec[n - 1] == '"')
        rc = quoted(spec, n, out, err, err_len);
    else if (starts(spec, n, "hex:"))
        rc = hex_digits(spec + 4, n - 4, out, err, err_len);
    else if (starts(spec, n, "rep:"))
        rc = repeated(spec, n, out, err, err_len);
    else if (starts(spec, n, "seq:") || starts(spec, n, "mod251:") || starts(spec, n, "workload:") ||
             starts(spec, n, "xxhsanity:"))
        rc = generated(spec, n, out, err, err_len);
    if (rc <= 0)
        return rc;
    snprintf(err, err_len, "unreadable byte string '%.*s'", (int)(n > 40 ? 40 : n), spec);
    return -1;
}

/* One field of a line: name=value, the value possibly a quoted string. */
static const char *next_field(const char *p, const char **name, size_t *name_len,
                              const char **val, size_t *val_len)
{
    while (*p == ' ' || *p == '\t')
        p++;
    if (*p == 0 || *p == '#')
        return NULL;
    *name = p;
    while (*p && *p != '=' && *p != ' ')
        p++;
    *name_len = (size_t)(p - *name);
    if (*p != '=')
        return p;                   /* caller reports the missing '=' */
    p++;
    *val = p;
    if (*p == '"') {
        p++;
        while (*p && *p != '"') {
            if (*p == '\\' && p[1])
                p++;
            p++;
        }
        if (*p == '"')
            p++;
    } else {
        while (*p && *p != ' ' && *p != '\t')
            p++;
    }
    *val_len = (size_t)(p - *val);
    return p;
}

static void vector_clear(hb_vector *v)
{
    hb_bytes_free(&v->msg);
    hb_bytes_free(&v->key);
    hb_bytes_free(&v->salt);
    hb_bytes_free(&v->out);
}

/* Parses one vector line into v.  Returns 0, or -1 with err set. */
static int parse_vec_line(const char *line, hb_vector *v, char *err, size_t err_len)
{
    const char *p = line, *name = NULL, *val = NULL;
    size_t nl = 0, vl = 0;
    int have_msg = 0, have_out = 0;
    while ((p = next_field(p, &name, &nl, &val, &vl)) != NULL) {
        hb_bytes *dst = NULL;
        if (nl == 0 || name[nl] != '=') {
            snprintf(err, err_len, "expected field=value");
            return -1;
        }
        if (nl == 3 && !memcmp(name, "msg", 3)) {
            dst = &v->msg; have_msg = 1;
            snprintf(v->msg_desc, sizeof v->msg_desc, "%.*s", (int)vl, val);
        } else if (nl == 3 && !memcmp(name, "key", 3)) {
            dst = &v->key; v->has_key = 1;
        } else if (nl == 4 && !memcmp(name, "salt", 4)) {
            dst = &v->salt; v->has_salt = 1;
        } else if (nl == 3 && !memcmp(name, "out", 3)) {
            char spec[8 + 2 * 1024];
            if (vl > 2 * 1024) {
                snprintf(err, err_len, "out longer than 1024 bytes");
                return -1;
            }
            snprintf(spec, sizeof spec, "hex:%.*s", (int)vl, val);
            if (hb_bytes_parse(spec, strlen(spec), &v->out, err, err_len))
                return -1;
            have_out = 1;
            continue;
        } else if (nl == 4 && !memcmp(name, "iter", 4)) {
            size_t it;
            if (parse_count(val, vl, &it) || it == 0 || it > 0xFFFFFFFFu) {
                snprintf(err, err_len, "bad iteration count");
                return -1;
            }
            v->iterations = (uint32_t)it;
            v->has_iter = 1;
            continue;
        } else {
            snprintf(err, err_len, "unknown field '%.*s'", (int)nl, name);
            return -1;
        }
        hb_bytes_free(dst);
        if (hb_bytes_parse(val, vl, dst, err, err_len))
            return -1;
    }
    if (!have_msg || !have_out) {
        snprintf(err, err_len, "a vector needs msg= and out=");
        return -1;
    }
    return 0;
}

/* workload-digests.txt: "id hexdigest" per line, for the 1024-byte workload. */
static int parse_workload_line(const char *line, hb_vector *v, char *algo, size_t algo_len,
                               char *err, size_t err_len)
{
    char id[40], hex[2 * HB_MAX_DIGEST + 2], spec[2 * HB_MAX_DIGEST + 16];
    /* widths: one less than each buffer, for the terminating zero */
    if (sscanf(line, "%39s %129s", id, hex) != 2 || strlen(hex) > 2 * HB_MAX_DIGEST) {
        snprintf(err, err_len, "expected 'id hexdigest'");
        return -1;
    }
    snprintf(algo, algo_len, "%s", id);
    snprintf(spec, sizeof spec, "hex:%s", hex);
    if (hb_bytes_parse(spec, strlen(spec), &v->out, err, err_len) ||
        hb_bytes_parse("workload:1024", 13, &v->msg, err, err_len))
        return -1;
    snprintf(v->msg_desc, sizeof v->msg_desc, "workload:1024");
    return 0;
}

unsigned hb_vectors_each(hb_vector_fn fn, void *arg)
{
    const hb_vector_file *f;
    unsigned bad = 0;
    for (f = hb_vector_files; f->name; f++) {
        char algo[40] = "";
        int workload = strstr(f->name, ".txt") != NULL;
        unsigned ln;
        for (ln = 0; f->lines[ln]; ln++) {
            const char *line = f->lines[ln];
            char err[160];
            hb_vector v;
            int rc;
            while (*line == ' ' || *line == '\t')
                line++;
            if (*line == 0 || *line == '#')
                continue;
            if (*line == '[') {
                const char *end = strchr(line, ']');
                if (!end || (size_t)(end - line - 1) >= sizeof algo) {
                    fprintf(stderr, "%s:%u: bad section header\n", f->name, ln + 1);
                    bad++;
                    continue;
                }
                snprintf(algo, sizeof algo, "%.*s", (int)(end - line - 1), line + 1);
                continue;
            }
            memset(&v, 0, sizeof v);
            v.file = f->name;
            v.line = ln + 1;
            rc = workload ? parse_workload_line(line, &v, algo, sizeof algo, err, sizeof err)
                          : parse_vec_line(line, &v, err, sizeof err);
            if (rc == 0 && algo[0] == 0) {
                snprintf(err, sizeof err, "vector before any [algorithm] section");
                rc = -1;
            }
            if (rc == 0 && !hb_algo_find(algo)) {
                snprintf(err, sizeof err, "unknown algorithm '%s'", algo);
                rc = -1;
            }
            if (rc != 0) {
                fprintf(stderr, "%s:%u: %s\n", f->name, ln + 1, err);
                bad++;
            } else {
                v.algo = algo;
                fn(&v, arg);
            }
            vector_clear(&v);
        }
    }
    return bad;
}

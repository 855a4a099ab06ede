/* The JSON reader (see json_read.h): recursive descent over RFC 8259, with
 * the nesting depth bounded so that hostile input cannot exhaust the stack. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/json_read.h"

#define MAX_DEPTH 64

typedef struct parser {
    const char *p, *start;
    char *err;
    size_t err_len;
    int failed;
} parser;

static int fail(parser *ps, const char *what)
{
    if (!ps->failed)
        snprintf(ps->err, ps->err_len, "%s at offset %ld", what, (long)(ps->p - ps->start));
    ps->failed = 1;
    return -1;
}

static void skip_space(parser *ps)
{
    while (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r')
        ps->p++;
}

static void put_utf8(char *out, size_t *n, unsigned long cp)
{
    if (cp < 0x80) {
        out[(*n)++] = (char)cp;
    } else if (cp < 0x800) {
        out[(*n)++] = (char)(0xC0 | (cp >> 6));
        out[(*n)++] = (char)(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out[(*n)++] = (char)(0xE0 | (cp >> 12));
        out[(*n)++] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[(*n)++] = (char)(0x80 | (cp & 0x3F));
    } else {
        out[(*n)++] = (char)(0xF0 | (cp >> 18));
        out[(*n)++] = (char)(0x80 | ((cp >> 12) & 0x3F));
        out[(*n)++] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[(*n)++] = (char)(0x80 | (cp & 0x3F));
    }
}

static int hex4(parser *ps, unsigned long *cp)
{
    int i;
    *cp = 0;
    for (i = 0; i < 4; i++, ps->p++) {
        int c = (unsigned char)*ps->p;
        if (!isxdigit(c))
            return fail(ps, "bad \\u escape");
        *cp = *cp * 16 + (unsigned long)(isdigit(c) ? c - '0' : tolower(c) - 'a' + 10);
    }
    return 0;
}

/* ps->p is past the opening quote; the result is malloc'd (never longer
 * than the source text, since every escape is at least as long as its bytes). */
static char *parse_string(parser *ps)
{
    const char *end = ps->p;
    char *out;
    size_t n = 0;
    while (*end && *end != '"')
        end += (*end == '\\' && end[1]) ? 2 : 1;
    if (*end != '"') {
        fail(ps, "unterminated string");
        return NULL;
    }
    out = malloc((size_t)(end - ps->p) + 1);
    if (!out) {
        fail(ps, "out of memory");
        return NULL;
    }
    while (*ps->p != '"') {
        unsigned char c = (unsigned char)*ps->p++;
        unsigned long cp, lo;
        if (c < 0x20) {
            ps->p--;
            fail(ps, "control character in a string");
            free(out);
            return NULL;
        }
        if (c != '\\') {
            out[n++] = (char)c;
            continue;
        }
        c = (unsigned char)*ps->p++;
        switch (c) {
        case '"': case '\\': case '/': out[n++] = (char)c; break;
        case 'b': out[n++] = '\b'; break;
        case 'f': out[n++] = '\f'; break;
        case 'n': out[n++] = '\n'; break;
        case 'r': out[n++] = '\r'; break;
        case 't': out[n++] = '\t'; break;
        case 'u':
            if (hex4(ps, &cp) != 0) {
                free(out);
                return NULL;
            }
            /* a surrogate pair is two escapes */
            if (cp >= 0xD800 && cp < 0xDC00 && ps->p[0] == '\\' && ps->p[1] == 'u') {
                ps->p += 2;
                if (hex4(ps, &lo) != 0) {
                    free(out);
                    return NULL;
                }
                cp = (lo >= 0xDC00 && lo < 0xE000) ? 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00) : 0xFFFD;
            } else if (cp >= 0xD800 && cp < 0xE000) {
                cp = 0xFFFD;
            }
            if (cp == 0)
                cp = 0xFFFD;        /* keep strings NUL-free */
            put_utf8(out, &n, cp);
            break;
        default:
            ps->p--;
            fail(ps, "bad escape in a string");
            free(out);
            return NULL;
        }
    }
    ps->p++;
    out[n] = 0;
    return out;
}

static int parse_value(parser *ps, hb_json *v, int depth);

/* An array or object: values separated by commas up to `close`. */
static int parse_items(parser *ps, hb_json *v, char close, int depth)
{
    size_t cap = 0;
    ps->p++;
    skip_space(ps);
    if (*ps->p == close) {
        ps->p++;
        return 0;
    }
    for (;;) {
        if (v->n == cap) {
            size_t ncap = cap ? 2 * cap : 8;
            hb_json *items = realloc(v->items, ncap * sizeof *items);
            char **keys = v->kind == HB_JSON_OBJECT ? realloc(v->keys, ncap * sizeof *keys) : NULL;
            if (items)
                v->items = items;
            if (keys)
                v->keys = keys;
            if (!items || (v->kind == HB_JSON_OBJECT && !keys))
                return fail(ps, "out of memory");
            cap = ncap;
        }
        skip_space(ps);
        if (v->kind == HB_JSON_OBJECT) {
            if (*ps->p != '"')
                return fail(ps, "expected a member name");
            ps->p++;
            if (!(v->keys[v->n] = parse_string(ps)))
                return -1;
            skip_space(ps);
            if (*ps->p != ':') {
                free(v->keys[v->n]);
                return fail(ps, "expected ':'");
            }
            ps->p++;
        }
        memset(&v->items[v->n], 0, sizeof v->items[v->n]);
        v->n++;
        if (parse_value(ps, &v->items[v->n - 1], depth + 1) != 0)
            return -1;
        skip_space(ps);
        if (*ps->p == ',') {
            ps->p++;
            continue;
        }
        if (*ps->p == close) {
            ps->p++;
            return 0;
        }
        return fail(ps, close == ']' ? "expected ',' or ']'" : "expected ',' or '}'");
    }
}

static int parse_number(parser *ps, hb_json *v)
{
    const char *q = ps->p;
    char *end;
    /* JSON's grammar: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? */
    if (*q == '-')
        q++;
    if (!isdigit((unsigned char)*q) || (q[0] == '0' && isdigit((unsigned char)q[1])))
        return fail(ps, "bad number");
    v->kind = HB_JSON_NUMBER;
    v->number = strtod(ps->p, &end);
    if (end == ps->p)
        return fail(ps, "bad number");
    ps->p = end;
    return 0;
}

static int parse_value(parser *ps, hb_json *v, int depth)
{
    if (depth > MAX_DEPTH)
        return fail(ps, "nested too deeply");
    skip_space(ps);
    switch (*ps->p) {
    case '{': v->kind = HB_JSON_OBJECT; return parse_items(ps, v, '}', depth);
    case '[': v->kind = HB_JSON_ARRAY; return parse_items(ps, v, ']', depth);
    case '"':
        ps->p++;
        v->string = parse_string(ps);
        v->kind = HB_JSON_STRING;
        return v->string ? 0 : -1;
    case 't':
        if (strncmp(ps->p, "true", 4) == 0) {
            v->kind = HB_JSON_BOOL, v->number = 1, ps->p += 4;
            return 0;
        }
        break;
    case 'f':
        if (strncmp(ps->p, "false", 5) == 0) {
            v->kind = HB_JSON_BOOL, v->number = 0, ps->p += 5;
            return 0;
        }
        break;
    case 'n':
        if (strncmp(ps->p, "null", 4) == 0) {
            v->kind = HB_JSON_NULL, ps->p += 4;
            return 0;
        }
        break;
    default:
        if (*ps->p == '-' || isdigit((unsigned char)*ps->p))
            return parse_number(ps, v);
    }
    return fail(ps, *ps->p ? "unexpected character" : "unexpected end of text");
}

static void free_members(hb_json *v)
{
    size_t i;
    for (i = 0; i < v->n; i++) {
        free_members(&v->items[i]);
        if (v->keys)
            free(v->keys[i]);
    }
    free(v->items);
    free(v->keys);
    free(v->string);
}

void hb_json_free(hb_json *v)
{
    if (v) {
        free_members(v);
        free(v);
    }
}

hb_json *hb_json_parse(const char *text, char *err, size_t err_len)
{
    parser ps;
    hb_json *v = calloc(1, sizeof *v);
    ps.p = ps.start = text;
    ps.err = err;
    ps.err_len = err_len;
    ps.failed = 0;
    if (!v) {
        snprintf(err, err_len, "out of memory");
        return NULL;
    }
    if (parse_value(&ps, v, 0) == 0) {
        skip_space(&ps);
        if (*ps.p)
            fail(&ps, "text after the value");
    }
    if (ps.failed) {
        hb_json_free(v);
        return NULL;
    }
    return v;
}

const hb_json *hb_json_get(const hb_json *v, const char *key)
{
    size_t i;
    if (!v || v->kind != HB_JSON_OBJECT)
        return NULL;
    for (i = 0; i < v->n; i++)
        if (strcmp(v->keys[i], key) == 0)
            return &v->items[i];
    return NULL;
}

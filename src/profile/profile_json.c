/* The profile loader's JSON reader (profile_json.h): recursive descent
 * over the text, one node per value appended to doc->nodes. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "profile/profile_json.h"

/* deeper than any profile; bounds the recursion on a hostile file */
#define MAX_DEPTH 32

typedef struct reader {
    const char *p, *end;
    hb_jr_doc *doc;
    int depth;
    const char *err;                /* the first error, with p left where it was found */
} reader;

static int fail(reader *r, const char *why)
{
    if (!r->err)
        r->err = why;
    return -1;
}

static void skip_space(reader *r)
{
    while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r'))
        r->p++;
}

/* A new node at the end of doc->nodes: its index, or -1. */
static long add_node(reader *r, hb_jr_type type)
{
    hb_jr_doc *d = r->doc;
    if (d->n == d->cap) {
        /* a profile has a value every 13 bytes: one allocation, mostly */
        unsigned cap = d->cap ? 2 * d->cap : (unsigned)((size_t)(r->end - r->p) / 10 + 16);
        hb_jr_node *t;
        if (cap < d->cap || !(t = realloc(d->nodes, cap * sizeof *t)))
            return fail(r, "out of memory");
        d->nodes = t;
        d->cap = cap;
    }
    memset(&d->nodes[d->n], 0, sizeof d->nodes[0]);
    d->nodes[d->n].type = (unsigned char)type;
    d->nodes[d->n].text = r->p;
    return (long)d->n++;
}

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* The 4 hex digits at p (p + 4 <= end checked by the caller): 0..0xffff, or -1. */
static long hex4(const char *p)
{
    long v = 0;
    int i, h;
    for (i = 0; i < 4; i++) {
        if ((h = hex_digit(p[i])) < 0)
            return -1;
        v = v * 16 + h;
    }
    return v;
}

/* The bytes of one UTF-8 character at p (well formed: no overlong form,
 * no surrogate, at most U+10FFFF), or 0. */
static size_t utf8_char(const unsigned char *p, const unsigned char *end)
{
    size_t n, i;
    unsigned lo = 0x80, hi = 0xbf;
    if (p[0] >= 0xc2 && p[0] <= 0xdf)
        n = 2;
    else if (p[0] >= 0xe0 && p[0] <= 0xef) {
        n = 3;
        if (p[0] == 0xe0)
            lo = 0xa0;
        else if (p[0] == 0xed)
            hi = 0x9f;
    } else if (p[0] >= 0xf0 && p[0] <= 0xf4) {
        n = 4;
        if (p[0] == 0xf0)
            lo = 0x90;
        else if (p[0] == 0xf4)
            hi = 0x8f;
    } else
        return 0;
    if ((size_t)(end - p) < n || p[1] < lo || p[1] > hi)
        return 0;
    for (i = 2; i < n; i++)
        if (p[i] < 0x80 || p[i] > 0xbf)
            return 0;
    return n;
}

/* A string, r->p on its opening quote: checked whole (escapes, surrogate
 * pairs, UTF-8), kept undecoded. */
static int read_string(reader *r)
{
    long i = add_node(r, HB_JR_STRING);
    hb_jr_node *s;
    const char *start;
    if (i < 0)
        return -1;
    start = ++r->p;
    while (r->p < r->end && *r->p != '"') {
        unsigned char c = (unsigned char)*r->p;
        if (c < 0x20)
            return fail(r, "a control character in a string");
        if (c >= 0x80) {
            size_t n = utf8_char((const unsigned char *)r->p, (const unsigned char *)r->end);
            if (!n)
                return fail(r, "a string that is not UTF-8");
            r->p += n;
            continue;
        }
        if (c == '\\') {
            long u;
            r->doc->nodes[i].escaped = 1;
            if (r->end - r->p < 2)
                break;
            if (!strchr("\"\\/bfnrtu", r->p[1]) || !r->p[1])
                return fail(r, "an unknown escape in a string");
            if (r->p[1] == 'u') {
                if (r->end - r->p < 6 || (u = hex4(r->p + 2)) < 0)
                    return fail(r, "a \\u escape without 4 hex digits");
                if (u == 0)             /* a C string would end there */
                    return fail(r, "a \\u0000 in a string");
                if (u >= 0xdc00 && u <= 0xdfff)
                    return fail(r, "a lone low surrogate in a string");
                if (u >= 0xd800 && u <= 0xdbff) {
                    long lo;
                    if (r->end - r->p < 12 || r->p[6] != '\\' || r->p[7] != 'u' || (lo = hex4(r->p + 8)) < 0xdc00 ||
                        lo > 0xdfff)
                        return fail(r, "a high surrogate without its low one in a string");
                    r->p += 6;
                }
                r->p += 6;
            } else
                r->p += 2;
            continue;
        }
        r->p++;
    }
    if (r->p >= r->end)
        return fail(r, "the text ends inside a string");
    s = &r->doc->nodes[i];
    s->text = start;
    s->len = (size_t)(r->p - start);
    s->next = r->doc->n;
    r->p++;
    return 0;
}

static int is_digit(const reader *r)
{
    return r->p < r->end && *r->p >= '0' && *r->p <= '9';
}

/* -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? ; an integer's value kept */
static int read_number(reader *r)
{
    long i = add_node(r, HB_JR_NUMBER);
    const char *start = r->p;
    int integer = 1, negative = 0, overflow = 0;
    long long v = 0;
    hb_jr_node *n;
    if (i < 0)
        return -1;
    if (*r->p == '-') {
        negative = 1;
        r->p++;
    }
    if (!is_digit(r))
        return fail(r, "a number without digits");
    if (*r->p == '0') {
        r->p++;
        if (is_digit(r))
            return fail(r, "a number with a leading zero");
    } else
        while (is_digit(r)) {
            int d = *r->p++ - '0';
            /* accumulated negative: LLONG_MIN has no positive twin */
            if (v < (LLONG_MIN + d) / 10)
                overflow = 1;
            else
                v = v * 10 - d;
        }
    if (r->p < r->end && *r->p == '.') {
        integer = 0;
        r->p++;
        if (!is_digit(r))
            return fail(r, "a number without digits after its point");
        while (is_digit(r))
            r->p++;
    }
    if (r->p < r->end && (*r->p == 'e' || *r->p == 'E')) {
        integer = 0;
        r->p++;
        if (r->p < r->end && (*r->p == '+' || *r->p == '-'))
            r->p++;
        if (!is_digit(r))
            return fail(r, "a number without digits in its exponent");
        while (is_digit(r))
            r->p++;
    }
    if (integer && (overflow || (!negative && v == LLONG_MIN)))
        return fail(r, "an integer too large");
    n = &r->doc->nodes[i];
    n->integer = (unsigned char)integer;
    n->value = integer ? (negative ? v : -v) : 0;
    n->len = (size_t)(r->p - start);
    n->next = r->doc->n;
    return 0;
}

static int read_word(reader *r, const char *word, hb_jr_type type)
{
    size_t len = strlen(word);
    long i;
    if ((size_t)(r->end - r->p) < len || memcmp(r->p, word, len) != 0)
        return fail(r, "an unexpected word");
    if ((i = add_node(r, type)) < 0)
        return -1;
    r->p += len;
    r->doc->nodes[i].len = len;
    r->doc->nodes[i].next = r->doc->n;
    return 0;
}

static int read_value(reader *r);

/* An object's members, then the duplicates check: keys compared as
 * written (a file that spells one key two ways passes; tune never does). */
static int read_object(reader *r)
{
    long i = add_node(r, HB_JR_OBJECT);
    unsigned count = 0, a, b, k;
    if (i < 0)
        return -1;
    r->p++;
    skip_space(r);
    if (r->p < r->end && *r->p == '}')
        r->p++;
    else
        for (;;) {
            skip_space(r);
            if (r->p >= r->end || *r->p != '"')
                return fail(r, "an object member without a string key");
            if (read_string(r) != 0)
                return -1;
            skip_space(r);
            if (r->p >= r->end || *r->p != ':')
                return fail(r, "an object key without ':'");
            r->p++;
            if (read_value(r) != 0)
                return -1;
            count++;
            skip_space(r);
            if (r->p < r->end && *r->p == ',') {
                r->p++;
                continue;
            }
            if (r->p < r->end && *r->p == '}') {
                r->p++;
                break;
            }
            return fail(r, "an object without ',' or '}' after a member");
        }
    r->doc->nodes[i].count = count;
    r->doc->nodes[i].next = r->doc->n;
    for (a = (unsigned)i + 1, k = 0; k < count; a = r->doc->nodes[a + 1].next, k++)
        for (b = r->doc->nodes[a + 1].next; b < r->doc->n && b < r->doc->nodes[i].next; b = r->doc->nodes[b + 1].next)
            if (r->doc->nodes[a].len == r->doc->nodes[b].len &&
                memcmp(r->doc->nodes[a].text, r->doc->nodes[b].text, r->doc->nodes[a].len) == 0)
                return fail(r, "an object with a key twice");
    return 0;
}

static int read_array(reader *r)
{
    long i = add_node(r, HB_JR_ARRAY);
    unsigned count = 0;
    if (i < 0)
        return -1;
    r->p++;
    skip_space(r);
    if (r->p < r->end && *r->p == ']')
        r->p++;
    else
        for (;;) {
            if (read_value(r) != 0)
                return -1;
            count++;
            skip_space(r);
            if (r->p < r->end && *r->p == ',') {
                r->p++;
                continue;
            }
            if (r->p < r->end && *r->p == ']') {
                r->p++;
                break;
            }
            return fail(r, "an array without ',' or ']' after an element");
        }
    r->doc->nodes[i].count = count;
    r->doc->nodes[i].next = r->doc->n;
    return 0;
}

static int read_value(reader *r)
{
    int rc;
    skip_space(r);
    if (r->p >= r->end)
        return fail(r, "the text ends where a value should be");
    if (++r->depth > MAX_DEPTH)
        return fail(r, "nested too deep");
    switch (*r->p) {
    case '{': rc = read_object(r); break;
    case '[': rc = read_array(r); break;
    case '"': rc = read_string(r); break;
    case 't': rc = read_word(r, "true", HB_JR_TRUE); break;
    case 'f': rc = read_word(r, "false", HB_JR_FALSE); break;
    case 'n': rc = read_word(r, "null", HB_JR_NULL); break;
    default:
        rc = *r->p == '-' || (*r->p >= '0' && *r->p <= '9') ? read_number(r) : fail(r, "an unexpected character");
    }
    r->depth--;
    return rc;
}

int hb_jr_parse(const char *text, size_t len, hb_jr_doc *doc, int *line, char *why, size_t n)
{
    reader r;
    const char *c;
    memset(doc, 0, sizeof *doc);
    memset(&r, 0, sizeof r);
    r.p = text;
    r.end = text + len;
    r.doc = doc;
    skip_space(&r);
    if (r.p < r.end && *r.p != '{' && *r.p != '[')
        fail(&r, "the text is neither an object nor an array");
    else if (read_value(&r) == 0) {
        skip_space(&r);
        if (r.p < r.end)
            fail(&r, "more after the value");
    }
    if (!r.err)
        return 0;
    *line = 1;
    for (c = text; c < r.p && c < r.end; c++)
        *line += *c == '\n';
    if (n)
        strncpy(why, r.err, n - 1)[n - 1] = 0;
    return -1;
}

void hb_jr_free(hb_jr_doc *doc)
{
    free(doc->nodes);
    memset(doc, 0, sizeof *doc);
}

const hb_jr_node *hb_jr_first(const hb_jr_doc *doc, const hb_jr_node *array)
{
    (void)doc;
    return array && array->count ? array + 1 : NULL;
}

const hb_jr_node *hb_jr_after(const hb_jr_doc *doc, const hb_jr_node *e)
{
    return &doc->nodes[e->next];
}

const hb_jr_node *hb_jr_get(const hb_jr_doc *doc, const hb_jr_node *obj, const char *name)
{
    const hb_jr_node *k;
    unsigned i;
    if (!obj || obj->type != HB_JR_OBJECT)
        return NULL;
    for (i = 0, k = obj + 1; i < obj->count; i++, k = &doc->nodes[k[1].next])
        if (hb_jr_is(k, name))
            return k + 1;
    return NULL;
}

/* Appends code point u to out as UTF-8. */
static size_t put_utf8(unsigned long u, char *out)
{
    if (u < 0x80) {
        out[0] = (char)u;
        return 1;
    }
    if (u < 0x800) {
        out[0] = (char)(0xc0 | (u >> 6));
        out[1] = (char)(0x80 | (u & 0x3f));
        return 2;
    }
    if (u < 0x10000) {
        out[0] = (char)(0xe0 | (u >> 12));
        out[1] = (char)(0x80 | ((u >> 6) & 0x3f));
        out[2] = (char)(0x80 | (u & 0x3f));
        return 3;
    }
    out[0] = (char)(0xf0 | (u >> 18));
    out[1] = (char)(0x80 | ((u >> 12) & 0x3f));
    out[2] = (char)(0x80 | ((u >> 6) & 0x3f));
    out[3] = (char)(0x80 | (u & 0x3f));
    return 4;
}

int hb_jr_string(const hb_jr_node *s, char *out, size_t n)
{
    const char *p, *end;
    size_t used = 0;
    if (!s || s->type != HB_JR_STRING || n == 0)
        return -1;
    if (!s->escaped) {
        if (s->len >= n)
            return -1;
        memcpy(out, s->text, s->len);
        out[s->len] = 0;
        return (int)s->len;
    }
    /* escapes were checked when read: decode without checking again */
    for (p = s->text, end = s->text + s->len; p < end;) {
        char tmp[4];
        size_t k = 1;
        if (*p != '\\') {
            tmp[0] = *p++;
        } else if (p[1] != 'u') {
            static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
            tmp[0] = to[strchr(from, p[1]) - from];
            p += 2;
        } else {
            unsigned long u = (unsigned long)hex4(p + 2);
            p += 6;
            if (u >= 0xd800 && u <= 0xdbff) {
                u = 0x10000 + ((u - 0xd800) << 10) + ((unsigned long)hex4(p + 2) - 0xdc00);
                p += 6;
            }
            k = put_utf8(u, tmp);
        }
        if (used + k >= n)
            return -1;
        memcpy(out + used, tmp, k);
        used += k;
    }
    out[used] = 0;
    return (int)used;
}

int hb_jr_is(const hb_jr_node *s, const char *want)
{
    char buf[256];
    size_t len = strlen(want);
    if (!s || s->type != HB_JR_STRING)
        return 0;
    if (!s->escaped)
        return s->len == len && memcmp(s->text, want, len) == 0;
    return len < sizeof buf && hb_jr_string(s, buf, sizeof buf) == (int)len && memcmp(buf, want, len) == 0;
}

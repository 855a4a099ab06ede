/* Checksum list lines, parsed and written the way coreutils 9 does
 * (sha256sum -c): see checklist.h.  Nothing here prints to the terminal. */
#include <string.h>
#include "text/checklist.h"
#include "text/hex.h"

/* coreutils' upper-case BSD tags, for the algorithms it also has */
static const struct {
    const char *id, *tag, *alt;
} coreutils_tags[] = {
    { "md5", "MD5", NULL },
    { "sha1", "SHA1", NULL },
    { "sha256", "SHA256", NULL },
    { "sha384", "SHA384", NULL },
    { "sha512", "SHA512", NULL },
    { "blake2b", "BLAKE2b", "BLAKE2b-512" },   /* b2sum -l 512 spells the length out */
};

#define N_TAGS (sizeof coreutils_tags / sizeof coreutils_tags[0])

static int is_blank(char c)
{
    return c == ' ' || c == '\t';
}

/* Undoes the escaping of len bytes at s in place and terminates the result.
 * Returns its length, or -1 on an escape coreutils would not write. */
static long unescape(char *s, size_t len)
{
    size_t r, w = 0;
    for (r = 0; r < len; r++) {
        if (s[r] != '\\') {
            s[w++] = s[r];
            continue;
        }
        if (++r == len)
            return -1;
        if (s[r] == '\\') s[w++] = '\\';
        else if (s[r] == 'n') s[w++] = '\n';
        else if (s[r] == 'r') s[w++] = '\r';
        else return -1;
    }
    s[w] = 0;
    return (long)w;
}

/* Sets the entry's name to the len bytes at s, unescaping when escaped. */
static hb_cl_kind take_name(char *s, size_t len, int escaped, hb_cl_entry *out)
{
    if (escaped) {
        long n = unescape(s, len);
        if (n < 0)
            return HB_CL_MALFORMED;
        len = (size_t)n;
    } else {
        s[len] = 0;
    }
    if (len == 0)
        return HB_CL_MALFORMED;    /* coreutils would try to open "" */
    out->name = s;
    out->name_len = len;
    return HB_CL_ENTRY;
}

/* Length of the BSD tag that starts s (n bytes) and is followed by an
 * optional blank and '(', or 0: the hashbench id, and coreutils' tags. */
static size_t tag_length(const char *s, size_t n, const hb_algo *algo)
{
    const char *tags[3];
    size_t k, i, t = 0;
    tags[t++] = algo->id;
    for (k = 0; k < N_TAGS; k++)
        if (strcmp(coreutils_tags[k].id, algo->id) == 0) {
            tags[t++] = coreutils_tags[k].tag;
            if (coreutils_tags[k].alt)
                tags[t++] = coreutils_tags[k].alt;
        }
    for (k = 0; k < t; k++) {
        size_t len = strlen(tags[k]);
        if (len >= n || memcmp(s, tags[k], len) != 0)
            continue;
        i = len + (s[len] == ' ');
        if (i < n && s[i] == '(')
            return i + 1;
    }
    return 0;
}

/* "NAME) = HEX" (after "TAG ("): the name runs to the last ')'. */
static hb_cl_kind parse_tagged(char *s, size_t n, const hb_algo *algo, int escaped, hb_cl_entry *out)
{
    size_t close = n, i, hexlen = 2 * (size_t)algo->digest_size;
    while (close > 0 && s[close - 1] != ')')
        close--;
    if (close == 0)
        return HB_CL_MALFORMED;
    i = close--;
    while (i < n && is_blank(s[i]))
        i++;
    if (i == n || s[i++] != '=')
        return HB_CL_MALFORMED;
    while (i < n && is_blank(s[i]))
        i++;
    /* exactly the digest, nothing after it (coreutils: hex_digits) */
    if (n - i != hexlen || hb_unhex(s + i, algo->digest_size, out->digest) != 0)
        return HB_CL_MALFORMED;
    out->tagged = 1;
    return take_name(s, close, escaped, out);
}

/* "HEX  NAME", "HEX *NAME" or "HEX NAME" (blank: a space or a tab). */
static hb_cl_kind parse_plain(char *s, size_t n, const hb_algo *algo, int escaped, int *layout,
                              hb_cl_entry *out)
{
    size_t hexlen = 2 * (size_t)algo->digest_size, i;
    /* the digest, a blank, and at least one more character */
    if (n < hexlen + 2 || !is_blank(s[hexlen]))
        return HB_CL_MALFORMED;
    i = hexlen + 1;
    if (n - i == 1 || (s[i] != ' ' && s[i] != '*')) {
        if (*layout == HB_CL_LAYOUT_STANDARD)
            return HB_CL_MALFORMED;
        *layout = HB_CL_LAYOUT_REVERSED;
    } else if (*layout != HB_CL_LAYOUT_REVERSED) {
        /* in a reversed list, " NAME" keeps its blank as coreutils does */
        *layout = HB_CL_LAYOUT_STANDARD;
        out->binary = s[i++] == '*';
    }
    if (hb_unhex(s, algo->digest_size, out->digest) != 0)
        return HB_CL_MALFORMED;
    return take_name(s + i, n - i, escaped, out);
}

hb_cl_kind hb_checklist_parse(char *line, size_t len, const hb_algo *algo, int *layout, hb_cl_entry *out)
{
    size_t i = 0, t;
    int escaped = 0;
    memset(out, 0, sizeof *out);
    if (len > 0 && line[0] == '#')
        return HB_CL_SKIP;
    if (len > 0 && line[len - 1] == '\n')
        len--;
    if (len > 0 && line[len - 1] == '\r')
        len--;
    if (len == 0)
        return HB_CL_SKIP;
    /* a NUL would end the name early: refuse rather than check another file */
    if (memchr(line, 0, len))
        return HB_CL_MALFORMED;
    while (i < len && is_blank(line[i]))
        i++;
    if (i < len && line[i] == '\\') {
        escaped = 1;
        i++;
    }
    t = tag_length(line + i, len - i, algo);
    if (t > 0)
        return parse_tagged(line + i + t, len - i - t, algo, escaped, out);
    return parse_plain(line + i, len - i, algo, escaped, layout, out);
}

int hb_cl_needs_escape(const char *name)
{
    return strpbrk(name, "\\\n\r") != NULL;
}

int hb_cl_breaks_line(const char *name)
{
    return strpbrk(name, "\n\r") != NULL;
}

int hb_cl_print_name(FILE *f, const char *name, int escape)
{
    if (!escape)
        return fputs(name, f);
    for (; *name; name++) {
        int rc = *name == '\\' ? fputs("\\\\", f)
               : *name == '\n' ? fputs("\\n", f)
               : *name == '\r' ? fputs("\\r", f)
               : putc(*name, f);
        if (rc == EOF)
            return EOF;
    }
    return 0;
}

const char *hb_cl_tag(const hb_algo *algo)
{
    size_t k;
    for (k = 0; k < N_TAGS; k++)
        if (strcmp(coreutils_tags[k].id, algo->id) == 0)
            return coreutils_tags[k].tag;
    return algo->id;
}

size_t hb_cl_line_max(const hb_algo *algo, size_t name_len)
{
    /* backslash, tag, " (", escaped name, ") = ", digest, NUL */
    return 1 + strlen(algo->id) + 16 + 2 * name_len + 4 + 2 * (size_t)algo->digest_size + 1;
}

/* Lower-case hex of n bytes at out (no terminator). */
static size_t put_hex(char *out, const uint8_t *data, size_t n)
{
    static const char digits[] = "0123456789abcdef";
    size_t i;
    for (i = 0; i < n; i++) {
        out[2 * i] = digits[data[i] >> 4];
        out[2 * i + 1] = digits[data[i] & 15];
    }
    return 2 * n;
}

/* Appends name, escaped when esc, at out; returns the bytes written. */
static size_t put_name(char *out, const char *name, int esc)
{
    size_t w = 0;
    for (; *name; name++) {
        if (esc && (*name == '\\' || *name == '\n' || *name == '\r')) {
            out[w++] = '\\';
            out[w++] = *name == '\\' ? '\\' : *name == '\n' ? 'n' : 'r';
        } else {
            out[w++] = *name;
        }
    }
    return w;
}

size_t hb_cl_format(char *out, const hb_algo *algo, const uint8_t *digest, const char *name, int tagged)
{
    int esc = hb_cl_needs_escape(name);
    size_t w = 0;
    if (esc)
        out[w++] = '\\';
    if (tagged) {
        const char *tag = hb_cl_tag(algo);
        memcpy(out + w, tag, strlen(tag));
        w += strlen(tag);
        memcpy(out + w, " (", 2);
        w += 2;
        w += put_name(out + w, name, esc);
        memcpy(out + w, ") = ", 4);
        w += 4;
        w += put_hex(out + w, digest, algo->digest_size);
    } else {
        w += put_hex(out + w, digest, algo->digest_size);
        memcpy(out + w, "  ", 2);
        w += 2;
        w += put_name(out + w, name, esc);
    }
    out[w] = 0;
    return w;
}

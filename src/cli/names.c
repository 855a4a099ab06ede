/* File names as messages show them (see names.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/names.h"

/* The length of the UTF-8 sequence at s that a terminal shows as text:
 * well-formed, not an overlong form or surrogate, and not a C1 control
 * (U+0080-U+009F, which some terminals obey as ESC-sequences).  0 when the
 * byte at s is to be escaped. */
static size_t printable_at(const unsigned char *s)
{
    unsigned char c = s[0];
    size_t n, i;
    unsigned char lo = 0x80, hi = 0xbf;
    if (c >= 0x20 && c < 0x7f)
        return 1;
    if (c < 0xc2 || c > 0xf4)
        return 0;                   /* a control byte, DEL, a continuation, overlong C0/C1, past U+10FFFF */
    n = c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
    if (c == 0xc2)
        lo = 0xa0;                  /* C2 80..9F: the C1 controls */
    else if (c == 0xe0)
        lo = 0xa0;                  /* overlong */
    else if (c == 0xed)
        hi = 0x9f;                  /* surrogates */
    else if (c == 0xf0)
        lo = 0x90;                  /* overlong */
    else if (c == 0xf4)
        hi = 0x8f;                  /* past U+10FFFF */
    if (s[1] < lo || s[1] > hi)
        return 0;
    for (i = 2; i < n; i++)
        if (s[i] < 0x80 || s[i] > 0xbf)
            return 0;
    return n;
}

static int needs_escape(const unsigned char *s)
{
    size_t n;
    for (; *s; s += n)
        if (!(n = printable_at(s)))
            return 1;
    return 0;
}

const char *hb_shown_name(const char *name)
{
    /* a few results at once: one message may show two names */
    static char *slot[4];
    static size_t cap[4];
    static unsigned next;
    const unsigned char *s = (const unsigned char *)name;
    size_t need, w = 0, n;
    unsigned k;
    char *out;
    if (!needs_escape(s))
        return name;
    k = next++ % 4;
    need = 1 + 4 * strlen(name) + 1;
    if (cap[k] < need) {
        char *grown = realloc(slot[k], need);
        if (!grown)
            return "(a name that cannot be shown: out of memory)";
        slot[k] = grown;
        cap[k] = need;
    }
    out = slot[k];
    out[w++] = '\\';
    for (; *s; s += n) {
        if ((n = printable_at(s)) != 0) {
            if (*s == '\\')
                out[w++] = '\\';
            memcpy(out + w, s, n);
            w += n;
            continue;
        }
        n = 1;
        out[w++] = '\\';
        if (*s == '\n' || *s == '\r' || *s == '\t')
            out[w++] = *s == '\n' ? 'n' : *s == '\r' ? 'r' : 't';
        else {
            out[w++] = (char)('0' + (*s >> 6));
            out[w++] = (char)('0' + ((*s >> 3) & 7));
            out[w++] = (char)('0' + (*s & 7));
        }
    }
    out[w] = 0;
    return out;
}

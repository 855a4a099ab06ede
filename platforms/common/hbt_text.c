/* Row formatting (hbt_text.h).  Not used by the NES: its table code lives
 * in one 16 KB bank and formats by repeated subtraction (nes_ui.c), since
 * cc65's 32-bit division is a slow run-time routine in the fixed bank. */
#include <string.h>
#include "hbt_text.h"

char hbt_hexdigit(unsigned v)
{
    return (char)(v < 10 ? '0' + v : 'A' + v - 10);
}

void hbt_blank(char *line, unsigned cols)
{
    memset(line, ' ', cols);
    line[cols] = 0;
}

void hbt_put_str(char *line, unsigned cols, unsigned col, const char *s)
{
    for (; *s && col < cols; s++, col++)
        line[col] = (*s >= 'a' && *s <= 'z') ? (char)(*s - 'a' + 'A') : *s;
}

void hbt_put_hex(char *out, const uint8_t *bytes, unsigned n)
{
    unsigned i;
    for (i = 0; i < n; i++) {
        out[2 * i] = hbt_hexdigit(bytes[i] >> 4);
        out[2 * i + 1] = hbt_hexdigit(bytes[i] & 15u);
    }
}

unsigned hbt_put_digest(char *out, const uint8_t *bytes, unsigned digest_size, unsigned room)
{
    unsigned n = digest_size < room ? digest_size : room;
    hbt_put_hex(out, bytes, n);
    return n;
}

void hbt_fmt_u32(char *out, uint32_t v, unsigned width)
{
    char tmp[12];
    unsigned n = 0, i;
    do {
        tmp[n++] = (char)('0' + (unsigned)(v % 10u));
        v /= 10u;
    } while (v && n < sizeof tmp);
    for (i = 0; i < width; i++)
        out[i] = i + n < width ? ' ' : tmp[width - 1 - i];
    if (n > width)
        for (i = 0; i < width; i++)
            out[i] = '>';
}

void hbt_fmt_fixed100(char *out, uint32_t v100, unsigned width)
{
    if (v100 < 1000u) {
        hbt_fmt_u32(out, v100 / 100u, width - 3);
        out[width - 3] = '.';
        out[width - 2] = (char)('0' + (unsigned)(v100 / 10u % 10u));
        out[width - 1] = (char)('0' + (unsigned)(v100 % 10u));
    } else if (v100 < 10000u) {
        hbt_fmt_u32(out, v100 / 100u, width - 2);
        out[width - 2] = '.';
        out[width - 1] = (char)('0' + (unsigned)(v100 / 10u % 10u));
    } else {
        hbt_fmt_u32(out, v100 / 100u, width);
    }
}

void hbt_fmt_fixed10(char *out, uint32_t v10, unsigned width)
{
    if (v10 < 100000u) {
        hbt_fmt_u32(out, v10 / 10u, width - 2);
        out[width - 2] = '.';
        out[width - 1] = (char)('0' + (unsigned)(v10 % 10u));
    } else {
        hbt_fmt_u32(out, v10 / 10u, width);
    }
}

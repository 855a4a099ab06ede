/* Buffered text output (out.h): one write per full buffer or flush. */
#include "out.h"
#include "platform.h"

static char buf[1024];
static size_t used;

static void put(char c)
{
    if (used == sizeof buf)
        hb_out_flush();
    buf[used++] = c;
}

void hb_out_flush(void)
{
    hb_plat_write(buf, used);
    used = 0;
}

void hb_out_str(const char *s)
{
    while (*s)
        put(*s++);
}

void hb_out_uint(unsigned long v)
{
    char digits[24];
    int n = 0;
    do {
        digits[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (n)
        put(digits[--n]);
}

void hb_out_hex(const uint8_t *p, size_t n)
{
    static const char hex[] = "0123456789abcdef";
    size_t i;
    for (i = 0; i < n; i++) {
        put(hex[p[i] >> 4]);
        put(hex[p[i] & 15]);
    }
}

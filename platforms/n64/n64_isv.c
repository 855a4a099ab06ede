/* IS-Viewer output (n64_isv.h).  The port takes 32-bit stores only, so the
 * text is packed into big-endian words; the bus must be idle before each
 * store on hardware (a development cartridge sits behind the PI). */
#include "n64_isv.h"
#include "n64_regs.h"

#define HEX_BYTES 96          /* bytes of data per dump line: 192 hex digits */

static void pi_wait(void)
{
    while (PI_STATUS & PI_BUSY)
        ;
}

static void isv_send(const char *s, unsigned n)
{
    unsigned i;
    for (i = 0; i < n; i += 4) {
        uint32_t w = 0;
        unsigned k;
        for (k = 0; k < 4; k++)
            w = (w << 8) | (i + k < n ? (uint8_t)s[i + k] : 0u);
        pi_wait();
        ISV_DATA[i / 4] = w;
    }
    pi_wait();
    ISV_LEN = n;
}

void isv_line(const char *s)
{
    char buf[ISV_MAX];
    unsigned n = 0;
    while (s[n] && n < ISV_MAX - 1) {
        buf[n] = s[n];
        n++;
    }
    buf[n++] = '\n';
    isv_send(buf, n);
}

static char *put_hex(char *p, unsigned long v, unsigned digits)
{
    static const char hex[] = "0123456789abcdef";
    while (digits--)
        *p++ = hex[(v >> (4 * digits)) & 15u];
    return p;
}

static char *put_str(char *p, const char *s)
{
    while (*s)
        *p++ = *s++;
    return p;
}

void isv_dump_block(const uint8_t *p, unsigned long len)
{
    char buf[ISV_MAX];
    unsigned long off;
    unsigned i, n;
    for (off = 0; off < len; off += n) {
        char *q = put_str(buf, "HB BLK ");
        n = len - off < HEX_BYTES ? (unsigned)(len - off) : HEX_BYTES;
        q = put_hex(q, off, 8);
        *q++ = ' ';
        for (i = 0; i < n; i++)
            q = put_hex(q, p[off + i], 2);
        *q = 0;
        isv_line(buf);
    }
}

void isv_dump_pass(unsigned pass)
{
    char buf[32], *q = put_str(buf, "HB PASS ");
    q = put_hex(q, pass, 4);
    *q = 0;
    isv_line(buf);
}

void isv_run(unsigned pass)
{
    char buf[32], *q = put_str(buf, "HB RUN ");
    q = put_hex(q, pass, 4);
    *q = 0;
    isv_line(buf);
}

void isv_keys(void)
{
    isv_line("HB KEYS");
}

void isv_dump_address(const void *p)
{
    char buf[32], *q = put_str(buf, "HB AT ");
    q = put_hex(q, (unsigned long)(uintptr_t)p, 8);
    *q = 0;
    isv_line(buf);
}

void isv_dump_framebuffer(const char *name, const uint16_t *fb, unsigned w, unsigned h)
{
    char buf[ISV_MAX];
    unsigned x, y, i, n;
    char *q = put_str(buf, "HB SHOT ");
    q = put_str(q, name);
    *q = 0;
    isv_line(buf);
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x += n) {
            char *q = put_str(buf, "HB FB ");
            n = w - x < HEX_BYTES / 2 ? w - x : HEX_BYTES / 2;
            q = put_hex(q, w, 4);
            *q++ = ' ';
            q = put_hex(q, h, 4);
            *q++ = ' ';
            q = put_hex(q, y, 4);
            *q++ = ' ';
            q = put_hex(q, x, 4);
            *q++ = ' ';
            for (i = 0; i < n; i++)
                q = put_hex(q, fb[y * w + x + i], 4);
            *q = 0;
            isv_line(buf);
        }
}

void isv_timer(const uint32_t *v, unsigned n)
{
    char buf[ISV_MAX], *q = put_str(buf, "HB TIMER");
    unsigned i;
    for (i = 0; i < n && i < 16; i++) {
        *q++ = ' ';
        q = put_hex(q, v[i], 8);
    }
    *q = 0;
    isv_line(buf);
}

void isv_end(void)
{
    isv_line("HB END");
}

/* Fletcher-16/32/64: streaming equals one-shot for every split, including
 * splits inside a 16- or 32-bit word, byte-at-a-time feeding, and runs that
 * cross the fast implementations' reduction points (360 words for
 * fletcher32, 8192 words for fletcher64, 5802 bytes for fletcher16); and the
 * fast implementations equal the portable ones.  Data of all-0xFF bytes
 * pushes every sum to its bound and exercises the canonical reduction
 * (0xFFFFFFFF = 0 modulo 2^32 - 1). */
#include <stdio.h>
#include <string.h>
#include "hashbench.h"
#include "hashbench/fletcher.h"

static int passed, failed;
static uint8_t msg[70000];

#define ONESHOT(alg, impl, m, n, out) do { hb_##alg##_ctx c_; hb_##alg##_init(&c_); \
    hb_##alg##_update_##impl(&c_, m, n); hb_##alg##_final_##impl(&c_, out); } while (0)
#define SPLIT(alg, impl, m, n, s, out) do { hb_##alg##_ctx c_; hb_##alg##_init(&c_); \
    hb_##alg##_update_##impl(&c_, m, s); hb_##alg##_update_##impl(&c_, (m) + (s), (n) - (s)); \
    hb_##alg##_final_##impl(&c_, out); } while (0)
#define BYTES(alg, impl, m, n, out) do { hb_##alg##_ctx c_; size_t i_; hb_##alg##_init(&c_); \
    for (i_ = 0; i_ < (n); i_++) hb_##alg##_update_##impl(&c_, (m) + i_, 1); \
    hb_##alg##_final_##impl(&c_, out); } while (0)

static void report(const char *what, int bad)
{
    if (bad) { printf("FAIL %s: %d mismatches\n", what, bad); failed++; }
    else { printf("ok  %s\n", what); passed++; }
}

static void fill(int pattern, size_t n)
{
    size_t i;
    uint32_t x = 2463534242UL;
    for (i = 0; i < n; i++) {
        x ^= x << 13; x ^= x >> 17; x ^= x << 5;
        msg[i] = pattern ? 0xFF : (uint8_t)x;
    }
}

#define SMALL(alg, dsz, name) do { int bad = 0, pat; size_t n, s; \
    uint8_t ref[8], out[8]; \
    for (pat = 0; pat < 2; pat++) { \
        fill(pat, 80); \
        for (n = 0; n <= 80; n++) { \
            ONESHOT(alg, portable, msg, n, ref); \
            ONESHOT(alg, fast, msg, n, out); bad += memcmp(ref, out, dsz) != 0; \
            BYTES(alg, portable, msg, n, out); bad += memcmp(ref, out, dsz) != 0; \
            BYTES(alg, fast, msg, n, out); bad += memcmp(ref, out, dsz) != 0; \
            for (s = 0; s <= n; s++) { \
                SPLIT(alg, portable, msg, n, s, out); bad += memcmp(ref, out, dsz) != 0; \
                SPLIT(alg, fast, msg, n, s, out); bad += memcmp(ref, out, dsz) != 0; \
            } \
        } \
    } \
    report(name " splits, lengths 0..80", bad); } while (0)

#define LONG(alg, dsz, name, ...) do { int bad = 0, pat; unsigned li; \
    static const size_t lens[] = { __VA_ARGS__ }; uint8_t ref[8], out[8]; \
    for (pat = 0; pat < 2; pat++) { \
        fill(pat, sizeof msg); \
        for (li = 0; li < sizeof lens / sizeof lens[0]; li++) { \
            size_t n = lens[li]; \
            ONESHOT(alg, portable, msg, n, ref); \
            ONESHOT(alg, fast, msg, n, out); bad += memcmp(ref, out, dsz) != 0; \
            SPLIT(alg, fast, msg, n, n / 2 + 1, out); bad += memcmp(ref, out, dsz) != 0; \
            SPLIT(alg, fast, msg, n, 3, out); bad += memcmp(ref, out, dsz) != 0; \
            SPLIT(alg, portable, msg, n, n / 3, out); bad += memcmp(ref, out, dsz) != 0; \
        } \
    } \
    report(name " fast = portable across reduction points", bad); } while (0)

int main(void)
{
    SMALL(fletcher16, 2, "fletcher16");
    SMALL(fletcher32, 4, "fletcher32");
    SMALL(fletcher64, 8, "fletcher64");
    LONG(fletcher16, 2, "fletcher16", 5801, 5802, 5803, 11604, 11605, 69999);
    LONG(fletcher32, 4, "fletcher32", 719, 720, 721, 722, 1440, 1441, 1443, 69999);
    LONG(fletcher64, 8, "fletcher64", 32767, 32768, 32769, 32771, 65536, 65539, 69999);
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}

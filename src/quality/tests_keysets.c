/* The keyset tests.  Each keyset is hashed once (the subject's own seed)
 * and scored at every width (score.c) by two results per variant:
 *
 *   "<variant> collisions": statistic = collisions (keys minus distinct
 *       outputs at that width); null: Poisson with mean the exact
 *       expectation for a random function, n - 2^w (1 - (1 - 2^-w)^n);
 *       p = P(X >= collisions), one-sided (too many fail).
 *   "<variant> buckets": the top b and the bottom b bits of the width's
 *       value over 2^b buckets (b: each bucket expects >= 10 keys, b <= 20);
 *       statistic = the worse side's chi-square, null: chi-square with
 *       2^b - 1 degrees of freedom; p = Sidak(min(p_top, p_low), 2).
 *
 * N = 2^log2_keys caps every keyset (quick 65536, full 4194304); the
 * natural ones (two bytes, eight blocks' orders, sequences, zeroes) keep
 * their own size.  The keysets (variants):
 *   keyset.sparse   len 4 <= 4 bits set (41449 keys), len 8 <= 4 (679121),
 *                   len 16 <= 3 (349633), len 64 <= 2 (131329),
 *                   len 128 <= 2 (524801): each min(., N)
 *   keyset.cyclic   a distinct pseudo-random block of 3, 4, 5, 8 bytes
 *                   repeated 8 times: N keys each (3 bytes: <= 2^24)
 *   keyset.twobyte  all 65536 keys of 2 bytes; a 32-byte text with bytes
 *                   7 and 23 varying; 16 zero bytes with bytes 0 and 15 varying
 *   keyset.text     prefix + 4-character core, core + suffix, "Foo" + core +
 *                   "Bar" (N keys each, cores distinct), words a..z, aa.. (N)
 *   keyset.zeroes   zero bytes of every length 0..B, B = 2^(log2_keys/2 + 4)
 *                   (4096 quick, 32768 full): the length must matter
 *   keyset.perms    every order of 8 four-byte blocks (0, 1, 2, 3, 2^31,
 *                   2^30, ~0, ~1: 40320 keys); orders of 10 random 8-byte
 *                   blocks (min(10!, N)); every sequence of 8 blocks from
 *                   {0, 1, 2^31, ~0} (65536)
 *   keyset.window   8, 32 and 128-byte keys, zero but for a window of w bits
 *                   whose lowest is set, at every start (w from N: about N keys)
 *
 * keyset.differential: N random keys of 8, 32 and 128 bytes, each against
 * itself with 1 to 3 distinct random bits flipped; statistic = pairs with
 * equal outputs at the width; null: Binomial(N, 2^-w); p = P(X >= it). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "quality/keysets.h"
#include "quality/stats.h"
#include "quality/tests_list.h"

static uint64_t cap_of(const hb_q_config *c)
{
    return 1ull << c->log2_keys;
}

static void stream(hb_q_rng *r, const hb_q_config *c, const char *test, const char *variant)
{
    char name[96];
    snprintf(name, sizeof name, "%s/%s", test, variant);
    hb_q_rng_init(r, c->seed, name);
}

static void run_sparse(const hb_q_subject *s, const hb_q_config *c, hb_q_sink *sink)
{
    static const struct { unsigned len, bits; } v[] = {{4, 4}, {8, 4}, {16, 3}, {64, 2}, {128, 2}};
    for (unsigned i = 0; i < sizeof v / sizeof v[0]; i++) {
        hb_q_keyset ks;
        char variant[48];
        hb_q_ks_sparse(&ks, v[i].len, v[i].bits, cap_of(c));
        snprintf(variant, sizeof variant, "len=%u bits<=%u", v[i].len, v[i].bits);
        hb_q_score_keyset(s, &ks, "keyset.sparse", variant, sink);
    }
}

static void run_cyclic(const hb_q_subject *s, const hb_q_config *c, hb_q_sink *sink)
{
    static const unsigned block[] = {3, 4, 5, 8};
    for (unsigned i = 0; i < sizeof block / sizeof block[0]; i++) {
        hb_q_keyset ks;
        hb_q_rng r;
        char variant[48];
        snprintf(variant, sizeof variant, "block=%u x8", block[i]);
        stream(&r, c, "keyset.cyclic", variant);
        hb_q_ks_cyclic(&ks, block[i], 8, cap_of(c), &r);
        hb_q_score_keyset(s, &ks, "keyset.cyclic", variant, sink);
    }
}

static void run_twobyte(const hb_q_subject *s, const hb_q_config *c, hb_q_sink *sink)
{
    (void)c;
    hb_q_keyset ks;
    hb_q_ks_twobyte(&ks, 2, 0, 1, NULL);
    hb_q_score_keyset(s, &ks, "keyset.twobyte", "len=2 all", sink);
    hb_q_ks_twobyte(&ks, 32, 7, 23, "The quick brown fox jumps over t");
    hb_q_score_keyset(s, &ks, "keyset.twobyte", "text len=32 bytes 7,23", sink);
    hb_q_ks_twobyte(&ks, 16, 0, 15, NULL);
    hb_q_score_keyset(s, &ks, "keyset.twobyte", "zeros len=16 bytes 0,15", sink);
}

static void run_text(const hb_q_subject *s, const hb_q_config *c, hb_q_sink *sink)
{
    static const struct { const char *pre, *suf, *name; } v[] = {
        {"hashbench_quality_key_", "", "prefix+core"},
        {"", "_hashbench_quality_key", "core+suffix"},
        {"Foo", "Bar", "Foo+core+Bar"},
    };
    for (unsigned i = 0; i < sizeof v / sizeof v[0]; i++) {
        hb_q_keyset ks;
        hb_q_rng r;
        stream(&r, c, "keyset.text", v[i].name);
        hb_q_ks_text(&ks, v[i].pre, v[i].suf, cap_of(c), &r);
        hb_q_score_keyset(s, &ks, "keyset.text", v[i].name, sink);
    }
    hb_q_keyset ks;
    hb_q_ks_words(&ks, cap_of(c));
    hb_q_score_keyset(s, &ks, "keyset.text", "words", sink);
}

static void run_zeroes(const hb_q_subject *s, const hb_q_config *c, hb_q_sink *sink)
{
    hb_q_keyset ks;
    char variant[48];
    unsigned bound = 1u << (c->log2_keys / 2 + 4);
    hb_q_ks_zeroes(&ks, bound);
    snprintf(variant, sizeof variant, "len=0..%u", bound);
    hb_q_score_keyset(s, &ks, "keyset.zeroes", variant, sink);
}

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static void run_perms(const hb_q_subject *s, const hb_q_config *c, hb_q_sink *sink)
{
    static const uint32_t eight[8] = {0, 1, 2, 3, 0x80000000u, 0x40000000u, 0xffffffffu, 0xfffffffeu};
    static const uint32_t four[4] = {0, 1, 0x80000000u, 0xffffffffu};
    uint8_t blocks[80];
    hb_q_keyset ks;
    for (int i = 0; i < 8; i++)
        put32(blocks + 4 * i, eight[i]);
    hb_q_ks_perms(&ks, blocks, 8, 4, cap_of(c) > 40320 ? cap_of(c) : 40320);
    hb_q_score_keyset(s, &ks, "keyset.perms", "orders of 8 blocks of 4", sink);

    hb_q_rng r;
    stream(&r, c, "keyset.perms", "orders of 10 random blocks of 8");
    hb_q_rng_fill(&r, blocks, 80);
    hb_q_ks_perms(&ks, blocks, 10, 8, cap_of(c));
    /* (the keyset holds up to 128 bytes of blocks: all ten) */
    char variant[48];
    snprintf(variant, sizeof variant, "orders of %u random blocks of 8", ks.w);
    hb_q_score_keyset(s, &ks, "keyset.perms", variant, sink);

    for (int i = 0; i < 4; i++)
        put32(blocks + 4 * i, four[i]);
    hb_q_ks_seqs(&ks, blocks, 4, 4, 8, 65536);
    hb_q_score_keyset(s, &ks, "keyset.perms", "sequences of 8 from 4 blocks", sink);
}

static unsigned log2_floor(uint64_t v)
{
    unsigned l = 0;
    while (v >>= 1)
        l++;
    return l;
}

static void run_window(const hb_q_subject *s, const hb_q_config *c, hb_q_sink *sink)
{
    static const unsigned lens[] = {8, 32, 128};
    for (unsigned i = 0; i < sizeof lens / sizeof lens[0]; i++) {
        /* about 8 len starts x 2^(w-1) patterns = N */
        int w = (int)c->log2_keys + 1 - (int)log2_floor(8ull * lens[i]);
        hb_q_keyset ks;
        char variant[48];
        hb_q_ks_window(&ks, lens[i], w < 1 ? 1 : (unsigned)w, cap_of(c));
        snprintf(variant, sizeof variant, "len=%u window=%u", lens[i], ks.w);
        hb_q_score_keyset(s, &ks, "keyset.window", variant, sink);
    }
}

static void run_differential(const hb_q_subject *s, const hb_q_config *c, hb_q_sink *sink)
{
    static const unsigned lens[] = {8, 32, 128};
    unsigned widths[3], nw = hb_q_widths(s, widths);
    uint64_t n = cap_of(c);
    for (unsigned v = 0; v < sizeof lens / sizeof lens[0]; v++) {
        unsigned len = lens[v];
        char variant[48];
        snprintf(variant, sizeof variant, "len=%u flips=1..3", len);
        hb_q_rng r;
        stream(&r, c, "keyset.differential", variant);
        uint8_t k0[128], k1[128], d0[HB_Q_MAX_OUT], d1[HB_Q_MAX_OUT];
        uint64_t equal[3] = {0, 0, 0};
        for (uint64_t i = 0; i < n; i++) {
            hb_q_rng_fill(&r, k0, len);
            memcpy(k1, k0, len);
            uint64_t x = hb_q_rng_next(&r);
            unsigned flips = 1 + (unsigned)(x % 3), done = 0, bits[3];
            while (done < flips) {
                unsigned b = (unsigned)(hb_q_rng_next(&r) % (8 * len)), dup = 0;
                for (unsigned j = 0; j < done; j++)
                    dup |= bits[j] == b;
                if (!dup) {
                    bits[done++] = b;
                    k1[b >> 3] ^= (uint8_t)(1u << (b & 7));
                }
            }
            s->hash(s, k0, len, NULL, d0);
            s->hash(s, k1, len, NULL, d1);
            for (unsigned w = 0; w < nw; w++)
                equal[w] += memcmp(d0, d1, widths[w] / 8) == 0;
        }
        for (unsigned w = 0; w < nw; w++) {
            hb_q_result res;
            memset(&res, 0, sizeof res);
            res.test = "keyset.differential";
            res.width = widths[w];
            snprintf(res.variant, sizeof res.variant, "%s", variant);
            double q = ldexp(1.0, -(int)widths[w]);
            res.statistic = (double)equal[w];
            res.p = hb_q_binom_upper((double)n, q, (double)equal[w]);
            snprintf(res.detail, sizeof res.detail, "equal outputs %llu of %llu pairs, expected %.3g",
                     (unsigned long long)equal[w], (unsigned long long)n, (double)n * q);
            sink->emit(sink, &res);
        }
    }
}

/* the keyset tests: keyset.<name>, what it detects, run by run_<name> */
#define KEYSET_TEST(name, what) const hb_q_test hb_q_test_##name = {"keyset." #name, what, 0, run_##name}

KEYSET_TEST(sparse, "few bits set: outputs of keys that are mostly zero collide or cluster");
KEYSET_TEST(cyclic, "a block repeated: periodic input cancels in the mixing");
KEYSET_TEST(twobyte, "two varying bytes: short keys and text with two changing characters");
KEYSET_TEST(text, "text: long shared prefixes or suffixes around a varying core, short words");
KEYSET_TEST(zeroes, "runs of zero bytes of every length: the length must change the output");
KEYSET_TEST(perms, "orders and sequences of blocks: the position of a block must matter");
KEYSET_TEST(window, "a window of free bits sliding over a zero key: every input position mixes");
KEYSET_TEST(differential, "1-3 bit changes that leave the output equal (differential collisions)");

/* Flip counters for the avalanche tests (flips.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "quality/flips.h"
#include "quality/stats.h"

static void fill_spread(uint64_t spread[256])
{
    for (unsigned v = 0; v < 256; v++) {
        uint64_t w = 0;
        for (unsigned b = 0; b < 8; b++)
            w |= (uint64_t)((v >> b) & 1) << (8 * b);
        spread[v] = w;
    }
}

int hb_q_flips_init(hb_q_flips *f, unsigned in_bits, unsigned out_bytes)
{
    memset(f, 0, sizeof *f);
    f->in_bits = in_bits;
    f->out_bytes = out_bytes;
    f->lanes = calloc((size_t)in_bits * out_bytes, sizeof *f->lanes);
    f->count = calloc((size_t)in_bits * out_bytes * 8, sizeof *f->count);
    fill_spread(f->spread);
    if (!f->lanes || !f->count) {
        hb_q_flips_free(f);
        return -1;
    }
    return 0;
}

void hb_q_flips_add(hb_q_flips *f, unsigned in_bit, const uint8_t *d0, const uint8_t *d1)
{
    uint64_t *l = f->lanes + (size_t)in_bit * f->out_bytes;
    for (unsigned i = 0; i < f->out_bytes; i++)
        l[i] += f->spread[d0[i] ^ d1[i]];
}

static void flips_flush(hb_q_flips *f)
{
    size_t cells = (size_t)f->in_bits * f->out_bytes;
    for (size_t i = 0; i < cells; i++) {
        uint64_t w = f->lanes[i];
        uint32_t *c = f->count + i * 8;
        for (unsigned b = 0; b < 8; b++)
            c[b] += (uint32_t)((w >> (8 * b)) & 0xff);
        f->lanes[i] = 0;
    }
    f->pending = 0;
}

void hb_q_flips_key_done(hb_q_flips *f)
{
    f->keys++;
    if (++f->pending == 255)
        flips_flush(f);
}

uint32_t hb_q_flips_worst(hb_q_flips *f, unsigned out_bits, unsigned *in_bit, unsigned *out_bit)
{
    if (f->pending)
        flips_flush(f);
    uint32_t worst = 0;
    unsigned row = f->out_bytes * 8;
    for (unsigned i = 0; i < f->in_bits; i++)
        for (unsigned o = 0; o < out_bits && o < row; o++) {
            uint32_t c = f->count[(size_t)i * row + o];
            uint32_t hi = c > f->keys - c ? c : (uint32_t)(f->keys - c);
            if (hi > worst) {
                worst = hi;
                *in_bit = i;
                *out_bit = o;
            }
        }
    return worst;
}

void hb_q_flips_free(hb_q_flips *f)
{
    free(f->lanes);
    free(f->count);
    f->lanes = NULL;
    f->count = NULL;
}

double hb_q_two_sided_half(uint64_t n, uint32_t hi)
{
    double p = 2 * hb_q_binom_upper((double)n, 0.5, hi);
    return p > 1 ? 1 : p;
}

void hb_q_sac_emit(hb_q_flips *f, const hb_q_subject *s, const char *test,
                   const char *variant, const char *what, hb_q_sink *sink)
{
    unsigned widths[3], nw = hb_q_widths(s, widths);
    for (unsigned w = 0; w < nw; w++) {
        unsigned ib = 0, ob = 0;
        uint32_t hi = hb_q_flips_worst(f, widths[w], &ib, &ob);
        hb_q_result r;
        memset(&r, 0, sizeof r);
        r.test = test;
        r.width = widths[w];
        snprintf(r.variant, sizeof r.variant, "%s", variant);
        double bias = f->keys ? 2.0 * hi / (double)f->keys - 1 : 0;
        r.statistic = bias;
        r.p = hb_q_sidak(hb_q_two_sided_half(f->keys, hi), (double)f->in_bits * widths[w]);
        snprintf(r.detail, sizeof r.detail,
                 "worst bias %.4f: %s bit %u -> output bit %u, %llu keys, %u x %u cells",
                 bias, what, ib, ob, (unsigned long long)f->keys, f->in_bits, widths[w]);
        sink->emit(sink, &r);
    }
}

int hb_q_pairs_init(hb_q_pairs *p, unsigned in_bits, const uint16_t *sel, unsigned nsel)
{
    memset(p, 0, sizeof *p);
    p->in_bits = in_bits;
    p->nsel = nsel;
    memcpy(p->sel, sel, nsel * sizeof *sel);
    p->lanes = calloc((size_t)in_bits * 64 * 8, sizeof *p->lanes);
    p->both = calloc((size_t)in_bits * 64 * 64, sizeof *p->both);
    fill_spread(p->spread);
    if (!p->lanes || !p->both) {
        hb_q_pairs_free(p);
        return -1;
    }
    return 0;
}

void hb_q_pairs_add(hb_q_pairs *p, unsigned in_bit, const uint8_t *d0, const uint8_t *d1)
{
    uint64_t x = 0;
    for (unsigned t = 0; t < p->nsel; t++) {
        unsigned b = p->sel[t];
        x |= (uint64_t)(((d0[b >> 3] ^ d1[b >> 3]) >> (b & 7)) & 1) << t;
    }
    uint64_t row[8];
    for (unsigned i = 0; i < 8; i++)
        row[i] = p->spread[(x >> (8 * i)) & 0xff];
    uint64_t *l = p->lanes + (size_t)in_bit * 64 * 8;
    for (uint64_t m = x; m; m &= m - 1) {
        uint64_t *lj = l + 8 * (unsigned)__builtin_ctzll(m);
        for (unsigned i = 0; i < 8; i++)
            lj[i] += row[i];
    }
}

static void pairs_flush(hb_q_pairs *p)
{
    size_t words = (size_t)p->in_bits * 64 * 8;
    for (size_t i = 0; i < words; i++) {
        uint64_t w = p->lanes[i];
        if (!w)
            continue;
        uint32_t *c = p->both + i * 8;
        for (unsigned b = 0; b < 8; b++)
            c[b] += (uint32_t)((w >> (8 * b)) & 0xff);
        p->lanes[i] = 0;
    }
    p->pending = 0;
}

void hb_q_pairs_key_done(hb_q_pairs *p)
{
    p->keys++;
    if (++p->pending == 255)
        pairs_flush(p);
}

uint32_t hb_q_pairs_worst(hb_q_pairs *p, unsigned nbits, unsigned *in_bit, unsigned *j, unsigned *k)
{
    if (p->pending)
        pairs_flush(p);
    uint32_t worst = 0;
    for (unsigned i = 0; i < p->in_bits; i++) {
        const uint32_t *b = p->both + (size_t)i * 64 * 64;
        for (unsigned a = 0; a < nbits; a++)
            for (unsigned c = a + 1; c < nbits; c++) {
                /* exactly one of a, c flipped: flips(a) + flips(c) - 2 both */
                uint64_t x = (uint64_t)b[a * 64 + a] + b[c * 64 + c] - 2ull * b[a * 64 + c];
                uint64_t hi = x > p->keys - x ? x : p->keys - x;
                if (hi > worst) {
                    worst = (uint32_t)hi;
                    *in_bit = i;
                    *j = p->sel[a];
                    *k = p->sel[c];
                }
            }
    }
    return worst;
}

void hb_q_pairs_free(hb_q_pairs *p)
{
    free(p->lanes);
    free(p->both);
    p->lanes = NULL;
    p->both = NULL;
}

void hb_q_flip_each_bit(const hb_q_subject *s, const uint8_t *key, unsigned len, const uint8_t *seed,
                        uint8_t *bits, unsigned n_bits, hb_q_flip_add *add, void *ctx)
{
    uint8_t d0[HB_Q_MAX_OUT], d1[HB_Q_MAX_OUT];
    s->hash(s, key, len, seed, d0);
    for (unsigned b = 0; b < n_bits; b++) {
        bits[b >> 3] ^= (uint8_t)(1u << (b & 7));
        s->hash(s, key, len, seed, d1);
        bits[b >> 3] ^= (uint8_t)(1u << (b & 7));
        add(ctx, b, d0, d1);
    }
}

void hb_q_flips_add_to(void *flips, unsigned in_bit, const uint8_t *d0, const uint8_t *d1)
{
    hb_q_flips_add(flips, in_bit, d0, d1);
}

void hb_q_pairs_add_to(void *pairs, unsigned in_bit, const uint8_t *d0, const uint8_t *d1)
{
    hb_q_pairs_add(pairs, in_bit, d0, d1);
}

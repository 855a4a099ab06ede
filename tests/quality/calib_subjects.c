/* The calibration's subjects: random oracles and weak functions
 * (calib_subjects.h says what each is for). */
#include <stdio.h>
#include <string.h>
#include "hashbench.h"
#include "calib_subjects.h"

/* ------------------------------------------------------------ oracles */

static const char *oracle_impl_name(const hb_q_subject *s, unsigned i)
{
    (void)s;
    return i == 0 ? "sha256-pick" : "sha256-portable";
}

static void oracle_hash_impl(const hb_q_subject *s, unsigned impl, const uint8_t *key,
                             size_t len, const uint8_t *seed, uint8_t *out)
{
    static const uint8_t no_seed[HB_Q_SEED_BYTES];
    const calib_oracle *o = s->self;
    uint8_t d[32];
    hb_ctx c;
    hb_init(&c, o->impl[impl]);
    hb_update(&c, o->prefix, sizeof o->prefix);
    if (s->seed_bytes)          /* NULL: the oracle's own seed, all zero */
        hb_update(&c, seed ? seed : no_seed, s->seed_bytes);
    hb_update(&c, key, len);
    hb_final(&c, d);
    memcpy(out, d, s->out_bytes);
}

static void oracle_hash(const hb_q_subject *s, const uint8_t *key, size_t len,
                        const uint8_t *seed, uint8_t *out)
{
    oracle_hash_impl(s, 0, key, len, seed, out);
}

void calib_oracle_init(calib_oracle *o, unsigned i, uint32_t run_tag)
{
    static const unsigned widths[4] = { 4, 8, 16, 32 };
    static const unsigned seeds[3] = { 4, 8, 16 };
    memset(o, 0, sizeof *o);
    for (unsigned b = 0; b < 4; b++) {
        o->prefix[b] = (uint8_t)(i >> (8 * b));
        o->prefix[4 + b] = (uint8_t)(run_tag >> (8 * b));
    }
    hb_q_subject *s = &o->subject;
    s->out_bytes = widths[i % 4];
    s->seed_bytes = (i / 4) % 2 ? seeds[(i / 8) % 3] : 0;
    snprintf(o->name, sizeof o->name, "oracle-%u-%u%s", i, 8 * s->out_bytes, s->seed_bytes ? "k" : "");
    s->name = o->name;
    s->n_impls = 2;
    s->impl_name = oracle_impl_name;
    s->self = o;
    s->hash = oracle_hash;
    s->hash_impl = oracle_hash_impl;
    s->cost = 3;
    /* SHA-256 through the library: the pick (SHA-NI where the CPU has it)
     * and the portable form, two implementations for the sanity test */
    const hb_algo *a = hb_algo_find("sha256");
    o->impl[0] = hb_impl_pick(a, HB_NO_SIZE);
    o->impl[1] = hb_impl_at(a, 0);
}

/* ------------------------------------------------------ weak functions */

static const char *one_impl(const hb_q_subject *s, unsigned i)
{
    (void)s;
    (void)i;
    return "c";
}

/* every weak function has one implementation: hash() is it */
static void weak_impl(const hb_q_subject *s, unsigned impl, const uint8_t *key, size_t len,
                      const uint8_t *seed, uint8_t *out)
{
    (void)impl;
    s->hash(s, key, len, seed, out);
}

static void put_le(uint8_t *out, uint64_t v, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        out[i] = (uint8_t)(v >> (8 * i));
}

/* The key's first 8 bytes, zero-padded: bits map one to one to output bits,
 * nothing past byte 8 counts, and appending zero bytes changes nothing. */
static void identity_hash(const hb_q_subject *s, const uint8_t *key, size_t len,
                          const uint8_t *seed, uint8_t *out)
{
    (void)s;
    (void)seed;
    memset(out, 0, 8);
    memcpy(out, key, len < 8 ? len : 8);
}

/* The bytes' sum (mod 2^32): order and zero bytes do not count, and the
 * sum of short keys takes a few thousand values at most. */
static void bytesum_hash(const hb_q_subject *s, const uint8_t *key, size_t len,
                         const uint8_t *seed, uint8_t *out)
{
    uint32_t h = 0;
    (void)s;
    (void)seed;
    for (size_t i = 0; i < len; i++)
        h += key[i];
    put_le(out, h, 4);
}

/* h = h * P + c (mod 2^64) with a good odd multiplier and no final mix:
 * carries run only upwards, so output bit j depends on input bits <= j of
 * each byte, and the last byte is added in unmixed. */
static uint64_t mul_nomix(const uint8_t *key, size_t len, uint64_t h, uint64_t p)
{
    for (size_t i = 0; i < len; i++)
        h = h * p + key[i];
    return h;
}

static void mulnomix_hash(const hb_q_subject *s, const uint8_t *key, size_t len,
                          const uint8_t *seed, uint8_t *out)
{
    (void)s;
    (void)seed;
    put_le(out, mul_nomix(key, len, 0x6a09e667f3bcc908ull, 0x9e3779b97f4a7c15ull), 8);
}

/* A 128-bit digest whose low 32 bits (its first four bytes, the "low 32"
 * the battery judges) are Java's String.hashCode (h = 31 h + c) and whose
 * other 96 bits are a random oracle's: good high bits, poor low bits. */
static const calib_oracle *lowbits_oracle(void);

static void lowbits_hash(const hb_q_subject *s, const uint8_t *key, size_t len,
                         const uint8_t *seed, uint8_t *out)
{
    (void)s;
    const hb_q_subject *o = &lowbits_oracle()->subject;
    o->hash(o, key, len, seed, out);
    put_le(out, (uint32_t)mul_nomix(key, len, 0, 31), 4);
}

/* A keyed function whose seed is XORed into a random oracle's output: as
 * a function of the key it is an oracle, as a function of the seed each
 * seed bit flips one output bit and nothing else. */
static const calib_oracle *seedxor_oracle(void);

static void seedxor_hash(const hb_q_subject *s, const uint8_t *key, size_t len,
                         const uint8_t *seed, uint8_t *out)
{
    const hb_q_subject *o = &seedxor_oracle()->subject;
    o->hash(o, key, len, NULL, out);
    if (seed)
        for (unsigned i = 0; i < s->seed_bytes; i++)
            out[i] ^= seed[i];
}

/* A keyed function whose seed never reaches the state: a seed that is
 * read but lost (an all-too-real bug). */
static void seedless_hash(const hb_q_subject *s, const uint8_t *key, size_t len,
                          const uint8_t *seed, uint8_t *out)
{
    const hb_q_subject *o = &seedxor_oracle()->subject;
    (void)s;
    (void)seed;
    o->hash(o, key, len, NULL, out);
}

/* the two oracles inside weak functions, made once (their prefixes are
 * outside calibrate's oracle numbering: a tag of its own) */
static calib_oracle lowbits_o, seedxor_o;

static const calib_oracle *lowbits_oracle(void)
{
    return &lowbits_o;
}

static const calib_oracle *seedxor_oracle(void)
{
    return &seedxor_o;
}

#define WEAK(id, bytes, seedb, fn) \
    { id, bytes, seedb, 1, one_impl, NULL, fn, weak_impl, 1 }

static const hb_q_subject weak_subjects[] = {
    WEAK("weak-identity", 8, 0, identity_hash),
    WEAK("weak-bytesum", 4, 0, bytesum_hash),
    WEAK("weak-mulnomix", 8, 0, mulnomix_hash),
    WEAK("weak-lowbits", 16, 0, lowbits_hash),
    WEAK("weak-seedxor", 8, 8, seedxor_hash),
    WEAK("weak-seedless", 8, 8, seedless_hash),
};

/* What each must fail, and why (docs/quality.md repeats these). */
static const calib_expect identity_fail[] = {
    { "sanity", 0, "appended zero bytes leave the output as it is" },
    { "avalanche.sac", 0, "an input bit flips one output bit, or none past byte 8" },
    { "avalanche.bic", 0, "an input bit flips its own output bit and no other: pairs never flip together" },
    { "keyset.sparse", 0, "16-byte keys differing past byte 8 collide; short keys leave the top bits 0" },
    { "keyset.zeroes", 0, "all-zero keys of every length give 0" },
    { "keyset.differential", 0, "flips past byte 8 leave the output equal" },
    { NULL, 0, NULL },
};
static const calib_expect bytesum_fail[] = {
    { "sanity", 0, "appended zero bytes add nothing" },
    { "avalanche.sac", 0, "an input bit adds a power of two: the bits below it never flip" },
    { "keyset.sparse", 0, "the sum of a few set bits takes few values: collisions" },
    { "keyset.twobyte", 0, "two bytes sum to at most 510: collisions" },
    { "keyset.perms", 0, "a permutation of blocks keeps the sum" },
    { "keyset.zeroes", 0, "all-zero keys of every length sum to 0" },
    { "keyset.differential", 0, "a bit set in one byte and cleared in another cancel" },
    { NULL, 0, NULL },
};
static const calib_expect mulnomix_fail[] = {
    { "avalanche.sac", 0, "the last byte is added unmixed: its bit i never flips output bits below i" },
    { "avalanche.bic", 0, "flipping the last byte's bit 0 always flips output bit 0, bits far above it rarely" },
    { NULL, 0, NULL },
};
static const calib_expect lowbits_fail[] = {
    { "avalanche.sac", 128, "the low 32 of the 128 bits are h = 31 h + c" },
    { "avalanche.sac", 32, "the low 32 bits are h = 31 h + c" },
    { "keyset.twobyte", 32, "31 a + b takes about 8,000 values over all two-byte keys" },
    { NULL, 0, NULL },
};
/* equal outputs at 128 bits need the oracle's 96 bits equal too */
static const calib_expect lowbits_pass[] = {
    { "keyset.differential", 128, "its high 96 bits are a random oracle's" },
    { NULL, 0, NULL },
};
static const calib_expect seedxor_fail[] = {
    { "seed.avalanche", 0, "a seed bit flips exactly one output bit" },
    { "seed.independence", 0, "H_s(k) xor H_s'(k) = s xor s' for every key: one value, all colliding" },
    { NULL, 0, NULL },
};
/* as a function of the key it is a random oracle: no unkeyed test may fail */
static const calib_expect seedxor_pass[] = {
    { "sanity", 0, "a random oracle of the key" },
    { "avalanche.sac", 0, "a random oracle of the key" },
    { "avalanche.bic", 0, "a random oracle of the key" },
    { "keyset.sparse", 0, "a random oracle of the key" },
    { "keyset.cyclic", 0, "a random oracle of the key" },
    { "keyset.twobyte", 0, "a random oracle of the key" },
    { "keyset.text", 0, "a random oracle of the key" },
    { "keyset.zeroes", 0, "a random oracle of the key" },
    { "keyset.perms", 0, "a random oracle of the key" },
    { "keyset.window", 0, "a random oracle of the key" },
    { "keyset.differential", 0, "a random oracle of the key" },
    { NULL, 0, NULL },
};
static const calib_expect seedless_fail[] = {
    { "seed.avalanche", 0, "no seed bit changes the output" },
    { "seed.independence", 0, "a key's outputs under all seeds are one value" },
    { NULL, 0, NULL },
};
static const calib_expect none[] = { { NULL, 0, NULL } };

static const calib_weak weak_table[] = {
    { &weak_subjects[0], "first 8 key bytes, zero-padded", identity_fail, none },
    { &weak_subjects[1], "sum of the bytes mod 2^32", bytesum_fail, none },
    { &weak_subjects[2], "h = h * 0x9e3779b97f4a7c15 + c, 64-bit, no final mix", mulnomix_fail, none },
    { &weak_subjects[3], "128 bits: a random oracle but the low 32 bits are h = 31 h + c",
      lowbits_fail, lowbits_pass },
    { &weak_subjects[4], "a random oracle of the key, XOR the 8-byte seed", seedxor_fail, seedxor_pass },
    { &weak_subjects[5], "a random oracle of the key that ignores its 8-byte seed", seedless_fail, none },
};

unsigned calib_weak_count(void)
{
    return sizeof weak_table / sizeof weak_table[0];
}

const calib_weak *calib_weak_at(unsigned i)
{
    if (!lowbits_o.subject.hash) {
        /* tags outside any run's: 0xFFFFFFFx is no run tag calibrate uses */
        calib_oracle_init(&lowbits_o, 2, 0xFFFFFFF0u);  /* 2: 128 bits, unkeyed */
        calib_oracle_init(&seedxor_o, 1, 0xFFFFFFF1u);  /* 1: 64 bits, unkeyed */
    }
    return i < calib_weak_count() ? &weak_table[i] : NULL;
}

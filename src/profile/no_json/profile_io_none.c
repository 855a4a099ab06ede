/* Reading and writing profiles in a build without a JSON library (the
 * Makefile's HB_JSON: the cross targets have no jansson for their
 * architecture).  Nothing is read, so `best` keeps the static ranks, and
 * `hashbench tune` says why it cannot write one. */
#include <stdio.h>
#include "profile/profile.h"

/* why, for the caller's message */
#define NO_JSON "this hashbench was built without jansson (libjansson-dev): it neither reads nor writes profiles"

hb_profile *hb_profile_parse(const char *text, size_t len, const hb_profile_key *expect, char *why, size_t n)
{
    (void)text;
    (void)len;
    (void)expect;
    snprintf(why, n, "%s", NO_JSON);
    return NULL;
}

hb_profile *hb_profile_load(const char *path, const hb_profile_key *expect, hb_profile_refusal *refusal,
                            char *why, size_t n)
{
    (void)path;
    if (refusal)            /* as "no profile yet": nothing to warn about */
        *refusal = HB_PROFILE_MISSING;
    return hb_profile_parse(NULL, 0, expect, why, n);
}

void hb_profile_free(hb_profile *p)
{
    (void)p;
}

const char *hb_profile_id(const hb_profile *p)
{
    (void)p;
    return "";
}

const hb_profile_key *hb_profile_key_of(const hb_profile *p)
{
    (void)p;
    return NULL;
}

hb_profile_out *hb_profile_out_new(const hb_profile_key *k, const char *cpu_name, unsigned rounds,
                                   double budget_ms)
{
    (void)k;
    (void)cpu_name;
    (void)rounds;
    (void)budget_ms;
    return NULL;
}

int hb_profile_out_add(hb_profile_out *o, const hb_algo *algo, size_t size, const hb_impl *impl,
                       double median_bps, double best_bps, double spread)
{
    (void)o;
    (void)algo;
    (void)size;
    (void)impl;
    (void)median_bps;
    (void)best_bps;
    (void)spread;
    return -1;
}

int hb_profile_out_write(hb_profile_out *o, FILE *f)
{
    (void)o;
    (void)f;
    return -1;
}

int hb_profile_out_write_figures(hb_profile_out *o, FILE *f, const char *profile_path)
{
    (void)o;
    (void)f;
    (void)profile_path;
    return -1;
}

void hb_profile_out_free(hb_profile_out *o)
{
    (void)o;
}

void hb_profile_figures_path(const char *profile_path, char *out, size_t n)
{
    snprintf(out, n, "%s", profile_path);
}

/* Writing a profile (profile.h; schema docs/schema/profile.schema.json):
 * each size's pick, the fastest, written where it is not the static
 * ranks'; and beside it the figures hashbench tune measured
 * (hb_profile_figures_path). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <jansson.h>
#include "profile/profile.h"

struct hb_profile_out {
    json_t *root;
    json_t *algos;                  /* array, in the order figures arrive */
    int settled;                    /* the picks made and root completed (finish) */
};

hb_profile_out *hb_profile_out_new(const hb_profile_key *k, const char *cpu_name, unsigned rounds,
                                   double budget_ms)
{
    hb_profile_out *o = calloc(1, sizeof *o);
    char date[32];
    time_t now = time(NULL);
    if (!o)
        return NULL;
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    o->algos = json_array();
    /* json_pack reads its arguments with va_arg by the format's letters:
     * `i` an int, `I` a json_int_t (long long), `f` a double.  A letter
     * that does not match its argument's type reads the wrong words on a
     * 32-bit target: a long long read as `i` left its upper half to be
     * taken as the next key, and every later argument one word off (on
     * armhf the budget's upper half, 0x40200000 for 8 ms, as a string:
     * tune died with SIGSEGV; cross/run_cross.py check_tune runs it). */
    o->root = json_pack("{s:s, s:i, s:{s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s}, s:s, s:s, s:{s:I, s:f, s:s}}",
                        "format", "hashbench-profile", "format_version", 2,
                        "key", "cpu_vendor", k->cpu_vendor, "cpu_family", k->cpu_family, "cpu_model", k->cpu_model,
                        "cpu_stepping", k->cpu_stepping, "cpu_microcode", k->cpu_microcode,
                        "features", k->features, "cpu_tuning", k->cpu_tuning, "build", k->build,
                        "cpu_name", cpu_name ? cpu_name : "", "created", date,
                        "settings", "rounds", (json_int_t)rounds, "budget_ms", budget_ms,
                        "protocol", "one-shot where every implementation of the size has one (hb_measure_group)");
    if (!o->algos || !o->root) {
        hb_profile_out_free(o);
        return NULL;
    }
    return o;
}

static json_t *find_by(json_t *array, const char *key, json_t *want)
{
    size_t i;
    json_t *e;
    json_array_foreach(array, i, e)
        if (json_equal(json_object_get(e, key), want))
            return e;
    return NULL;
}

int hb_profile_out_add(hb_profile_out *o, const hb_algo *algo, size_t size, const hb_impl *impl,
                       double median_bps, double best_bps, double spread)
{
    json_t *id = json_string(algo->id), *sz = json_integer((json_int_t)size), *a, *s, *fig;
    int rc = -1;
    if (!id || !sz)
        goto out;
    if (!(a = find_by(o->algos, "id", id))) {
        a = json_pack("{s:O, s:[]}", "id", id, "sizes");
        if (!a || json_array_append_new(o->algos, a) != 0)
            goto out;
    }
    if (!(s = find_by(json_object_get(a, "sizes"), "size", sz))) {
        s = json_pack("{s:O, s:s, s:s, s:{}}", "size", sz, "pick", impl->name, "static_pick",
                      hb_impl_pick(algo, HB_NO_SIZE)->name, "mb_per_s");
        if (!s || json_array_append_new(json_object_get(a, "sizes"), s) != 0)
            goto out;
    }
    fig = json_pack("{s:f, s:f, s:f}", "median", median_bps / 1e6, "best", best_bps / 1e6, "spread", spread);
    if (!fig || json_object_set_new(json_object_get(s, "mb_per_s"), impl->name, fig) != 0)
        goto out;
    rc = 0;
out:
    json_decref(id);
    json_decref(sz);
    return rc;
}

/* A pick other than the ranks' must beat it by this much: closer than
 * that, two medians of a loaded machine trade places from one tune to the
 * next, and the ranks' pick was measured too. */
#define HB_PROFILE_MARGIN 1.03

/* Each size's pick: its fastest by the fastest round (hashbench tune's
 * figure, cli/cmd_tune.c says why), unless the ranks' pick is within
 * HB_PROFILE_MARGIN of it. */
static void settle_picks(hb_profile_out *o)
{
    size_t i, j;
    json_t *a, *s;
    json_array_foreach(o->algos, i, a)
        json_array_foreach(json_object_get(a, "sizes"), j, s) {
            const char *name, *best = NULL;
            json_t *fig, *figs = json_object_get(s, "mb_per_s");
            json_t *ranks = json_object_get(figs, json_string_value(json_object_get(s, "static_pick")));
            double top = -1;
            json_object_foreach(figs, name, fig) {
                double v = json_real_value(json_object_get(fig, "best"));
                if (v > top) {
                    top = v;
                    best = name;
                }
            }
            if (ranks && json_real_value(json_object_get(ranks, "best")) * HB_PROFILE_MARGIN >= top)
                best = json_string_value(json_object_get(s, "static_pick"));
            if (best)
                json_object_set_new(s, "pick", json_string(best));
        }
}

/* The profile proper, format version 2 (docs/schema/profile.schema.json):
 * the sizes measured, the algorithms measured, and the overrides, only
 * the sizes where the pick is not the static ranks'.  Those ranks are
 * hb_impl_pick's (HB_NO_SIZE), which the key pins (the build, the
 * features, the core tuning), so the reader rebuilds every other pick without reading it:
 * every `sum` and `bench` parses this file, and at every size's pick it
 * was 25 KB, 0.4 ms of jansson at each start.  An algorithm measured at
 * other sizes than the first one's (tune measures all at the same; the
 * library allows it) is written with its own: {"id", "sizes"}. */
static int add_picks(hb_profile_out *o)
{
    json_t *sizes = NULL, *algos = json_array(), *overrides = json_array(), *a, *s;
    size_t i, j;
    if (!algos || !overrides)
        goto fail;
    json_array_foreach(o->algos, i, a) {
        json_t *id = json_object_get(a, "id"), *own = json_array(), *entry;
        if (!own)
            goto fail;
        json_array_foreach(json_object_get(a, "sizes"), j, s) {
            json_t *pick = json_object_get(s, "pick"), *ranks = json_object_get(s, "static_pick"), *ov;
            if (json_array_append(own, json_object_get(s, "size")) != 0) {
                json_decref(own);
                goto fail;
            }
            if (json_equal(pick, ranks))
                continue;
            ov = json_pack("{s:O, s:O, s:O, s:O}", "algorithm", id, "size", json_object_get(s, "size"), "pick", pick,
                           "static_pick", ranks);
            if (!ov || json_array_append_new(overrides, ov) != 0) {
                json_decref(own);
                goto fail;
            }
        }
        if (!sizes) {
            sizes = own;
            entry = json_incref(id);
        } else if (json_equal(own, sizes)) {
            json_decref(own);
            entry = json_incref(id);
        } else
            entry = json_pack("{s:O, s:o}", "id", id, "sizes", own);
        if (!entry || json_array_append_new(algos, entry) != 0)
            goto fail;
    }
    if (!sizes && !(sizes = json_array()))
        goto fail;
    if (json_object_set_new(o->root, "sizes", sizes) != 0) {
        sizes = NULL;
        goto fail;
    }
    if (json_object_set_new(o->root, "algorithms", algos) != 0) {
        algos = NULL;
        goto fail_set;
    }
    if (json_object_set_new(o->root, "overrides", overrides) != 0)
        return -1;
    return 0;
fail:
    json_decref(sizes);
fail_set:
    json_decref(algos);
    json_decref(overrides);
    return -1;
}

/* The figures beside the profile (hb_profile_figures_path), which nothing
 * reads back: every implementation's median, fastest round and spread at
 * each size, with the size's pick and the ranks' pick, for people and
 * reports. */
static json_t *figures_doc(hb_profile_out *o, const char *profile_path)
{
    const char *base = strrchr(profile_path, '/');
    return json_pack("{s:s, s:i, s:s, s:O}", "format", "hashbench-profile-figures", "format_version", 1, "profile",
                     base ? base + 1 : profile_path, "algorithms", o->algos);
}

void hb_profile_figures_path(const char *profile_path, char *out, size_t n)
{
    const char *base = strrchr(profile_path, '/');
    size_t dir = base ? (size_t)(base - profile_path) + 1 : 0;
    const char *name = profile_path + dir;
    if (strncmp(name, "profile-", 8) == 0)
        name += 8;
    snprintf(out, n, "%.*sfigures-%s", (int)dir, profile_path, name);
}

/* The picks made and the profile's members added, once: both writers
 * need them, in either order. */
static int finish(hb_profile_out *o)
{
    if (o->settled)
        return 0;
    settle_picks(o);
    if (add_picks(o) != 0)
        return -1;
    o->settled = 1;
    return 0;
}

static int dump(json_t *doc, FILE *f)
{
    return json_dumpf(doc, f, JSON_INDENT(1) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(6)) != 0 ||
                   fputc('\n', f) == EOF
               ? -1
               : 0;
}

int hb_profile_out_write(hb_profile_out *o, FILE *f)
{
    return finish(o) != 0 ? -1 : dump(o->root, f);
}

int hb_profile_out_write_figures(hb_profile_out *o, FILE *f, const char *profile_path)
{
    json_t *figures;
    int rc;
    if (finish(o) != 0 || !(figures = figures_doc(o, profile_path)))
        return -1;
    rc = dump(figures, f);
    json_decref(figures);
    return rc;
}

void hb_profile_out_free(hb_profile_out *o)
{
    if (!o)
        return;
    json_decref(o->root);
    json_decref(o->algos);
    free(o);
}

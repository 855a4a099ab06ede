/* Reading a profile (profile.h): parse with jansson, then check every part
 * of it against this build and CPU before anything is picked from it. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "profile/profile_internal.h"

static hb_profile *refuse(hb_profile *p, char *why, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, n, fmt, ap);
    va_end(ap);
    hb_profile_free(p);
    return NULL;
}

static int get_str(json_t *obj, const char *name, char *out, size_t n)
{
    json_t *v = json_object_get(obj, name);
    if (!json_is_string(v) || json_string_length(v) >= n)
        return -1;
    memcpy(out, json_string_value(v), json_string_length(v) + 1);
    return 0;
}

static int read_key(json_t *k, hb_profile_key *key)
{
    memset(key, 0, sizeof *key);
    if (!json_is_object(k))
        return -1;
    return get_str(k, "cpu_vendor", key->cpu_vendor, sizeof key->cpu_vendor) |
           get_str(k, "cpu_family", key->cpu_family, sizeof key->cpu_family) |
           get_str(k, "cpu_model", key->cpu_model, sizeof key->cpu_model) |
           get_str(k, "cpu_stepping", key->cpu_stepping, sizeof key->cpu_stepping) |
           get_str(k, "cpu_microcode", key->cpu_microcode, sizeof key->cpu_microcode) |
           get_str(k, "features", key->features, sizeof key->features) |
           get_str(k, "cpu_tuning", key->cpu_tuning, sizeof key->cpu_tuning) |
           get_str(k, "build", key->build, sizeof key->build);
}

static unsigned algo_index(const hb_algo *a)
{
    unsigned i;
    for (i = 0; i < hb_algo_count(); i++)
        if (hb_algo_at(i) == a)
            return i;
    return 0;
}

/* One algorithm's entry: {"id", "sizes": [{"size", "pick", ...}, ...]}.
 * Returns NULL, or what is wrong with it. */
static const char *read_algo(json_t *e, hb_profile *p, char *buf, size_t n)
{
    json_t *sizes = json_object_get(e, "sizes"), *s;
    const char *id;
    const hb_algo *a;
    hb_profile_algo *pa;
    size_t i;
    if (!json_is_object(e) || !json_is_string(json_object_get(e, "id")))
        return "an algorithm entry without an id";
    id = json_string_value(json_object_get(e, "id"));
    if (!(a = hb_algo_find(id))) {
        snprintf(buf, n, "it names algorithm '%.40s', which this build does not have", id);
        return buf;
    }
    pa = &p->algos[algo_index(a)];
    if (pa->algo) {
        snprintf(buf, n, "it lists %s twice", a->id);
        return buf;
    }
    if (!json_is_array(sizes) || json_array_size(sizes) == 0 || json_array_size(sizes) > HB_PROFILE_MAX_SIZES) {
        snprintf(buf, n, "%s has no sizes, or more than %d", a->id, HB_PROFILE_MAX_SIZES);
        return buf;
    }
    json_array_foreach(sizes, i, s) {
        json_t *size = json_object_get(s, "size"), *pick = json_object_get(s, "pick");
        const hb_impl *impl;
        if (!json_is_integer(size) || json_integer_value(size) <= 0 ||
            (i > 0 && (size_t)json_integer_value(size) <= pa->sizes[i - 1]) || !json_is_string(pick)) {
            snprintf(buf, n, "%s's sizes are not increasing sizes with a pick each", a->id);
            return buf;
        }
        impl = hb_impl_find(a, json_string_value(pick));
        if (!impl) {
            snprintf(buf, n, "it picks %s implementation '%.40s', which this build does not have", a->id,
                     json_string_value(pick));
            return buf;
        }
        if (!hb_impl_available(impl) || hb_impl_rank(a, impl) < 0) {
            snprintf(buf, n, "it picks %s implementation '%s', which %s", a->id, impl->name,
                     hb_impl_rank(a, impl) < 0 ? "is a peer library, not hashbench's own"
                                               : "this CPU cannot run");
            return buf;
        }
        pa->sizes[i] = (size_t)json_integer_value(size);
        pa->picks[i] = impl;
    }
    pa->n_sizes = (unsigned)json_array_size(sizes);
    pa->algo = a;
    return NULL;
}

static void text_id(const char *text, size_t len, char out[17])
{
    const hb_algo *sha = hb_algo_find("sha256");
    uint8_t d[HB_MAX_DIGEST];
    unsigned i;
    out[0] = 0;
    if (!sha)
        return;
    hb_hash(hb_impl_best(sha), text, len, d);
    for (i = 0; i < 8; i++)
        snprintf(out + 2 * i, 3, "%02x", d[i]);
}

hb_profile *hb_profile_parse(const char *text, size_t len, const hb_profile_key *expect, char *why, size_t n)
{
    json_error_t err;
    json_t *root, *algos, *e;
    hb_profile *p;
    const char *differs, *bad;
    char buf[200];
    size_t i;

    p = calloc(1, sizeof *p);
    if (!p || !(p->algos = calloc(hb_algo_count(), sizeof *p->algos)))
        return refuse(p, why, n, "out of memory");
    p->n_algos = hb_algo_count();
    root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &err);
    if (!root)
        return refuse(p, why, n, "not valid JSON (line %d: %.80s)", err.line, err.text);
    if (!json_is_object(root) || !json_is_string(json_object_get(root, "format")) ||
        strcmp(json_string_value(json_object_get(root, "format")), "hashbench-profile") != 0 ||
        !json_is_integer(json_object_get(root, "format_version"))) {
        json_decref(root);
        return refuse(p, why, n, "not a hashbench profile");
    }
    if (json_integer_value(json_object_get(root, "format_version")) != 1) {
        json_decref(root);
        return refuse(p, why, n, "a profile of format version %lld, this build reads 1",
                      (long long)json_integer_value(json_object_get(root, "format_version")));
    }
    if (read_key(json_object_get(root, "key"), &p->key) != 0) {
        json_decref(root);
        return refuse(p, why, n, "its key is missing or malformed");
    }
    if ((differs = hb_profile_key_differs(&p->key, expect)) != NULL) {
        json_decref(root);
        return refuse(p, why, n, "made for another machine or build (the %s differs)", differs);
    }
    algos = json_object_get(root, "algorithms");
    if (!json_is_array(algos)) {
        json_decref(root);
        return refuse(p, why, n, "it has no algorithms");
    }
    json_array_foreach(algos, i, e) {
        if ((bad = read_algo(e, p, buf, sizeof buf)) != NULL) {
            json_decref(root);
            return refuse(p, why, n, "%s", bad);
        }
    }
    json_decref(root);
    text_id(text, len, p->id);
    return p;
}

hb_profile *hb_profile_load(const char *path, const hb_profile_key *expect, int *missing, char *why, size_t n)
{
    FILE *f = fopen(path, "rb");
    char *text = NULL;
    size_t len = 0, cap = 0, got;
    hb_profile *p;
    if (missing)
        *missing = 0;
    if (!f) {
        if (missing)
            *missing = errno == ENOENT;
        snprintf(why, n, "cannot be read: %s", strerror(errno));
        return NULL;
    }
    for (;;) {
        if (len == cap) {
            char *t;
            /* a profile is a few tens of KiB; a file of many MiB is not one */
            if (cap >= (8u << 20) || !(t = realloc(text, cap = cap ? 2 * cap : 65536))) {
                free(text);
                fclose(f);
                snprintf(why, n, cap >= (8u << 20) ? "too large to be a profile" : "out of memory");
                return NULL;
            }
            text = t;
        }
        got = fread(text + len, 1, cap - len, f);
        len += got;
        if (got == 0)
            break;
    }
    if (ferror(f)) {
        free(text);
        fclose(f);
        snprintf(why, n, "cannot be read: %s", strerror(errno ? errno : EIO));
        return NULL;
    }
    fclose(f);
    p = hb_profile_parse(text, len, expect, why, n);
    free(text);
    return p;
}

void hb_profile_free(hb_profile *p)
{
    if (!p)
        return;
    free(p->algos);
    free(p);
}

const char *hb_profile_id(const hb_profile *p)
{
    return p ? p->id : "";
}

const hb_profile_key *hb_profile_key_of(const hb_profile *p)
{
    return p ? &p->key : NULL;
}

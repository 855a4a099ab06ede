/* Reading a profile (profile.h): parse with jansson, then check every part
 * of it against this build and CPU before anything is picked from it. */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <jansson.h>
#include "profile/profile_internal.h"

/* Format version 2 (docs/schema/profile.schema.json): the sizes tuned,
 * the algorithms tuned, and only the sizes where the measurement beat the
 * static ranks.  Version 1 kept every size's pick: 25 KB, 0.4 ms of
 * jansson at every start, for picks the key pins in all but a few places;
 * version 2's 2 KB take it 45-65 us (docs/tune.md). */
#define FORMAT_VERSION 2

/* a profile is a few KiB; a file of many MiB is not one */
#define MAX_PROFILE_BYTES (8u << 20)

static hb_profile *refuse(hb_profile *p, char *why, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, n, fmt, ap);
    va_end(ap);
    hb_profile_free(p);
    return NULL;
}

/* where a reason that needs formatting is written */
typedef struct doc_ref {
    char *buf;
    size_t n;
} doc_ref;

/* obj's member `name`, or NULL (obj need not be an object) */
static json_t *get(const doc_ref *d, json_t *obj, const char *name)
{
    (void)d;
    return json_object_get(obj, name);
}

/* s, a string, copied into out (NUL-terminated): its length, or -1 when
 * it is not a string or needs more than n - 1 bytes */
static int string_of(json_t *s, char *out, size_t n)
{
    size_t len;
    if (!json_is_string(s) || (len = json_string_length(s)) >= n)
        return -1;
    memcpy(out, json_string_value(s), len + 1);
    return (int)len;
}

static int get_str(const doc_ref *d, json_t *obj, const char *name, char *out, size_t n)
{
    return string_of(get(d, obj, name), out, n) < 0 ? -1 : 0;
}

static int read_key(const doc_ref *d, json_t *k, hb_profile_key *key)
{
    memset(key, 0, sizeof *key);
    if (!json_is_object(k))
        return -1;
    return get_str(d, k, "cpu_vendor", key->cpu_vendor, sizeof key->cpu_vendor) |
           get_str(d, k, "cpu_family", key->cpu_family, sizeof key->cpu_family) |
           get_str(d, k, "cpu_model", key->cpu_model, sizeof key->cpu_model) |
           get_str(d, k, "cpu_stepping", key->cpu_stepping, sizeof key->cpu_stepping) |
           get_str(d, k, "cpu_microcode", key->cpu_microcode, sizeof key->cpu_microcode) |
           get_str(d, k, "features", key->features, sizeof key->features) |
           get_str(d, k, "cpu_tuning", key->cpu_tuning, sizeof key->cpu_tuning) |
           get_str(d, k, "build", key->build, sizeof key->build);
}

/* The roster index of the algorithm string s names, or -1 (its text in
 * id).  The search starts at *from and wraps around, and *from moves past
 * the one found: a profile lists them in roster order (tune measures them
 * so), so each is found at the first comparison; from the start each
 * time, a profile's 40 were 800 comparisons, a fifth of its checks. */
static int find_algo(json_t *s, char *id, size_t n, unsigned *from)
{
    unsigned i, count = hb_algo_count();
    if (string_of(s, id, n) < 0) {
        snprintf(id, n, "?");
        return -1;
    }
    for (i = 0; i < count; i++) {
        unsigned k = (*from + i) % count;
        if (strcmp(hb_algo_at(k)->id, id) == 0) {
            *from = k + 1;
            return (int)k;
        }
    }
    return -1;
}

/* A list of sizes (the top level's, or an algorithm's own): increasing,
 * positive, at most HB_PROFILE_MAX_SIZES.  Returns the count, or -1. */
static int read_sizes(const doc_ref *d, json_t *list, size_t out[HB_PROFILE_MAX_SIZES])
{
    json_t *s;
    size_t i;
    (void)d;
    if (!json_is_array(list) || json_array_size(list) > HB_PROFILE_MAX_SIZES)
        return -1;
    json_array_foreach(list, i, s) {
        if (!json_is_integer(s) || json_integer_value(s) <= 0 ||
            (i > 0 && (size_t)json_integer_value(s) <= out[i - 1]))
            return -1;
        out[i] = (size_t)json_integer_value(s);
    }
    return (int)json_array_size(list);
}

/* One entry of "algorithms": its id (measured at the top level's sizes),
 * or {"id", "sizes"} for one measured at sizes of its own.  Every size's
 * pick starts as the static ranks' (NULL); the overrides come after.
 * Returns NULL, or what is wrong with it. */
static const char *read_algo(const doc_ref *d, json_t *e, hb_profile *p, unsigned *from)
{
    json_t *id = json_is_object(e) ? get(d, e, "id") : e;
    const hb_algo *a;
    hb_profile_algo *pa;
    char name[64];
    int k, n_sizes;
    if (!json_is_string(id))
        return "an algorithm entry without an id";
    if ((k = find_algo(id, name, sizeof name, from)) < 0) {
        snprintf(d->buf, d->n, "it names algorithm '%.40s', which this build does not have", name);
        return d->buf;
    }
    a = hb_algo_at((unsigned)k);
    pa = &p->algos[k];
    if (pa->algo) {
        snprintf(d->buf, d->n, "it lists %s twice", a->id);
        return d->buf;
    }
    if (json_is_object(e)) {
        size_t own[HB_PROFILE_MAX_SIZES], *copy;
        if ((n_sizes = read_sizes(d, get(d, e, "sizes"), own)) > 0) {
            if (!(copy = malloc((size_t)n_sizes * sizeof *copy)))
                return "out of memory";
            memcpy(copy, own, (size_t)n_sizes * sizeof *copy);
            pa->sizes = copy;
        }
    } else {
        n_sizes = (int)p->n_sizes;
        pa->sizes = p->sizes;
    }
    if (n_sizes <= 0) {
        snprintf(d->buf, d->n, "%s has no sizes, or sizes that do not increase, or more than %d", a->id,
                 HB_PROFILE_MAX_SIZES);
        return d->buf;
    }
    pa->algo = a;
    pa->n_sizes = (unsigned)n_sizes;
    if (!(pa->picks = calloc((size_t)n_sizes, sizeof *pa->picks)))
        return "out of memory";
    return NULL;
}

/* One entry of "overrides": {"algorithm", "size", "pick", "static_pick"},
 * a size where the measurement disagreed with the ranks.  The algorithm
 * must be listed and the size one it was measured at; static_pick is for
 * people (the key pins the ranks: it is hb_impl_best's).  Returns NULL,
 * or what is wrong with it. */
/* The override read last: the next one often names it again (4 sizes
 * of one algorithm with one pick). */
typedef struct last_pick {
    const hb_algo *algo;
    const hb_impl *impl;
} last_pick;

/* a's implementation `name`, as hb_impl_find, with less of the
 * registry's walking: its count is not asked first (each step of it walks
 * every algorithm's rows anew), and the one `last` found is taken again. */
static const hb_impl *find_impl(const hb_algo *a, const char *name, const last_pick *last)
{
    const hb_impl *impl;
    unsigned i;
    if (last->algo == a && strcmp(last->impl->name, name) == 0)
        return last->impl;
    for (i = 0; (impl = hb_impl_at(a, i)) != NULL; i++)
        if (strcmp(impl->name, name) == 0)
            return impl;
    return NULL;
}

static const char *read_override(const doc_ref *d, json_t *e, hb_profile *p, unsigned *from,
                                 last_pick *last)
{
    json_t *size = get(d, e, "size"), *pick = get(d, e, "pick");
    const hb_algo *a;
    const hb_impl *impl;
    hb_profile_algo *pa;
    char name[64];
    unsigned k;
    int index;
    long long at;
    if (!json_is_object(e) || !json_is_string(get(d, e, "algorithm")) || !json_is_integer(size) ||
        !json_is_string(pick))
        return "an override without an algorithm, a size and a pick";
    at = (long long)json_integer_value(size);
    if ((index = find_algo(get(d, e, "algorithm"), name, sizeof name, from)) < 0) {
        snprintf(d->buf, d->n, "it names algorithm '%.40s', which this build does not have", name);
        return d->buf;
    }
    a = hb_algo_at((unsigned)index);
    pa = &p->algos[index];
    if (!pa->algo) {
        snprintf(d->buf, d->n, "it overrides %s, which it does not list", a->id);
        return d->buf;
    }
    for (k = 0; k < pa->n_sizes && (long long)pa->sizes[k] != at; k++)
        ;
    if (k == pa->n_sizes) {
        snprintf(d->buf, d->n, "it overrides %s at %lld bytes, a size it does not list", a->id, at);
        return d->buf;
    }
    if (pa->picks[k]) {
        snprintf(d->buf, d->n, "it overrides %s at %lld bytes twice", a->id, at);
        return d->buf;
    }
    if (string_of(pick, name, sizeof name) < 0 || !(impl = find_impl(a, name, last))) {
        snprintf(d->buf, d->n, "it picks %s implementation '%.40s', which this build does not have", a->id,
                 string_of(pick, name, sizeof name) < 0 ? "?" : name);
        return d->buf;
    }
    if (hb_impl_rank(a, impl) < 0 || !hb_impl_available(impl)) {
        snprintf(d->buf, d->n, "it picks %s implementation '%s', which %s", a->id, impl->name,
                 hb_impl_rank(a, impl) < 0 ? "is a peer library, not hashbench's own" : "this CPU cannot run");
        return d->buf;
    }
    pa->picks[k] = impl;
    last->algo = a;
    last->impl = impl;
    return NULL;
}

static const char *read_profile(const doc_ref *d, json_t *root, hb_profile *p, const hb_profile_key *expect)
{
    json_t *version = get(d, root, "format_version"), *format = get(d, root, "format");
    json_t *list, *e;
    const char *bad;
    int n_sizes;
    size_t i;
    unsigned from = 0;
    last_pick last = { NULL, NULL };
    if (!json_is_string(format) || strcmp(json_string_value(format), "hashbench-profile") != 0 ||
        !json_is_integer(version))
        return "not a hashbench profile";
    if (json_integer_value(version) != FORMAT_VERSION) {
        snprintf(d->buf, d->n, "a profile of format version %lld, this build reads %d",
                 (long long)json_integer_value(version), FORMAT_VERSION);
        return d->buf;
    }
    if (read_key(d, get(d, root, "key"), &p->key) != 0)
        return "its key is missing or malformed";
    if ((bad = hb_profile_key_differs(&p->key, expect)) != NULL) {
        snprintf(d->buf, d->n, "made for another machine or build (the %s differs)", bad);
        return d->buf;
    }
    if ((n_sizes = read_sizes(d, get(d, root, "sizes"), p->sizes)) < 0) {
        snprintf(d->buf, d->n, "its sizes are missing, do not increase, or are more than %d", HB_PROFILE_MAX_SIZES);
        return d->buf;
    }
    p->n_sizes = (unsigned)n_sizes;
    if (!json_is_array(list = get(d, root, "algorithms")))
        return "it has no algorithms";
    json_array_foreach(list, i, e)
        if ((bad = read_algo(d, e, p, &from)) != NULL)
            return bad;
    if (!json_is_array(list = get(d, root, "overrides")))
        return "it has no overrides list";
    from = 0;
    json_array_foreach(list, i, e)
        if ((bad = read_override(d, e, p, &from, &last)) != NULL)
            return bad;
    return NULL;
}

/* The first 16 hex digits of the SHA-256 of text. */
static void text_id(const char *text, size_t len, char out[17])
{
    const hb_algo *sha = hb_algo_find("sha256");
    uint8_t dg[HB_MAX_DIGEST];
    unsigned i;
    out[0] = 0;
    if (!sha)
        return;
    hb_hash(hb_impl_best(sha), text, len, dg);
    for (i = 0; i < 8; i++)
        snprintf(out + 2 * i, 3, "%02x", dg[i]);
}

hb_profile *hb_profile_parse(const char *text, size_t len, const hb_profile_key *expect, char *why, size_t n)
{
    json_error_t err;
    json_t *root;
    hb_profile *p;
    const char *bad;
    char buf[200];
    doc_ref d;

    p = calloc(1, sizeof *p);
    if (!p || !(p->algos = calloc(hb_algo_count(), sizeof *p->algos)))
        return refuse(p, why, n, "out of memory");
    p->n_algos = hb_algo_count();
    root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &err);
    if (!root)
        return refuse(p, why, n, "not valid JSON (line %d: %.80s)", err.line, err.text);
    d.buf = buf;
    d.n = sizeof buf;
    bad = !json_is_object(root) ? "not a hashbench profile" : read_profile(&d, root, p, expect);
    json_decref(root);
    if (bad)
        return refuse(p, why, n, "%s", bad);
    /* the id is made when asked (hb_profile_id): `sum` never asks */
    if (!(p->source = malloc(sizeof *p->source + len)))
        return refuse(p, why, n, "out of memory");
    p->source->id[0] = 0;
    p->source->len = len;
    memcpy(p->source->text, text, len);
    return p;
}

/* The whole file at path in a new buffer (*len bytes), or NULL with the
 * reason in why and errno's ENOENT in *missing. */
static char *read_file(const char *path, size_t *len, int *missing, char *why, size_t n)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC), failed = 0;
    struct stat st;
    char *text;
    size_t cap;
    if (fd < 0) {
        if (missing)
            *missing = errno == ENOENT;
        snprintf(why, n, "cannot be read: %s", strerror(errno));
        return NULL;
    }
    /* the size fstat gives, and one byte more to see the end (or growth) */
    cap = fstat(fd, &st) == 0 && st.st_size > 0 && (unsigned long long)st.st_size < MAX_PROFILE_BYTES
              ? (size_t)st.st_size + 1
              : 4096;
    if (!(text = malloc(cap))) {
        close(fd);
        snprintf(why, n, "out of memory");
        return NULL;
    }
    for (*len = 0;;) {
        ssize_t got;
        if (*len == cap) {
            char *t;
            if (cap >= MAX_PROFILE_BYTES || !(t = realloc(text, 2 * cap))) {
                snprintf(why, n, cap >= MAX_PROFILE_BYTES ? "too large to be a profile" : "out of memory");
                failed = 1;
                break;
            }
            text = t;
            cap *= 2;
        }
        got = read(fd, text + *len, cap - *len);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            snprintf(why, n, "cannot be read: %s", strerror(errno));
            failed = 1;
            break;
        }
        if (got == 0)
            break;
        *len += (size_t)got;
    }
    close(fd);
    if (failed) {
        free(text);
        return NULL;
    }
    return text;
}

hb_profile *hb_profile_load(const char *path, const hb_profile_key *expect, int *missing, char *why, size_t n)
{
    size_t len = 0;
    char *text;
    hb_profile *p;
    if (missing)
        *missing = 0;
    if (!(text = read_file(path, &len, missing, why, n)))
        return NULL;
    p = hb_profile_parse(text, len, expect, why, n);
    free(text);
    return p;
}

void hb_profile_free(hb_profile *p)
{
    unsigned i;
    if (!p)
        return;
    for (i = 0; p->algos && i < p->n_algos; i++) {
        free(p->algos[i].picks);
        if (p->algos[i].sizes != p->sizes)
            free((size_t *)p->algos[i].sizes);
    }
    free(p->algos);
    free(p->source);
    free(p);
}

const char *hb_profile_id(const hb_profile *p)
{
    if (!p)
        return "";
    if (!p->source->id[0])
        text_id(p->source->text, p->source->len, p->source->id);
    return p->source->id;
}

const hb_profile_key *hb_profile_key_of(const hb_profile *p)
{
    return p ? &p->key : NULL;
}

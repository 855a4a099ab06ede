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

__attribute__((format(printf, 4, 5))) static hb_profile *refuse(hb_profile *p, char *why, size_t n,
                                                                 const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, n, fmt, ap);
    va_end(ap);
    hb_profile_free(p);
    return NULL;
}

/* where a reason that needs formatting is written */
typedef struct reason_buf {
    char *buf;
    size_t n;
} reason_buf;

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

static int get_str(json_t *obj, const char *name, char *out, size_t n)
{
    return string_of(json_object_get(obj, name), out, n) < 0 ? -1 : 0;
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

/* The roster index of the algorithm string s names, or -1 (its text in
 * id) */
static int find_algo(json_t *s, char *id, size_t n)
{
    const hb_algo *a;
    unsigned i;
    if (string_of(s, id, n) < 0) {
        snprintf(id, n, "?");
        return -1;
    }
    if ((a = hb_algo_find(id)) != NULL)
        for (i = 0; i < hb_algo_count(); i++)
            if (hb_algo_at(i) == a)
                return (int)i;
    return -1;
}

/* A list of sizes (the top level's, or an algorithm's own): increasing,
 * positive, each one a size_t holds (on 32-bit targets 4 GiB + 1 KiB would
 * otherwise be read as 1 KiB), at most HB_PROFILE_MAX_SIZES.  Returns the
 * count, or -1. */
static int read_sizes(json_t *list, size_t out[HB_PROFILE_MAX_SIZES])
{
    json_t *s;
    size_t i;
    if (!json_is_array(list) || json_array_size(list) > HB_PROFILE_MAX_SIZES)
        return -1;
    json_array_foreach(list, i, s) {
        if (!json_is_integer(s) || json_integer_value(s) <= 0 ||
            (unsigned long long)(size_t)json_integer_value(s) != (unsigned long long)json_integer_value(s) ||
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
static const char *read_algo(const reason_buf *d, json_t *e, hb_profile *p)
{
    json_t *id = json_is_object(e) ? json_object_get(e, "id") : e;
    const hb_algo *a;
    hb_profile_algo *pa;
    char name[64];
    int k, n_sizes;
    if (!json_is_string(id))
        return "an algorithm entry without an id";
    if ((k = find_algo(id, name, sizeof name)) < 0) {
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
        if ((n_sizes = read_sizes(json_object_get(e, "sizes"), own)) > 0) {
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
 * people (the key pins the ranks: it is hb_impl_pick's with HB_NO_SIZE).  Returns NULL,
 * or what is wrong with it. */
static const char *read_override(const reason_buf *d, json_t *e, hb_profile *p)
{
    json_t *size = json_object_get(e, "size"), *pick = json_object_get(e, "pick");
    const hb_algo *a;
    const hb_impl *impl;
    hb_profile_algo *pa;
    char name[64];
    unsigned k;
    int index;
    long long at;
    if (!json_is_object(e) || !json_is_string(json_object_get(e, "algorithm")) || !json_is_integer(size) ||
        !json_is_string(pick))
        return "an override without an algorithm, a size and a pick";
    at = (long long)json_integer_value(size);
    if ((index = find_algo(json_object_get(e, "algorithm"), name, sizeof name)) < 0) {
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
    if (string_of(pick, name, sizeof name) < 0 || !(impl = hb_impl_find(a, name))) {
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
    return NULL;
}

/* *other_build is set when the profile is this machine's by another build
 * (a rebuild's stale profile: hb_profile_key_other_build), whatever its
 * format version, so that a caller can say so quietly. */
static const char *read_profile(const reason_buf *d, json_t *root, hb_profile *p, const hb_profile_key *expect,
                                int *other_build)
{
    int key_read;
    json_t *version = json_object_get(root, "format_version"), *format = json_object_get(root, "format");
    json_t *list, *e;
    const char *bad;
    int n_sizes;
    size_t i;
    if (!json_is_string(format) || strcmp(json_string_value(format), "hashbench-profile") != 0 ||
        !json_is_integer(version))
        return "not a hashbench profile";
    /* the key before the format version: another build's profile is stale
     * whichever version that build wrote */
    key_read = read_key(json_object_get(root, "key"), &p->key) == 0;
    if (key_read && (bad = hb_profile_key_differs(&p->key, expect)) != NULL) {
        *other_build = hb_profile_key_other_build(&p->key, expect);
        snprintf(d->buf, d->n, "made for another machine or build (the %s differs)", bad);
        return d->buf;
    }
    if (json_integer_value(version) != FORMAT_VERSION) {
        snprintf(d->buf, d->n, "a profile of format version %lld, this build reads %d",
                 (long long)json_integer_value(version), FORMAT_VERSION);
        return d->buf;
    }
    if (!key_read)
        return "its key is missing or malformed";
    if ((n_sizes = read_sizes(json_object_get(root, "sizes"), p->sizes)) < 0) {
        snprintf(d->buf, d->n, "its sizes are missing, do not increase, are past what this build addresses, "
                               "or are more than %d", HB_PROFILE_MAX_SIZES);
        return d->buf;
    }
    p->n_sizes = (unsigned)n_sizes;
    if (!json_is_array(list = json_object_get(root, "algorithms")))
        return "it has no algorithms";
    json_array_foreach(list, i, e)
        if ((bad = read_algo(d, e, p)) != NULL)
            return bad;
    if (!json_is_array(list = json_object_get(root, "overrides")))
        return "it has no overrides list";
    json_array_foreach(list, i, e)
        if ((bad = read_override(d, e, p)) != NULL)
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
    hb_hash(hb_impl_pick(sha, HB_NO_SIZE), text, len, dg);
    for (i = 0; i < 8; i++)
        snprintf(out + 2 * i, 3, "%02x", dg[i]);
}

static hb_profile *parse(const char *text, size_t len, const hb_profile_key *expect, hb_profile_refusal *refusal,
                         char *why, size_t n)
{
    int other_build = 0;
    json_error_t err;
    json_t *root;
    hb_profile *p;
    const char *bad;
    char buf[200];
    reason_buf d;

    p = calloc(1, sizeof *p);
    if (!p || !(p->algos = calloc(hb_algo_count(), sizeof *p->algos)))
        return refuse(p, why, n, "out of memory");
    p->n_algos = hb_algo_count();
    root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &err);
    if (!root)
        return refuse(p, why, n, "not valid JSON (line %d: %.80s)", err.line, err.text);
    d.buf = buf;
    d.n = sizeof buf;
    bad = !json_is_object(root) ? "not a hashbench profile" : read_profile(&d, root, p, expect, &other_build);
    json_decref(root);
    if (bad) {
        if (refusal && other_build)
            *refusal = HB_PROFILE_OTHER_BUILD;
        return refuse(p, why, n, "%s", bad);
    }
    /* the id is made when asked (hb_profile_id): `sum` never asks */
    if (!(p->source = malloc(sizeof *p->source + len)))
        return refuse(p, why, n, "out of memory");
    p->source->id[0] = 0;
    p->source->len = len;
    memcpy(p->source->text, text, len);
    return p;
}

hb_profile *hb_profile_parse(const char *text, size_t len, const hb_profile_key *expect, char *why, size_t n)
{
    return parse(text, len, expect, NULL, why, n);
}

static const char *file_kind(mode_t m)
{
    return S_ISFIFO(m) ? "a FIFO" : S_ISDIR(m) ? "a directory" : S_ISCHR(m) ? "a character device"
         : S_ISBLK(m) ? "a block device" : S_ISSOCK(m) ? "a socket" : "a special file";
}

/* The whole file at path in a new buffer (*len bytes), or NULL with the
 * reason in why and errno's ENOENT as HB_PROFILE_MISSING in *refusal.  A
 * profile is a regular file: a FIFO put in its place would block every
 * command at its first pick (open waits for a writer, read for data), so
 * the open does not wait (O_NONBLOCK) and anything but a regular file is
 * refused before it is read. */
static char *read_file(const char *path, size_t *len, hb_profile_refusal *refusal, char *why, size_t n)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY), failed = 0;
    struct stat st;
    char *text;
    size_t cap;
    if (fd < 0) {
        if (refusal && errno == ENOENT)
            *refusal = HB_PROFILE_MISSING;
        snprintf(why, n, "cannot be read: %s", strerror(errno));
        return NULL;
    }
    if (fstat(fd, &st) != 0)
        snprintf(why, n, "cannot be read: %s", strerror(errno));
    else if (!S_ISREG(st.st_mode))
        snprintf(why, n, "%s, not a regular file", file_kind(st.st_mode));
    else
        why[0] = 0;
    if (why[0]) {
        close(fd);
        return NULL;
    }
    /* the size fstat gave, and one byte more to see the end (or growth) */
    cap = st.st_size > 0 && (unsigned long long)st.st_size < MAX_PROFILE_BYTES ? (size_t)st.st_size + 1 : 4096;
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

hb_profile *hb_profile_load(const char *path, const hb_profile_key *expect, hb_profile_refusal *refusal,
                            char *why, size_t n)
{
    size_t len = 0;
    char *text;
    hb_profile *p;
    if (refusal)
        *refusal = HB_PROFILE_REFUSED;
    if (!(text = read_file(path, &len, refusal, why, n)))
        return NULL;
    p = parse(text, len, expect, refusal, why, n);
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

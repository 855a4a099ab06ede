/* Helpers shared by the hashbench subcommands: resolving the algorithm and
 * implementation names users type (JSON: src/record/json.c). */
#include <string.h>
#include "cli/profile_use.h"
#include "cli/util.h"

static void list_algos(void)
{
    unsigned i;
    fprintf(stderr, "valid algorithms:");
    for (i = 0; i < hb_algo_count(); i++)
        fprintf(stderr, "%s%s", i % 10 ? " " : "\n  ", hb_algo_at(i)->id);
    fprintf(stderr, "\n");
}

static void list_impls(const hb_algo *algo)
{
    unsigned i;
    fprintf(stderr, "implementations of %s:", algo->id);
    for (i = 0; i < hb_impl_count(algo); i++)
        fprintf(stderr, " %s%s", hb_impl_at(algo, i)->name,
                hb_impl_available(hb_impl_at(algo, i)) ? "" : " (not on this CPU)");
    fprintf(stderr, "; or best, all, peers\n");
}

const hb_algo *hb_cli_algo(const char *id)
{
    const hb_algo *a = hb_algo_find(id);
    if (!a) {
        fprintf(stderr, "hashbench: unknown algorithm '%s'\n", id);
        list_algos();
    }
    return a;
}

const hb_impl *hb_cli_impl(const hb_algo *algo, const char *name)
{
    const hb_impl *impl;
    if (strcmp(name, "best") == 0)
        return hb_impl_pick(algo, HB_NO_SIZE);
    impl = hb_impl_find(algo, name);
    if (!impl) {
        fprintf(stderr, "hashbench: %s has no implementation '%s'\n", algo->id, name);
        list_impls(algo);
        return NULL;
    }
    if (!hb_impl_available(impl)) {
        fprintf(stderr, "hashbench: implementation '%s' of %s needs CPU features this machine lacks\n",
                name, algo->id);
        list_impls(algo);
        return NULL;
    }
    return impl;
}

static int add_impl(const hb_impl **out, unsigned *n, unsigned max, const hb_impl *impl)
{
    unsigned i;
    for (i = 0; i < *n; i++)
        if (out[i] == impl)
            return 0;
    if (*n >= max)
        return -1;
    out[(*n)++] = impl;
    return 0;
}

/* Is `name` an implementation name of any algorithm? (so that "fast" or
 * "shani" is not a typo just because this algorithm lacks it) */
static int known_anywhere(const char *name)
{
    unsigned i;
    for (i = 0; i < hb_algo_count(); i++)
        if (hb_impl_find(hb_algo_at(i), name))
            return 1;
    return 0;
}

int hb_cli_impls(const hb_algo *algo, const char *spec, int lenient,
                 const hb_impl **out, unsigned max)
{
    return hb_cli_impls_at(algo, spec, lenient, HB_NO_SIZE, out, max);
}

int hb_cli_impls_at(const hb_algo *algo, const char *spec, int lenient, size_t size,
                    const hb_impl **out, unsigned max)
{
    unsigned n = 0, i;
    const char *p = spec;
    while (*p) {
        char name[32];
        size_t len = strcspn(p, ",");
        if (len == 0 || len >= sizeof name) {
            fprintf(stderr, "hashbench: bad implementation list '%s'\n", spec);
            return -1;
        }
        memcpy(name, p, len);
        name[len] = 0;
        p += len + (p[len] == ',');
        if (strcmp(name, "all") == 0) {
            for (i = 0; i < hb_impl_count(algo); i++)
                if (hb_impl_available(hb_impl_at(algo, i)))
                    add_impl(out, &n, max, hb_impl_at(algo, i));
        } else if (strcmp(name, "best") == 0) {
            /* this machine's profile where it has one (cli/profile_use.h) */
            add_impl(out, &n, max, hb_impl_pick(algo, size));
        } else if (strcmp(name, "peers") == 0) {
            /* every library measured beside hashbench (src/peers/): those
             * the dispatcher never picks, ranked below 0; none is fine */
            for (i = 0; i < hb_impl_count(algo); i++)
                if (hb_impl_rank(algo, hb_impl_at(algo, i)) < 0 && hb_impl_available(hb_impl_at(algo, i)))
                    add_impl(out, &n, max, hb_impl_at(algo, i));
        } else {
            const hb_impl *impl = hb_impl_find(algo, name);
            if (!impl && lenient && known_anywhere(name))
                continue;
            if (impl && lenient && !hb_impl_available(impl))
                continue;
            impl = hb_cli_impl(algo, name);
            if (!impl)
                return -1;
            add_impl(out, &n, max, impl);
        }
    }
    return (int)n;
}

int hb_cli_algos(const char *spec, const hb_algo **out, unsigned max)
{
    unsigned n = 0, i;
    const char *p;
    if (!spec) {
        for (i = 0; i < hb_algo_count() && i < max; i++)
            out[n++] = hb_algo_at(i);
        return (int)n;
    }
    p = spec;
    while (*p) {
        char id[40];
        size_t len = strcspn(p, ",");
        const hb_algo *a;
        if (len == 0 || len >= sizeof id) {
            fprintf(stderr, "hashbench: bad algorithm list '%s'\n", spec);
            return -1;
        }
        memcpy(id, p, len);
        id[len] = 0;
        p += len + (p[len] == ',');
        if (strcmp(id, "all") == 0)
            return hb_cli_algos(NULL, out, max);
        a = hb_cli_algo(id);
        if (!a)
            return -1;
        for (i = 0; i < n && out[i] != a; i++)
            ;
        if (i == n && n < max)
            out[n++] = a;
    }
    if (n == 0) {
        fprintf(stderr, "hashbench: empty algorithm list\n");
        return -1;
    }
    return (int)n;
}

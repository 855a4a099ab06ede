/* Fuzz target: the profile's loader (src/profile/profile_load.c, jansson
 * underneath), which every `sum` and `bench` start runs on a file in the
 * user's cache.
 *
 * The input is the file's text.  The loader is asked to check it against
 * the key the text itself holds (read with jansson), so that inputs past
 * the key check reach the algorithms, sizes and overrides.  Checked beyond
 * "no crash":
 *   - a text jansson refuses is refused by the loader, as not valid JSON;
 *   - a refused text always comes with a reason;
 *   - a profile the loader accepts, put in use, makes the one pick
 *     (hb_impl_pick) give at any size an implementation of the algorithm
 *     that this CPU runs and that is not a peer, its override wherever it
 *     has one that may be picked here; each algorithm it covers has
 *     increasing sizes. */
// fuzz-sources: src/profile/profile_load.c src/profile/profile_pick.c src/profile/profile_key.c
// fuzz-options: -max_len=8192
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "impl_rows.h"          /* hb_impl_pickable */
#include "profile/profile.h"

static void fail(const char *what)
{
    fprintf(stderr, "fuzz_profile: %s\n", what);
    abort();
}

static void copy_str(json_t *s, char *out, size_t n)
{
    if (json_is_string(s) && json_string_length(s) < n)
        memcpy(out, json_string_value(s), json_string_length(s) + 1);
}

/* The key the text holds, where it holds one (else a key nothing equals). */
static void key_of(json_t *root, hb_profile_key *k)
{
    json_t *key = json_object_get(root, "key");
    memset(k, 0, sizeof *k);
    copy_str(json_object_get(key, "cpu_vendor"), k->cpu_vendor, sizeof k->cpu_vendor);
    copy_str(json_object_get(key, "cpu_family"), k->cpu_family, sizeof k->cpu_family);
    copy_str(json_object_get(key, "cpu_model"), k->cpu_model, sizeof k->cpu_model);
    copy_str(json_object_get(key, "cpu_stepping"), k->cpu_stepping, sizeof k->cpu_stepping);
    copy_str(json_object_get(key, "cpu_microcode"), k->cpu_microcode, sizeof k->cpu_microcode);
    copy_str(json_object_get(key, "features"), k->features, sizeof k->features);
    copy_str(json_object_get(key, "cpu_tuning"), k->cpu_tuning, sizeof k->cpu_tuning);
    copy_str(json_object_get(key, "build"), k->build, sizeof k->build);
}

static void check_profile(const hb_profile *p)
{
    static const size_t probes[] = { 0, 1, 63, 64, 100, 1000, 4096, 65536, 1u << 20, (size_t)-1 };
    unsigned a, i, n;
    for (a = 0; a < hb_algo_count(); a++) {
        const hb_algo *algo = hb_algo_at(a);
        const size_t *sizes = hb_profile_sizes(p, algo, &n);
        for (i = 1; sizes && i < n; i++)
            if (sizes[i] <= sizes[i - 1])
                fail("sizes that do not increase");
        for (i = 0; i < sizeof probes / sizeof probes[0]; i++) {
            const hb_impl *impl = hb_impl_pick(algo, probes[i]);
            const hb_impl *choice = hb_profile_choice(p, algo, probes[i]);
            if (!impl || !hb_impl_available(impl) || hb_impl_rank(algo, impl) < 0)
                fail("a pick that is not one of this CPU's own implementations");
            if (choice && !sizes)
                fail("an override where the profile covers nothing");
            if (choice && probes[i] != HB_NO_SIZE && hb_impl_pickable(algo, choice) && impl != choice)
                fail("a profile in use whose override is not the pick");
        }
    }
    if (strlen(hb_profile_id(p)) != 16)
        fail("an id that is not 16 hex digits");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    json_error_t err;
    json_t *root = json_loadb(text, size, JSON_REJECT_DUPLICATES, &err);
    hb_profile_key key;
    hb_profile *p;
    char why[300] = "";
    if (!root) {
        if ((p = hb_profile_parse(text, size, NULL, why, sizeof why)) != NULL || strncmp(why, "not valid JSON", 14))
            fail("the loader took what jansson refused");
        return 0;
    }
    key_of(root, &key);
    json_decref(root);
    p = hb_profile_parse(text, size, &key, why, sizeof why);
    if (!p && !why[0])
        fail("a refused profile without a reason");
    if (p) {
        hb_profile_use(p);          /* the one pick asks it, as in sum and bench */
        check_profile(p);
        hb_profile_use(NULL);
    }
    hb_profile_free(p);
    return 0;
}

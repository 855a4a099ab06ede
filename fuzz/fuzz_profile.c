/* Fuzz target: the profile's JSON reader (src/profile/profile_json.c) and
 * loader (src/profile/profile_load.c), which every `sum` and `bench` start
 * runs on a file in the user's cache.
 *
 * The input is the file's text.  The loader is asked to check it against
 * the key the text itself holds (read with the reader), so that inputs
 * past the key check reach the algorithms, sizes and overrides.  Checked
 * beyond "no crash":
 *   - an accepted text's nodes are consistent: each value's subtree ends
 *     within its parent's, an array's or object's children add up to its
 *     count, every string lies inside the text and decodes to no more
 *     bytes than it is written in, with no NUL;
 *   - reading the same text twice gives the same nodes;
 *   - a text the reader refuses is refused by the loader, with a reason;
 *   - a profile the loader accepts picks, at any size, an implementation of
 *     the algorithm that this CPU runs and that is not a peer, and each
 *     algorithm it covers has increasing sizes. */
// fuzz-sources: src/profile/profile_json.c src/profile/profile_load.c src/profile/profile_pick.c src/profile/profile_key.c
// fuzz-options: -max_len=8192
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "profile/profile.h"
#include "profile/profile_json.h"

static void fail(const char *what)
{
    fprintf(stderr, "fuzz_profile: %s\n", what);
    abort();
}

/* The subtree at nodes[i]: its end (nodes[i].next), checked against its
 * children. */
static unsigned check_node(const hb_jr_doc *d, unsigned i, const char *text, size_t size)
{
    const hb_jr_node *n = &d->nodes[i];
    unsigned k, c, end = n->next;
    if (end <= i || end > d->n)
        fail("a subtree that ends before its node or past the nodes");
    if (n->text < text || n->text + n->len > text + size)
        fail("a node's text outside the input");
    if (n->type == HB_JR_STRING) {
        char *out = malloc(4 * n->len + 1);
        int len;
        if (!out)
            abort();
        len = hb_jr_string(n, out, 4 * n->len + 1);
        if (len < 0 || (size_t)len > n->len || memchr(out, 0, (size_t)len))
            fail("a string that does not decode");
        free(out);
    }
    if (n->type != HB_JR_ARRAY && n->type != HB_JR_OBJECT) {
        if (end != i + 1)
            fail("a scalar with children");
        return end;
    }
    for (k = 0, c = i + 1; k < n->count * (n->type == HB_JR_OBJECT ? 2u : 1u); k++) {
        if (n->type == HB_JR_OBJECT && k % 2 == 0 && d->nodes[c].type != HB_JR_STRING)
            fail("an object key that is not a string");
        c = check_node(d, c, text, size);
    }
    if (c != end)
        fail("children that do not add up to their parent");
    return end;
}

/* The key the text holds, where it holds one (else a key nothing equals). */
static void key_of(const hb_jr_doc *d, hb_profile_key *k)
{
    const hb_jr_node *key = hb_jr_get(d, &d->nodes[0], "key");
    memset(k, 0, sizeof *k);
    hb_jr_string(hb_jr_get(d, key, "cpu_vendor"), k->cpu_vendor, sizeof k->cpu_vendor);
    hb_jr_string(hb_jr_get(d, key, "cpu_family"), k->cpu_family, sizeof k->cpu_family);
    hb_jr_string(hb_jr_get(d, key, "cpu_model"), k->cpu_model, sizeof k->cpu_model);
    hb_jr_string(hb_jr_get(d, key, "cpu_stepping"), k->cpu_stepping, sizeof k->cpu_stepping);
    hb_jr_string(hb_jr_get(d, key, "cpu_microcode"), k->cpu_microcode, sizeof k->cpu_microcode);
    hb_jr_string(hb_jr_get(d, key, "features"), k->features, sizeof k->features);
    hb_jr_string(hb_jr_get(d, key, "cpu_tuning"), k->cpu_tuning, sizeof k->cpu_tuning);
    hb_jr_string(hb_jr_get(d, key, "build"), k->build, sizeof k->build);
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
            const hb_impl *impl = hb_impl_best_for_size(p, algo, probes[i]);
            if (!impl || !hb_impl_available(impl) || hb_impl_rank(algo, impl) < 0)
                fail("a pick that is not one of this CPU's own implementations");
            if (!hb_profile_pick(p, algo, probes[i]) != !sizes)
                fail("a pick where the profile covers nothing, or none where it does");
        }
    }
    if (strlen(hb_profile_id(p)) != 16)
        fail("an id that is not 16 hex digits");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    hb_jr_doc doc, again;
    hb_profile_key key;
    hb_profile *p;
    char why[300] = "", why2[300] = "";
    int line, line2, rc = hb_jr_parse(text, size, &doc, &line, why, sizeof why);
    if (hb_jr_parse(text, size, &again, &line2, why2, sizeof why2) != rc)
        fail("two readings disagree");
    if (rc != 0) {
        if (!why[0] || strcmp(why, why2) != 0 || line != line2 || line < 1)
            fail("a refusal without a reason, or a different one the second time");
        hb_jr_free(&doc);
        hb_jr_free(&again);
        if ((p = hb_profile_parse(text, size, NULL, why, sizeof why)) != NULL || strncmp(why, "not valid JSON", 14))
            fail("the loader took what the reader refused");
        return 0;
    }
    if (doc.n == 0 || check_node(&doc, 0, text, size) != doc.n)
        fail("the nodes do not make one value");
    if (again.n != doc.n || memcmp(again.nodes, doc.nodes, doc.n * sizeof doc.nodes[0]) != 0)
        fail("two readings give different nodes");
    key_of(&doc, &key);
    hb_jr_free(&doc);
    hb_jr_free(&again);
    p = hb_profile_parse(text, size, &key, why, sizeof why);
    if (!p && !why[0])
        fail("a refused profile without a reason");
    if (p)
        check_profile(p);
    hb_profile_free(p);
    return 0;
}

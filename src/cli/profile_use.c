/* The profile as the commands use it (see profile_use.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "cli/names.h"
#include "cli/profile_use.h"
#include "cli/util.h"
#include "impl_rows.h"          /* hb_impl_set_pick_hook */

static int off_by_option;
static int stale_quiet;
static int loaded;
static hb_profile *profile;
static char path[4096];
static char state[4600];

/* The hook of the one pick (hb_impl_pick) until the profile is loaded:
 * the first pick for a size loads it, which puts it in use (or none), as
 * the commands that never pick by size never read it. */
static const hb_impl *load_then_ask(const hb_algo *algo, size_t size)
{
    const hb_profile *p = hb_cli_profile();
    return p ? hb_profile_choice(p, algo, size) : NULL;
}

void hb_cli_profile_args(int *argc, char **argv)
{
    int i, j;
    hb_impl_set_pick_hook(load_then_ask);
    for (i = 1, j = 1; i < *argc; i++) {
        if (strcmp(argv[i], "--") == 0) {
            while (i < *argc)
                argv[j++] = argv[i++];
            break;
        }
        if (strcmp(argv[i], "--no-profile") == 0)
            off_by_option = 1;
        else
            argv[j++] = argv[i];
    }
    argv[j] = NULL;
    *argc = j;
}

int hb_cli_profile_off(void)
{
    const char *env = getenv("HB_NO_PROFILE");
    return off_by_option || (env && *env && strcmp(env, "0") != 0);
}

static int make_dirs(char *dir)
{
    char *p;
    for (p = dir + 1; *p; p++)
        if (*p == '/') {
            *p = 0;
            if (mkdir(dir, 0755) != 0 && errno != EEXIST) {
                *p = '/';
                return -1;
            }
            *p = '/';
        }
    return mkdir(dir, 0755) != 0 && errno != EEXIST ? -1 : 0;
}

/* This machine's key, made once per process: it reads /proc/cpuinfo (the
 * kernel formats it anew at each read) and the build id, and both the
 * profile's path and its check need it. */
static const hb_profile_key *key_here(void)
{
    static hb_profile_key key;
    static int made;
    if (!made) {
        hb_profile_key_here(&key);
        made = 1;
    }
    return &key;
}

int hb_cli_profile_path(char *buf, size_t size, int make_dir)
{
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    char dir[4000], name[17];
    /* the XDG base directory rule: a relative XDG_CACHE_HOME is ignored */
    if (xdg && xdg[0] == '/')
        snprintf(dir, sizeof dir, "%s/hashbench", xdg);
    else if (home && home[0])
        snprintf(dir, sizeof dir, "%s/.cache/hashbench", home);
    else {
        fprintf(stderr, "hashbench: neither XDG_CACHE_HOME nor HOME is set: no place for the profile\n");
        return -1;
    }
    if (make_dir && make_dirs(dir) != 0) {
        fprintf(stderr, "hashbench: cannot create %s: %s\n", dir, strerror(errno));
        return -1;
    }
    hb_profile_key_name(key_here(), name);
    if ((size_t)snprintf(buf, size, "%s/profile-%s.json", dir, name) >= size) {
        fprintf(stderr, "hashbench: the profile's path is too long\n");
        return -1;
    }
    return 0;
}

void hb_cli_profile_stale_quiet(void)
{
    stale_quiet = 1;
}

const hb_profile *hb_cli_profile(void)
{
    char why[400] = "";         /* read below even when the load succeeds */
    hb_profile_refusal refusal = HB_PROFILE_REFUSED;
    if (loaded)
        return profile;
    loaded = 1;
    hb_profile_use(NULL);       /* the static ranks, unless the load below succeeds */
    if (hb_cli_profile_off()) {
        snprintf(state, sizeof state, "off (%s): the static ranks",
                 off_by_option ? "--no-profile" : "HB_NO_PROFILE");
        return NULL;
    }
    if (hb_cli_profile_path(path, sizeof path, 0) != 0) {
        snprintf(state, sizeof state, "none (no cache folder): the static ranks");
        return NULL;
    }
    profile = hb_profile_load(path, key_here(), &refusal, why, sizeof why);
    hb_profile_use(profile);
    {
        /* the reason may quote the file's bytes (a parse error): one line, printable */
        unsigned char *c;
        for (c = (unsigned char *)why; *c; c++)
            if (*c < 0x20 || *c >= 0x7f)
                *c = '?';
    }
    if (profile)
        ;                           /* hb_cli_profile_state names it, when asked: its id costs a hash */
    else if (refusal == HB_PROFILE_MISSING)
        snprintf(state, sizeof state, "none for this machine (hashbench tune makes %s): the static ranks",
                 hb_shown_name(path));
    else if (refusal == HB_PROFILE_OTHER_BUILD) {
        /* this machine's, by the build before a rebuild: not wrong, only
         * stale, and after every rebuild; a checksum says nothing of it,
         * the commands that show picks say it once */
        snprintf(state, sizeof state, "%s is another build's: the static ranks until hashbench tune measures "
                 "this one", hb_shown_name(path));
        if (!stale_quiet)
            fprintf(stderr, "hashbench: note: the profile %s was made by another build of hashbench: picks follow "
                            "the static ranks until `hashbench tune` measures this one (docs/tune.md)\n",
                    hb_shown_name(path));
    } else {
        snprintf(state, sizeof state, "%s ignored: %s: the static ranks", hb_shown_name(path), why);
        /* the one line a refused profile costs: every command says it alike */
        fprintf(stderr, "hashbench: warning: profile %s ignored: %s; using the static ranks "
                        "(hashbench tune makes a new one; --no-profile or HB_NO_PROFILE=1 silences this)\n",
                hb_shown_name(path), why);
    }
    return profile;
}

int hb_cli_profile_covers(const hb_algo *algo)
{
    unsigned n;
    hb_profile_sizes(hb_cli_profile(), algo, &n);
    return n > 0;
}

const char *hb_cli_profile_state(void)
{
    if (hb_cli_profile() && !state[0])
        snprintf(state, sizeof state, "%s (id %s)", path, hb_profile_id(profile));
    return state;
}

void hb_cli_profile_json(FILE *f)
{
    const hb_profile_key *k;
    if (!loaded || !profile) {
        fprintf(f, "null");
        return;
    }
    k = hb_profile_key_of(profile);
    fprintf(f, "{\"path\": ");
    hb_json_string(f, path);
    fprintf(f, ", \"id\": ");
    hb_json_string(f, hb_profile_id(profile));
    fprintf(f, ", \"cpu\": ");
    {
        char cpu[256];
        snprintf(cpu, sizeof cpu, "%s family %s model %s stepping %s microcode %s", k->cpu_vendor, k->cpu_family,
                 k->cpu_model, k->cpu_stepping, k->cpu_microcode);
        hb_json_string(f, cpu);
    }
    fprintf(f, ", \"features\": ");
    hb_json_string(f, k->features);
    fprintf(f, ", \"cpu_tuning\": ");
    hb_json_string(f, k->cpu_tuning);
    fprintf(f, ", \"build\": ");
    hb_json_string(f, k->build);
    fprintf(f, "}");
}

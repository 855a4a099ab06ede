/* The C peer libraries' module (see c_peers.h). */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "impl_rows.h"
#include "peers/peers.h"
#include "peers/loader/beside_exe.h"
#include "peers/loader/c_peers.h"

#define MODULE "hashbench-peers.so"

static void *module;
static char module_path[4096];
static int loaded = -1;             /* -1: not tried yet */
static const hb_peer_rng *(*module_rng)(void);
static int (*module_isal_masked)(void);

static void to_stderr(void *arg, const char *message)
{
    (void)arg;
    fprintf(stderr, "hashbench: warning: %s\n", message);
}

static int fail(hb_peer_warn_fn warn, void *arg, const char *why)
{
    char buf[600];
    snprintf(buf, sizeof buf, "C peers not measured: %s", why);
    (warn ? warn : to_stderr)(arg, buf);
    if (module)
        dlclose(module);
    module = NULL;
    module_path[0] = 0;
    return loaded = 0;
}

int hb_c_peers_load(hb_peer_warn_fn warn, void *arg)
{
    const char *env = getenv("HB_PEERS_MODULE");
    const hb_impl_row *const *rows;
    char why[600];
    unsigned i;
    if (loaded >= 0)
        return loaded;
    loaded = 0;
    if (env) {
        if (!*env || strcmp(env, "none") == 0)
            return 0;
        snprintf(module_path, sizeof module_path, "%s", env);
    } else if (!hb_peer_beside_exe(MODULE, module_path, sizeof module_path) || access(module_path, F_OK) != 0) {
        module_path[0] = 0;
        return 0;                   /* built without the peer libraries */
    }
    if (!(module = dlopen(module_path, RTLD_NOW | RTLD_LOCAL))) {
        snprintf(why, sizeof why, "cannot load %s%s: %s", module_path, env ? " (HB_PEERS_MODULE)" : "", dlerror());
        return fail(warn, arg, why);
    }
    *(void **)&rows = dlsym(module, "hb_peer_rows");
    *(void **)&module_rng = dlsym(module, "hb_peer_rng_table");
    *(void **)&module_isal_masked = dlsym(module, "hb_peers_isal_masked");
    if (!rows || !module_rng) {
        snprintf(why, sizeof why, "%s is not hashbench's peer module (no hb_peer_rows)", module_path);
        return fail(warn, arg, why);
    }
    for (i = 0; rows[i]; i++)
        if (hb_add_rows(rows[i]) != 0) {
            /* not with src/peers/peers.c's five tables (hb_peer_rows above
             * has room); the rows added stay, and so does the module */
            snprintf(why, sizeof why, "C peers: %s has more tables than the registry has room for: the "
                                      "first %u measured", module_path, i);
            (warn ? warn : to_stderr)(arg, why);
            break;
        }
    return loaded = i > 0;          /* the module stays loaded to the end */
}

const char *hb_c_peers_path(void)
{
    return module_path;
}

/* What the program's other parts ask of the peers (peers/peers.h): the
 * module's answers, loading it first. */
const hb_peer_rng *hb_peer_rng_table(void)
{
    return hb_c_peers_load(NULL, NULL) ? module_rng() : NULL;
}

int hb_peers_isal_masked(void)
{
    return hb_c_peers_load(NULL, NULL) && module_isal_masked ? module_isal_masked() : 0;
}

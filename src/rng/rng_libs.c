/* The peer libraries' generators as hashbench rng sources (rng/
 * rng_source.h): OpenSSL's RAND_bytes and libsodium's randombytes_buf,
 * in the peers' module with the peer libraries (src/peers/peers_rng.c,
 * hb_peer_rng_table loads it: src/peers/loader/c_peers.c); without them
 * the sources are listed as skipped, with the reason. */
#include <stdio.h>
#include <string.h>
#include "rng/rng_source.h"
#include "peers/peers.h"

static const hb_peer_rng *find(const char *id)
{
    const hb_peer_rng *p;
    for (p = hb_peer_rng_table(); p && p->id; p++)
        if (strcmp(p->id, id) == 0)
            return p;
    return NULL;
}

unsigned hb_rng_lib_count(void)
{
    unsigned n = 0;
    const hb_peer_rng *p;
    for (p = hb_peer_rng_table(); p && p->id; p++)
        n++;
    return n;
}

static int lib_open(hb_rng_source *s, char *why, size_t why_len)
{
    const hb_peer_rng *p = find(s->id);
    if (!p) {
        snprintf(why, why_len, "%s", hb_peer_rng_table() ? "not among the peer libraries built in"
                                                       : "hashbench was built without the peer libraries "
                                                         "(pkg-config found not all of libcrypto, zlib, "
                                                         "libxxhash, libsodium, libisal)");
        return -1;
    }
    snprintf(s->detail, sizeof s->detail, "%s", p->version());
    return 0;
}

static int lib_fill(hb_rng_source *s, uint8_t *buf, size_t n, size_t *got, char *why, size_t why_len)
{
    *got = n;
    return find(s->id)->fill(buf, n, why, why_len);
}

static void lib_close(hb_rng_source *s)
{
    (void)s;
}

const hb_rng_source_ops hb_rng_lib_ops = { lib_open, lib_fill, lib_close };

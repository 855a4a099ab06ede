/* The loaded profile, shared by profile_load.c (which fills it) and
 * profile_pick.c (which reads it).  Not for callers: profile.h. */
#ifndef HB_PROFILE_INTERNAL_H
#define HB_PROFILE_INTERNAL_H

#include "profile/profile.h"

#define HB_PROFILE_MAX_SIZES 32

typedef struct hb_profile_algo {
    const hb_algo *algo;            /* NULL: the profile does not cover it */
    unsigned n_sizes;
    const size_t *sizes;            /* increasing: the profile's (hb_profile.sizes) or its own */
    /* n_sizes, each available and not a peer; NULL where the file has no
     * override: the static ranks' pick (hb_impl_pick), which the key pins,
     * asked when a pick is (it walks the algorithm's rows: 40 of those at
     * every start cost more than the one a command needs) */
    const hb_impl **picks;
} hb_profile_algo;

/* The file's text, for its id (hb_profile_id): made at the first call,
 * through the const profile the callers hold. */
typedef struct hb_profile_source {
    char id[17];                    /* "" until made */
    size_t len;
    char text[];
} hb_profile_source;

struct hb_profile {
    hb_profile_key key;
    unsigned n_algos;               /* hb_algo_count() */
    hb_profile_algo *algos;         /* indexed as hb_algo_at */
    hb_profile_source *source;
    unsigned n_sizes;               /* the sizes every algorithm listed by id was measured at */
    size_t sizes[HB_PROFILE_MAX_SIZES];
};

#endif

/* The loaded profile, shared by profile_load.c (which fills it) and
 * profile_pick.c (which reads it).  Not for callers: profile.h. */
#ifndef HB_PROFILE_INTERNAL_H
#define HB_PROFILE_INTERNAL_H

#include "profile/profile.h"

#define HB_PROFILE_MAX_SIZES 32

typedef struct hb_profile_algo {
    const hb_algo *algo;            /* NULL: the profile does not cover it */
    unsigned n_sizes;
    size_t sizes[HB_PROFILE_MAX_SIZES];         /* increasing */
    const hb_impl *picks[HB_PROFILE_MAX_SIZES]; /* available, not a peer */
} hb_profile_algo;

struct hb_profile {
    hb_profile_key key;
    char id[17];
    unsigned n_algos;               /* hb_algo_count() */
    hb_profile_algo *algos;         /* indexed as hb_algo_at */
};

#endif

/* The profile as the commands use it (src/profile/profile.h is the
 * library): where this machine's profile lives, loading it once and only
 * when a command needs a pick, the one warning when it is refused, and
 * turning it off (--no-profile, HB_NO_PROFILE=1).  docs/tune.md. */
#ifndef HB_CLI_PROFILE_USE_H
#define HB_CLI_PROFILE_USE_H

#include <stdio.h>
#include "profile/profile.h"

/* Takes --no-profile out of argv (up to a "--"), for any command, and
 * hooks the profile into the one pick (hb_impl_pick): the first pick for a
 * size loads it. */
void hb_cli_profile_args(int *argc, char **argv);

/* Is the profile turned off (--no-profile or HB_NO_PROFILE=1)? */
int hb_cli_profile_off(void);

/* This machine's profile path: $XDG_CACHE_HOME/hashbench/profile-KEY.json
 * ($HOME/.cache when XDG_CACHE_HOME is unset).  With make_dir, the folder
 * is created.  0, or -1 with a message on stderr. */
int hb_cli_profile_path(char *buf, size_t size, int make_dir);

/* The profile in force, loaded at the first call; NULL when it is off,
 * absent or refused (refused: one warning line on stderr, once; made on
 * this machine by another build: one note, unless stale_quiet). */
const hb_profile *hb_cli_profile(void);

/* Say nothing of a profile of another build on this machine (the one a
 * rebuild leaves): for the commands that do not show picks (sum, verify)
 * and for tune --check, whose answer says it.  Before the first
 * hb_cli_profile.  A profile of another machine, or a corrupt one, is
 * still refused with its warning. */
void hb_cli_profile_stale_quiet(void);

/* Does the profile in force measure algo?  Then hb_impl_pick's answer for
 * it at any size is the profile's (an override, or the ranks' pick where
 * the profile measured that fastest).  Loads it at the first call. */
int hb_cli_profile_covers(const hb_algo *algo);

/* One line for humans: "PATH (id ...)", or why none is in force. */
const char *hb_cli_profile_state(void);

/* The record's context.profile value: null, or {"path", "id", "key"}. */
void hb_cli_profile_json(FILE *f);

#endif

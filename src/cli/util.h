/* Small helpers shared by the hashbench subcommands. */
#ifndef HB_CLI_UTIL_H
#define HB_CLI_UTIL_H

#include <stdio.h>
#include "text/hex.h"
#include "hashbench.h"
#include "record/json.h"    /* hb_json_string: the one escaper, shared with the console runners */

/* Exit statuses: 0 success, 1 a check failed or a file could not be read,
 * 2 the command line was wrong. */
#define HB_EXIT_OK 0
#define HB_EXIT_FAIL 1
#define HB_EXIT_USAGE 2

#define HB_MAX_IMPLS 16

/* Looks an algorithm up, or prints the valid ids and returns NULL. */
const hb_algo *hb_cli_algo(const char *id);

/* Resolves one implementation name for algo ("best" allowed).  Prints a
 * message listing the valid names and returns NULL when the name is unknown
 * or this CPU cannot run it. */
const hb_impl *hb_cli_impl(const hb_algo *algo, const char *name);

/* Resolves a comma-separated list of implementation names and the words
 * best, portable, fast, all, peers (every peer library's implementation of
 * the algorithm, possibly none).  Unknown names are an error (returns -1 after
 * a message); names this algorithm lacks are skipped when `lenient` (used
 * across many algorithms: "fast" where an algorithm has none). */
int hb_cli_impls(const hb_algo *algo, const char *spec, int lenient,
                 const hb_impl **out, unsigned max);
/* The same for messages of `size` bytes: `best` is this machine's profile's
 * pick for that size where it has one (hb_impl_pick), else the static
 * ranks'; HB_NO_SIZE (hashbench.h): the static ranks' (what hb_cli_impls
 * gives). */
int hb_cli_impls_at(const hb_algo *algo, const char *spec, int lenient, size_t size,
                    const hb_impl **out, unsigned max);

/* Splits a comma-separated list of algorithm ids into algos (all when spec
 * is NULL).  Returns the count, or -1 after a message. */
int hb_cli_algos(const char *spec, const hb_algo **out, unsigned max);

#endif

/* Picks measured on the machine they run on: a profile (hashbench tune
 * writes it) says, for each algorithm and message size, which of this
 * CPU's implementations measured fastest.
 *
 * The library never reads a profile on its own.  As FFTW's wisdom, a
 * program loads one explicitly (hb_profile_load) and puts it in use
 * (hb_profile_use): the one pick, hb_impl_pick, asks it first; a program
 * that loads nothing, or whose profile was refused, gets the static ranks.  A profile is taken
 * only when it was made on this machine by this build: the key below.
 * Anything else about it that is wrong (not JSON, cut short, an algorithm
 * or implementation this build or CPU does not have) refuses the whole
 * file, with the reason in one line for the caller to print: a pick is
 * always one of this CPU's own implementations, never a guess.
 *
 * The file holds the sizes measured and only the picks that are not the
 * static ranks' (format version 2): every start of `sum` and `bench`
 * reads it (jansson; 2 KB, 45-65 us).
 *
 * Host only: the consoles and the cross builds never link it (it writes
 * JSON with jansson).  Schema: docs/schema/profile.schema.json. */
#ifndef HB_PROFILE_H
#define HB_PROFILE_H

#include <stddef.h>
#include <stdio.h>
#include "hashbench.h"

/* What a profile is valid for.  Strings as /proc/cpuinfo spells them. */
typedef struct hb_profile_key {
    char cpu_vendor[64];            /* x86: vendor_id; aarch64: CPU implementer */
    char cpu_family[32];            /* x86: cpu family; aarch64: CPU architecture */
    char cpu_model[32];             /* x86: model; aarch64: CPU part */
    char cpu_stepping[32];          /* x86: stepping; aarch64: rVARIANTpREVISION */
    char cpu_microcode[32];         /* x86: microcode; "unknown" where not shown */
    char features[256];             /* the features the dispatcher sees, after HB_X86_MASK
                                       and --as-cpu: "x86-64 0x000bffff sse2 ssse3 ..." */
    char cpu_tuning[32];            /* hb_arch_tuning_name() */
    char build[160];                /* "VERSION build-id HEX" (the ELF build id of the
                                       running program: it changes whenever the binary does),
                                       or "VERSION revision REV" where there is none */
} hb_profile_key;

/* The key of this machine and of the running program (reads /proc/cpuinfo
 * and the program's own ELF notes, when called). */
void hb_profile_key_here(hb_profile_key *key);

/* 16 hex digits naming the key without its build: the file name of a
 * machine's profile, so that one cache holds the profiles of several CPUs
 * or feature masks, and a rebuild finds (and refuses, saying why) the
 * previous build's. */
void hb_profile_key_name(const hb_profile_key *key, char out[17]);

/* NULL when they match, else the name of the first field that differs. */
const char *hb_profile_key_differs(const hb_profile_key *a, const hb_profile_key *b);
/* Do they match in every field but the build: this machine, another
 * build of hashbench (most often the one before a rebuild)? */
int hb_profile_key_other_build(const hb_profile_key *a, const hb_profile_key *b);

typedef struct hb_profile hb_profile;

/* Why hb_profile_load returned no profile. */
typedef enum hb_profile_refusal {
    HB_PROFILE_REFUSED = 0,         /* not a profile, not a regular file, or not this machine's */
    HB_PROFILE_MISSING,             /* there is none (ENOENT): "no profile yet" */
    HB_PROFILE_OTHER_BUILD          /* this machine's, by another build (hb_profile_key_other_build):
                                       stale after a rebuild rather than wrong */
} hb_profile_refusal;

/* Reads and checks the profile at path against `expect`.  Returns it, or
 * NULL with the reason in why (one line, no newline) and its kind in
 * *refusal (may be NULL): the file cannot be read, is not a regular file
 * (a FIFO there would block the reader: it is never opened for reading),
 * is not a profile, or does not fit. */
hb_profile *hb_profile_load(const char *path, const hb_profile_key *expect, hb_profile_refusal *refusal,
                            char *why, size_t why_size);
/* The same from text in memory (len bytes). */
hb_profile *hb_profile_parse(const char *text, size_t len, const hb_profile_key *expect,
                             char *why, size_t why_size);
void hb_profile_free(hb_profile *p);

/* The profile's identity for records: the first 16 hex digits of the
 * SHA-256 of its text (made at the first call, which one thread makes:
 * `sum` never asks). */
const char *hb_profile_id(const hb_profile *p);
/* Its key (as read: equal to the one it was checked against). */
const hb_profile_key *hb_profile_key_of(const hb_profile *p);

/* The profile's override for algo at a message of `size` bytes: the
 * fastest measured at the measured size nearest to it (by ratio: 300
 * bytes takes 256's pick, 40 KiB takes 64 KiB's), or NULL when p is NULL,
 * does not cover algo, or measured the ranks' pick fastest there.  Not a
 * pick: hb_impl_pick asks it (through hb_profile_use) and refuses one
 * that runs on several threads where this process may use one CPU only
 * (bench --pin, taskset: the profile was measured on more). */
const hb_impl *hb_profile_choice(const hb_profile *p, const hb_algo *algo, size_t size);
/* Makes p the profile hb_impl_pick asks for every size (hashbench.h); NULL:
 * none, the static ranks alone.  p must outlive its use. */
void hb_profile_use(const hb_profile *p);

/* The sizes the profile measured algo at (NULL and 0 when it did not). */
const size_t *hb_profile_sizes(const hb_profile *p, const hb_algo *algo, unsigned *n);

/* ---- writing one (hashbench tune) ---- */

typedef struct hb_profile_out hb_profile_out;

/* A profile under construction for `key`, measured with these settings. */
hb_profile_out *hb_profile_out_new(const hb_profile_key *key, const char *cpu_name, unsigned rounds,
                                   double budget_ms);
/* One measured figure: impl of algo at size ran at median_bps (median of
 * the rounds) and best_bps (its fastest round), spread the rounds'
 * relative spread.  Returns 0, -1 out of memory. */
int hb_profile_out_add(hb_profile_out *o, const hb_algo *algo, size_t size, const hb_impl *impl,
                       double median_bps, double best_bps, double spread);
/* Writes the profile to f (the caller opens it, and replaces the target
 * only once all is written: cli/outfile.h); each algorithm and size's
 * pick is its fastest (by the fastest round: load only ever slows a
 * round down), unless the ranks' pick (hb_impl_pick with HB_NO_SIZE) comes within 3 % of
 * it: then the ranks' (a loaded machine's medians trade places that
 * closely).  The file keeps the picks that are not the ranks' (the
 * overrides); the figures, with every pick, are
 * hb_profile_out_write_figures'.  Returns 0, or -1 out of memory or on a
 * write error (the stream's error flag then says which). */
int hb_profile_out_write(hb_profile_out *o, FILE *f);
/* The figures measured, for the profile at profile_path (its file name is
 * recorded in them), to f: usually hb_profile_figures_path's file. */
int hb_profile_out_write_figures(hb_profile_out *o, FILE *f, const char *profile_path);
void hb_profile_out_free(hb_profile_out *o);
/* Where the figures of the profile at profile_path go: figures-KEY.json
 * beside profile-KEY.json (what was measured, for people and reports; the
 * library never reads it). */
void hb_profile_figures_path(const char *profile_path, char *out, size_t n);

#endif

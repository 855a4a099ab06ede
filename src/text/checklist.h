/* The line format of checksum lists, as sha256sum writes and reads them:
 * "HEX  NAME", "HEX *NAME" (binary), "HEX NAME" (one blank), the BSD form
 * "TAG (NAME) = HEX" (sha256sum --tag), and a leading backslash when NAME
 * is escaped (\\, \n, \r).  Parsing never prints, so that it can be unit
 * tested and fuzzed (fuzz/fuzz_checkline.c); cmd_sum.c reports. */
#ifndef HB_TEXT_CHECKLIST_H
#define HB_TEXT_CHECKLIST_H

#include <stdio.h>
#include "hashbench.h"

typedef enum hb_cl_kind {
    HB_CL_SKIP,        /* blank line, or '#' comment in the first column */
    HB_CL_MALFORMED,   /* not a checksum line of this algorithm */
    HB_CL_ENTRY        /* expected digest and file name */
} hb_cl_kind;

/* How the plain lines of one list separate digest and name.  coreutils
 * decides on the first such line and holds the rest of the list to it, so
 * that "HEX  NAME" and "HEX NAME" cannot be mixed (a name with a leading
 * blank would otherwise be ambiguous).  Start each list with
 * HB_CL_LAYOUT_UNKNOWN. */
#define HB_CL_LAYOUT_UNKNOWN (-1)
#define HB_CL_LAYOUT_STANDARD 0     /* "HEX  NAME" / "HEX *NAME" */
#define HB_CL_LAYOUT_REVERSED 1     /* "HEX NAME" */

typedef struct hb_cl_entry {
    uint8_t digest[HB_MAX_DIGEST];
    char *name;          /* inside the line buffer, unescaped, NUL-terminated; never empty */
    size_t name_len;
    int tagged;          /* the BSD "TAG (NAME) = HEX" form */
    int binary;          /* "HEX *NAME" */
} hb_cl_entry;

/* Parses one line of a list (len bytes, its '\n' included or not) for algo.
 * The line is modified in place: the name is unescaped and terminated, so
 * line[len] must be writable (getline leaves a NUL there).  *layout carries
 * the list's layout from line to line.  Only for HB_CL_ENTRY is *out set. */
hb_cl_kind hb_checklist_parse(char *line, size_t len, const hb_algo *algo, int *layout, hb_cl_entry *out);

/* Does NAME need the escaped form (a backslash, newline or carriage
 * return in it)?  Such a name printed raw could forge a line of output. */
int hb_cl_needs_escape(const char *name);

/* Does NAME break a line (newline or carriage return)?  sha256sum -c
 * escapes a name in its "NAME: OK" output only then (coreutils 9.1 only for
 * a newline; a carriage return can overwrite a line on a terminal too). */
int hb_cl_breaks_line(const char *name);

/* Prints NAME escaped when hb_cl_needs_escape says so (the caller prints
 * the line's leading backslash).  Returns what fputs/putc return: EOF on
 * a write error. */
int hb_cl_print_name(FILE *f, const char *name, int escape);

/* The BSD tag written for algo: coreutils' own ("SHA256", "MD5",
 * "BLAKE2b") where coreutils has the algorithm, else the hashbench id. */
const char *hb_cl_tag(const hb_algo *algo);

/* Writes the list line for digest and name into out (no '\n'): "HEX  NAME"
 * or, when tagged, "TAG (NAME) = HEX", with the leading backslash and
 * escapes when the name needs them.  out must hold hb_cl_line_max(algo,
 * strlen(name)) bytes.  Returns the length written. */
size_t hb_cl_format(char *out, const hb_algo *algo, const uint8_t *digest, const char *name, int tagged);
size_t hb_cl_line_max(const hb_algo *algo, size_t name_len);

#endif

/* Output files that are replaced only once complete: written to a
 * temporary file in the same folder and renamed over the target at the
 * end, so that a failed or interrupted run never leaves a truncated or
 * half-written file where a complete one was. */
#ifndef HB_CLI_OUTFILE_H
#define HB_CLI_OUTFILE_H

#include <stdio.h>

typedef struct hb_outfile {
    FILE *f;
    const char *path;    /* the target, as the user gave it */
    char *final;         /* the path renamed onto (symbolic links resolved) */
    char *tmp;           /* the temporary file; NULL when writing in place */
} hb_outfile;

/* Do a and b name the same file (same path once resolved, or the same
 * device and inode)?  Either may not exist yet. */
int hb_same_output(const char *a, const char *b);

/* Checks that path can be written and creates its temporary file (for a
 * device or FIFO, opens it in place: there is nothing to replace).  Returns
 * 0, or -1 after a message prefixed with who. */
int hb_outfile_open(hb_outfile *o, const char *path, const char *who);

/* Flushes and closes the temporary file and renames it over the target.
 * Returns 0, or -1 after a message (the target then stays as it was). */
int hb_outfile_commit(hb_outfile *o, const char *who);

/* Closes and removes the temporary file; the target stays as it was.
 * Harmless on an outfile that was never opened, or already committed. */
void hb_outfile_abort(hb_outfile *o);

#endif

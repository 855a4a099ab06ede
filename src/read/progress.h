/* A progress bar for the reader (read/read_file.h), on standard error only
 * (standard output holds hashbench sum's digests and nothing else). */
#ifndef HB_READ_PROGRESS_H
#define HB_READ_PROGRESS_H

#include <stdint.h>

typedef enum hb_progress_mode {
    HB_PROGRESS_AUTO = 0,   /* when stderr is a terminal, for an input that takes a while */
    HB_PROGRESS_ON,         /* --progress: always, even into a file or pipe */
    HB_PROGRESS_OFF         /* --no-progress */
} hb_progress_mode;

/* How a file's name is shown: the program's one way for every message
 * (hashbench's cli/names.h, where a crafted name cannot move the cursor) */
typedef const char *(*hb_progress_name_fn)(const char *name);

typedef struct hb_progress {
    hb_progress_mode mode;
    hb_progress_name_fn shown_name; /* NULL: the name as it is */
    int tty;                /* stderr is a terminal */
    int shown;              /* something is drawn on the current line */
    const char *name;
    int64_t total;          /* bytes, or -1 when unknown (a pipe) */
    double start, last;     /* monotonic seconds */
    int width;              /* the line drawn last, in columns */
} hb_progress;

void hb_progress_init(hb_progress *p, hb_progress_mode mode, hb_progress_name_fn shown_name);
/* a new input: total bytes, or -1 when not known */
void hb_progress_begin(hb_progress *p, const char *name, int64_t total);
/* bytes done so far; cheap enough to call for every buffer */
void hb_progress_update(hb_progress *p, uint64_t done);
/* the input is finished (or failed): the bar's line is cleared on a
 * terminal; a forced bar elsewhere ends with its last state and a newline */
void hb_progress_end(hb_progress *p, uint64_t done);

/* monotonic seconds, for the reader's timing too */
double hb_progress_now(void);

#endif

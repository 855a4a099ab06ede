/* What the N64 ROM sends through the IS-Viewer port, read line by line
 * (the lines: platforms/n64/n64_isv.h): a host copy of the results block,
 * the passes sent, the screenshots (written as PNG), the markers a runner
 * acts on.  For both N64 back-ends: backend_mupen64plus.c (mupen64plus
 * hands it the port's lines through its debug callback) and
 * backend_cen64.c (cen64 prints them). */
#ifndef N64_ISV_READER_H
#define N64_ISV_READER_H

#include <stddef.h>
#include <stdint.h>
#include "record/block.h"

/* the values of HB TIMER, in its order (platforms/n64/n64_isv.h) */
enum {
    ISV_TIMER_KIND, ISV_TIMER_CYCLES_PER_TICK, ISV_TIMER_FIELDS, ISV_TIMER_FIELD_TICKS, ISV_TIMER_FIELD_MHZ,
    ISV_TIMER_COUNT_KHZ, ISV_TIMER_LOOP_INSTRUCTIONS, ISV_TIMER_LOOP_TICKS, ISV_TIMER_TV, ISV_TIMER_VALUES
};

typedef struct isv_reader {
    /* the results block's bytes as the ROM sent them */
    uint8_t *mirror;
    size_t mirror_used;
    unsigned long block_address;     /* HB AT */
    unsigned passes_sent;            /* the last HB PASS */
    unsigned run_started;            /* the last HB RUN (0: none yet) */
    unsigned keys_waits;             /* HB KEYS seen */
    int waiting;                     /* the last HB line was HB KEYS: the ROM waits for a button */
    unsigned long lines;             /* HB lines read */
    int ended;                       /* HB END */
    int bad_line;                    /* something did not parse */
    /* screenshots */
    const char *shots_dir;           /* NULL or "": not written */
    const char *tag;                 /* NULL: files named as the ROM names its screens; else
                                      * "-TAG" after the name (the emulator: NN-<view>-TAG.png,
                                      * as tools/retro-run/views.py names every run's shots) */
    char shot_name[64];              /* the one being received ("": none) */
    char last_shot[64];              /* the last one written ("": none yet) */
    uint16_t *shot_px;
    unsigned shot_w, shot_h;
    unsigned long shot_pixels_seen;
    int shots_written, shot_failed, final_written;
    const char *prog;                /* the runner's name, for messages */
    /* HB TIMER: what the ROM found a COUNT tick to be (platforms/n64/n64_timer.h),
     * indexed by ISV_TIMER_* */
    uint32_t timer[ISV_TIMER_VALUES];
    int timer_seen;
} isv_reader;


/* 0, or -1 (out of memory) */
int isv_reader_init(isv_reader *r, const char *prog, const char *shots_dir);
void isv_reader_free(isv_reader *r);

/* What a line was, for a runner that acts on the markers (pressing a key
 * on HB KEYS, stopping on HB END ...); ISV_OTHER is not an HB line. */
typedef enum isv_kind {
    ISV_OTHER = 0, ISV_AT, ISV_BLK, ISV_PASS, ISV_RUN, ISV_KEYS, ISV_SHOT, ISV_FB, ISV_END, ISV_TIMER, ISV_UNKNOWN
} isv_kind;

/* One line of text the port carried.  Lines that do not start "HB " are
 * ignored (ISV_OTHER, 0); an HB line is taken and its kind returned (one
 * that does not parse sets bad_line and says so on stderr).  A screenshot
 * is written once the ROM moves on: at HB SHOT, RUN, KEYS or END. */
isv_kind isv_reader_line(isv_reader *r, const char *line);
/* Ends a screenshot still being received (call once the run is over). */
void isv_reader_flush(isv_reader *r);
/* isv_reader_flush, then the last screenshot written again as final.png (final-TAG.png)
 * unless the ROM sent a "final" itself: for a run the runner stops at a
 * screen of its choosing (nothing when no screenshot was written). */
void isv_reader_final(isv_reader *r);
/* What the ROM's HB TIMER said, for the record's context.console (JSON
 * members: "timer_detection": {...}) and a runner's summary line; both
 * "" when the ROM sent none.  0, or -1 when buf is too small. */
int isv_reader_timer_json(const isv_reader *r, char *buf, size_t len);
int isv_reader_timer_text(const isv_reader *r, char *buf, size_t len);
/* What arrived of the results block, as a memory region (the RDRAM copy
 * the ROM's HB BLK lines filled) for the block reader: returns 1. */
unsigned isv_reader_region(const isv_reader *r, rr_region *out, unsigned max);
/* The block read from that copy is complete: its state done, its pass the
 * last one the ROM said it sent (at least one).  0, or 1 after saying why. */
int isv_reader_complete(const isv_reader *r, const rr_block *b);

#endif

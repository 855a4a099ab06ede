/* The frame script of a frame-stepped back-end (script.c): --at WHEN
 * ACTION and --start-at's press.  runner.c adds the events while it reads
 * the options, asks for the buttons to hold before each frame and fires
 * what is due after it; the script itself calls nothing of runner.c (a
 * screenshot goes through the back-end's own function, r->be). */
#ifndef RETRO_RUN_SCRIPT_H
#define RETRO_RUN_SCRIPT_H

#include "runner.h"

/* one --at WHEN ACTION: 0, or -1 after saying why */
int rr_script_add(rr_run *r, const char *when, const char *action);
/* 1 when an event quits the run */
int rr_script_has_quit(void);
/* the buttons held in the coming frame */
unsigned rr_script_buttons(const rr_run *r);
/* fires what is due after frame r->frames: 1 quit, 0 go on, -1 failed (said why) */
int rr_script_fire(rr_run *r);

#endif

/* The frame script of a frame-stepped back-end (script.h): --at WHEN
 * ACTION, where WHEN is a frame number or doneP+N (N frames after pass P
 * completed) and ACTION presses buttons, takes a screenshot or quits. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "runner_util.h"
#include "script.h"

#define MAX_EVENTS 128

typedef struct event {
    int after_pass;             /* 0: `frame` is absolute; P: frames after pass P completed */
    unsigned long frame;
    enum { EV_PRESS, EV_SHOT, EV_QUIT } kind;
    unsigned buttons, hold;
    const char *path;
    int fired;
} event;

static event events[MAX_EVENTS];
static unsigned n_events, have_quit;
static unsigned press_buttons;
static unsigned long press_until;

static unsigned parse_buttons(const rr_button *names, const char *s)
{
    unsigned bits = 0, i;
    char buf[128], *tok, *save = NULL;
    if (!names)
        return 0;
    snprintf(buf, sizeof buf, "%s", s);
    for (tok = strtok_r(buf, "+", &save); tok; tok = strtok_r(NULL, "+", &save)) {
        for (i = 0; names[i].name && strcmp(tok, names[i].name) != 0; i++)
            ;
        if (!names[i].name)
            return 0;
        bits |= names[i].bits;
    }
    return bits;
}

static void button_names(const rr_button *names, char *out, size_t len)
{
    unsigned i;
    out[0] = 0;
    for (i = 0; names && names[i].name; i++)
        snprintf(out + strlen(out), len - strlen(out), "%s%s", i ? " " : "", names[i].name);
}

int rr_script_add(rr_run *r, const char *when, const char *action)
{
    event *ev;
    unsigned long p, n;
    if (n_events == MAX_EVENTS) {
        fprintf(stderr, "%s: more than %d --at events\n", r->prog, MAX_EVENTS);
        return -1;
    }
    ev = &events[n_events];
    memset(ev, 0, sizeof *ev);
    if (strncmp(when, "done", 4) == 0) {
        char buf[64], *plus;
        snprintf(buf, sizeof buf, "%s", when + 4);
        plus = strchr(buf, '+');
        if (plus)
            *plus = 0;
        if (rr_parse_ulong(buf, &p) || p == 0 || p >= RR_MAX_PASSES || (plus && rr_parse_ulong(plus + 1, &n))) {
            fprintf(stderr, "%s: --at %s: expected doneP+N (P: pass 1..%d, N: frames)\n", r->prog, when,
                    RR_MAX_PASSES - 1);
            return -1;
        }
        ev->after_pass = (int)p;
        ev->frame = plus ? n : 0;
    } else if (rr_parse_ulong(when, &ev->frame)) {
        fprintf(stderr, "%s: --at %s: expected a frame number or doneP+N\n", r->prog, when);
        return -1;
    }
    if (strncmp(action, "press:", 6) == 0) {
        char buf[128], *colon, names[160];
        unsigned long hold = 3;
        snprintf(buf, sizeof buf, "%s", action + 6);
        colon = strchr(buf, ':');
        if (colon) {
            *colon = 0;
            if (rr_parse_ulong(colon + 1, &hold) || hold == 0) {
                fprintf(stderr, "%s: --at ... %s: the hold must be a number of frames\n", r->prog, action);
                return -1;
            }
        }
        ev->kind = EV_PRESS;
        ev->buttons = parse_buttons(r->be->buttons, buf);
        ev->hold = (unsigned)hold;
        if (!ev->buttons) {
            button_names(r->be->buttons, names, sizeof names);
            fprintf(stderr, "%s: --at ... %s: unknown button (%s)\n", r->prog, action, names);
            return -1;
        }
    } else if (strncmp(action, "shot:", 5) == 0 && action[5]) {
        ev->kind = EV_SHOT;
        ev->path = action + 5;
    } else if (strcmp(action, "quit") == 0) {
        ev->kind = EV_QUIT;
        have_quit = 1;
    } else {
        fprintf(stderr, "%s: --at %s %s: the action must be press:BUTTONS, shot:FILE or quit\n", r->prog, when,
                action);
        return -1;
    }
    n_events++;
    return 0;
}

int rr_script_has_quit(void)
{
    return have_quit != 0;
}

unsigned rr_script_buttons(const rr_run *r)
{
    return r->frames < press_until ? press_buttons : 0;
}

int rr_script_fire(rr_run *r)
{
    unsigned e;
    for (e = 0; e < n_events; e++) {
        event *ev = &events[e];
        unsigned long at;
        if (ev->fired)
            continue;
        if (ev->after_pass) {
            if (!r->done_at[ev->after_pass])
                continue;
            at = r->done_at[ev->after_pass] + ev->frame;
        } else {
            at = ev->frame;
        }
        if (r->frames < at)
            continue;
        ev->fired = 1;
        if (ev->kind == EV_PRESS) {
            press_buttons = ev->buttons;
            press_until = r->frames + ev->hold;
        } else if (ev->kind == EV_SHOT) {
            if (!r->be->screenshot) {
                fprintf(stderr, "%s: the %s back-end takes no screenshots (its ROM sends them: --shots)\n",
                        r->prog, r->be->name);
                return -1;
            }
            if (r->be->screenshot(r, ev->path) != 0)
                return -1;
        } else {
            return 1;
        }
    }
    return 0;
}

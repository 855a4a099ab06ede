/* What the runner knows about each console: the facts a results record
 * needs that the ROM's block does not carry (names, CPU, fidelity). */
#ifndef HB_RECORD_CONSOLES_H
#define HB_RECORD_CONSOLES_H

typedef struct rr_platform {
    const char *name;            /* "gba": the results' context.platform */
    unsigned id;                 /* HBT_PLATFORM_* of the block */
    const char *arch;
    const char *cpu_model;
    const char *timing_fidelity; /* schema: cycle-exact, approximate, ... */
    const char *timer_name;
    const char *builds[4];       /* per build number: implementation suffix ("" for none) */
    const char *setting_name;    /* what the header's setting word is, or NULL */
    const char *default_core;    /* core file name under the libretro folder */
    const char *const *core_options; /* {key, value, ..., 0} the cores are given, or NULL */
} rr_platform;

const rr_platform *rr_platform_find(const char *name);
const rr_platform *rr_platform_by_id(unsigned id);
/* the known names, comma-separated (for messages) */
const char *rr_platform_names(void);

#endif

/* The battery's sizes beyond quality.h's two (config.c): the smaller keys
 * of a very slow subject. */
#ifndef HB_QUALITY_CONFIG_H
#define HB_QUALITY_CONFIG_H

#include <stddef.h>
#include "quality/quality.h"

#define HB_Q_SLOW_COST 100.0    /* hb_q_subject.cost from which keys are scaled down */
#define HB_Q_SLOW_SCALE 16u     /* ... by this factor (a power of two) */

/* The factor by which a subject of this cost runs fewer keys (1: none). */
unsigned hb_q_config_scale(double cost);
/* c with scale times fewer keys: log2_keys less log2(scale) (at least 8),
 * the avalanche and seed keys divided (at least 100). */
void hb_q_config_scaled(hb_q_config *out, const hb_q_config *c, unsigned scale);

/* The memory one job (test t on subject s at sizes c) holds at its peak,
 * about: the engine runs no more jobs at once than its budget holds. */
size_t hb_q_job_bytes(const hb_q_test *t, const hb_q_subject *s, const hb_q_config *c);

#endif

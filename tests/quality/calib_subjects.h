/* The calibration's subjects (calib_subjects.c): random oracles, on which
 * every p-value of the battery must be valid, and deliberately weak
 * functions, each of which must fail the tests aimed at its weakness.
 * tests/quality/calibrate.c runs the battery over both. */
#ifndef HB_TESTS_CALIB_SUBJECTS_H
#define HB_TESTS_CALIB_SUBJECTS_H

#include "quality/quality.h"

/* A random oracle: SHA-256 of an 8-byte prefix of its own, the seed (keyed
 * oracles only) and the key, truncated to out_bytes.  Distinct prefixes
 * give functions that behave as independent random functions. */
typedef struct calib_oracle {
    hb_q_subject subject;
    char name[24];
    uint8_t prefix[8];
    const void *impl[2];        /* SHA-256: the pick, and portable */
} calib_oracle;

/* Oracle i of a run: its width cycles through 32, 64, 128 and 256 bits
 * (every width path of the battery: one width, and full + 64 + 32), and
 * every other group of four is keyed with a 4-, 8- or 16-byte seed in
 * turn, so that the seed tests get p-values too.  run_tag goes into the
 * prefix: two runs with different tags use different oracles. */
void calib_oracle_init(calib_oracle *o, unsigned i, uint32_t run_tag);

/* The weak functions, and what each must fail (calibrate.c checks them). */
typedef struct calib_expect {
    const char *test;           /* a test id, "avalanche.sac" */
    unsigned width;             /* 0: at any width the subject is judged */
    const char *why;            /* the weakness that test sees */
} calib_expect;

typedef struct calib_weak {
    const hb_q_subject *subject;
    const char *what;           /* the function, in a few words */
    /* tests it must fail, and tests it must pass (where the weakness is
     * invisible to them: the battery must not fail a function for the
     * wrong reason); each ends with a NULL test */
    const calib_expect *must_fail;
    const calib_expect *must_pass;
} calib_weak;

unsigned calib_weak_count(void);
const calib_weak *calib_weak_at(unsigned i);

#endif

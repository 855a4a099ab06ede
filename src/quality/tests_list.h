/* The battery's tests, defined in tests_*.c and listed by tests.c. */
#ifndef HB_QUALITY_TESTS_LIST_H
#define HB_QUALITY_TESTS_LIST_H

#include "quality/quality.h"

extern const hb_q_test hb_q_test_sanity;
extern const hb_q_test hb_q_test_sac;
extern const hb_q_test hb_q_test_bic;
extern const hb_q_test hb_q_test_sparse;
extern const hb_q_test hb_q_test_cyclic;
extern const hb_q_test hb_q_test_twobyte;
extern const hb_q_test hb_q_test_text;
extern const hb_q_test hb_q_test_zeroes;
extern const hb_q_test hb_q_test_perms;
extern const hb_q_test hb_q_test_window;
extern const hb_q_test hb_q_test_differential;
extern const hb_q_test hb_q_test_seed_avalanche;
extern const hb_q_test hb_q_test_seed_independence;

#endif

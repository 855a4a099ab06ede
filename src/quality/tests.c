/* The battery: its tests in the order the report lists them (quality.h). */
#include <string.h>
#include "quality/tests_list.h"

static const hb_q_test *const battery[] = {
    &hb_q_test_sanity,
    &hb_q_test_sac,
    &hb_q_test_bic,
    &hb_q_test_sparse,
    &hb_q_test_cyclic,
    &hb_q_test_twobyte,
    &hb_q_test_text,
    &hb_q_test_zeroes,
    &hb_q_test_perms,
    &hb_q_test_window,
    &hb_q_test_differential,
    &hb_q_test_seed_avalanche,
    &hb_q_test_seed_independence,
};

unsigned hb_q_test_count(void)
{
    return sizeof battery / sizeof battery[0];
}

const hb_q_test *hb_q_test_at(unsigned i)
{
    return i < hb_q_test_count() ? battery[i] : NULL;
}

const hb_q_test *hb_q_test_find(const char *id)
{
    for (unsigned i = 0; id && i < hb_q_test_count(); i++)
        if (strcmp(battery[i]->id, id) == 0)
            return battery[i];
    return NULL;
}

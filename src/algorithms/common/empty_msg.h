/* The empty message given as (NULL, 0): include/hashbench.h allows it for
 * update and the one-shot functions, and C leaves even NULL + 0 undefined
 * (clang's UBSan reports it, and -fsanitize=undefined builds abort on it).
 * A one-shot whose pointer steps (end = p + len, tail = end - n ...) would
 * start from NULL takes its message through hb_msg_or_empty first: a real
 * (empty) array in place of NULL when there are no bytes, one conditional
 * move.  An update with nothing to add returns before touching the pointer
 * instead (`if (len == 0) return;`). */
#ifndef HASHBENCH_EMPTY_MSG_H
#define HASHBENCH_EMPTY_MSG_H

#include <stddef.h>
#include <stdint.h>

static inline const uint8_t *hb_msg_or_empty(const uint8_t *p, size_t len)
{
    static const uint8_t none[1];
    return len != 0 ? p : none;
}

#endif /* HASHBENCH_EMPTY_MSG_H */

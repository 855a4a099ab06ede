/* The built-in test vectors (tests/vectors) as a C table, for targets that
 * cannot run `hashbench verify`'s text parser (no malloc, no stdio).
 * gen_vectors.c writes the table on the host from the parsed vectors;
 * long generated messages (rep:, seq:, mod251:, workload:, xxhsanity:)
 * stay descriptors that the target expands itself. */
#ifndef HB_CROSS_TABLE_VECTORS_H
#define HB_CROSS_TABLE_VECTORS_H

#include <stdint.h>

enum hb_tv_kind {
    HB_TV_BYTES,        /* data[0..len) */
    HB_TV_REP,          /* data[0..len) repeated count times */
    HB_TV_SEQ,          /* count bytes 00 01 02 ... */
    HB_TV_MOD251,       /* count bytes i mod 251 */
    HB_TV_WORKLOAD,     /* count bytes (i * 31 + 7) & 0xFF */
    HB_TV_XXHSANITY     /* count bytes of xxHash's sanity buffer */
};

typedef struct hb_tv_bytes {
    unsigned char kind;
    const uint8_t *data;
    uint32_t len;
    uint32_t count;
} hb_tv_bytes;

typedef struct hb_tv {
    const char *algo;               /* roster id */
    const char *where;              /* "file.vec:line" */
    hb_tv_bytes msg;
    const uint8_t *key, *salt, *out;
    uint32_t key_len, salt_len, out_len, iterations;
    unsigned char has_key, has_salt, has_iter;
} hb_tv;

extern const hb_tv hb_tv_table[];
extern const unsigned hb_tv_count;
/* A buffer as long as the longest expanded message (at least 1). */
extern uint8_t hb_tv_msgbuf[];
extern const uint32_t hb_tv_msgbuf_len;

#endif

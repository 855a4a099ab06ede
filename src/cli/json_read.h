/* A small JSON reader: enough to read back a results record that another
 * program wrote (the Rust peers, peers/rust), with clear errors on anything
 * malformed.  The whole text becomes a tree of values. */
#ifndef HB_CLI_JSON_READ_H
#define HB_CLI_JSON_READ_H

#include <stddef.h>

typedef enum { HB_JSON_NULL, HB_JSON_BOOL, HB_JSON_NUMBER, HB_JSON_STRING, HB_JSON_ARRAY, HB_JSON_OBJECT } hb_json_kind;

typedef struct hb_json {
    hb_json_kind kind;
    double number;                  /* NUMBER; BOOL: 0 or 1 */
    char *string;                   /* STRING (UTF-8, no NUL inside) */
    struct hb_json *items;          /* ARRAY and OBJECT: n values */
    char **keys;                    /* OBJECT: n keys */
    size_t n;
} hb_json;

/* Parses text (NUL-terminated); NULL with a message in err on bad input. */
hb_json *hb_json_parse(const char *text, char *err, size_t err_len);
void hb_json_free(hb_json *v);

/* The member `key` of an object, or NULL (also when v is not an object). */
const hb_json *hb_json_get(const hb_json *v, const char *key);

#endif

/* The JSON reader of the profile's loader (profile_load.c): RFC 8259,
 * strict (UTF-8 checked, no lone surrogate, no \u0000, integers within
 * 64 bits, as jansson), read into one array of nodes that point into the
 * text.
 *
 * Why not jansson, which writes the profile (profile_write.c): every
 * `hashbench sum` and `bench` start reads the profile, and jansson took
 * 65 us to parse its 2 KB the first time in a process (45 us after, Zen
 * 3), most of what a profile then cost a start; this reads it in 13.  It
 * keeps no values, decodes a string only when asked, and knows nothing
 * of what a profile holds. */
#ifndef HB_PROFILE_JSON_H
#define HB_PROFILE_JSON_H

#include <stddef.h>

typedef enum hb_jr_type {
    HB_JR_NULL, HB_JR_FALSE, HB_JR_TRUE, HB_JR_NUMBER, HB_JR_STRING, HB_JR_ARRAY, HB_JR_OBJECT
} hb_jr_type;

/* One value, in document order: an array's elements follow it, an
 * object's members too, each its key (a STRING) then its value. */
typedef struct hb_jr_node {
    unsigned char type;             /* hb_jr_type */
    unsigned char escaped;          /* STRING: its text holds a backslash */
    unsigned char integer;          /* NUMBER: no fraction, no exponent (value in .value) */
    unsigned count;                 /* ARRAY: elements; OBJECT: members */
    unsigned next;                  /* the node after this one and all it holds */
    long long value;
    const char *text;               /* STRING: between the quotes, undecoded; else the token */
    size_t len;
} hb_jr_node;

typedef struct hb_jr_doc {
    hb_jr_node *nodes;            /* nodes[0]: the document's value */
    unsigned n, cap;
} hb_jr_doc;

/* Reads text[0..len) (one object or array; duplicate keys in an object
 * refused, as jansson's JSON_REJECT_DUPLICATES does, compared as written).
 * 0, or -1 with *line and the reason in why; hb_jr_free either way. */
int hb_jr_parse(const char *text, size_t len, hb_jr_doc *doc, int *line, char *why, size_t why_size);
void hb_jr_free(hb_jr_doc *doc);

/* obj's member `name` (obj an OBJECT), else NULL. */
const hb_jr_node *hb_jr_get(const hb_jr_doc *doc, const hb_jr_node *obj, const char *name);
/* The first element of an ARRAY (count > 0), and the one after e. */
const hb_jr_node *hb_jr_first(const hb_jr_doc *doc, const hb_jr_node *array);
const hb_jr_node *hb_jr_after(const hb_jr_doc *doc, const hb_jr_node *e);

/* A STRING decoded into out (NUL-terminated): its length, or -1 when it
 * is not a string or needs more than n - 1 bytes. */
int hb_jr_string(const hb_jr_node *s, char *out, size_t n);
/* Is s the STRING `want`? */
int hb_jr_is(const hb_jr_node *s, const char *want);

#endif

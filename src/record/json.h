/* The JSON pieces every results record is written with: the one string
 * escaper and the two number forms.  Shared by hashbench (src/cli), the
 * console runners (tools/retro-run) and sim65-record (platforms/nes/sim65),
 * so that a record says the same thing the same way whoever wrote it. */
#ifndef HB_RECORD_JSON_H
#define HB_RECORD_JSON_H

#include <stdio.h>

/* s as a JSON string, quotes included: '"' and '\\' escaped, the control
 * characters below 0x20 as \u00XX; every other byte as it is, so UTF-8
 * text passes through unchanged (JSON text is UTF-8). */
void hb_json_string(FILE *f, const char *s);

/* A measured figure: "%.6g", or null where JSON has no number (NaN,
 * infinity, and magnitudes beyond 1e300, which only a broken clock gives). */
void hb_json_number(FILE *f, double v);

/* A figure that may be a count: whole numbers below 1e15 in full ("%.0f":
 * a tick count of 1234567 stays 1234567, not 1.23457e+06), others as
 * hb_json_number. */
void hb_json_count(FILE *f, double v);

/* The record's opening: '{', the schema's name and its version
 * (docs/schema/results.schema.json), each on its own line. */
#define HB_RECORD_SCHEMA "hashbench-results"
#define HB_RECORD_SCHEMA_VERSION 1
void hb_record_open(FILE *f);

#endif

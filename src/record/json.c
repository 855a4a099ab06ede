/* The JSON pieces of the results record (json.h). */
#include <math.h>
#include "record/json.h"

void hb_json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

void hb_json_number(FILE *f, double v)
{
    if (v != v || v > 1e300 || v < -1e300)
        fputs("null", f);
    else
        fprintf(f, "%.6g", v);
}

void hb_json_count(FILE *f, double v)
{
    if (v == v && v == floor(v) && fabs(v) < 1e15)
        fprintf(f, "%.0f", v);
    else
        hb_json_number(f, v);
}

void hb_record_open(FILE *f)
{
    fprintf(f, "{\n  \"schema\": \"%s\",\n  \"schema_version\": %d,\n", HB_RECORD_SCHEMA, HB_RECORD_SCHEMA_VERSION);
}

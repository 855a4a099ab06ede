/* For the fuzz targets that write a results record (src/record/console_record.c): a small
 * structural check of the JSON text, enough to catch what a fuzzed input
 * could break (an unescaped quote or control character in a string,
 * unbalanced brackets, text after the end, a nan or inf printed as a
 * number).  Not a full JSON parser: the Python tests validate real records
 * against the schema. */
#ifndef FUZZ_JSON_H
#define FUZZ_JSON_H

#include <stddef.h>
#include <string.h>

/* 0 when text[0..len) is one balanced object with well-formed strings;
 * otherwise the offset + 1 of the first problem */
static size_t fuzz_json_problem(const char *text, size_t len)
{
    char stack[64];
    size_t depth = 0, i;
    int in_str = 0, done = 0;
    for (i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        if (in_str) {
            if (c < 0x20)
                return i + 1;                   /* raw control character in a string */
            if (c == '\\') {
                if (i + 1 >= len || !text[i + 1] || !strchr("\"\\/bfnrtu", text[i + 1]))
                    return i + 1;
                i++;
            } else if (c == '"') {
                in_str = 0;
            }
            continue;
        }
        if (done && c != ' ' && c != '\n')
            return i + 1;                       /* text after the top-level value */
        if (c == 'i' || c == 'I' || c == 'N' || (c == 'n' && i + 1 < len && text[i + 1] == 'a'))
            return i + 1;                       /* printf's inf or nan: not JSON */
        if (c == '"') {
            in_str = 1;
        } else if (c == '{' || c == '[') {
            if (depth == sizeof stack)
                return i + 1;
            stack[depth++] = (char)c;
        } else if (c == '}' || c == ']') {
            if (depth == 0 || stack[depth - 1] != (c == '}' ? '{' : '['))
                return i + 1;
            if (--depth == 0)
                done = 1;
        } else if (depth == 0 && c != ' ' && c != '\n') {
            return i + 1;
        }
    }
    return in_str || depth || !done ? len + 1 : 0;
}

#endif

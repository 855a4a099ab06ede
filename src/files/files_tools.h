/* The programs hashbench files times beside `hashbench sum`: which system
 * tool hashes which algorithm, with which options, where it is on PATH, its
 * version, and how to read the digest out of what it prints. */
#ifndef HB_FILES_TOOLS_H
#define HB_FILES_TOOLS_H

#include <stddef.h>
#include "hashbench.h"

#define HB_TOOL_MAX_ARGS 6

typedef struct hb_file_tool {
    const char *algo;               /* hashbench's id of what it hashes */
    const char *label;              /* as the table shows it: "openssl dgst -sha256" */
    const char *program;            /* looked up on PATH; NULL: the running hashbench */
    const char *args[HB_TOOL_MAX_ARGS]; /* before the file name; NULL-terminated */
    const char *package;            /* the Debian package that has it */
    int threads;                    /* 0: the tool's default; else the thread count its options set */
} hb_file_tool;

/* Every tool known for algo, in table order: hashbench sum first.  *n is
 * set to the count; the array is static. */
const hb_file_tool *hb_file_tools(const hb_algo *algo, unsigned *n);

/* Does any system tool hash algo? */
int hb_file_tools_any(const hb_algo *algo);

/* The ids that some system tool hashes, comma-separated (for messages). */
const char *hb_file_tools_algos(void);

/* The algorithms measured when -a is not given. */
#define HB_FILES_DEFAULT_ALGOS "md5,sha1,sha256,sha512,blake3,xxh64,xxh3-64"

/* The full path of program on PATH (an executable regular file), into out.
 * Returns 0, or -1 when it is not there. */
int hb_which(const char *program, char *out, size_t out_len);

/* Reads the digest a tool printed: the first line's leading hex digits
 * ("HEX  NAME", "HEX *NAME", "\HEX  NAME" for an escaped name), or the hex
 * after "= " on a BSD-style line ("XXH3 (NAME) = HEX").  Lower-cased into
 * hex (2 * HB_MAX_DIGEST + 1 chars).  Returns 0, or -1 when the output
 * holds no digest. */
int hb_tool_digest(const char *output, char *hex);

#endif

/* The system tools beside hashbench sum (see files_tools.h).  The table is
 * plain data: one row per program and the options that make it print one
 * digest of one algorithm for one file. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "files/files_tools.h"

#define OURS(id) { id, "hashbench sum", NULL, { "sum", "-a", id, NULL }, NULL, 0 }
#define OPENSSL(id, opt) { id, "openssl dgst " opt, "openssl", { "dgst", "-r", opt, NULL }, "openssl", 0 }
#define RHASH(id, opt) { id, "rhash " opt, "rhash", { opt, "--simple", NULL }, "rhash", 0 }

static const hb_file_tool tools[] = {
    OURS("md5"),
    { "md5", "md5sum", "md5sum", { NULL }, "coreutils", 0 },
    OPENSSL("md5", "-md5"),
    RHASH("md5", "--md5"),
    OURS("sha1"),
    { "sha1", "sha1sum", "sha1sum", { NULL }, "coreutils", 0 },
    OPENSSL("sha1", "-sha1"),
    RHASH("sha1", "--sha1"),
    OURS("sha256"),
    { "sha256", "sha256sum", "sha256sum", { NULL }, "coreutils", 0 },
    OPENSSL("sha256", "-sha256"),
    RHASH("sha256", "--sha256"),
    OURS("sha384"),
    { "sha384", "sha384sum", "sha384sum", { NULL }, "coreutils", 0 },
    OPENSSL("sha384", "-sha384"),
    RHASH("sha384", "--sha384"),
    OURS("sha512"),
    { "sha512", "sha512sum", "sha512sum", { NULL }, "coreutils", 0 },
    OPENSSL("sha512", "-sha512"),
    RHASH("sha512", "--sha512"),
    /* b3sum and hashbench sum both use every core by default; where this
     * hashbench sum takes --threads, the one-thread pair is timed too */
    OURS("blake3"),
    { "blake3", "b3sum", "b3sum", { NULL }, "b3sum", 0 },
    { "blake3", "hashbench sum --threads 1", NULL, { "sum", "--threads", "1", "-a", "blake3", NULL }, NULL, 1 },
    { "blake3", "b3sum --num-threads 1", "b3sum", { "--num-threads", "1", NULL }, "b3sum", 1 },
    /* xxhsum 0.8.1: -H0 XXH32, -H1 XXH64, -H2 XXH128, -H3 XXH3 64-bit (printed BSD-style) */
    OURS("xxh32"),
    { "xxh32", "xxhsum -H0", "xxhsum", { "-H0", NULL }, "xxhash", 0 },
    OURS("xxh64"),
    { "xxh64", "xxhsum -H1", "xxhsum", { "-H1", NULL }, "xxhash", 0 },
    OURS("xxh3-64"),
    { "xxh3-64", "xxhsum -H3", "xxhsum", { "-H3", NULL }, "xxhash", 0 },
    OURS("xxh3-128"),
    { "xxh3-128", "xxhsum -H2", "xxhsum", { "-H2", NULL }, "xxhash", 0 },
    OURS("blake2b"),
    { "blake2b", "b2sum", "b2sum", { NULL }, "coreutils", 0 },
    OPENSSL("blake2b", "-blake2b512"),
    RHASH("blake2b", "--blake2b"),
    OURS("blake2s"),
    OPENSSL("blake2s", "-blake2s256"),
    RHASH("blake2s", "--blake2s"),
    OURS("sha3-256"),
    OPENSSL("sha3-256", "-sha3-256"),
    RHASH("sha3-256", "--sha3-256"),
    OURS("sha3-512"),
    OPENSSL("sha3-512", "-sha3-512"),
    RHASH("sha3-512", "--sha3-512"),
    OURS("ripemd160"),
    OPENSSL("ripemd160", "-ripemd160"),
    RHASH("ripemd160", "--ripemd160"),
    OURS("crc32"),
    RHASH("crc32", "--crc32"),
    OURS("crc32c"),
    RHASH("crc32c", "--crc32c"),
};

#define N_TOOLS (sizeof tools / sizeof tools[0])

const hb_file_tool *hb_file_tools(const hb_algo *algo, unsigned *n)
{
    unsigned i, first = N_TOOLS;
    *n = 0;
    for (i = 0; i < N_TOOLS; i++)
        if (strcmp(tools[i].algo, algo->id) == 0) {
            if (first == N_TOOLS)
                first = i;
            (*n)++;
        }
    return *n ? &tools[first] : NULL;
}

int hb_file_tools_any(const hb_algo *algo)
{
    unsigned i;
    for (i = 0; i < N_TOOLS; i++)
        if (strcmp(tools[i].algo, algo->id) == 0 && tools[i].program)
            return 1;
    return 0;
}

const char *hb_file_tools_algos(void)
{
    static char list[512];
    unsigned i;
    if (list[0])
        return list;
    for (i = 0; i < N_TOOLS; i++)
        if (!tools[i].program && strstr(tools[i].label, "--") == NULL) {
            if (list[0])
                strncat(list, ",", sizeof list - strlen(list) - 1);
            strncat(list, tools[i].algo, sizeof list - strlen(list) - 1);
        }
    return list;
}

int hb_which(const char *program, char *out, size_t out_len)
{
    const char *path = getenv("PATH"), *p;
    if (strchr(program, '/')) {
        struct stat st;
        if (stat(program, &st) == 0 && S_ISREG(st.st_mode) && access(program, X_OK) == 0 &&
            (size_t)snprintf(out, out_len, "%s", program) < out_len)
            return 0;
        return -1;
    }
    if (!path)
        path = "/usr/local/bin:/usr/bin:/bin";
    for (p = path;; ) {
        size_t len = strcspn(p, ":");
        struct stat st;
        /* an empty PATH entry means the current folder, as for the shell */
        int n = len ? snprintf(out, out_len, "%.*s/%s", (int)len, p, program)
                    : snprintf(out, out_len, "./%s", program);
        if (n > 0 && (size_t)n < out_len && stat(out, &st) == 0 && S_ISREG(st.st_mode) && access(out, X_OK) == 0)
            return 0;
        if (!p[len])
            break;
        p += len + 1;
    }
    return -1;
}

static int is_hex(int c)
{
    return isdigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

int hb_tool_digest(const char *output, char *hex)
{
    const char *line = output, *end = output + strcspn(output, "\n"), *p, *eq = NULL;
    size_t n = 0;
    if (*line == '\\')
        line++;
    for (p = line; p < end && is_hex((unsigned char)*p); p++)
        ;
    /* a BSD line starts with a tag that may itself look like hex ("MD5"
     * does not, "B3" would): a digest is followed by a blank or the end */
    if (p == line || (p < end && *p != ' ' && *p != '\t' && *p != '\r')) {
        for (p = line; p + 1 < end; p++)
            if (p[0] == '=' && p[1] == ' ')
                eq = p + 2;
        if (!eq)
            return -1;
        line = eq;
        for (p = line; p < end && is_hex((unsigned char)*p); p++)
            ;
        if (p == line)
            return -1;
    }
    if ((size_t)(p - line) > 2 * HB_MAX_DIGEST || (p - line) % 2)
        return -1;
    for (; line < p; line++)
        hex[n++] = (char)tolower((unsigned char)*line);
    hex[n] = 0;
    return 0;
}

/* A source of random bytes as hashbench rng measures it: opened once (or
 * skipped, with the reason), then asked for n bytes at a time.  One small
 * file per family: rng_kernel.c (devices, getrandom(), any file),
 * rng_cpu.c (RDRAND, RDSEED, RNDR), rng_libs.c (OpenSSL, libsodium),
 * rng_process.c (`openssl rand` as a process); rng_sources.c lists them. */
#ifndef HB_RNG_RNG_SOURCE_H
#define HB_RNG_RNG_SOURCE_H

#include <stddef.h>
#include <stdint.h>

#define HB_RNG_WHY 256

typedef struct hb_rng_source hb_rng_source;

typedef struct hb_rng_source_ops {
    /* Ready to produce: 0, or -1 with the reason it is skipped in why. */
    int (*open)(hb_rng_source *s, char *why, size_t why_len);
    /* Fills buf with n bytes and sets *got to n: 0, or -1 with the reason
     * the source failed in why (a file or device that ends first is such
     * a failure). */
    int (*fill)(hb_rng_source *s, uint8_t *buf, size_t n, size_t *got, char *why, size_t why_len);
    void (*close)(hb_rng_source *s);
} hb_rng_source_ops;

struct hb_rng_source {
    const char *id;                 /* "urandom": --sources and the JSON */
    const char *label;              /* "/dev/urandom": the table */
    const char *kind;               /* kernel, instruction, library, process, file */
    const hb_rng_source_ops *ops;
    const char *path;               /* a device or file, for the kernel and file sources */
    int arg;                        /* which instruction / library entry */
    char detail[160];               /* filled by open: what exactly runs (driver, version) */
    int fd;
    unsigned long long retries;     /* instructions: tries that gave no value */
    int is_regular_file;
    unsigned long long file_size;
};

extern const hb_rng_source_ops hb_rng_device_ops;      /* read(2) of path */
extern const hb_rng_source_ops hb_rng_getrandom_ops;   /* getrandom(2) */
extern const hb_rng_source_ops hb_rng_cpu_ops;         /* arg: hb_hw_rng_kind */
extern const hb_rng_source_ops hb_rng_lib_ops;         /* arg: index in hb_peer_rng_table */
extern const hb_rng_source_ops hb_rng_process_ops;     /* `openssl rand N` */

/* Every source hashbench knows, in table order; *n set to the count.  The
 * array is static: the caller may fill in the open state. */
hb_rng_source *hb_rng_sources(unsigned *n);

/* A source reading the file or device at path (--device). */
void hb_rng_file_source(hb_rng_source *s, const char *path);

/* The peer libraries' RNGs built in: their count (0 without the peer libraries). */
unsigned hb_rng_lib_count(void);

#endif

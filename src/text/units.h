/* Reading and writing the quantities users type and read: message sizes
 * with binary suffixes, throughput with its unit always shown. */
#ifndef HB_TEXT_UNITS_H
#define HB_TEXT_UNITS_H

#include <stddef.h>

/* Parses "64", "1K", "16M", "1G" (binary: K = 1024), "1KiB".  Returns 0 and
 * the size, or -1 with a reason in err: empty, not a number, negative, zero,
 * unknown suffix, too large for this machine's memory or address space. */
int hb_parse_size(const char *s, size_t *out, char *err, size_t err_len);
/* hb_parse_size with the memory's limit given (half the memory: its
 * tests); sizes past half the address space are refused whatever it is */
int hb_parse_size_within(const char *s, unsigned long long limit, size_t *out, char *err, size_t err_len);

/* Parses a comma-separated list of sizes ("16,64,1K"; -s of hashbench
 * bench) into sizes[0..*n), each through hb_parse_size; a size given twice
 * is kept once.  Returns 0, or -1 with a reason in err: an empty list, an
 * empty or overlong item, more than max sizes, or a bad size. */
int hb_parse_size_list(const char *spec, size_t *sizes, unsigned max, unsigned *n, char *err, size_t err_len);

/* "1024 B", "64 KiB", "16 MiB" when the size is an exact multiple. */
void hb_format_size(size_t size, char *out, size_t out_len);

/* Throughput with a unit that keeps 3-4 significant digits: "812 kB/s",
 * "45.6 MB/s", "1.23 GB/s" (decimal units, as openssl speed and most
 * benchmark reports use). */
void hb_format_rate(double bytes_per_s, char *out, size_t out_len);

/* Parses a positive finite number of milliseconds. */
int hb_parse_ms(const char *s, double *out, char *err, size_t err_len);

/* Parses a whole number in [min, max]. */
int hb_parse_uint(const char *s, unsigned long min, unsigned long max, unsigned long *out,
                  char *err, size_t err_len);

#endif

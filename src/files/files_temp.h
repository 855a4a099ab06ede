/* The test files of hashbench files: a private temporary folder that is
 * always removed, files written into it (with hashbench's own digests of
 * them taken on the way), and their pages dropped from the page cache for
 * the cold measurements. */
#ifndef HB_FILES_TEMP_H
#define HB_FILES_TEMP_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include "hashbench.h"

/* Creates a new folder "hashbench-files.XXXXXX" in parent (--dir, else
 * $TMPDIR, else /tmp) into out.  Returns 0, or -1 after a message saying
 * why (the folder is missing, not a folder, not writable). */
int hb_tempdir_create(const char *parent, char *out, size_t out_len);

/* Removes every file in the folder, then the folder.  Quiet; safe to call
 * again.  Returns 0 when the folder is gone. */
int hb_tempdir_remove(const char *dir);

/* Free bytes in the folder's file system for an unprivileged user; -1 when unknown. */
double hb_dir_free_bytes(const char *dir);

/* The file system's type of dir ("ext4", "tmpfs", "overlay", or the magic
 * number in hex), into out. */
void hb_dir_fs_type(const char *dir, char *out, size_t out_len);

/* Writes size bytes of deterministic pseudo-random data to path (created,
 * mode 0600), flushes them to storage (fdatasync: the cold measurements
 * need clean pages) and digests them on the way with impls[0..n) into
 * digests[i].  Stops early when *stop turns non-zero.  Returns 0; -1 with
 * errno (ENOSPC, EFBIG, EDQUOT, EIO, EINTR when stopped ...) and the bytes
 * written so far in *written. */
int hb_testfile_write(const char *path, size_t size, const hb_impl *const *impls, unsigned n,
                      uint8_t (*digests)[HB_MAX_DIGEST], volatile sig_atomic_t *stop, size_t *written);

/* Drops the file's pages from the page cache (posix_fadvise
 * POSIX_FADV_DONTNEED; the file was synced, so its pages are clean) and
 * counts, with mincore(), the pages still resident into *resident of
 * *pages.  Returns 0, or -1 with errno. */
int hb_cache_drop(const char *path, size_t size, size_t *resident, size_t *pages);

/* Counts the file's resident pages without dropping them. */
int hb_cache_resident(const char *path, size_t size, size_t *resident, size_t *pages);

#endif

/* The start/stop markers the cross harness emits around each measured
 * region, and that tools/qemu-insn (the QEMU instruction-count plugin)
 * watches for.  A marker is a system call with a number no Linux ABI
 * assigns (18498, "HB"), a magic first argument, then START or STOP and the
 * record's number.  The kernel (QEMU's syscall layer) answers -ENOSYS, so
 * without the plugin the markers cost a few instructions and do nothing. */
#ifndef HB_CROSS_MARKER_H
#define HB_CROSS_MARKER_H

#define HB_MARK_NR 18498
#define HB_MARK_MAGIC 0x68626d6bUL      /* "hbmk" */
#define HB_MARK_START 1
#define HB_MARK_STOP 2

#endif

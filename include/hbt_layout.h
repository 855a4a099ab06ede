/* The results block's byte layout (platforms/common/README.md): offsets,
 * states and platform codes, shared by the console harness
 * (platforms/common/hbt_block.c) and the reader on the host
 * (src/record/block.c).  Here in include/, which both have on their
 * path, so that neither includes the other's files.  Plain macros only. */
#ifndef HBT_LAYOUT_H
#define HBT_LAYOUT_H

#define HBT_BLOCK_VERSION 1

/* header offsets */
#define HBT_OFF_MAGIC        0   /* 'H' 'B' 'R' 'B' */
#define HBT_OFF_VERSION      4
#define HBT_OFF_HEADER_BYTES 5   /* offset of entry slot 0 */
#define HBT_OFF_ENTRY_BYTES  6
#define HBT_OFF_DIGEST_BYTES 7   /* digest bytes kept per entry */
#define HBT_OFF_CAPACITY     8   /* u16: slots in the ring */
#define HBT_OFF_COUNT        10  /* u16: entries written since power-on (low byte written first) */
#define HBT_OFF_STATE        12  /* HBT_STATE_* */
#define HBT_OFF_PASS         13  /* passes started since power-on (1 = the first) */
#define HBT_OFF_N_ALGOS      14  /* roster size the ROM was built with */
#define HBT_OFF_N_SIZES      15
#define HBT_OFF_SIZES        16  /* u16 x 4: message sizes; entries name them by index */
#define HBT_OFF_CLOCK_HZ     24  /* u32: nominal CPU clock */
#define HBT_OFF_CYC_PER_TICK 28  /* u16: CPU cycles per timer tick (1: ticks are cycles) */
#define HBT_OFF_PLATFORM     30  /* HBT_PLATFORM_* */
#define HBT_OFF_N_BUILDS     31  /* builds of the hot code measured (GBA: 2) */
#define HBT_OFF_SETTING      32  /* u16: a platform setting in force (GBA: WAITCNT) */
#define HBT_OFF_OVERHEAD     34  /* u16: ticks of an empty start/stop interval */
#define HBT_HEADER_BYTES     40  /* 36..39 reserved, zero */

/* entry offsets */
#define HBT_E_ALGO   0   /* index in the roster (hb_algo_at) */
#define HBT_E_IMPL   1   /* low nibble: implementation index (hb_impl_at); high nibble: build */
#define HBT_E_SIZE   2   /* index into the header's sizes */
#define HBT_E_PASS   3   /* the pass this entry belongs to (low 8 bits) */
#define HBT_E_TICKS  4   /* u32: timer ticks for all iterations */
#define HBT_E_ITERS  8   /* u16: calls timed; 0 = not run (the code does not fit) */
#define HBT_E_DIGEST 10  /* the first HBT_DIGEST_BYTES bytes of the digest */


#define HBT_STATE_BOOT    0
#define HBT_STATE_RUNNING 1
#define HBT_STATE_DONE    2   /* the pass named in HBT_OFF_PASS is complete */

#define HBT_PLATFORM_NES 1
#define HBT_PLATFORM_GB  2
#define HBT_PLATFORM_GBA 3
#define HBT_PLATFORM_NDS 4
#define HBT_PLATFORM_N64 5
#define HBT_PLATFORM_GBC 6   /* the Game Boy ROM on a Color, in double speed */

#endif /* HBT_LAYOUT_H */

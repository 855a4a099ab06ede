/* BLAKE3's per-core choice on x86-64 (blake3_x86_knobs.c). */
#ifndef HB_BLAKE3_X86_KNOBS_H
#define HB_BLAKE3_X86_KNOBS_H

typedef struct hb_blake3_x86_knobs_t {
    /* BLAKE3's single blocks (a lone chunk, parents one by one, the root)
     * through the row-wise compress (blake3_rows_avx512.c) rather than the
     * scalar one */
    int blake3_rows;
} hb_blake3_x86_knobs_t;

/* this core's, filled in before main */
extern hb_blake3_x86_knobs_t hb_blake3_x86_knobs;

#endif

/* SHA-2's per-core choice on x86-64 (sha2_x86_knobs.c). */
#ifndef HB_SHA2_X86_KNOBS_H
#define HB_SHA2_X86_KNOBS_H

typedef struct hb_sha2_x86_knobs_t {
    /* SHA-512/384 (AVX-512 and AVX2 schedules): the round in OpenSSL's
     * form, Sigma0 of the new a added at the start of the next round and
     * Ch as (e & f) + (~e & g), rather than ours (sha512_rounds_x86.h) */
    int sha512_deferred;
} hb_sha2_x86_knobs_t;

/* this core's, filled in before main */
extern hb_sha2_x86_knobs_t hb_sha2_x86_knobs;

#endif

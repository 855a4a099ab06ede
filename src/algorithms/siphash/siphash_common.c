/* SipHash-2-4: key setup shared by the portable and fast implementations
 * (SipHash paper, section 2: "Initialization"). */
#include "hashbench/siphash.h"

/* "somepseudorandomlygeneratedbytes" */
static const hb_u64 SIP_IV0 = HB_U64_INIT(0x736F6D65UL, 0x70736575UL);
static const hb_u64 SIP_IV1 = HB_U64_INIT(0x646F7261UL, 0x6E646F6DUL);
static const hb_u64 SIP_IV2 = HB_U64_INIT(0x6C796765UL, 0x6E657261UL);
static const hb_u64 SIP_IV3 = HB_U64_INIT(0x74656462UL, 0x79746573UL);

static const uint8_t sip_roster_key[16] = {
    0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
    0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f
};

void hb_siphash_2_4_init_key(hb_siphash_2_4_ctx *c, const uint8_t *key16)
{
    hb_u64 k0, k1;

    HB_U64_LOAD_LE(k0, key16);
    HB_U64_LOAD_LE(k1, key16 + 8);
    HB_U64_XOR(c->v[0], k0, SIP_IV0);
    HB_U64_XOR(c->v[1], k1, SIP_IV1);
    HB_U64_XOR(c->v[2], k0, SIP_IV2);
    HB_U64_XOR(c->v[3], k1, SIP_IV3);
    c->total = 0;
    c->used = 0;
}

void hb_siphash_2_4_init(hb_siphash_2_4_ctx *c)
{
    hb_siphash_2_4_init_key(c, sip_roster_key);
}

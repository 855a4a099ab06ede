/* Keccak-f[1600] known answers for both exported permutations
 * (hb_keccakf1600_portable, hb_keccakf1600_fast), and the two agreeing on
 * many chained calls.  Values: the Keccak team's
 * KeccakF-1600-IntermediateValues.txt (XKCP tests/TestVectors), the state
 * after one and after two permutations of the all-zero state, lanes 0..24
 * as (high 32 bits, low 32 bits). */
#include <stdio.h>
#include "hashbench.h"
#include "hashbench/sha3.h"

static const uint32_t zero_once[50] = {
    0xF1258F79UL, 0x40E1DDE7UL, 0x84D5CCF9UL, 0x33C0478AUL,
    0xD598261EUL, 0xA65AA9EEUL, 0xBD154730UL, 0x6F80494DUL,
    0x8B284E05UL, 0x6253D057UL, 0xFF97A42DUL, 0x7F8E6FD4UL,
    0x90FEE5A0UL, 0xA44647C4UL, 0x8C5BDA0CUL, 0xD6192E76UL,
    0xAD30A6F7UL, 0x1B19059CUL, 0x30935AB7UL, 0xD08FFC64UL,
    0xEB5AA93FUL, 0x2317D635UL, 0xA9A6E626UL, 0x0D712103UL,
    0x81A57C16UL, 0xDBCF555FUL, 0x43B831CDUL, 0x0347C826UL,
    0x01F22F1AUL, 0x11A5569FUL, 0x05E5635AUL, 0x21D9AE61UL,
    0x64BEFEF2UL, 0x8CC970F2UL, 0x61367095UL, 0x7BC46611UL,
    0xB87C5A55UL, 0x4FD00ECBUL, 0x8C3EE88AUL, 0x1CCF32C8UL,
    0x940C7922UL, 0xAE3A2614UL, 0x1841F924UL, 0xA2C509E4UL,
    0x16F53526UL, 0xE70465C2UL, 0x75F644E9UL, 0x7F30A13BUL,
    0xEAF1FF7BUL, 0x5CECA249UL
};

static const uint32_t zero_twice[50] = {
    0x2D5C954DUL, 0xF96ECB3CUL, 0x6A332CD0UL, 0x7057B56DUL,
    0x093D8D12UL, 0x70D76B6CUL, 0x8A20D9B2UL, 0x5569D094UL,
    0x4F9C4F99UL, 0xE5E7F156UL, 0xF957B9A2UL, 0xDA65FB38UL,
    0x85773DAEUL, 0x1275AF0DUL, 0xFAF4F247UL, 0xC3D810F7UL,
    0x1F1B9EE6UL, 0xF79A8759UL, 0xE4FECC0FUL, 0xEE98B425UL,
    0x68CE61B6UL, 0xB9CE68A1UL, 0xDEEA66C4UL, 0xBA8F974FUL,
    0x33C43D83UL, 0x6EAFB1F5UL, 0xE0065404UL, 0x2719DBD9UL,
    0x7CF8A9F0UL, 0x09831265UL, 0xFD5449A6UL, 0xBF174743UL,
    0x97DDAD33UL, 0xD8994B40UL, 0x48EAD5FCUL, 0x5D0BE774UL,
    0xE3B8C8EEUL, 0x55B7B03CUL, 0x91A0226EUL, 0x649E42E9UL,
    0x900E3129UL, 0xE7BADD7BUL, 0x202A9EC5UL, 0xFAA3CCE8UL,
    0x5B340246UL, 0x4E1C3DB6UL, 0x609F4E62UL, 0xA44C1059UL,
    0x20D06CD2UL, 0x6A8FBF5CUL
};

static int passed, failed;

static void report(int ok, const char *what, const char *impl)
{
    if (ok) {
        printf("ok   %s (%s)\n", what, impl);
        passed++;
    } else {
        printf("FAIL %s (%s): state differs from the published one\n", what, impl);
        failed++;
    }
}

static int state_is(const hb_u64 *st, const uint32_t *want)
{
    unsigned i;
    for (i = 0; i < 25; i++)
        if (HB_U64_HI(st[i]) != want[2 * i] || HB_U64_LO(st[i]) != want[2 * i + 1])
            return 0;
    return 1;
}

static void check_perm(hb_keccak_perm_fn perm, const char *impl)
{
    hb_u64 st[25];
    unsigned i;
    for (i = 0; i < 25; i++)
        HB_U64_SET(st[i], 0, 0);
    perm(st);
    report(state_is(st, zero_once), "Keccak-f[1600](0)", impl);
    perm(st);
    report(state_is(st, zero_twice), "Keccak-f[1600]^2(0)", impl);
}

int main(void)
{
    hb_u64 a[25], b[25];
    unsigned i, n;
    int same = 1;

    check_perm(hb_keccakf1600_portable, "portable");
    check_perm(hb_keccakf1600_fast, "fast");

    /* 1000 chained permutations of a non-trivial state agree */
    for (i = 0; i < 25; i++) {
        HB_U64_SET(a[i], 0x01234567UL * (i + 1), 0x89ABCDEFUL ^ (0x9E3779B9UL * i));
        b[i] = a[i];
    }
    for (n = 0; n < 1000 && same; n++) {
        hb_keccakf1600_portable(a);
        hb_keccakf1600_fast(b);
        for (i = 0; i < 25; i++)
            if (!HB_U64_EQ(a[i], b[i]))
                same = 0;
    }
    report(same, "portable and fast agree over 1000 chained calls", "both");

    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}

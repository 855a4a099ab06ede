/* Fletcher checksums: what the portable and fast implementations share. */
#include "hashbench/fletcher.h"

void hb_fletcher16_init(hb_fletcher16_ctx *c)
{
    c->a = 0;
    c->b = 0;
}

void hb_fletcher32_init(hb_fletcher32_ctx *c)
{
    c->a = 0;
    c->b = 0;
    c->pend = 0;
    c->npend = 0;
}

void hb_fletcher64_init(hb_fletcher64_ctx *c)
{
    c->a = 0;
    c->b = 0;
    c->pend[0] = c->pend[1] = c->pend[2] = c->pend[3] = 0;
    c->npend = 0;
}

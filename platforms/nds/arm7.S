/* The ARM7's whole program: nothing to do (the ARM9 reads the keys it needs
 * and drives the screens itself), so it halts with every interrupt source
 * off, for good.  Loaded at 0x037F8000: the 32 KB of shared work RAM that
 * the boot gives the ARM7, just below its own 64 KB at 0x03800000. */
    .section .text, "ax"
    .arm
    .global _start
_start:
    mov     r0, #0x04000000
    mov     r1, #0
    str     r1, [r0, #0x208]      /* IME = 0 */
    str     r1, [r0, #0x210]      /* IE = 0: no source can wake it */
1:  swi     0x060000              /* BIOS Halt */
    b       1b

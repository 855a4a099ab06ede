/* ARM9 start-up.
 *
 * The loader (the DS firmware, a flash cartridge's menu, or an emulator's
 * direct boot) has copied the whole ARM9 image (code, constants, data) to
 * 0x02000000 and jumps here in ARM state.  What remains for us:
 *   1. the CP15 set-up a program needs for hardware-like speed: the data
 *      TCM at 0x0B000000 (16 KB: stacks, the hot buffers), the instruction
 *      TCM at 0 (not used for code here), the protection unit with main RAM
 *      cached (instruction and write-back data cache), everything else
 *      uncached (I/O, VRAM);
 *   2. one stack per mode we may enter, in the data TCM;
 *   3. zeroed .bss (main RAM) and .dtcm_bss (TCM); then main().
 * Interrupts stay off (IME = 0): nothing interrupts a measurement. */
    .section .crt0, "ax"
    .arm
    .global _start
_start:
    mov     r0, #0x04000000
    mov     r1, #0
    str     r1, [r0, #0x208]      /* IME = 0 */
    mov     r0, #0xD3             /* supervisor mode, IRQ and FIQ masked */
    msr     cpsr_c, r0

    /* protection unit, caches and TCMs off while they are set up */
    mrc     p15, 0, r0, c1, c0, 0
    ldr     r1, =0x00051005       /* bit 0 MPU, 2 data cache, 12 instruction cache, 16 DTCM, 18 ITCM */
    bic     r0, r0, r1
    mcr     p15, 0, r0, c1, c0, 0
    mov     r0, #0
    mcr     p15, 0, r0, c7, c5, 0  /* invalidate the instruction cache */
    mcr     p15, 0, r0, c7, c6, 0  /* invalidate the data cache */
    mcr     p15, 0, r0, c7, c10, 4 /* drain the write buffer */

    /* TCM regions: base | size field (512 << n bytes) */
    ldr     r0, =0x0B00000A       /* DTCM at 0x0B000000, 16 KB */
    mcr     p15, 0, r0, c9, c1, 0
    mov     r0, #0x20             /* ITCM at 0, 32 MB window (the 32 KB repeat in it) */
    mcr     p15, 0, r0, c9, c1, 1

    /* protection regions: base | size field (2^(n+1) bytes) << 1 | enable;
     * a higher region number wins where regions overlap */
    ldr     r0, =0x0000003F       /* 0: the whole 4 GB: I/O, VRAM, mirrors (uncached) */
    mcr     p15, 0, r0, c6, c0, 0
    ldr     r0, =0x0200002B       /* 1: main RAM, 4 MB at 0x02000000 (cached) */
    mcr     p15, 0, r0, c6, c1, 0
    ldr     r0, =0xFFFF001D       /* 2: the BIOS, 32 KB at 0xFFFF0000 (instruction cache) */
    mcr     p15, 0, r0, c6, c2, 0
    mov     r0, #0                /* 3-7: unused */
    mcr     p15, 0, r0, c6, c3, 0
    mcr     p15, 0, r0, c6, c4, 0
    mcr     p15, 0, r0, c6, c5, 0
    mcr     p15, 0, r0, c6, c6, 0
    mcr     p15, 0, r0, c6, c7, 0
    mov     r0, #0x06             /* instruction cache: regions 1 and 2 */
    mcr     p15, 0, r0, c2, c0, 1
    mov     r0, #0x02             /* data cache: region 1 */
    mcr     p15, 0, r0, c2, c0, 0
    mcr     p15, 0, r0, c3, c0, 0  /* write buffer (write-back data cache): region 1 */
    ldr     r0, =0x33333333       /* every region read/write for every mode, code and data */
    mcr     p15, 0, r0, c5, c0, 2
    mcr     p15, 0, r0, c5, c0, 3

    mrc     p15, 0, r0, c1, c0, 0
    ldr     r1, =0x00051005
    orr     r0, r0, r1
    mcr     p15, 0, r0, c1, c0, 0

    /* stacks, at the top of the data TCM */
    mov     r0, #0xD2             /* IRQ mode: its own small stack (no handler is installed) */
    msr     cpsr_c, r0
    ldr     sp, =__sp_irq
    mov     r0, #0xD3             /* supervisor */
    msr     cpsr_c, r0
    ldr     sp, =__sp_svc
    mov     r0, #0xDF             /* system mode for the program */
    msr     cpsr_c, r0
    ldr     sp, =__sp_sys

    ldr     r1, =__bss_start
    ldr     r2, =__bss_end
    bl      zero_words
    ldr     r1, =__dtcm_bss_start
    ldr     r2, =__dtcm_bss_end
    bl      zero_words

    bl      main
hang:
    b       hang

/* r1 destination, r2 end (both word aligned) */
zero_words:
    mov     r3, #0
1:  cmp     r1, r2
    strlo   r3, [r1], #4
    blo     1b
    bx      lr
    .pool

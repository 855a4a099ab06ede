/* Start-up and system call for the freestanding ARM builds (ARMv4T and
 * later, Linux EABI as QEMU user mode provides it).  ARM-mode code, so the
 * same file serves ARM and Thumb builds of the C code (the linker adds the
 * interworking). */
    .syntax unified
    .arm
    .text

    .global _start
    .type _start, %function
_start:
    mov r0, sp              @ argc, argv[] ... as the kernel left them
    bl hb_fs_start          @ does not return
1:  b 1b

/* long hb_sys3(long nr, long a, long b, long c): EABI, number in r7 */
    .global hb_sys3
    .type hb_sys3, %function
hb_sys3:
    push {r7, lr}
    mov r7, r0
    mov r0, r1
    mov r1, r2
    mov r2, r3
    swi 0
    pop {r7, lr}
    bx lr

/* Start-up and system call for the freestanding MIPS builds (MIPS III,
 * n32 ABI: 64-bit registers, 32-bit pointers, under qemu-mipsn32). */
    .text
    .set reorder

    .globl _start
    .ent _start
_start:
    move $a0, $sp           # argc, argv[] ... as the kernel left them
    jal hb_fs_start         # does not return
1:  b 1b
    .end _start

/* long hb_sys3(long nr, long a, long b, long c): number in v0; a3 set on
 * return means v0 holds a positive errno */
    .globl hb_sys3
    .ent hb_sys3
hb_sys3:
    move $v0, $a0
    move $a0, $a1
    move $a1, $a2
    move $a2, $a3
    syscall
    beqz $a3, 2f
    subu $v0, $zero, $v0
2:  jr $ra
    .end hb_sys3

/* Start-up and system call for the freestanding i386 builds (i586 and
 * later, Linux int $0x80). */
    .text

    .globl _start
    .type _start, @function
_start:
    movl %esp, %eax         # argc, argv[] ... as the kernel left them
    andl $-16, %esp
    subl $12, %esp
    pushl %eax
    call hb_fs_start        # does not return
1:  jmp 1b

/* long hb_sys3(long nr, long a, long b, long c): cdecl in, registers out */
    .globl hb_sys3
    .type hb_sys3, @function
hb_sys3:
    pushl %ebx
    movl 8(%esp), %eax
    movl 12(%esp), %ebx
    movl 16(%esp), %ecx
    movl 20(%esp), %edx
    int $0x80
    popl %ebx
    ret

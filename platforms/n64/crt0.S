/* Start-up code at the entry point (0x80000400, cached RDRAM): the stack at
 * the top of the 4 MB of RDRAM every console has, the zeroed sections
 * cleared (the DMA of ipl3.S brought the code and initialised data), then
 * main.  Interrupts stay off: nothing interrupts a count. */
    .set    noreorder
    .section .crt0, "ax"
    .global _start
_start:
    la      $sp, __stack_top
    la      $t0, __bss_start
    la      $t1, __bss_end
1:  beq     $t0, $t1, 2f
    nop
    sw      $zero, 0($t0)
    b       1b
    addiu   $t0, $t0, 4
2:  jal     main
    nop
3:  b       3b
    nop

/* Our PIF boot program: the code an emulator that models the console from
 * its reset vector (cen64) runs first, in place of the boot ROM inside the
 * N64's PIF chip.  Nothing of Nintendo's: it does what the cartridge's boot
 * code (our ipl3.S, or any IPL3) expects to find when it starts.
 *
 *   - COP0 Status: coprocessors 0 and 1 usable, FR=1, no interrupts, kernel
 *     mode (0x34000000, as the console leaves it); Config: big-endian,
 *     cacheable KSEG0 (K0 = 3), the VR4300's fixed fields.
 *   - The cartridge's boot code, ROM bytes 0x40..0xFFF, copied word by word
 *     through the PI's uncached window (0xB0000040) into the RSP's data
 *     memory at 0xA4000040, where an IPL3 is linked to run.
 *   - The registers an IPL3 reads: s3 = 0 (booted from a cartridge, not the
 *     64DD), s4 = 1 (NTSC), s5 = 0 (cold reset), s6 = 0x3F (the 6102 seed
 *     the emulator also put in PIF RAM), s7 = 0 (retail ROM version), sp at
 *     the top of the RSP's instruction memory, as the console sets it.
 *   - A jump to 0xA4000040.
 *
 * What the real PIF ROM also does and this does not: the CIC handshake and
 * checksum lock-out, the RDRAM and RI initialisation handed to the IPL3, the
 * reset button.  cen64 needs none of it for our ROM (docs/consoles/n64.md).
 * Linked at 0xBFC00000 (the VR4300's reset vector) by n64.mk; padded to the
 * PIF ROM's 0x7C0 bytes. */
    .set    noreorder
    .set    noat
    .text
    .global pif_start
pif_start:
    lui     $t0, 0x3400
    mtc0    $t0, $12                /* Status */
    lui     $t0, 0x0006
    ori     $t0, $t0, 0xE463
    mtc0    $t0, $16                /* Config: the console's value, K0 cacheable */
    mtc0    $zero, $13              /* Cause */

    lui     $t1, 0xB000             /* the cartridge through the PI */
    ori     $t1, $t1, 0x0040
    lui     $t2, 0xA400             /* RSP data memory */
    ori     $t2, $t2, 0x0040
    lui     $t3, 0xA400
    ori     $t3, $t3, 0x1000        /* its end */
1:  lw      $t4, 0($t1)
    addiu   $t1, $t1, 4
    sw      $t4, 0($t2)
    addiu   $t2, $t2, 4
    bne     $t2, $t3, 1b
    nop

    move    $s3, $zero              /* cartridge */
    li      $s4, 1                  /* NTSC */
    move    $s5, $zero              /* cold reset */
    li      $s6, 0x3F               /* CIC 6102 seed */
    move    $s7, $zero
    lui     $sp, 0xA400
    ori     $sp, $sp, 0x1FF0
    lui     $t0, 0xA400
    ori     $t0, $t0, 0x0040
    jr      $t0
    nop

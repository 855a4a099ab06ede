/* Our boot code (IPL3).  The console's boot ROM copies the cartridge's
 * first 4 KB into the RSP's data memory and runs this from ROM offset 0x40
 * (0xA4000040).  It sets every cache line invalid, waits for the cartridge
 * bus to be idle, copies the program (ROM offset 0x1000, its length in the
 * header word at 0x18, written by n64_rom) by DMA into RDRAM at the entry
 * point named in the header (0x08), waits for the copy, keeps the TV type
 * the boot ROM handed over in s4 at 0x80000300, and jumps there.
 *
 * What a commercial IPL3 also does and this one does not: initialise the
 * RDRAM chips and their interface (emulators need none of it), and match
 * the checksum the cartridge's CIC chip expects.  See docs/consoles/n64.md. */
    .set    noreorder
    .set    noat
    .text
    .global ipl3_start
ipl3_start:
    /* caches: every line invalid (TagLo/TagHi 0, Index_Store_Tag);
     * 16 KB instruction cache, 32-byte lines; 8 KB data cache, 16-byte lines */
    mtc0    $zero, $28
    mtc0    $zero, $29
    lui     $t0, 0x8000
    ori     $t1, $t0, 0x4000
1:  cache   0x08, 0($t0)
    addiu   $t0, $t0, 32
    bne     $t0, $t1, 1b
    nop
    lui     $t0, 0x8000
    ori     $t1, $t0, 0x2000
2:  cache   0x09, 0($t0)
    addiu   $t0, $t0, 16
    bne     $t0, $t1, 2b
    nop

    lui     $t2, 0xA460             /* PI registers */
3:  lw      $t3, 0x10($t2)          /* wait for the bus */
    andi    $t3, $t3, 3
    bnez    $t3, 3b
    nop
    lui     $t4, 0xB000             /* the header, through the bus */
    lw      $s0, 0x08($t4)          /* entry point (KSEG0) */
    lw      $s1, 0x18($t4)          /* program bytes */
    lui     $t5, 0x1FFF
    ori     $t5, $t5, 0xFFFF
    and     $t6, $s0, $t5           /* physical RDRAM address */
    sw      $t6, 0x00($t2)          /* PI_DRAM_ADDR */
    lui     $t7, 0x1000
    ori     $t7, $t7, 0x1000
    sw      $t7, 0x04($t2)          /* PI_CART_ADDR: ROM offset 0x1000 */
    addiu   $t8, $s1, -1
    sw      $t8, 0x0C($t2)          /* PI_WR_LEN: cartridge -> RDRAM, starts the DMA */
4:  lw      $t3, 0x10($t2)
    andi    $t3, $t3, 3
    bnez    $t3, 4b
    nop
    lui     $t9, 0xA000             /* the TV type the boot ROM left in s4, */
    sw      $s4, 0x300($t9)         /* kept at 0x80000300 (n64_regs.h) */
    jr      $s0
    nop

; hashbench on the Game Boy: our own start-up code (SDCC's stock sm83 crt0
; does not clear static data, and we need our own interrupt vectors).
;
;   0x0000      a call through a registry entry whose code is not in the ROM
;               (an implementation too large for a 16 KB bank, linked as
;               address 0) lands here and stops: never a wrong result
;   0x0038      rst 38 (what an empty 0xFF ROM byte executes): the same trap
;   0x0040      VBlank interrupt: counts frames (the screen waits on it)
;   0x0050      timer interrupt: TIMA overflowed, 256 ticks more (hbt_platform.h)
;   0x0100      entry point: nop; jp init (the cartridge header follows,
;               written by makebin -Z: logo, title, MBC type, checksums)
;   0x0150      init: stack at the top of WRAM, WRAM cleared, initialised
;               data copied, main() called with ROM bank 1 mapped
        .module crt0
        .globl  _main
        .globl  _gb_ovf
        .globl  _gb_frames
        .globl  _gb_boot_a
        .globl  l__INITIALIZER, s__INITIALIZER, s__INITIALIZED

        .area   _HEADER (ABS)
        .org    0x0000
        jp      trap
        .org    0x0038
        jp      trap
        .org    0x0040
        jp      vblank_isr
        .org    0x0050
        jp      timer_isr
        .org    0x0100
        nop
        jp      init
        .org    0x0150
init:
        di
        ; A says which console started us (0x11: a Color, gb_speed.c): kept in
        ; HRAM while WRAM is cleared, then stored in gb_boot_a
        ld      (0xFF80), a
        ld      sp, #0xE000             ; the stack grows down from the top of WRAM
        ; every byte of WRAM zero: static data starts at 0 as C requires
        ld      hl, #0xC000
        ld      bc, #0x2000
        xor     a
1$:     ld      (hl+), a
        dec     bc
        ld      a, b
        or      c
        ld      a, #0
        jr      nz, 1$
        ; initialised data: ROM copy (bank 0) to its place in WRAM
        ld      de, #s__INITIALIZER
        ld      hl, #s__INITIALIZED
        ld      bc, #l__INITIALIZER
2$:     ld      a, b
        or      c
        jr      z, 3$
        ld      a, (de)
        inc     de
        ld      (hl+), a
        dec     bc
        jr      2$
3$:     call    gsinit
        ld      a, (0xFF80)
        ld      (_gb_boot_a), a
        ; MBC5: bank 1 at 0x4000 (main, the run loop and the screen live there)
        xor     a
        ld      (0x3000), a
        inc     a
        ld      (0x2000), a
        call    _main
trap:
        di
4$:     halt
        nop
        jr      4$

; 24-bit count of TIMA overflows (gb_timer.c reads it with TIMA)
timer_isr:
        push    af
        push    hl
        ld      hl, #_gb_ovf
        inc     (hl)
        jr      nz, 5$
        inc     hl
        inc     (hl)
        jr      nz, 5$
        inc     hl
        inc     (hl)
5$:     pop     hl
        pop     af
        reti

vblank_isr:
        push    af
        push    hl
        ld      hl, #_gb_frames
        inc     (hl)
        pop     hl
        pop     af
        reti

        ; the order of the areas in bank 0 (from 0x0200) and in WRAM (0xC000)
        .area   _CODE
        .area   _HOME
        .area   _INITIALIZER
        .area   _GSINIT
gsinit::
        .area   _GSFINAL
        ret
        .area   _DATA
        .area   _INITIALIZED
        .area   _BSEG
        .area   _BSS
        .area   _HEAP

; hashbench NES start-up: the iNES header, reset, NMI, the MMC1 set-up and
; the C run-time set-up.  Exporting __STARTUP__ keeps nes.lib's own NROM
; start-up out of the link (cc65-compiled main.c imports that symbol).
;
; Memory (nes.cfg): the cc65 stack and the results block in the 2 KB
; internal RAM; DATA and BSS in the 8 KB PRG-RAM at $6000 (MMC1 enables
; it); code in 30 switchable 16 KB banks at $8000 and the fixed bank at
; $C000, which holds this file (SUROM: 512 KB in two halves, each with its
; copy of the fixed bank); the font in CHR-RAM, copied there below.

        .export         __STARTUP__ : absolute = 1
        .export         nes_reset
        .exportzp       nes_frames
        .import         _main
        .import         __DATA_LOAD__, __DATA_RUN__, __DATA_SIZE__
        .import         __BSS_RUN__, __BSS_SIZE__
        .import         __CSTACK_START__, __CSTACK_SIZE__
        .import         nes_nmi
        .import         nes_font, nes_font_size
        .importzp       sp

PPUCTRL   = $2000
PPUMASK   = $2001
PPUSTATUS = $2002
PPUADDR   = $2006
PPUDATA   = $2007
APU_DMC   = $4010
APU_FRAME = $4017

; --- iNES header ------------------------------------------------------------
        .segment "HEADER"
        .byte   "NES", $1A
        .byte   32              ; 32 x 16 KB PRG-ROM = 512 KB: SUROM (more than
                                ; 256 KB and no CHR-ROM is how emulators, Nestopia
                                ; among them, recognise that board)
        .byte   0               ; no CHR-ROM: 8 KB CHR-RAM, the font copied in
        ; mapper 1 (MMC1) low nibble; battery bit: Nestopia gives the board
        ; its 8 KB PRG-RAM at $6000 when it is set (PLATFORM-NOTES)
        .byte   $12
        .byte   $00
        .byte   1               ; 8 KB PRG-RAM
        .byte   0, 0, 0, 0, 0, 0, 0

        .segment "ZEROPAGE"
nes_frames:     .res 3          ; frames since power-on, counted by the NMI
ptr:            .res 2          ; start-up copies and MMC1 writes
ptr2:           .res 2

; --- reset ------------------------------------------------------------------
        .segment "STARTUP"
nes_reset:
        sei
        cld
        ldx     #$FF
        txs
        inx                     ; X = 0
        stx     PPUCTRL         ; no NMI yet
        stx     PPUMASK         ; rendering off
        stx     APU_DMC         ; no DMC IRQ
        lda     #$40
        sta     APU_FRAME       ; no APU frame IRQ
        bit     PPUSTATUS       ; clear a stale vblank flag

        ; MMC1: a write with bit 7 resets its shift register and selects PRG
        ; mode 3 (switchable 16 KB at $8000, last bank fixed at $C000).
        ; Control = %01110: 8 KB CHR, PRG mode 3, vertical mirroring.
        lda     #$80
        sta     $8000
        lda     #$0E
        jsr     mmc1_control
        lda     #0
        jsr     mmc1_chr0
        ; PRG bank 0 at $8000 with bit 4 clear: PRG-RAM enabled
        lda     #0
        jsr     mmc1_prg

        ; the PPU needs two vblanks after power-on before it takes writes
@vbl1:  bit     PPUSTATUS
        bpl     @vbl1
@vbl2:  bit     PPUSTATUS
        bpl     @vbl2

        ; the font into CHR-RAM at $0000 (tiles at their ASCII codes,
        ; nes_chars.s), from bank 0, mapped above; rendering is off
        bit     PPUSTATUS
        lda     #$00
        sta     PPUADDR
        sta     PPUADDR
        lda     #<nes_font
        sta     ptr
        lda     #>nes_font
        sta     ptr+1
        ldx     #>nes_font_size
        ldy     #0
@font:  lda     (ptr),y
        sta     PPUDATA
        iny
        bne     @font
        inc     ptr+1
        dex
        bne     @font

        ; internal RAM (zero page, stack page, $0200-$07FF) to zero
        lda     #0
        tax
@clr:   sta     $0000,x
        sta     $0200,x
        sta     $0300,x
        sta     $0400,x
        sta     $0500,x
        sta     $0600,x
        sta     $0700,x
        inx
        bne     @clr

        ; BSS (PRG-RAM) to zero: nothing else clears it, and with the battery
        ; bit a real cartridge keeps its old contents
        lda     #<__BSS_RUN__
        sta     ptr
        lda     #>__BSS_RUN__
        sta     ptr+1
        ldx     #>__BSS_SIZE__
        ldy     #0
        tya
@bss_page:
        cpx     #0
        beq     @bss_tail
@bss_fill:
        sta     (ptr),y
        iny
        bne     @bss_fill
        inc     ptr+1
        dex
        jmp     @bss_page
@bss_tail:
        cpy     #<__BSS_SIZE__
        beq     @bss_done
        sta     (ptr),y
        iny
        jmp     @bss_tail
@bss_done:

        ; DATA: copy its initial values from ROM (fixed bank) to PRG-RAM
        lda     #<__DATA_LOAD__
        sta     ptr
        lda     #>__DATA_LOAD__
        sta     ptr+1
        lda     #<__DATA_RUN__
        sta     ptr2
        lda     #>__DATA_RUN__
        sta     ptr2+1
        ldx     #>__DATA_SIZE__
        ldy     #0
@data_page:
        cpx     #0
        beq     @data_tail
@data_copy:
        lda     (ptr),y
        sta     (ptr2),y
        iny
        bne     @data_copy
        inc     ptr+1
        inc     ptr2+1
        dex
        jmp     @data_page
@data_tail:
        cpy     #<__DATA_SIZE__
        beq     @data_done
        lda     (ptr),y
        sta     (ptr2),y
        iny
        jmp     @data_tail
@data_done:

        ; the cc65 parameter stack grows down from the top of its area
        lda     #<(__CSTACK_START__ + __CSTACK_SIZE__)
        sta     sp
        lda     #>(__CSTACK_START__ + __CSTACK_SIZE__)
        sta     sp+1

        ; NMI on (PLATFORM-NOTES: nothing counts frames otherwise); the
        ; handler only counts (nes_clock.s)
        lda     #$80
        sta     PPUCTRL
        jsr     _main
@halt:  jmp     @halt

; MMC1 registers take five single-bit writes, lowest bit first.  On SUROM
; bit 4 of CHR register 0 selects the 256 KB half (8 KB CHR mode: its other
; bits do nothing with 8 KB of CHR-RAM)
        .export mmc1_prg, mmc1_control, mmc1_chr0
mmc1_control:
        ldx     #$80            ; $8000-$9FFF
        bne     mmc1_write
mmc1_chr0:
        ldx     #$A0            ; $A000-$BFFF
        bne     mmc1_write
mmc1_prg:
        ldx     #$E0            ; $E000-$FFFF
mmc1_write:
        stx     ptr+1
        ldx     #0
        stx     ptr
        ldy     #0
        ldx     #5
@bit:   sta     (ptr),y
        lsr     a
        dex
        bne     @bit
        rts


; --- an NMI-less IRQ: never enabled (sei), but the vector must go somewhere
        .segment "STARTUP"
nes_irq:
        rti

; --- vectors and the reset stub of every bank -------------------------------
; At power-on an MMC1 may map any bank at $C000.  Every 16 KB bank ends
; with the same stub at the same address: it resets the MMC1 (which maps
; the last bank at $C000) and jumps to nes_reset in that fixed bank, where
; the same stub continues.  Only the fixed bank's vectors name the real NMI.
        .macro  reset_stub seg, is_fixed
        .segment seg
        .local  stub
stub:   sei
        ldx     #$FF
        txs
        stx     $8000           ; bit 7: MMC1 reset, PRG mode 3
        jmp     nes_reset
        .res    $1A - 10, $EA   ; up to $FFFA
        .if     is_fixed
        .word   nes_nmi, stub, nes_irq
        .else
        .word   stub, stub, stub
        .endif
        .endmacro

        reset_stub "STUB0", 0
        reset_stub "STUB1", 0
        reset_stub "STUB2", 0
        reset_stub "STUB3", 0
        reset_stub "STUB4", 0
        reset_stub "STUB5", 0
        reset_stub "STUB6", 0
        reset_stub "STUB7", 0
        reset_stub "STUB8", 0
        reset_stub "STUB9", 0
        reset_stub "STUB10", 0
        reset_stub "STUB11", 0
        reset_stub "STUB12", 0
        reset_stub "STUB13", 0
        reset_stub "STUB14", 0
        reset_stub "STUB15", 1
        reset_stub "STUB16", 0
        reset_stub "STUB17", 0
        reset_stub "STUB18", 0
        reset_stub "STUB19", 0
        reset_stub "STUB20", 0
        reset_stub "STUB21", 0
        reset_stub "STUB22", 0
        reset_stub "STUB23", 0
        reset_stub "STUB24", 0
        reset_stub "STUB25", 0
        reset_stub "STUB26", 0
        reset_stub "STUB27", 0
        reset_stub "STUB28", 0
        reset_stub "STUB29", 0
        reset_stub "STUB30", 0

; Text rows into the nametable while the picture stays on (nes_ui.c).
;
; The PPU takes writes only in the vertical blank (about 2270 CPU cycles
; on NTSC) or with rendering off.  Formatting a row in cc65 C takes far
; longer than a blank, and turning the picture off for the whole table
; left the screen black for over thirty frames (the first version's bug).
; So nes_ui.c formats up to NES_ROWS rows into nes_row_buf with the picture
; on, and this routine waits for the next frame and copies them in that
; frame's blank: about 550 cycles a row, three rows about 1700 cycles with
; the NMI and the scroll reset, inside the blank with room to spare.
;
; After the address writes the PPU's scroll is whatever $2006 left: the
; control register and both scroll bytes are written again before the
; blank ends, or the picture would be drawn from a wrong origin.

        .export         _nes_vram_rows, _nes_row_buf, _nes_row_addr
        .import         _nes_wait_frame

NES_ROWS  = 3                   ; nes_ui.h: NES_VRAM_ROWS

PPUCTRL   = $2000
PPUSCROLL = $2005
PPUADDR   = $2006
PPUDATA   = $2007

        .segment "BSS"
_nes_row_buf:   .res 32 * NES_ROWS      ; the rows' text, 32 tiles each
_nes_row_addr:  .res 2 * NES_ROWS       ; each row's nametable address
row_end:        .res 1

        .segment "CODE"
; void __fastcall__ nes_vram_rows(unsigned char n): copies the first n rows
; (1..NES_ROWS) of nes_row_buf to their addresses in the next vertical blank
_nes_vram_rows:
        pha
        jsr     _nes_wait_frame         ; a frame has just begun: the blank
        pla
        tay                             ; Y: rows left
        ldx     #0                      ; X: offset in nes_row_buf
@row:   txa
        lsr     a
        lsr     a
        lsr     a
        lsr     a                       ; row index x 2 = X / 16
        sta     row_end
        txa
        pha
        ldx     row_end
        lda     _nes_row_addr+1,x       ; high byte first
        sta     PPUADDR
        lda     _nes_row_addr,x
        sta     PPUADDR
        pla
        tax
        clc
        adc     #32
        sta     row_end
@byte:  lda     _nes_row_buf,x          ; 4 (5 across a page)
        sta     PPUDATA                 ; 4
        inx                             ; 2
        cpx     row_end                 ; 4
        bne     @byte                   ; 3: 17 cycles a byte
        dey
        bne     @row
        lda     #$80                    ; NMI on, nametable $2000, +1 per write
        sta     PPUCTRL
        lda     #0
        sta     PPUSCROLL
        sta     PPUSCROLL
        rts

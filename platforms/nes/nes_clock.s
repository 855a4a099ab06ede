; The NES timer: frames counted by the NMI plus a spin loop of known length
; (hbt_platform.h; the arithmetic and its constants are in nes_timer.c).
; (Not named nes_timer.s: cl65 compiling nes_timer.c writes and deletes
; an intermediate nes_timer.s beside it.)
;
;   hbt_timer_start: wait until a frame begins (the NMI has just counted
;       it), remember the frame count, return.
;   hbt_timer_stop:  spin until the next frame begins, counting loop turns;
;       nes_timer.c turns frames and turns into cycles.
;
; Cycle counts are written beside each instruction.  The loops must not
; cross a page (a taken branch into another page costs a cycle more): the
; segment TIMER is page-aligned in nes.cfg, and the .assert lines check it.

        .export         _hbt_timer_start, _hbt_timer_stop, nes_nmi
        .export         _nes_spin_frame, _nes_wait_frame
        .exportzp       _nes_t_start, _nes_t_end, _nes_t_spin
        .importzp       nes_frames
        .import         _nes_timer_cycles

        .segment "ZEROPAGE"
_nes_t_start:   .res 3          ; frame count when the measurement began
_nes_t_end:     .res 3          ; frame count when the stop spin ended
_nes_t_spin:    .res 2          ; loop turns of the stop spin

        .segment "TIMER"
; The NMI handler: 7 cycles to enter, 14 here (21 in all) in 255 frames of
; 256; 7 more when the low byte carries.  Nothing else: no PPU work, so its
; cost is the same every frame and nes_timer.c can take it out.
nes_nmi:
        inc     nes_frames      ; 5
        bne     @done           ; 3
        inc     nes_frames+1
        bne     @done
        inc     nes_frames+2
@done:  rti                     ; 6

; void hbt_timer_start(void)
_hbt_timer_start:
        lda     nes_frames      ; 3
@wait:  cmp     nes_frames      ; 3
        beq     @wait           ; 3 / 2
        .assert >@wait = >*, error, "hbt_timer_start's wait loop crosses a page"
        ; a frame has just begun: about 50 cycles after the NMI (nes_timer.c)
        lda     nes_frames      ; 3
        sta     _nes_t_start    ; 3
        lda     nes_frames+1    ; 3
        sta     _nes_t_start+1  ; 3
        lda     nes_frames+2    ; 3
        sta     _nes_t_start+2  ; 3
        rts                     ; 6

; uint32_t hbt_timer_stop(void)
_hbt_timer_stop:
        ldx     #0              ; 2
        ldy     #0              ; 2
        lda     nes_frames      ; 3
@spin:  inx                     ; 2
        bne     @same           ; 3 (2 when X wraps)
        iny                     ; 2 (only when X wraps)
@same:  cmp     nes_frames      ; 3
        beq     @spin           ; 3: 11 cycles a turn, 12 when X wraps
        .assert >@spin = >*, error, "hbt_timer_stop's spin loop crosses a page"
        stx     _nes_t_spin
        sty     _nes_t_spin+1
        lda     nes_frames
        sta     _nes_t_end
        lda     nes_frames+1
        sta     _nes_t_end+1
        lda     nes_frames+2
        sta     _nes_t_end+2
        jmp     _nes_timer_cycles

; unsigned nes_spin_frame(void): loop turns of the stop spin over one whole
; frame, checked at start-up (about 2704 on NTSC, 3019 on PAL)
_nes_spin_frame:
        jsr     _nes_wait_frame
        ldx     #0
        ldy     #0
        lda     nes_frames
@spin:  inx
        bne     @same
        iny
@same:  cmp     nes_frames
        beq     @spin
        .assert >@spin = >*, error, "nes_spin_frame's loop crosses a page"
        txa
        pha
        tya
        tax
        pla
        rts

; void nes_wait_frame(void): returns right after a frame began (vblank)
_nes_wait_frame:
        lda     nes_frames
@w:     cmp     nes_frames
        beq     @w
        rts

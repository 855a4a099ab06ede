; void nes_map_bank(unsigned char bank): banks 0-14 and 16-30 at $8000.
; SUROM: bit 4 of the bank number is the 256 KB half, which bit 4 of the
; MMC1's CHR register 0 selects (both halves have the fixed bank at $C000,
; so this code keeps running); the low four bits go to the PRG register
; (its bit 4 stays clear: PRG-RAM enabled).  Called only with no algorithm
; code running.
        .export         _nes_map_bank, _nes_current_bank
        .import         mmc1_prg, mmc1_chr0

        .segment "BSS"
_nes_current_bank:      .res 1

        .segment "CODE"
_nes_map_bank:
        sta     _nes_current_bank
        and     #$10
        jsr     mmc1_chr0
        lda     _nes_current_bank
        and     #$0F
        jmp     mmc1_prg

; Where the calls to an implementation that is not in the ROM go (the
; generated nes_traps.s names every function of the files left out).
; nes_select never hands such an implementation to the run loop, so this
; is reached only through a bug: stop here, with the results block saying
; "running" and no new entries, which the runner reports as a timeout.
        .export         nes_not_in_rom
nes_not_in_rom:
        jmp     nes_not_in_rom

; void nes_map_bank(unsigned char bank): the MMC1 PRG register (bit 4 stays
; clear: PRG-RAM enabled).  Called only with no algorithm code running.
        .export         _nes_map_bank, _nes_current_bank
        .import         mmc1_prg

        .segment "BSS"
_nes_current_bank:      .res 1

        .segment "CODE"
_nes_map_bank:
        sta     _nes_current_bank
        jmp     mmc1_prg

; Where the calls to an implementation that is not in the ROM go (the
; generated nes_traps.s names every function of the files left out).
; nes_select never hands such an implementation to the run loop, so this
; is reached only through a bug: stop here, with the results block saying
; "running" and no new entries, which the runner reports as a timeout.
        .export         nes_not_in_rom
nes_not_in_rom:
        jmp     nes_not_in_rom

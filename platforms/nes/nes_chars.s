; The CHR-ROM: our font's tiles, written by the host tool nes_chr.c
        .segment "CHARS"
        .incbin "font.chr"

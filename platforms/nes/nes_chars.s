; The font's tiles, written by the host tool nes_chr.c: the first 2 KB
; (tiles 0-127: every glyph is at its ASCII code, all below 128), kept in
; bank 0 and copied into the CHR-RAM at start-up (crt0.s)
        .export         nes_font, nes_font_size
nes_font_size = 2048
        .segment "FONT"
nes_font:
        .incbin "font.chr", 0, nes_font_size

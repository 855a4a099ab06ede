# The NES ROM: build/roms/hashbench.nes (+ .sym, the ld65 labels; the map
# beside it), included by platforms/platforms.mk.
#
# MMC1 on a SUROM board, 512 KB PRG: 30 switchable 16 KB banks at $8000
# (0-14, 16-30) and a fixed one at $C000 (bank 15, copied to bank 31 so
# both 256 KB halves have it: nes.cfg).  Each algorithm source is compiled into one bank's
# segments (--code-name BANKn_CODE ...): the plan below.  A file used by
# algorithms in different banks goes in the fixed bank with the harness,
# the registry and the cc65 run-time.  Code larger than a bank cannot be
# in the ROM: those files are not linked, the calls the registry makes to
# them are pointed at a trap (nes_traps.s, generated), and the ROM records
# their implementations as not run (main.c, nes_select).

include platforms/nes/flags.mk

NES_B   := $(BUILD)/nes
NES_DIR := platforms/nes
NES_ALG := src/algorithms

# --- the plan: bank -> source files (in src/algorithms/), the family's
# registry adapters where all of a family's code is in that bank, and the
# implementations whose code the bank holds.  A bank holds 16352 bytes;
# sizes (cc65 -Oirs, code + tables) are in docs/consoles/nes.md.
# Bank 0 also holds the screen, the run loop, the results block's writer
# and the registry's functions (NES_UI_BANK): main.c maps it to run them.
NES_BANK0_FILES  := crc/crc8_portable.c crc/crc8_fast.c crc/crc16_portable.c crc/crc32_portable.c \
                    crc/crc32c_portable.c crc/crc64_portable.c crc/crc64_xz_portable.c
NES_BANK0_IMPLS  := crc8_portable crc8_fast crc16_portable crc32_portable crc32c_portable \
                    crc64_portable crc64_xz_portable
NES_BANK1_FILES  := crc/crc32_fast.c tiny/djb2_portable.c tiny/djb2_fast.c tiny/fnv1a32_portable.c \
                    tiny/fnv1a32_fast.c tiny/knuth_portable.c tiny/oat_portable.c tiny/pearson8_portable.c \
                    tiny/pjw_portable.c tiny/sdbm_portable.c tiny/sdbm_fast.c
NES_BANK1_GLUE   := tiny/tiny_register.c
NES_BANK1_IMPLS  := crc32_fast djb2_portable djb2_fast fnv1a32_portable fnv1a32_fast knuth_portable \
                    oat_portable pearson8_portable pjw_portable sdbm_portable sdbm_fast
NES_BANK2_FILES  := crc/crc32c_fast.c
NES_BANK2_IMPLS  := crc32c_fast
NES_BANK3_FILES  := crc/crc64_fast.c sha3/sha3_common.c sha3/sha3_portable.c sha3/sha3_compact.c sha3/sha3_fast_shared.c
NES_BANK3_IMPLS  := crc64_fast sha3_256_portable sha3_384_portable sha3_512_portable \
                    sha3_256_fast sha3_384_fast sha3_512_fast
NES_BANK4_FILES  := crc/crc64_xz_fast.c
NES_BANK4_IMPLS  := crc64_xz_fast
NES_BANK5_FILES  := adler/adler32_common.c adler/adler32_portable.c adler/adler32_fast.c \
                    fletcher/fletcher_common.c fletcher/fletcher16_portable.c fletcher/fletcher16_fast.c \
                    fletcher/fletcher32_portable.c fletcher/fletcher32_fast.c \
                    fletcher/fletcher64_portable.c fletcher/fletcher64_fast.c \
                    md/md4_portable.c md/md5_portable.c
NES_BANK5_GLUE   := adler/adler_register.c fletcher/fletcher_register.c
NES_BANK5_IMPLS  := adler32_portable adler32_fast fletcher16_portable fletcher16_fast fletcher32_portable \
                    fletcher32_fast fletcher64_portable fletcher64_fast md4_portable md5_portable
NES_BANK6_FILES  := md/md4_fast.c md/md4_fast_shared.c
NES_BANK6_IMPLS  := md4_fast
NES_BANK7_FILES  := md/md5_fast.c md/md5_fast_shared.c
NES_BANK7_IMPLS  := md5_fast
NES_BANK8_FILES  := sha2/sha256_common.c sha2/sha256_portable.c mac/hmac_sha256_common.c \
                    mac/hmac_sha256_portable.c mac/pbkdf2_sha256_common.c mac/pbkdf2_sha256_portable.c \
                    sha2/sha256_compact.c sha2/sha256_fast_shared.c mac/hmac_sha256_fast.c mac/pbkdf2_sha256_fast.c
NES_BANK8_GLUE   := mac/mac_register.c
NES_BANK8_IMPLS  := sha256_portable hmac_sha256_portable pbkdf2_sha256_portable \
                    sha256_fast hmac_sha256_fast pbkdf2_sha256_fast
NES_BANK9_FILES  := blake2/blake2s_common.c blake2/blake2s_portable.c blake2/blake2s_compact.c blake2/blake2s_fast_shared.c
NES_BANK9_IMPLS  := blake2s_portable blake2s_fast
NES_BANK10_FILES := blake3/blake3_common.c blake3/blake3_portable.c blake3/blake3_compact.c blake3/blake3_fast_shared.c
NES_BANK10_GLUE  := blake3/blake3_register.c
NES_BANK10_IMPLS := blake3_portable blake3_fast
NES_BANK11_FILES := murmur3/murmur3_common.c murmur3/murmur3_params.c murmur3/murmur3_32_portable.c \
                    murmur3/murmur3_32_fast.c murmur3/murmur3_128_portable.c murmur3/murmur3_128_fast.c
NES_BANK11_GLUE  := murmur3/murmur3_register.c
NES_BANK11_IMPLS := murmur3_32_portable murmur3_32_fast murmur3_128_portable murmur3_128_fast
NES_BANK12_FILES := siphash/siphash_common.c siphash/siphash_params.c siphash/siphash_portable.c \
                    siphash/siphash_fast.c crc/crc16_fast.c
NES_BANK12_GLUE  := siphash/siphash_register.c
NES_BANK12_IMPLS := siphash_2_4_portable siphash_2_4_fast crc16_fast
NES_BANK13_FILES := xxh/xxh_common.c xxh/xxh_params.c xxh/xxh32_portable.c xxh/xxh32_fast.c \
                    xxh/xxh64_portable.c xxh/xxh64_fast.c
NES_BANK13_GLUE  := xxh/xxh_register.c
NES_BANK13_IMPLS := xxh32_portable xxh32_fast xxh64_portable xxh64_fast
# xxh3_seeded.c (XXH3's seeded one-shots, the rows' with_params: 13 KB of
# 6502 code) is left out: bank 14 has about 500 bytes beside the rest of
# XXH3, and the ROM never calls with_params (the trap stands in for it)
NES_BANK14_FILES := xxh/xxh3_common.c xxh/xxh3_portable.c xxh/xxh3_compact.c xxh/xxh3_fast_shared.c
NES_BANK14_GLUE  := xxh/xxh3_register.c
NES_BANK14_IMPLS := xxh3_64_portable xxh3_128_portable xxh3_64_fast xxh3_128_fast
# banks 16-30: the second 256 KB half (bank 15 is the fixed bank); a family
# whose compact fast code does not fit beside its other code in banks 0-14
# moves here whole, with its registry adapters
NES_BANK16_FILES := sha1/sha1_common.c sha1/sha1_portable.c sha1/sha1_compact.c sha1/sha1_fast_shared.c
NES_BANK16_GLUE  := sha1/sha1_register.c
NES_BANK16_IMPLS := sha1_portable sha1_fast
NES_BANK17_FILES := ripemd/ripemd_common.c ripemd/ripemd160_portable.c ripemd/ripemd160_compact.c ripemd/ripemd160_fast_shared.c
NES_BANK17_GLUE  := ripemd/ripemd_register.c
NES_BANK17_IMPLS := ripemd160_portable ripemd160_fast
NES_BANK18_FILES := sha2/sha512_common.c sha2/sha512_portable.c sha2/sha512_compact.c sha2/sha512_fast_shared.c
NES_BANK18_IMPLS := sha384_portable sha512_portable sha384_fast sha512_fast
NES_BANK19_FILES := aes/aes_common.c aes/aes_portable.c aes/aes_compact.c aes/aes_fast_shared.c
NES_BANK19_GLUE  := aes/aes_register.c
NES_BANK19_IMPLS := aes_cbc_mac_portable aes_cbc_mac_fast
NES_BANK20_FILES := blake2/blake2b_common.c blake2/blake2b_portable.c blake2/blake2b_compact.c blake2/blake2b_fast_shared.c
NES_BANK20_IMPLS := blake2b_portable blake2b_fast
NES_UI_BANK := 0
NES_BANKS := 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 16 17 18 19 20

# shared by algorithms in different banks: the fixed bank, with the
# registry adapters of the families spread over several banks, and SHA-3's
# (536 bytes: bank 3, with the compact fast SHA-3, has no room left for them);
# BLAKE2's SIGMA (blake2_common.c), which BLAKE2s in bank 9 and BLAKE2b in
# bank 20 both read
NES_FIXED_ALGO := common/u64_pair.c common/md_block.c md/md_common.c crc/crc_common.c \
                  blake2/blake2_common.c
NES_FIXED_GLUE := crc/crc_register.c md/md_register.c sha2/sha2_register.c sha3/sha3_register.c \
                  blake2/blake2_register.c
NES_BANKED_GLUE := $(foreach n,$(NES_BANKS),$(NES_BANK$(n)_GLUE))
NES_GLUE_SRCS := src/registry.c src/impl_list.c $(addprefix $(NES_ALG)/,$(NES_FIXED_GLUE) $(NES_BANKED_GLUE))
NES_FIXED_C := platforms/common/hbt_measure.c $(NES_DIR)/main.c $(NES_DIR)/nes_timer.c
NES_ASM := crt0 nes_clock nes_bank nes_chars nes_vram

# everything of src/algorithms not placed: larger than a bank
NES_PLACED := $(foreach n,$(NES_BANKS),$(NES_BANK$(n)_FILES)) $(NES_FIXED_ALGO)
NES_LEFT_OUT := $(filter-out $(addprefix $(NES_ALG)/,$(NES_PLACED)) $(NES_GLUE_SRCS), \
                  $(call algo_srcs,$(NES_COMPACT)))

NES_BANK_OBJS := $(foreach n,$(NES_BANKS),$(patsubst %.c,$(NES_B)/bank$(n)/%.o,$(NES_BANK$(n)_FILES)))
NES_GLUE_OBJS := $(foreach n,$(NES_BANKS),$(patsubst %.c,$(NES_B)/glue$(n)/%.o,$(NES_BANK$(n)_GLUE))) \
                 $(patsubst %.c,$(NES_B)/glue/%.o,$(addprefix $(NES_ALG)/,$(NES_FIXED_GLUE)))
NES_UI_OBJS := $(NES_B)/ui/nes_ui.o $(NES_B)/ui/hbt_sort.o $(NES_B)/ui/hbt_banner.o $(NES_B)/ui/hbt_run.o $(NES_B)/ui/hbt_block.o $(NES_B)/ui/registry.o \
               $(NES_B)/ui/impl_list.o
NES_OBJS := $(NES_BANK_OBJS) $(NES_GLUE_OBJS) $(NES_UI_OBJS) \
            $(patsubst %.c,$(NES_B)/fixed/%.o,$(NES_FIXED_ALGO)) \
            $(patsubst %.c,$(NES_B)/fixed/%.o,$(NES_FIXED_C)) $(NES_B)/fixed/nes_banks.o \
            $(NES_ASM:%=$(NES_B)/asm/%.o) $(NES_B)/asm/nes_traps.o

# one compile rule per bank: the file's code, tables and locals in that
# bank's segments; a family's registry adapters (glue) put only their code
# there: the hb_algo and hb_impl tables stay in the fixed bank
define nes_bank_rule
$(NES_B)/bank$(1)/%.o: $(NES_ALG)/%.c platforms/nes/flags.mk
	@mkdir -p $$(dir $$@)
	cl65 -t nes -c $$(NES_CC65_FLAGS) --code-name BANK$(1)_CODE --rodata-name BANK$(1)_RODATA \
	    --bss-name BANK$(1)_BSS --create-dep $$(@:.o=.d) -o $$@ $$<
$(NES_B)/glue$(1)/%.o: $(NES_ALG)/%.c platforms/nes/flags.mk
	@mkdir -p $$(dir $$@)
	cl65 -t nes -c $$(NES_GLUE_FLAGS) --code-name BANK$(1)_CODE --create-dep $$(@:.o=.d) -o $$@ $$<
endef
$(foreach n,$(NES_BANKS),$(eval $(call nes_bank_rule,$(n))))

# the screen, the run loop, the block writer and the registry's functions:
# code in the UI bank, state in the common BSS (the results block in the
# internal RAM); the registry's locals (static with -Cl, never live while
# an algorithm runs) overlap the banks' BSS
NES_UI_CC = cl65 -t nes -c $(NES_GLUE_FLAGS) -I$(NES_DIR) --code-name BANK$(NES_UI_BANK)_CODE \
            --rodata-name BANK$(NES_UI_BANK)_RODATA --create-dep $(@:.o=.d) -o $@
# the screen with -Oirs: it formats every row in C between vertical blanks
$(NES_B)/ui/nes_ui.o: $(NES_DIR)/nes_ui.c platforms/nes/flags.mk
	@mkdir -p $(dir $@)
	$(NES_UI_CC) -Oirs $<
$(NES_B)/ui/hbt_sort.o: platforms/common/hbt_sort.c platforms/nes/flags.mk
	@mkdir -p $(dir $@)
	$(NES_UI_CC) -Oirs $<
$(NES_B)/ui/hbt_banner.o: platforms/common/hbt_banner.c platforms/nes/flags.mk
	@mkdir -p $(dir $@)
	$(NES_UI_CC) -Oirs $<
$(NES_B)/ui/hbt_run.o: platforms/common/hbt_run.c platforms/nes/flags.mk
	@mkdir -p $(dir $@)
	$(NES_UI_CC) $<
$(NES_B)/ui/hbt_block.o: platforms/common/hbt_block.c platforms/nes/flags.mk
	@mkdir -p $(dir $@)
	$(NES_UI_CC) --bss-name HBBLOCK $<
$(NES_B)/ui/registry.o: src/registry.c platforms/nes/flags.mk
	@mkdir -p $(dir $@)
	$(NES_UI_CC) --bss-name GLUE_BSS $<
$(NES_B)/ui/impl_list.o: src/impl_list.c platforms/nes/flags.mk
	@mkdir -p $(dir $@)
	$(NES_UI_CC) --bss-name GLUE_BSS $<
$(NES_B)/fixed/%.o: $(NES_ALG)/%.c platforms/nes/flags.mk
	@mkdir -p $(dir $@)
	cl65 -t nes -c $(NES_CC65_FLAGS) --create-dep $(@:.o=.d) -o $@ $<
# the timed loop with the algorithms' flags (the sim65 build has the same);
# main.c and nes_timer.c run outside any timed interval
$(NES_B)/fixed/platforms/common/hbt_measure.o: platforms/common/hbt_measure.c platforms/nes/flags.mk
	@mkdir -p $(dir $@)
	cl65 -t nes -c $(NES_CC65_FLAGS) -I$(NES_DIR) --create-dep $(@:.o=.d) -o $@ $<
$(NES_B)/fixed/platforms/nes/%.o: platforms/nes/%.c platforms/nes/flags.mk
	@mkdir -p $(dir $@)
	cl65 -t nes -c $(NES_GLUE_FLAGS) -I$(NES_DIR) --create-dep $(@:.o=.d) -o $@ $<
$(NES_B)/glue/%.o: %.c platforms/nes/flags.mk
	@mkdir -p $(dir $@)
	cl65 -t nes -c $(NES_GLUE_FLAGS) --create-dep $(@:.o=.d) -o $@ $<
$(NES_B)/asm/%.o: $(NES_DIR)/%.s $(NES_B)/font.chr
	@mkdir -p $(dir $@)
	ca65 --cpu 6502 --bin-include-dir $(NES_B) -o $@ $<

# the implementation -> bank table, from the plan, and the rows that run a
# compact form (flags.mk's NES_COMPACT, the rows of each in compact.mk)
NES_COMPACT_ROWS = $(call compact_rows,$(NES_COMPACT))
$(NES_B)/gen/nes_banks.c: $(NES_DIR)/nes.mk $(NES_DIR)/flags.mk platforms/common/compact.mk
	@mkdir -p $(dir $@)
	{ echo '/* generated by platforms/nes/nes.mk from its bank plan */'; \
	  echo '#include "nes_bank.h"'; \
	  $(foreach n,$(NES_BANKS),for i in $(NES_BANK$(n)_IMPLS); do echo "extern const hb_impl hb_impl_$$i;"; done;) \
	  echo 'const nes_bank_entry nes_bank_table[] = {'; \
	  $(foreach n,$(NES_BANKS),for i in $(NES_BANK$(n)_IMPLS); do echo "    { &hb_impl_$$i, $(n) },"; done;) \
	  echo '};'; \
	  echo 'const unsigned char nes_bank_count = sizeof nes_bank_table / sizeof nes_bank_table[0];'; \
	  echo 'const unsigned char nes_ui_bank = $(NES_UI_BANK);'; \
	  for i in $(NES_COMPACT_ROWS); do echo "extern const hb_impl hb_impl_$$i;"; done; \
	  echo 'const hb_impl *const nes_compact_rows[] = {'; \
	  for i in $(NES_COMPACT_ROWS); do echo "    &hb_impl_$$i,"; done; \
	  echo '    0'; \
	  echo '};'; \
	  echo 'const unsigned char nes_compact_count = sizeof nes_compact_rows / sizeof nes_compact_rows[0] - 1;'; \
	  } > $@.tmp && mv $@.tmp $@
$(NES_B)/fixed/nes_banks.o: $(NES_B)/gen/nes_banks.c platforms/nes/flags.mk
	cl65 -t nes -c $(NES_CC65_FLAGS) -I$(NES_DIR) -o $@ $<

# the files left out, compiled only to list what they define: the trap
$(NES_B)/out/%.o: %.c platforms/nes/flags.mk
	@mkdir -p $(dir $@)
	cl65 -t nes -c $(NES_CC65_FLAGS) -o $@ $<
# (nes.mk a prerequisite too: moving a file into a bank changes the list)
$(NES_B)/gen/nes_traps.s: $(NES_LEFT_OUT:%.c=$(NES_B)/out/%.o) $(NES_DIR)/nes.mk
	@mkdir -p $(dir $@)
	{ echo '; generated by platforms/nes/nes.mk: the functions of the files too large'; \
	  echo '; for a bank, all pointed at nes_not_in_rom (nes_bank.s)'; \
	  echo '        .import nes_not_in_rom'; \
	  echo '        .segment "CODE"'; \
	  for o in $(filter %.o,$^); do od65 --dump-exports $$o | sed -n 's/^ *Name: *"\(.*\)"/\1/p' | \
	    while read s; do echo "        .export $$s"; echo "$$s:"; done; done; \
	  echo '        jmp nes_not_in_rom'; } > $@.tmp && mv $@.tmp $@
$(NES_B)/asm/nes_traps.o: $(NES_B)/gen/nes_traps.s
	@mkdir -p $(dir $@)
	ca65 --cpu 6502 -o $@ $<

$(NES_B)/nes_chr: $(NES_DIR)/nes_chr.c platforms/common/font5x7.c platforms/common/font5x7.h
	@mkdir -p $(dir $@)
	$(CC) -O2 -Wall -Wextra -Iplatforms/common -o $@ $< platforms/common/font5x7.c
$(NES_B)/font.chr: $(NES_B)/nes_chr
	$(NES_B)/nes_chr $@

# after linking, bank 15 (the fixed bank) is copied over bank 31: SUROM maps
# the last bank of the selected 256 KB half at $C000
NES_FIXED_AT := $(shell echo $$((16 + 15 * 16384)))
NES_FIXED2_AT := $(shell echo $$((16 + 31 * 16384)))
build/roms/hashbench.nes: $(NES_OBJS) $(NES_DIR)/nes.cfg
	@mkdir -p $(dir $@)
	ld65 -C $(NES_DIR)/nes.cfg -m $(NES_B)/hashbench.map -Ln build/roms/hashbench.nes.sym \
	    -o $@.tmp $(NES_OBJS) nes.lib
	dd if=$@.tmp of=$@.tmp bs=1 skip=$(NES_FIXED_AT) seek=$(NES_FIXED2_AT) count=16384 conv=notrunc status=none
	mv $@.tmp $@

ROMS += build/roms/hashbench.nes

-include $(NES_OBJS:.o=.d)

# make retro PLATFORM=nes: the ROM in Nestopia, headless.  Pass 1, a rerun
# (B) for pass 2, then every view the ROM's controls offer (tools/retro-run/
# views.py derives them from the ROM's sources and names the files), each
# photographed once drawn: a page takes about 20 frames (nes_ui.c draws
# three rows a vertical blank), so every shot waits 40 after its press.
# A pass is about 66,000 frames (18 minutes emulated; the compact fast
# SHA-256/HMAC/PBKDF2, SHA-3 and XXH3 added 24,600, PBKDF2 fast alone about
# 14,000): a minute or so of host time, but far more on a loaded machine,
# hence the generous host-time limit (--max-frames still stops a ROM that
# hangs).
NES_RETRO := build/retro/nes
NES_RETRO_SCRIPT = $(shell python3 tools/retro-run/views.py at nes nestopia $(1))
# host seconds before retro-run gives up: a pass is 25-35 s on an idle
# 2-core machine, but ten times that under heavy load (600 s, retro-run's
# default, ran out in pass 2 at load average 25)
NES_TIMEOUT ?= 2400
nes_retro_cmd = $(RETRO_RUN) --platform nes --rom build/roms/hashbench.nes --json $(1)/results.json \
    --max-frames 200000 --timeout $(NES_TIMEOUT) --compiler "$$(cc65 --version 2>&1 | head -1)" \
    --compiler-flags "$(NES_CC65_FLAGS) (algorithms and timed loop; the compact forms of $(NES_COMPACT)); $(NES_GLUE_FLAGS) (registry adapters, harness, screen)" \
    --compact-rows "$(NES_COMPACT_ROWS)" --build-rev "$(BUILD_REV)" $(call NES_RETRO_SCRIPT,$(1))

.PHONY: retro-nes test-nes compact-rows-nes
# the rows the NES runs in a compact form, for the checks (console_checks.py)
compact-rows-nes:
	@echo $(NES_COMPACT_ROWS)
retro-nes: build/roms/hashbench.nes $(RETRO_RUN)
	@mkdir -p $(NES_RETRO)
	@rm -f $(NES_RETRO)/*.png
	$(call nes_retro_cmd,$(NES_RETRO))

test-nes: build/roms/hashbench.nes $(RETRO_RUN) $(BUILD)/hashbench
	.venv/bin/python platforms/nes/test_nes.py

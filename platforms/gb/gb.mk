# The Game Boy ROM: build/roms/hashbench.gb (+ .sym, .map), included by platforms/platforms.mk.
#
# SDCC -msm83 with our own start-up code (crt0.s) and MBC5 banking:
#   bank 0     crt0, the timer, the measuring function, the registry and its
#              adapters, the 64-bit helpers (u64_pair), md_block, crc_common
#   bank 1     the run loop, the results block, the screen (--codeseg CODE_1)
#   bank 2...  the algorithms: every other algorithm source compiled into an
#              area of its own (--codeseg BK_<file>), packed into banks by
#              plan_banks.py after compiling; code larger than a bank is left
#              out and recorded as not run (docs/consoles/gb.md)
# No algorithm source carries a pragma: the segments come from here.

GB_B   := $(BUILD)/gb
GB_DIR := platforms/gb
GB_SDCC := sdcc
# SDCC's global optimisations (lospre, gcse, loop invariants and induction)
# take many minutes on the unrolled rounds: off everywhere (as in
# tools/portability.sh).  The peephole optimiser stays on, except for the
# unrolled fast files listed in GB_NOPEEP_FILES, where it alone takes
# minutes per file (and each of them is larger than a bank anyway:
# plan_banks.py checks that): none today, every one of them is built in its
# compact form (GB_COMPACT below).
GB_CFLAGS := -msm83 --std-c99 -DHB_U64_PAIR --nolospre --nogcse --noinvariant --noinduction \
             -Iinclude -Iplatforms/common -I$(GB_DIR)
GB_NOPEEP_FILES :=
GB_NOPEEP := --no-peep
# The algorithms built in their compact form (src/algorithms/<family>/
# <algo>_compact.c in place of <algo>_fast.c: the same functions, the fast
# code's per-round forms with its loops rolled up): unrolled, each is larger
# than a 16 KB bank (docs/consoles/gb.md, "Banking").  Compact, the peephole
# optimiser is quick.  The records and the screen call these rows `compact`.
# (SHA-1's compact form builds its schedule before the rounds: SDCC 4.2's
# code for the first one, a ring updated inside the round body, gave wrong
# digests in both emulators, though gcc's was right)
GB_COMPACT := sha256 xxh3 md4 md5 sha3 sha512 aes sha1 ripemd160 blake2s blake2b blake3
GB_COMPACT_ROWS = $(call compact_rows,$(GB_COMPACT))

# bank 0: what every bank calls, and the code that runs while an algorithm's bank is mapped;
# md_common, sha1_common and sha256_common (what the portable and fast
# variants of MD4, MD5, SHA-1 and SHA-256 both call) so that the variants
# need not share one bank; blake2_common (SIGMA, 192 bytes: what BLAKE2s and
# BLAKE2b share) so that the two families need not share one
GB_HOME_ALGO_SRCS := src/algorithms/common/u64_pair.c src/algorithms/common/md_block.c \
                     src/algorithms/crc/crc_common.c src/algorithms/md/md_common.c \
                     src/algorithms/sha1/sha1_common.c src/algorithms/sha2/sha256_common.c \
                     src/algorithms/blake2/blake2_common.c $(sort $(wildcard src/algorithms/*/*_register.c))
GB_HOME_SRCS := $(GB_HOME_ALGO_SRCS) src/registry.c src/arch/generic/families_generic.c src/peers/no_peers.c \
                platforms/common/hbt_measure.c $(GB_DIR)/gb_timer.c $(GB_DIR)/gb_bank.c
# bank 1
GB_UI_SRCS := platforms/common/hbt_block.c platforms/common/hbt_run.c $(GB_DIR)/main.c $(GB_DIR)/gb_ui.c \
              $(GB_DIR)/gb_screen.c $(GB_DIR)/gb_names.c $(GB_DIR)/gb_speed.c platforms/common/font5x7.c platforms/common/hbt_text.c platforms/common/hbt_sort.c \
              platforms/common/hbt_banner.c
# banks 2...
GB_ALGO_SRCS := $(filter-out $(GB_HOME_ALGO_SRCS),$(call algo_srcs,$(GB_COMPACT)))

GB_HOME_RELS := $(patsubst %.c,$(GB_B)/home/%.rel,$(GB_HOME_SRCS))
GB_HOME_ALGO_RELS := $(patsubst %.c,$(GB_B)/home/%.rel,$(GB_HOME_ALGO_SRCS))
GB_UI_RELS := $(patsubst %.c,$(GB_B)/bank1/%.rel,$(GB_UI_SRCS))
GB_ALGO_RELS := $(patsubst %.c,$(GB_B)/algo/%.rel,$(GB_ALGO_SRCS))
GB_HEADERS := $(wildcard include/*.h include/hashbench/*.h platforms/common/*.h $(GB_DIR)/*.h)

$(GB_B)/home/%.rel: %.c $(GB_HEADERS)
	@mkdir -p $(dir $@)
	$(GB_SDCC) $(GB_CFLAGS) -c -o $@ $<
$(GB_B)/bank1/%.rel: %.c $(GB_HEADERS)
	@mkdir -p $(dir $@)
	$(GB_SDCC) $(GB_CFLAGS) --codeseg CODE_1 -c -o $@ $<
$(GB_B)/algo/%.rel: %.c $(GB_HEADERS)
	@mkdir -p $(dir $@)
	$(GB_SDCC) $(GB_CFLAGS) $(if $(filter $(notdir $*),$(GB_NOPEEP_FILES)),$(GB_NOPEEP)) \
	    --codeseg BK_$(notdir $*) -c -o $@ $<
$(GB_B)/crt0.rel: $(GB_DIR)/crt0.s
	@mkdir -p $(dir $@)
	sdasgb -plosgff -o $@ $<

# the bank plan (and the implementation -> bank table it implies)
$(GB_B)/plan/gb_banks.c: $(GB_ALGO_RELS) $(GB_HOME_ALGO_RELS) $(GB_DIR)/plan_banks.py
	python3 $(GB_DIR)/plan_banks.py $(GB_B)/plan 0x4000 2 $(filter src/algorithms/%_register.c,$(GB_HOME_ALGO_SRCS)) \
	    -- $(GB_HOME_ALGO_RELS) -- $(GB_ALGO_RELS)
$(GB_B)/plan/gb_banks.rel: $(GB_B)/plan/gb_banks.c $(GB_HEADERS)
	$(GB_SDCC) $(GB_CFLAGS) -c -o $@ $<

# the rows that run a compact form, for the screen (gb_bank.h), in bank 0
$(GB_B)/gen/gb_compact.c: $(GB_DIR)/gb.mk platforms/common/compact.mk
	@mkdir -p $(dir $@)
	{ echo '/* generated by platforms/gb/gb.mk from GB_COMPACT and compact.mk */'; \
	  echo '#include "gb_bank.h"'; \
	  for i in $(GB_COMPACT_ROWS); do echo "extern const hb_impl hb_impl_$$i;"; done; \
	  echo 'const hb_impl *const gb_compact_rows[] = {'; \
	  for i in $(GB_COMPACT_ROWS); do echo "    &hb_impl_$$i,"; done; \
	  echo '};'; \
	  echo 'const unsigned char gb_compact_count = sizeof gb_compact_rows / sizeof gb_compact_rows[0];'; \
	  } > $@.tmp && mv $@.tmp $@
$(GB_B)/gen/gb_compact.rel: $(GB_B)/gen/gb_compact.c $(GB_HEADERS)
	$(GB_SDCC) $(GB_CFLAGS) -c -o $@ $<

GB_LINK_FLAGS := -Wl-m -Wl-w -Wl-j -Wl-b_CODE=0x0200 -Wl-b_CODE_1=0x14000 -Wl-b_DATA=0xC000
$(GB_B)/hashbench.ihx: $(GB_B)/crt0.rel $(GB_HOME_RELS) $(GB_UI_RELS) $(GB_B)/plan/gb_banks.rel $(GB_B)/gen/gb_compact.rel
	$(GB_SDCC) -msm83 --no-std-crt0 $(GB_LINK_FLAGS) $$(cat $(GB_B)/plan/link.args) -o $@ \
	    $(GB_B)/crt0.rel $(GB_HOME_RELS) $(GB_B)/plan/gb_banks.rel $(GB_B)/gen/gb_compact.rel $(GB_UI_RELS) \
	    $$(cat $(GB_B)/plan/link.rels)
	python3 $(GB_DIR)/plan_banks.py --check $(GB_B)/hashbench.map

# MBC5 (0x19), ROM size from the image, the logo and both header checksums;
# -yc: Color-compatible (0x143 = 0x80), so a Color runs it in double speed
build/roms/hashbench.gb: $(GB_B)/hashbench.ihx
	@mkdir -p $(dir $@)
	makebin -Z -yc -yt 0x19 -yo A -yn HASHBENCH -yS $< $(GB_B)/hashbench.gb
	cp $(GB_B)/hashbench.map build/roms/hashbench.gb.map
	cp $(GB_B)/hashbench.sym build/roms/hashbench.gb.sym
	cp $(GB_B)/plan/banks.txt build/roms/hashbench.gb.banks.txt
	cp $(GB_B)/hashbench.gb $@

ROMS += build/roms/hashbench.gb

# make retro PLATFORM=gb: the ROM in gambatte (build/retro/gb) and in mGBA
# (build/retro/gb-mgba), headless.  Pass 1, a rerun (B) for pass 2, then
# the views through the ROM's own controls, each photographed once drawn
# (a redraw takes about 30 frames: 40 are given).
GB_RETRO := build/retro/gb
GB_RETRO_MGBA := build/retro/gb-mgba
GB_RETRO_SCRIPT = \
    --at 110 shot:$(1)/0-banner.png \
    --at done1+40 shot:$(1)/1-fast.png \
    --at done1+50 press:B \
    --at done2+40 shot:$(1)/2-fast-rerun.png \
    --at done2+50 press:A        --at done2+90 shot:$(1)/3-fast-speed.png \
    --at done2+100 press:SELECT  --at done2+140 shot:$(1)/4-fast-speed-sweep.png \
    --at done2+150 press:LEFT    --at done2+190 shot:$(1)/5-portable-speed-sweep.png \
    --at done2+200 press:SELECT  --at done2+240 press:A --at done2+280 press:A \
    --at done2+320 press:DOWN    --at done2+360 shot:$(1)/6-portable-page2.png \
    --at done2+370 press:UP      --at done2+410 shot:$(1)/final.png \
    --at done2+420 press:LEFT    --at done2+460 press:DOWN --at done2+500 press:DOWN \
    --at done2+540 shot:$(1)/8-fast-page3.png \
    --at done2+550 press:START   --at done2+580 shot:$(1)/7-start-rerun.png --at done2+581 quit
# the same ROM on a Game Boy Color (the runner tells each core to be one),
# where it runs in double speed: build/retro/gbc (gambatte) and
# build/retro/gbc-mgba, platform gbc.  Pass 1, a rerun (B), the table.
GBC_RETRO := build/retro/gbc
GBC_RETRO_MGBA := build/retro/gbc-mgba
GBC_RETRO_SCRIPT = \
    --at done1+40 shot:$(1)/1-fast.png \
    --at done1+50 press:B \
    --at done2+40 shot:$(1)/2-fast-rerun.png \
    --at done2+50 press:A        --at done2+90 shot:$(1)/final.png --at done2+91 quit
# gb_retro_cmd DIR CORE PLATFORM SCRIPT: one headless run writing DIR/results.json and the screenshots
gb_retro_cmd = $(RETRO_RUN) --platform $(3) --core $(2) --rom build/roms/hashbench.gb --json $(1)/results.json \
    --max-frames 400000 --timeout 2400 --compiler "$$($(GB_SDCC) --version | head -1)" \
    --compiler-flags "$(GB_CFLAGS) (--no-peep for $(or $(GB_NOPEEP_FILES),no file); the compact forms of $(GB_COMPACT))" \
    --compact-rows "$(GB_COMPACT_ROWS)" --build-rev "$(BUILD_REV)" $(call $(4),$(1))

.PHONY: retro-gb retro-gbc retro-gb-dmg
# make retro PLATFORM=gb: as a Game Boy and as a Color, each in both emulators
retro-gb: retro-gb-dmg retro-gbc
retro-gb-dmg: build/roms/hashbench.gb $(RETRO_RUN)
	@mkdir -p $(GB_RETRO) $(GB_RETRO_MGBA)
	$(call gb_retro_cmd,$(GB_RETRO),gambatte_libretro.so,gb,GB_RETRO_SCRIPT)
	$(call gb_retro_cmd,$(GB_RETRO_MGBA),mgba_libretro.so,gb,GB_RETRO_SCRIPT)
retro-gbc: build/roms/hashbench.gb $(RETRO_RUN)
	@mkdir -p $(GBC_RETRO) $(GBC_RETRO_MGBA)
	$(call gb_retro_cmd,$(GBC_RETRO),gambatte_libretro.so,gbc,GBC_RETRO_SCRIPT)
	$(call gb_retro_cmd,$(GBC_RETRO_MGBA),mgba_libretro.so,gbc,GBC_RETRO_SCRIPT)

# the checks, for a tier of make test (ends with "N passed, N failed")
.PHONY: test-gb compact-rows-gb
# the rows the Game Boy runs in a compact form, for the checks (console_checks.py)
compact-rows-gb:
	@echo $(GB_COMPACT_ROWS)
test-gb: build/roms/hashbench.gb $(RETRO_RUN) $(BUILD)/hashbench
	.venv/bin/python platforms/gb/test_gb.py

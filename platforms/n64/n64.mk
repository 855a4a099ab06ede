# The N64 ROM: build/roms/hashbench.z64 (+ .sym), included by platforms/platforms.mk.
#
# A bare-metal image: our boot code (ipl3.S), start-up code (crt0.S), linker
# script (n64.ld) and cartridge header (n64_rom.c, a host tool), built with
# Debian's mips64 cross compiler; no libdragon, no C library.

N64_CC      := mips64-linux-gnuabi64-gcc
N64_OBJCOPY := mips64-linux-gnuabi64-objcopy
N64_NM      := mips64-linux-gnuabi64-nm
N64_B       := $(BUILD)/n64
N64_DIR     := platforms/n64
# the flags the results record names (context.compiler_flags)
N64_ARCH_FLAGS := -march=vr4300 -EB -mno-abicalls -fno-pic -G0 -ffreestanding -msoft-float -O2
N64_O32_FLAGS  := $(N64_ARCH_FLAGS) -mabi=32
N64_N32_FLAGS  := $(N64_ARCH_FLAGS) -mabi=n32
N64_CFLAGS = -std=c99 -Wall -Wextra -ffunction-sections -fdata-sections \
             -Iinclude -Iplatforms/common -I$(N64_DIR) -I$(N64_DIR)/libc
N64_LDFLAGS := -nostdlib -static -no-pie -Wl,--build-id=none -Wl,--gc-sections

# the algorithms and the console registry (no instruction-set tables, no peers)
N64_LIB_SRCS  := $(ALGO_SRCS) src/registry.c src/impl_list.c \
                 platforms/common/hbt_measure.c $(N64_DIR)/n64_libc.c
N64_MAIN_SRCS := platforms/common/hbt_block.c platforms/common/hbt_run.c \
                 $(N64_DIR)/main.c $(N64_DIR)/n64_builds.c $(N64_DIR)/n64_isv.c $(N64_DIR)/n64_screen.c $(N64_DIR)/n64_pad.c \
                 $(N64_DIR)/n64_ui.c $(N64_DIR)/n64_timer.c $(HBT_SCREEN_SRCS)
N64_O32_OBJS  := $(patsubst %.c,$(N64_B)/o32/%.o,$(N64_LIB_SRCS) $(N64_MAIN_SRCS))
# the second build: the same library, n32 (64-bit registers), its own image
N64_N32_OBJS  := $(patsubst %.c,$(N64_B)/n32/%.o,$(N64_LIB_SRCS) $(N64_DIR)/n64_image.c)

$(N64_B)/o32/%.o: %.c
	@mkdir -p $(dir $@)
	$(N64_CC) $(N64_O32_FLAGS) $(N64_CFLAGS) -MMD -MP -c $< -o $@
$(N64_B)/n32/%.o: %.c
	@mkdir -p $(dir $@)
	$(N64_CC) $(N64_N32_FLAGS) $(N64_CFLAGS) -MMD -MP -c $< -o $@
$(N64_B)/n32/image.elf: $(N64_N32_OBJS) $(N64_DIR)/image.ld
	$(N64_CC) $(N64_N32_FLAGS) $(N64_LDFLAGS) -T $(N64_DIR)/image.ld -Wl,-Map,$(N64_B)/n32/image.map -o $@ $(N64_N32_OBJS)
$(N64_B)/n32/image.bin: $(N64_B)/n32/image.elf
	$(N64_OBJCOPY) -O binary $< $@
$(N64_B)/image_blob.o: $(N64_DIR)/image_blob.S $(N64_B)/n32/image.bin
	$(N64_CC) $(N64_O32_FLAGS) -DN64_IMAGE_BIN='"$(N64_B)/n32/image.bin"' -c $< -o $@

$(N64_B)/%.o: $(N64_DIR)/%.S
	@mkdir -p $(dir $@)
	$(N64_CC) $(N64_O32_FLAGS) -c $< -o $@

# the boot code: linked where the console runs it (RSP data memory + 0x40)
$(N64_B)/ipl3.bin: $(N64_B)/ipl3.o
	$(N64_CC) $(N64_O32_FLAGS) $(N64_LDFLAGS) -Wl,-Ttext=0xA4000040 -Wl,-e,ipl3_start -o $(N64_B)/ipl3.elf $<
	$(N64_OBJCOPY) -O binary -j .text $(N64_B)/ipl3.elf $@

# our PIF boot program for cen64 (pif_boot.S): linked at the reset vector,
# padded to the 0x7C0 bytes of the console's PIF ROM
N64_PIF := build/roms/n64-pif.bin
$(N64_PIF): $(N64_B)/pif_boot.o
	@mkdir -p $(dir $@)
	$(N64_CC) $(N64_O32_FLAGS) $(N64_LDFLAGS) -Wl,-Ttext=0xBFC00000 -Wl,-e,pif_start -o $(N64_B)/pif_boot.elf $<
	$(N64_OBJCOPY) -O binary -j .text $(N64_B)/pif_boot.elf $@
	truncate -s 1984 $@

$(N64_B)/hashbench.elf: $(N64_B)/crt0.o $(N64_O32_OBJS) $(N64_B)/image_blob.o $(N64_DIR)/n64.ld
	$(N64_CC) $(N64_O32_FLAGS) $(N64_LDFLAGS) -T $(N64_DIR)/n64.ld -Wl,-Map,$(N64_B)/hashbench.map \
	    -o $@ $(N64_B)/crt0.o $(N64_O32_OBJS) $(N64_B)/image_blob.o
$(N64_B)/hashbench.bin: $(N64_B)/hashbench.elf
	$(N64_OBJCOPY) -O binary -R .bss $< $@

$(N64_B)/n64_rom: $(N64_DIR)/n64_rom.c
	@mkdir -p $(dir $@)
	$(CC) -O2 -Wall -Wextra -o $@ $<

build/roms/hashbench.z64: $(N64_B)/hashbench.bin $(N64_B)/ipl3.bin $(N64_B)/n64_rom
	@mkdir -p $(dir $@)
	$(N64_B)/n64_rom $(N64_B)/ipl3.bin $(N64_B)/hashbench.bin $@.tmp
	mv $@.tmp $@
	$(N64_NM) -n $(N64_B)/hashbench.elf > build/roms/hashbench.z64.sym

ROMS += build/roms/hashbench.z64 $(N64_PIF)

-include $(N64_O32_OBJS:.o=.d) $(N64_N32_OBJS:.o=.d)

# the runners: $(N64_RUN) (mupen64plus, with its input plugin beside it)
# and $(CEN64_RUN) (cen64), both tools/retro-run under another name
# (tools/retro-run/retro-run.mk)

# make retro PLATFORM=n64: build/retro/n64/results.json and a screenshot
# of every screen: the banner (A starts), pass 1, B for pass 2, then every
# page of the 1024-byte view, every sort, the size sweep and its pages, each
# build, START for pass 3 (the run stops once it starts);
# final-<emulator>.png is the last table.  The cen64 run follows the same script.
N64_RETRO := build/retro/n64
N64_TIMEOUT ?= 120
# the presses: every view the ROM's controls offer (tools/retro-run/views.py
# derives them from the ROM's sources); the ROM sends a screen after each,
# the runner names it NN-<view>-<emulator>.png (mupen64plus, cen64)
N64_KEYS := $(shell python3 tools/retro-run/views.py keys n64)
n64_retro_cmd = $(N64_RUN) --rom build/roms/hashbench.z64 --json $(1)/results.json --shots $(1) --keys $(N64_KEYS) \
    --config-dir $(N64_B)/mupen64plus --timeout $(N64_TIMEOUT) \
    --compiler "$$($(N64_CC) --version | head -1)" \
    --compiler-flags "$(N64_O32_FLAGS) (o32); -mabi=n32 (n32)" --build-rev "$(BUILD_REV)"

# make retro PLATFORM=n64 also writes build/retro/n64-cen64/results.json: the
# same ROM in cen64 (cycle-modelled), under a virtual X display, with our
# PIF boot program, the same record writer;
# without cen64, Xvfb or xdotool that half is skipped (exit 77), naming the package
CEN64_RETRO := build/retro/n64-cen64
CEN64_TIMEOUT ?= 300
cen64_retro_cmd = $(CEN64_RUN) --rom build/roms/hashbench.z64 --pif $(N64_PIF) --json $(1)/results.json \
    --shots $(1) --keys $(N64_KEYS) --timeout $(CEN64_TIMEOUT) \
    --compiler "$$($(N64_CC) --version | head -1)" \
    --compiler-flags "$(N64_O32_FLAGS) (o32); -mabi=n32 (n32)" --build-rev "$(BUILD_REV)"

.PHONY: retro-n64 retro-n64-mupen retro-n64-cen64
retro-n64: retro-n64-mupen retro-n64-cen64
retro-n64-mupen: build/roms/hashbench.z64 $(N64_RUN)
	@mkdir -p $(N64_RETRO)
	$(call n64_retro_cmd,$(N64_RETRO))
retro-n64-cen64: build/roms/hashbench.z64 $(N64_PIF) $(CEN64_RUN)
	@mkdir -p $(CEN64_RETRO)
	@$(call cen64_retro_cmd,$(CEN64_RETRO)); rc=$$?; \
	if [ $$rc = 77 ]; then echo "make retro PLATFORM=n64: the cen64 run was skipped (above)" >&2; exit 0; fi; exit $$rc

# the checks, for a tier of make test (ends with "N passed, N failed")
.PHONY: test-n64
test-n64: build/roms/hashbench.z64 $(N64_PIF) $(N64_RUN) $(CEN64_RUN) $(BUILD)/hashbench
	.venv/bin/python platforms/n64/test_n64.py

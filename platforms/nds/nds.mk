# The DS ROM: build/roms/hashbench.nds (+ .sym), included by platforms/platforms.mk.
#
# An ARM9 program (the whole roster, ARM code for the ARM946E-S, loaded at
# 0x02000000), an ARM7 idle loop (loaded at 0x037F8000) and our own header
# writer that puts them together with the header and its CRCs.

NDS_CC      := arm-none-eabi-gcc
NDS_OBJCOPY := arm-none-eabi-objcopy
NDS_NM      := arm-none-eabi-nm
NDS_B       := $(BUILD)/nds
NDS_DIR     := platforms/nds
# the flags the results record names (context.compiler_flags)
NDS_OPT     := -O2
NDS_CFLAGS  := -mcpu=arm946e-s -marm $(NDS_OPT) -std=c99 -Wall -Wextra -ffunction-sections -fdata-sections \
               -fno-common -Iinclude -Iplatforms/common -I$(NDS_DIR)
NDS_ARM9_ADDR := 0x02000000
NDS_ARM7_ADDR := 0x037F8000

# the algorithms and the console registry (no instruction-set tables, no
# peers); the screen pieces every console shares (HBT_SCREEN_SRCS, platforms.mk)
NDS_LIB_SRCS  := $(ALGO_SRCS) src/registry.c src/impl_list.c
NDS_MAIN_SRCS := platforms/common/hbt_block.c platforms/common/hbt_run.c platforms/common/hbt_measure.c \
                 $(NDS_DIR)/main.c $(NDS_DIR)/nds_timer.c $(NDS_DIR)/nds_screen.c $(NDS_DIR)/nds_ui.c \
                 $(NDS_DIR)/nds_pages.c $(HBT_SCREEN_SRCS)
NDS_OBJS := $(patsubst %.c,$(NDS_B)/arm9/%.o,$(NDS_LIB_SRCS) $(NDS_MAIN_SRCS))

$(NDS_B)/arm9/%.o: %.c
	@mkdir -p $(dir $@)
	$(NDS_CC) $(NDS_CFLAGS) -MMD -MP -c $< -o $@
$(NDS_B)/crt0_arm9.o: $(NDS_DIR)/crt0_arm9.S
	@mkdir -p $(dir $@)
	$(NDS_CC) -mcpu=arm946e-s -marm -c $< -o $@
$(NDS_B)/arm7.o: $(NDS_DIR)/arm7.S
	@mkdir -p $(dir $@)
	$(NDS_CC) -mcpu=arm7tdmi -marm -c $< -o $@

$(NDS_B)/arm9.elf: $(NDS_B)/crt0_arm9.o $(NDS_OBJS) $(NDS_DIR)/nds_arm9.ld
	$(NDS_CC) -mcpu=arm946e-s -marm -nostartfiles -T $(NDS_DIR)/nds_arm9.ld -Wl,--gc-sections \
	    -Wl,-Map,$(NDS_B)/arm9.map -o $@ $(NDS_B)/crt0_arm9.o $(NDS_OBJS) -lc -lgcc
$(NDS_B)/arm7.elf: $(NDS_B)/arm7.o $(NDS_DIR)/nds_arm7.ld
	$(NDS_CC) -mcpu=arm7tdmi -marm -nostartfiles -T $(NDS_DIR)/nds_arm7.ld -o $@ $(NDS_B)/arm7.o
$(NDS_B)/%.bin: $(NDS_B)/%.elf
	$(NDS_OBJCOPY) -O binary $< $@

$(NDS_B)/nds_header: $(NDS_DIR)/nds_header.c
	@mkdir -p $(dir $@)
	$(CC) -O2 -Wall -Wextra -o $@ $<

build/roms/hashbench.nds: $(NDS_B)/arm9.bin $(NDS_B)/arm7.bin $(NDS_B)/nds_header $(NDS_B)/arm9.elf
	@mkdir -p $(dir $@)
	$(NDS_B)/nds_header $@.tmp $(NDS_B)/arm9.bin $(NDS_ARM9_ADDR) $(NDS_B)/arm7.bin $(NDS_ARM7_ADDR)
	mv $@.tmp $@
	$(NDS_NM) -n $(NDS_B)/arm9.elf > build/roms/hashbench.nds.sym

ROMS += build/roms/hashbench.nds

-include $(NDS_OBJS:.o=.d)

# make retro PLATFORM=nds: the ROM in DeSmuME, headless.  The runner reads
# the results block from the frame pages the ROM shows after each pass.
# Pass 1, a rerun (B) for pass 2, then every view the ROM's controls offer
# (tools/retro-run/views.py derives them from the ROM's sources and names
# the files), each photographed once it has been drawn.
NDS_RETRO := build/retro/nds
NDS_RETRO_SCRIPT = $(shell python3 tools/retro-run/views.py at nds desmume $(1))
nds_retro_cmd = $(RETRO_RUN) --platform nds --rom build/roms/hashbench.nds --json $(1)/results.json \
    --compiler "$$($(NDS_CC) --version | head -1)" --compiler-flags "$(NDS_CFLAGS)" \
    --build-rev "$(BUILD_REV)" $(call NDS_RETRO_SCRIPT,$(1))

# the DSi column: the same cycle counts at 134 MHz, labelled projected (no
# emulator here runs DSi mode; platforms/nds/project_dsi.py says why)
NDS_DSI_RETRO := build/retro/dsi

.PHONY: retro-nds retro-dsi
retro-nds: build/roms/hashbench.nds $(RETRO_RUN)
	@mkdir -p $(NDS_RETRO)
	@rm -f $(NDS_RETRO)/*.png
	$(call nds_retro_cmd,$(NDS_RETRO))
	python3 $(NDS_DIR)/project_dsi.py $(NDS_RETRO)/results.json $(NDS_DSI_RETRO)/results.json
retro-dsi: retro-nds

# the runners' frame-page decoder (src/record/frame_block.c) on picture files, for the checks
$(NDS_B)/fb_check: $(NDS_DIR)/fb_check.c $(RECORD_LIB) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) -std=c99 -D_GNU_SOURCE -O2 -Wall -Wextra $(VARIANT_CFLAGS) -Iinclude -Isrc -o $@ \
	    $(NDS_DIR)/fb_check.c $(RECORD_LIB) $(LIB) $(PEER_LIBS) -lm

# the checks, for a tier of make test (ends with "N passed, N failed")
.PHONY: test-nds
test-nds: build/roms/hashbench.nds $(RETRO_RUN) $(BUILD)/hashbench $(NDS_B)/fb_check
	.venv/bin/python platforms/nds/test_nds.py

# The GBA ROM: build/roms/hashbench.gba (+ .sym), included by platforms/platforms.mk.
#
# Two builds of every algorithm: Thumb code linked into the ROM image, and
# ARM code linked once per algorithm as an overlay image for IWRAM
# (platforms/gba/overlay.ld), stored in the ROM and copied before it runs.

GBA_CC      := arm-none-eabi-gcc
GBA_OBJCOPY := arm-none-eabi-objcopy
GBA_NM      := arm-none-eabi-nm
GBA_B       := $(BUILD)/gba
GBA_DIR     := platforms/gba
# the flags the results record names (context.compiler_flags)
GBA_OPT     := -O2
GBA_COMMON_FLAGS := -mcpu=arm7tdmi $(GBA_OPT) -std=c99 -Wall -Wextra -ffunction-sections -fdata-sections \
                    -fno-common -Iinclude -Iplatforms/common -I$(GBA_DIR)
GBA_THUMB_FLAGS := $(GBA_COMMON_FLAGS) -mthumb
GBA_ARM_FLAGS   := $(GBA_COMMON_FLAGS) -marm

# the algorithms and the console registry (no instruction-set tables, no peers)
GBA_LIB_SRCS := $(ALGO_SRCS) src/registry.c src/impl_list.c
GBA_MAIN_SRCS := platforms/common/hbt_block.c platforms/common/hbt_run.c platforms/common/hbt_measure.c \
                 $(GBA_DIR)/main.c $(GBA_DIR)/gba_overlay.c $(GBA_DIR)/gba_timer.c $(GBA_DIR)/gba_ui.c \
                 $(GBA_DIR)/gba_screen.c $(HBT_SCREEN_SRCS)
GBA_THUMB_OBJS := $(patsubst %.c,$(GBA_B)/thumb/%.o,$(GBA_LIB_SRCS) $(GBA_MAIN_SRCS))
GBA_ARM_OBJS   := $(patsubst %.c,$(GBA_B)/arm/%.o,$(GBA_LIB_SRCS) platforms/common/hbt_measure.c)

# the roster's hb_algo symbols, in roster order (src/registry.c)
GBA_ALGOS := $(shell sed -n 's/^ *&hb_algo_\([a-z0-9_]*\),$$/\1/p' src/registry.c)
GBA_OVL_BINS := $(GBA_ALGOS:%=$(GBA_B)/ovl/%.bin)

$(GBA_B)/thumb/%.o: %.c
	@mkdir -p $(dir $@)
	$(GBA_CC) $(GBA_THUMB_FLAGS) -MMD -MP -c $< -o $@
$(GBA_B)/arm/%.o: %.c
	@mkdir -p $(dir $@)
	$(GBA_CC) $(GBA_ARM_FLAGS) -MMD -MP -c $< -o $@
$(GBA_B)/crt0.o: $(GBA_DIR)/crt0.S
	@mkdir -p $(dir $@)
	$(GBA_CC) -mcpu=arm7tdmi -marm -c $< -o $@

$(GBA_B)/libhb_arm.a: $(GBA_ARM_OBJS)
	@rm -f $@
	arm-none-eabi-ar rcs $@ $^

# one overlay per algorithm: its descriptor, then whatever it reaches
$(GBA_B)/ovl/%.o: $(GBA_DIR)/ovl_entry.c
	@mkdir -p $(dir $@)
	$(GBA_CC) $(GBA_ARM_FLAGS) -DHBT_OVL_ALGO=hb_algo_$* -MMD -MP -c $< -o $@
$(GBA_B)/ovl/%.elf: $(GBA_B)/ovl/%.o $(GBA_B)/libhb_arm.a $(GBA_DIR)/overlay.ld
	$(GBA_CC) -mcpu=arm7tdmi -marm -nostartfiles -T $(GBA_DIR)/overlay.ld -Wl,--gc-sections \
	    -Wl,-Map,$(@:.elf=.map) -o $@ $< $(GBA_B)/libhb_arm.a -lc -lgcc
$(GBA_B)/ovl/%.bin: $(GBA_B)/ovl/%.elf
	$(GBA_OBJCOPY) -O binary $< $@

$(GBA_B)/ovl_blobs.S: $(GBA_OVL_BINS) $(GBA_DIR)/gen_ovl_blobs.sh src/registry.c
	sh $(GBA_DIR)/gen_ovl_blobs.sh $(GBA_OVL_BINS) > $@.tmp && mv $@.tmp $@
$(GBA_B)/ovl_blobs.o: $(GBA_B)/ovl_blobs.S
	$(GBA_CC) -mcpu=arm7tdmi -c $< -o $@

$(GBA_B)/gba_header: $(GBA_DIR)/gba_header.c
	@mkdir -p $(dir $@)
	$(CC) -O2 -Wall -Wextra -o $@ $<

$(GBA_B)/hashbench.elf: $(GBA_B)/crt0.o $(GBA_THUMB_OBJS) $(GBA_B)/ovl_blobs.o $(GBA_DIR)/gba.ld
	$(GBA_CC) -mcpu=arm7tdmi -mthumb -nostartfiles -T $(GBA_DIR)/gba.ld -Wl,--gc-sections \
	    -Wl,-Map,$(GBA_B)/hashbench.map -o $@ $(GBA_B)/crt0.o $(GBA_THUMB_OBJS) $(GBA_B)/ovl_blobs.o -lc -lgcc

build/roms/hashbench.gba: $(GBA_B)/hashbench.elf $(GBA_B)/gba_header
	@mkdir -p $(dir $@)
	$(GBA_OBJCOPY) -O binary $< $@.tmp
	$(GBA_B)/gba_header $@.tmp
	mv $@.tmp $@
	$(GBA_NM) -n $< > build/roms/hashbench.gba.sym

ROMS += build/roms/hashbench.gba

-include $(GBA_THUMB_OBJS:.o=.d) $(GBA_ARM_OBJS:.o=.d)

# make retro PLATFORM=gba: the ROM in mGBA, headless.  Pass 1, a rerun (B)
# for pass 2, then every view the ROM's controls offer (tools/retro-run/
# views.py derives them from the ROM's sources and names the files), each
# photographed once it has been drawn (30 frames later).
GBA_RETRO := build/retro/gba
GBA_RETRO_SCRIPT = $(shell python3 tools/retro-run/views.py at gba mgba $(1))
# retro-gba-run DIR: one headless run writing DIR/results.json and the screenshots
gba_retro_cmd = $(RETRO_RUN) --platform gba --rom build/roms/hashbench.gba --json $(1)/results.json \
    --compiler "$$($(GBA_CC) --version | head -1)" --compiler-flags "$(GBA_THUMB_FLAGS) (thumb-rom); -marm (arm-iwram)" \
    --build-rev "$(BUILD_REV)" $(call GBA_RETRO_SCRIPT,$(1))

.PHONY: retro-gba
retro-gba: build/roms/hashbench.gba $(RETRO_RUN)
	@mkdir -p $(GBA_RETRO)
	@rm -f $(GBA_RETRO)/*.png
	$(call gba_retro_cmd,$(GBA_RETRO))

# the checks, for a tier of make test (ends with "N passed, N failed")
.PHONY: test-gba
test-gba: build/roms/hashbench.gba $(RETRO_RUN) $(BUILD)/hashbench
	.venv/bin/python platforms/gba/test_gba.py

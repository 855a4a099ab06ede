# tools/retro-run: the headless libretro runner (included by platforms/platforms.mk).
# It links the host library for the registry (ids, names, tiers, digest
# sizes) and the benchmark statistics, so its records match the host's.
RETRO_RUN := $(BUILD)/retro-run
RETRO_RUN_SRCS := $(sort $(wildcard tools/retro-run/*.c))
RETRO_INCLUDE := /usr/include/libretro-common
RETRO_CORE_DIR := /usr/lib/$(shell $(CC) -print-multiarch 2>/dev/null)/libretro

$(RETRO_RUN): $(RETRO_RUN_SRCS) $(wildcard tools/retro-run/*.h) platforms/common/hbt_layout.h \
              $(LIB) $(BUILD)/obj/src/bench/stats.o
	$(CC) -std=c99 -D_GNU_SOURCE -O2 -g -Wall -Wextra -Iinclude -Isrc -Iplatforms/common -I$(RETRO_INCLUDE) \
	    -DRR_CORE_DIR='"$(RETRO_CORE_DIR)"' -o $@ $(RETRO_RUN_SRCS) $(BUILD)/obj/src/bench/stats.o \
	    $(LIB) $(PEER_LIBS) -lz -ldl -lm

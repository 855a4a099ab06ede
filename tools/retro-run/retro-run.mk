# tools/retro-run: the headless console runner and its emulator back-ends
# (runner.h), included by the top Makefile before platforms/platforms.mk.
#
#   build/retro-run     the runner; the libretro back-end unless --backend says
#   build/n64-run       the same program: started under this name, mupen64plus
#   build/cen64-run     the same program: started under this name, cen64
#   build/n64-run-input.so   the mupen64plus back-end's controller plugin
#
# It links the record library (src/record: the block reader and the record
# writer) and the host library for the registry (ids, names, tiers, digest
# sizes) and the benchmark statistics, so its records match the host's.
# The mupen64plus back-end is built where its headers are installed
# (libmupen64plus-dev); the others need only libretro's header.
RETRO_RUN := $(BUILD)/retro-run
N64_RUN := $(BUILD)/n64-run
N64_RUN_INPUT := $(BUILD)/n64-run-input.so
CEN64_RUN := $(BUILD)/cen64-run
RETRO_INCLUDE := /usr/include/libretro-common
RETRO_CORE_DIR := /usr/lib/$(shell $(CC) -print-multiarch 2>/dev/null)/libretro
RETRO_HAVE_MUPEN := $(wildcard /usr/include/mupen64plus/m64p_frontend.h)
RETRO_RUN_SRCS := $(filter-out tools/retro-run/n64_input.c \
                    $(if $(RETRO_HAVE_MUPEN),,tools/retro-run/backend_mupen64plus.c), \
                    $(sort $(wildcard tools/retro-run/*.c)))
RETRO_RUN_FLAGS := $(if $(RETRO_HAVE_MUPEN),-DRR_HAVE_MUPEN64PLUS) -DRR_CORE_DIR='"$(RETRO_CORE_DIR)"'

$(RETRO_RUN): $(RETRO_RUN_SRCS) $(wildcard tools/retro-run/*.h) $(RECORD_LIB) $(LIB) $(BUILD)/obj/src/bench/stats.o
	$(CC) -std=c99 -D_GNU_SOURCE -O2 -g -Wall -Wextra $(VARIANT_CFLAGS) -Iinclude -Isrc -I$(RETRO_INCLUDE) \
	    $(RETRO_RUN_FLAGS) -o $@ $(RETRO_RUN_SRCS) $(BUILD)/obj/src/bench/stats.o \
	    $(RECORD_LIB) $(LIB) $(PEER_LIBS) -lz -ldl -lm -lpthread

# the other names of the same program (a back-end each), and the plugin
# the mupen64plus back-end loads from beside it
$(N64_RUN): $(RETRO_RUN) $(N64_RUN_INPUT)
	ln -f $(RETRO_RUN) $@
$(CEN64_RUN): $(RETRO_RUN)
	ln -f $(RETRO_RUN) $@
$(N64_RUN_INPUT): tools/retro-run/n64_input.c tools/retro-run/n64_input.h
	$(CC) -std=c99 -O2 -Wall -Wextra -fPIC -shared -o $@ tools/retro-run/n64_input.c

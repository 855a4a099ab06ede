# hashbench: top-level build.
#
#   make                 build/hashbench (native 64-bit arithmetic)
#   make test            every test tier; ends with "N passed, N failed"
#   make bench           the default benchmark table
#   make verify          built-in vectors, every implementation
#   make portability     every algorithm source through cc65, SDCC, arm-none-eabi-gcc, gcc
#   make deps            install the Debian packages the build and tests need (root)
#
# Variants share this Makefile through BUILD and VARIANT_CFLAGS:
#   make BUILD=build/pair VARIANT_CFLAGS=-DHB_U64_PAIR    two-word 64-bit build
#   make BUILD=build/asan VARIANT_CFLAGS="-fsanitize=address,undefined ..."

CC       ?= cc
BUILD    ?= build
OPT      ?= -O2
VARIANT_CFLAGS ?=
WARN     := -std=c99 -Wall -Wextra -Wshadow -pedantic
CFLAGS   ?= $(OPT) -g
ALL_CFLAGS = -D_GNU_SOURCE $(WARN) $(CFLAGS) $(VARIANT_CFLAGS) -Iinclude -Isrc -I$(BUILD)/gen
LDLIBS_PEERS := $(shell pkg-config --libs libcrypto zlib libxxhash libsodium libisal 2>/dev/null)

ALGO_SRCS := $(sort $(wildcard src/algorithms/*/*.c))
LIB_SRCS  := $(ALGO_SRCS) src/registry.c src/dispatch.c
CLI_SRCS  := $(sort $(wildcard src/cli/*.c))
BENCH_SRCS := $(sort $(wildcard src/bench/*.c))
VEC_FILES := $(sort $(wildcard tests/vectors/*.vec)) tests/vectors/workload-digests.txt
UNIT_SRCS := $(sort $(wildcard tests/unit/*.c))

LIB_OBJS  := $(LIB_SRCS:%.c=$(BUILD)/obj/%.o)
CLI_OBJS  := $(CLI_SRCS:%.c=$(BUILD)/obj/%.o) $(BUILD)/obj/gen/vectors_data.o
BENCH_OBJS := $(BENCH_SRCS:%.c=$(BUILD)/obj/%.o)
LIB       := $(BUILD)/libhashbench.a
UNIT_BINS := $(UNIT_SRCS:tests/unit/%.c=$(BUILD)/tests/%)
DEPS      := $(LIB_OBJS:.o=.d) $(CLI_OBJS:.o=.d) $(BENCH_OBJS:.o=.d)

.PHONY: all test bench verify portability deps clean unit-tests differential
all: $(BUILD)/hashbench

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -MMD -MP -c $< -o $@

# the results record names the flags and the revision the binary was built from
BUILD_REV := $(shell git describe --always --dirty 2>/dev/null || echo unknown)
$(BUILD)/obj/src/bench/context.o: ALL_CFLAGS += -DHB_BUILD_CFLAGS='"$(CFLAGS) $(VARIANT_CFLAGS)"' -DHB_BUILD_REV='"$(BUILD_REV)"'

# (a vector line may be longer than the 4095 characters ISO C promises)
$(BUILD)/obj/gen/vectors_data.o: $(BUILD)/gen/vectors_data.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Wno-overlength-strings -c $< -o $@

# The .vec files are compiled in as text: hashbench verify parses them.
$(BUILD)/gen/vectors_data.c: $(VEC_FILES) tools/embed_vectors.sh Makefile
	@mkdir -p $(dir $@)
	sh tools/embed_vectors.sh $(VEC_FILES) > $@.tmp && mv $@.tmp $@

$(LIB): $(LIB_OBJS)
	@rm -f $@
	$(AR) rcs $@ $^

$(BUILD)/hashbench: $(CLI_OBJS) $(BENCH_OBJS) $(LIB)
	$(CC) $(ALL_CFLAGS) -o $@ $(CLI_OBJS) $(BENCH_OBJS) $(LIB) $(LDFLAGS)

# unit tests see the library and the measurement code (src/bench)
$(BUILD)/tests/%: tests/unit/%.c $(LIB) $(BENCH_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Wno-deprecated-declarations -o $@ $< $(BENCH_OBJS) $(LIB) $(LDFLAGS) $(LDLIBS_PEERS)

$(BUILD)/tests/differential: tests/differential/differential.c $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(LIB) $(LDFLAGS) $(LDLIBS_PEERS)

unit-tests: $(UNIT_BINS)
differential: $(BUILD)/tests/differential

verify: $(BUILD)/hashbench
	$(BUILD)/hashbench verify

portability:
	sh tools/portability.sh

test:
	sh tools/setup.sh test
	.venv/bin/python tests/run_tiers.py $(TIER)

bench:
	sh tools/setup.sh build
	$(MAKE) -s $(BUILD)/hashbench
	$(BUILD)/hashbench bench

deps:
	sh tools/setup.sh test

clean:
	rm -rf build

-include $(DEPS)

# hashbench: top-level build.
#
#   make                 build/hashbench (native 64-bit arithmetic)
#   make test            every test tier; ends with "N passed, N failed"
#   make bench           the default benchmark table (AS_CPU=avx2-vpclmul|avx2: as an AVX2-class core)
#   make verify          built-in vectors, every implementation
#   make portability     every algorithm source through cc65, SDCC, arm-none-eabi-gcc, gcc
#   make deps            install the Debian packages the build and tests need (root)
#
# Variants share this Makefile through BUILD and VARIANT_CFLAGS:
#   make BUILD=build/pair VARIANT_CFLAGS=-DHB_U64_PAIR    two-word 64-bit build
#   make BUILD=build/compact VARIANT_CFLAGS=-DHB_U64_PAIR COMPACT=all
#                        the consoles' compact forms (src/algorithms/*/*_compact.c) in
#                        place of their fast files, for the vectors and selfdiff
#   make BUILD=build/asan VARIANT_CFLAGS="-fsanitize=address,undefined ..."

CC       ?= cc
BUILD    ?= build
OPT      ?= -O2
VARIANT_CFLAGS ?=
WARN     := -std=c99 -Wall -Wextra -Wshadow -pedantic
CFLAGS   ?= $(OPT) -g
# 64-bit file offsets and time on 32-bit glibc targets (armhf, i686): files
# past 2 GiB anywhere in the program, times past 2038 (no effect on 64-bit)
ALL_CFLAGS = -D_GNU_SOURCE -D_FILE_OFFSET_BITS=64 -D_TIME_BITS=64 $(WARN) $(CFLAGS) $(VARIANT_CFLAGS) -Iinclude -Isrc -I$(BUILD)/gen
LDLIBS_PEERS := $(shell pkg-config --libs libcrypto zlib libxxhash libsodium libisal 2>/dev/null)
# The peer libraries measured beside hashbench (src/peers/): built in when
# every one of them is found, otherwise none (src/peers/no_peers.c).  The
# library (libhashbench.a) holds them, for the tests and tools that link
# it; the hashbench program links none of them: it loads them from a module
# of their own beside it (hashbench-peers.so, src/peers/loader/c_peers.c)
# when a command asks for peers, so that `hashbench sum` starts without
# libcrypto, libsodium, ISA-L, libxxhash and zlib.
ifneq ($(LDLIBS_PEERS),)
ifneq ($(wildcard src/peers/peers.c),)
PEER_SRCS := $(filter-out src/peers/no_peers.c,$(sort $(wildcard src/peers/*.c)))
PEER_LIBS := $(LDLIBS_PEERS)
PEERS_MODULE := $(BUILD)/hashbench-peers.so
endif
endif
PEER_SRCS ?= src/peers/no_peers.c

# The algorithm sources.  A compact form (<algo>_compact.c, docs/writing-
# an-algorithm.md "Compact forms") defines the same functions as its
# <algo>_fast.c, so a build links one of the two: algo_srcs LIST gives the
# sources with the compact form of each name in LIST (md5, sha256, ...) in
# its fast file's place.  The host builds the fast forms; COMPACT=all (or a
# list) builds the consoles' compact forms instead, as make test's compact
# tier does to run the vectors over them.
ALGO_ALL := $(sort $(wildcard src/algorithms/*/*.c))
COMPACT_ALL := $(patsubst %_compact.c,%,$(notdir $(filter %_compact.c,$(ALGO_ALL))))
algo_srcs = $(foreach f,$(filter-out %_compact.c,$(ALGO_ALL)),$(if $(filter $(patsubst %_fast.c,%,$(notdir $(f))),$(1)),$(f:_fast.c=_compact.c),$(f)))
COMPACT ?=
ALGO_SRCS := $(call algo_srcs,$(if $(filter all,$(COMPACT)),$(COMPACT_ALL),$(COMPACT)))

# Threads: code that needs POSIX threads (src/algorithms/<family>/threads/)
# builds where the C library has them -- every hosted target, not the
# freestanding cross targets (cross/targets.py) nor the consoles (their
# makefiles name their sources).  HB_THREADS= turns them off.
HB_THREADS ?= $(shell printf '\043include <pthread.h>\n' | $(CC) $(CFLAGS) -E -x c - >/dev/null 2>&1 && echo yes)

# Instruction-set implementations live in src/algorithms/<family>/<arch>/,
# each family's rows in one file there (src/impl_rows.h), listed by
# src/arch/<arch>/families_<arch>.c; everything else builds everywhere.
TARGET_ARCH := $(shell $(CC) -dumpmachine 2>/dev/null | cut -d- -f1)
ifeq ($(TARGET_ARCH),x86_64)
ARCH_DIR  := x86
else ifeq ($(TARGET_ARCH),aarch64)
ARCH_DIR  := aarch64
else ifeq ($(TARGET_ARCH)-$(HB_THREADS),arm-yes)
# hosted 32-bit ARM (armhf, armel): NEON kernels where the CPU has them, and
# the threaded BLAKE3; the freestanding ARM builds (no C library) stay generic
ARCH_DIR  := arm
else
# no instruction-set code: with threads the table holds the threaded BLAKE3
ARCH_DIR  := $(if $(HB_THREADS),generic_mt,generic)
endif
# the algorithms' folder for an arch: src/algorithms/<family>/<arch>/, and
# .../generic/ for generic_mt (the threaded BLAKE3's rows and kernels)
ISA_DIR   = $(if $(filter generic_mt,$(ARCH_DIR)),generic,$(ARCH_DIR))
ISA_SRCS  := $(sort $(wildcard src/algorithms/*/$(ISA_DIR)/*.c))
ARCH_SRCS := $(sort $(wildcard src/arch/$(ARCH_DIR)/*.c))
# generic_mt is generic with the threaded BLAKE3 in its table: generic's
# other files (the core tuning, the CPU view) belong to it too
ifeq ($(ARCH_DIR),generic_mt)
ARCH_SRCS += $(filter-out src/arch/generic/families_generic.c,$(sort $(wildcard src/arch/generic/*.c)))
endif
THREAD_SRCS := $(if $(HB_THREADS),$(sort $(wildcard src/algorithms/*/threads/*.c)))
# the operating system's answers (src/os/): how many CPUs this process may
# use, asked by the dispatcher and every default thread count; in every
# build of the library (without a C library it answers 1), not the consoles'
OS_SRCS   := $(sort $(wildcard src/os/*.c))
# once per process (src/os/once.h): pthread_once where there are threads, a flag without
OS_SRCS   += src/os/once/$(if $(HB_THREADS),once_pthread.c,once_single.c)
CORE_SRCS := $(ALGO_SRCS) $(ISA_SRCS) $(THREAD_SRCS) $(ARCH_SRCS) $(OS_SRCS) src/registry.c src/dispatch.c src/impl_index.c
LIB_SRCS  := $(CORE_SRCS) $(PEER_SRCS)
# the peers' loaders (src/peers/loader/) are the program's: they dlopen the C peers' module and the Rust crates' library
# sum's read engine (src/read/): the host program's, linked with the CLI
READ_SRCS := $(sort $(wildcard src/read/*.c))
# text in and out that the engines and the commands share: hex, sizes and
# rates, coreutils check lines (src/text/)
TEXT_SRCS := $(sort $(wildcard src/text/*.c))
CLI_SRCS  := $(sort $(wildcard src/cli/*.c src/peers/loader/*.c)) $(READ_SRCS) $(TEXT_SRCS)
BENCH_SRCS := $(sort $(wildcard src/bench/*.c))
# the harness `hashbench files` runs other programs with (src/files/): the
# host program's only, it spawns processes and drops pages from the cache
FILES_SRCS := $(sort $(wildcard src/files/*.c))
# the profile (hashbench tune, docs/tune.md): host hashbench only, it writes
# JSON with jansson; the consoles and cross builds never link it
# (HB_JSON: where this compiler links jansson; elsewhere, as on the cross
# targets, src/profile/no_json/ stands in and profiles are off)
HB_JSON ?= $(shell printf 'int main(void){return 0;}\n' | $(CC) $(CFLAGS) $(LDFLAGS) -x c - -ljansson -o /dev/null 2>/dev/null && echo yes)
ifeq ($(HB_JSON),yes)
PROFILE_SRCS := $(sort $(wildcard src/profile/*.c))
LDLIBS_JSON := $(shell pkg-config --libs jansson 2>/dev/null || echo -ljansson)
else
PROFILE_SRCS := $(filter-out src/profile/profile_load.c src/profile/profile_write.c,$(sort $(wildcard src/profile/*.c))) \
                src/profile/no_json/profile_io_none.c
LDLIBS_JSON :=
endif
# The results record (src/record/): the JSON escaper and numbers, the console
# results block's reader and the console record writer.  Its own small
# archive, linked by hashbench, the console runners (tools/retro-run) and
# sim65-record (platforms/nes/sim65), none of which includes another's files.
RECORD_SRCS := $(sort $(wildcard src/record/*.c))
# hashbench rng's engine (src/rng/): the random sources, their checks and
# the measurement; the CPUs' random-number instructions from this
# architecture's folder only (src/rng/generic/: none).  Its own small
# archive, linked by hashbench and the unit tests (tests/unit/rng_checks.c).
RNG_ARCH := $(if $(filter x86 aarch64,$(ARCH_DIR)),$(ARCH_DIR),generic)
RNG_SRCS := $(sort $(wildcard src/rng/*.c src/rng/$(RNG_ARCH)/*.c))
# hashbench quality's battery (src/quality/): the tests, the statistics, the
# engine and the roster's subjects.  Its own small archive, linked by
# hashbench and the unit tests (tests/unit/quality_*.c); it uses threads.
QUALITY_SRCS := $(sort $(wildcard src/quality/*.c))
# the special functions both the battery and the RNG checks take their tails
# from (src/stats/: the incomplete gamma): its own archive, after both
STATS_SRCS := $(sort $(wildcard src/stats/*.c))
VEC_FILES := $(sort $(wildcard tests/vectors/*.vec)) tests/vectors/workload-digests.txt
UNIT_SRCS := $(sort $(wildcard tests/unit/*.c))
# the NEON kernels' own unit tests, where they are built (aarch64, 32-bit ARM)
ifneq ($(filter aarch64 arm,$(ARCH_DIR)),)
UNIT_SRCS += $(sort $(wildcard tests/unit/neon/*.c))
endif

LIB_OBJS  := $(LIB_SRCS:%.c=$(BUILD)/obj/%.o)
CLI_OBJS  := $(CLI_SRCS:%.c=$(BUILD)/obj/%.o) $(BUILD)/obj/gen/vectors_data.o
BENCH_OBJS := $(BENCH_SRCS:%.c=$(BUILD)/obj/%.o)
FILES_OBJS := $(FILES_SRCS:%.c=$(BUILD)/obj/%.o)
PROFILE_OBJS := $(PROFILE_SRCS:%.c=$(BUILD)/obj/%.o)
RECORD_OBJS := $(RECORD_SRCS:%.c=$(BUILD)/obj/%.o)
RECORD_LIB := $(BUILD)/librecord.a
RNG_OBJS  := $(RNG_SRCS:%.c=$(BUILD)/obj/%.o)
RNG_LIB   := $(BUILD)/librng.a
QUALITY_OBJS := $(QUALITY_SRCS:%.c=$(BUILD)/obj/%.o)
QUALITY_LIB  := $(BUILD)/libquality.a
STATS_OBJS := $(STATS_SRCS:%.c=$(BUILD)/obj/%.o)
STATS_LIB  := $(BUILD)/libstats.a
LIB       := $(BUILD)/libhashbench.a
# the program's: the library without the peers (they come from $(PEERS_MODULE))
EXE_LIB_OBJS := $(CORE_SRCS:%.c=$(BUILD)/obj/%.o) $(BUILD)/obj/src/peers/no_peers.o
EXE_LIB   := $(BUILD)/libhashbench_nopeers.a
PEER_PIC_OBJS := $(if $(PEERS_MODULE),$(PEER_SRCS:%.c=$(BUILD)/obj/pic/%.o))
UNIT_BINS := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(UNIT_SRCS:tests/unit/neon/%.c=tests/unit/%.c))
DEPS      := $(LIB_OBJS:.o=.d) $(CLI_OBJS:.o=.d) $(BENCH_OBJS:.o=.d) $(FILES_OBJS:.o=.d) $(PROFILE_OBJS:.o=.d) $(RECORD_OBJS:.o=.d) \
             $(RNG_OBJS:.o=.d) $(QUALITY_OBJS:.o=.d) $(STATS_OBJS:.o=.d) \
             $(PEER_PIC_OBJS:.o=.d) $(BUILD)/obj/src/peers/no_peers.d

.PHONY: all test bench verify portability deps clean unit-tests differential FORCE
all: $(BUILD)/hashbench $(PEERS_MODULE)

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(ISA_FLAGS) -MMD -MP -c $< -o $@

# the peers' module is position-independent code (the ISA_FLAGS below apply
# to these objects too: the rule's stem is the shorter)
$(BUILD)/obj/pic/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(ISA_FLAGS) -fPIC -MMD -MP -c $< -o $@

# Per-file target flags, by the file name's suffix: only these files may
# use the instructions; the dispatcher calls them only on CPUs that have them.
# Each architecture's suffixes apply only when building for it: elsewhere
# such a file (the x86-64 peers' xxhash variants) compiles to nothing.
ifeq ($(TARGET_ARCH),x86_64)
$(BUILD)/obj/%_sse42.o: ISA_FLAGS = -msse4.2
$(BUILD)/obj/%_shani.o: ISA_FLAGS = -msse4.1 -msha
$(BUILD)/obj/%_aesni.o: ISA_FLAGS = -msse4.1 -maes
$(BUILD)/obj/%_clmul.o: ISA_FLAGS = -msse4.1 -mpclmul
$(BUILD)/obj/%_bmi2.o: ISA_FLAGS = -mbmi -mbmi2
$(BUILD)/obj/%_avx2.o: ISA_FLAGS = -mavx2 -mbmi2
$(BUILD)/obj/%_avx512.o: ISA_FLAGS = -mavx512f -mavx512bw -mavx512vl -mavx2 -mbmi2
$(BUILD)/obj/%_avx512dq.o: ISA_FLAGS = -mavx512f -mavx512bw -mavx512vl -mavx512dq -mavx2 -mbmi2
$(BUILD)/obj/%_avx512ifma.o: ISA_FLAGS = -mavx512f -mavx512bw -mavx512vl -mavx512ifma -mavx2 -mbmi2
$(BUILD)/obj/%_vpclmul.o: ISA_FLAGS = -mavx512f -mavx512bw -mavx512vl -mpclmul -mvpclmulqdq
$(BUILD)/obj/%_vpclmul256.o: ISA_FLAGS = -mavx2 -mpclmul -mvpclmulqdq -msse4.2
$(BUILD)/obj/%_vaes.o: ISA_FLAGS = -mavx512f -mavx512bw -mavx512vl -maes -mvaes
# the random-number instructions (src/rng/x86/hw_rng_x86_rdrand.c, hashbench rng)
$(BUILD)/obj/%_rdrand.o: ISA_FLAGS = -mrdrnd -mrdseed
# SHA-512's Zen 3/4 round needs andn (BMI1): only these objects may use it,
# and their feature masks (HB_SHA_X86_AVX512, sha512_avx2.c's) require it
$(BUILD)/obj/src/algorithms/sha2/x86/sha512_avx512.o: ISA_FLAGS = -mavx512f -mavx512bw -mavx512vl -mavx2 -mbmi -mbmi2
$(BUILD)/obj/src/algorithms/sha2/x86/sha512_avx2.o: ISA_FLAGS = -mavx2 -mbmi -mbmi2
endif
ifeq ($(TARGET_ARCH),aarch64)
# aarch64 (src/algorithms/*/aarch64/): NEON is baseline; gcc 12 spells SHA-512 "+sha3"
$(BUILD)/obj/%_crypto.o: ISA_FLAGS = -march=armv8-a+crypto
$(BUILD)/obj/%_crc.o: ISA_FLAGS = -march=armv8-a+crc
$(BUILD)/obj/%_sha3.o: ISA_FLAGS = -march=armv8.2-a+sha3
$(BUILD)/obj/%_sha512.o: ISA_FLAGS = -march=armv8.2-a+sha3
$(BUILD)/obj/%_neon.o: ISA_FLAGS =
endif
ifeq ($(ARCH_DIR),arm)
# 32-bit ARM (src/algorithms/*/arm/): NEON is optional (cpu_arm.h), so only
# the *_neon files are built with NEON; for ARMv7-A where the target's
# baseline is older (armv5te, armv6k; an ARMv7/v8 target keeps its own
# -mcpu, which -march would contradict); their float ABI is the target's
# (hard on armhf, softfp beside armel's soft: the same calling convention)
ARM_PREDEF    := $(shell $(CC) $(CFLAGS) -dM -E -x c /dev/null 2>/dev/null | sed -n 's/^\#define \(__ARM_ARCH\|__ARM_PCS_VFP\) */\1=/p')
ARM_NEON_ARCH := $(if $(filter __ARM_ARCH=7 __ARM_ARCH=8,$(ARM_PREDEF)),,-march=armv7-a)
ARM_FLOAT_ABI := $(if $(filter __ARM_PCS_VFP=%,$(ARM_PREDEF)),,-mfloat-abi=softfp)
$(BUILD)/obj/%_neon.o: ISA_FLAGS = $(ARM_NEON_ARCH) -mfpu=neon $(ARM_FLOAT_ABI)
endif

# Objects built without UBSan in a sanitizer build (NO_UBSAN=src/x.o ...,
# paths under $(BUILD)/obj): clang 14 runs for tens of minutes on BLAKE3's
# biggest AVX kernels with -fsanitize=undefined (tests/run_tiers.py's clang
# tier names them); their other flags stay.
NO_UBSAN ?=
$(NO_UBSAN:%=$(BUILD)/obj/%): override VARIANT_CFLAGS += -fno-sanitize=undefined

# the results record names the flags and the revision the binary was built from
BUILD_REV := $(shell git describe --always --dirty 2>/dev/null || echo unknown)
BUILD_STAMP = '$(BUILD_REV) $(CFLAGS) $(VARIANT_CFLAGS)'
$(BUILD)/obj/src/bench/context.o: ALL_CFLAGS += -DHB_BUILD_CFLAGS='"$(CFLAGS) $(VARIANT_CFLAGS)"' -DHB_BUILD_REV='"$(BUILD_REV)"'
# ... and is recompiled when they change (the stamp is rewritten only then):
# without it a rebuild after a commit kept reporting the older revision
$(BUILD)/obj/src/bench/context.o: $(BUILD)/build-stamp
# the profile's key falls back on the revision where the linker wrote no build id
$(BUILD)/obj/src/profile/profile_key.o: ALL_CFLAGS += -DHB_BUILD_REV='"$(BUILD_REV)"'
$(BUILD)/obj/src/profile/profile_key.o: $(BUILD)/build-stamp
$(BUILD)/build-stamp: FORCE
	@mkdir -p $(@D)
	@echo $(BUILD_STAMP) | cmp -s - $@ || echo $(BUILD_STAMP) > $@
FORCE:

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

$(RECORD_LIB): $(RECORD_OBJS)
	@rm -f $@
	$(AR) rcs $@ $^

$(RNG_LIB): $(RNG_OBJS)
	@rm -f $@
	$(AR) rcs $@ $^

$(QUALITY_LIB): $(QUALITY_OBJS)
	@rm -f $@
	$(AR) rcs $@ $^

$(STATS_LIB): $(STATS_OBJS)
	@rm -f $@
	$(AR) rcs $@ $^

$(EXE_LIB): $(EXE_LIB_OBJS)
	@rm -f $@
	$(AR) rcs $@ $^

# the module calls back into the program (hb_x86_has: the feature mask in
# force), so the program exports its hb_ functions; -Bsymbolic keeps the
# module's own names its own.  Made with the program (order-only: a new
# module needs no new program).
$(BUILD)/hashbench: $(CLI_OBJS) $(BENCH_OBJS) $(FILES_OBJS) $(PROFILE_OBJS) $(RNG_LIB) $(QUALITY_LIB) $(RECORD_LIB) $(STATS_LIB) $(EXE_LIB) | $(PEERS_MODULE)
	$(CC) $(ALL_CFLAGS) -o $@ $(CLI_OBJS) $(BENCH_OBJS) $(FILES_OBJS) $(PROFILE_OBJS) $(RNG_LIB) $(QUALITY_LIB) $(RECORD_LIB) $(STATS_LIB) $(EXE_LIB) $(LDFLAGS) $(LDLIBS_JSON) -lm -ldl -pthread \
	    -Wl,--export-dynamic-symbol='hb_*'

$(PEERS_MODULE): $(PEER_PIC_OBJS)
	$(CC) $(ALL_CFLAGS) -shared -Wl,-Bsymbolic -o $@ $^ $(LDFLAGS) $(PEER_LIBS) -ldl

# unit tests see the library, the measurement code (src/bench), the RNG checks (src/rng), the
# quality battery (src/quality) and the record (src/record): the battery before the record,
# whose JSON writer its state file uses (a static archive only gives what is asked before it)
$(BUILD)/tests/%: tests/unit/%.c $(LIB) $(BENCH_OBJS) $(RNG_LIB) $(QUALITY_LIB) $(RECORD_LIB) $(STATS_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Wno-deprecated-declarations -o $@ $< $(BENCH_OBJS) $(RNG_LIB) $(QUALITY_LIB) $(RECORD_LIB) $(STATS_LIB) $(LIB) $(LDFLAGS) $(LDLIBS_PEERS) -lm -pthread

$(BUILD)/tests/%: tests/unit/neon/%.c $(LIB) $(BENCH_OBJS) $(RECORD_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(BENCH_OBJS) $(RECORD_LIB) $(LIB) $(LDFLAGS) $(LDLIBS_PEERS) -lm

$(BUILD)/tests/differential: tests/differential/differential.c $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(LIB) $(LDFLAGS) $(LDLIBS_PEERS)

# every implementation against portable, no other library: also runs on the cross targets
$(BUILD)/tests/selfdiff: tests/differential/selfdiff.c $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(LIB) $(LDFLAGS) $(PEER_LIBS)

# the API contract (SUPERCOP-style) of every implementation, peers included
$(BUILD)/tests/contract: tests/differential/contract.c $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(LIB) $(LDFLAGS) $(PEER_LIBS)

# the peers' cost per call inside the harness against a loop calling the
# library directly (tests/bench/peer_call_cost.c; a ratio of interleaved
# medians, its own tier); without the peer libraries it reports a skip
$(BUILD)/tests/peer_call_cost: tests/bench/peer_call_cost.c $(LIB) $(BENCH_OBJS) $(RECORD_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(if $(PEER_LIBS),-DHB_TEST_PEERS) -o $@ $< $(BENCH_OBJS) $(RECORD_LIB) $(LIB) $(LDFLAGS) \
	    $(PEER_LIBS) -lm

# The quality battery's calibration (tests/quality/, docs/quality.md
# "Calibration"): random oracles and weak functions through every test of
# the battery; run by its own tier of make test
CALIB_SRCS := $(sort $(wildcard tests/quality/*.c))
$(BUILD)/tests/calibrate: $(CALIB_SRCS) $(wildcard tests/quality/*.h) $(LIB) $(QUALITY_LIB) $(RECORD_LIB) $(STATS_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Itests/quality -o $@ $(CALIB_SRCS) $(QUALITY_LIB) $(RECORD_LIB) $(STATS_LIB) $(LIB) $(LDFLAGS) \
	    $(LDLIBS_PEERS) -lm -pthread

unit-tests: $(UNIT_BINS)
differential: $(BUILD)/tests/differential $(BUILD)/tests/selfdiff $(BUILD)/tests/contract $(BUILD)/tests/peer_call_cost

verify: $(BUILD)/hashbench
	$(BUILD)/hashbench verify

portability:
	sh tools/portability.sh

test:
	sh tools/setup.sh test
	.venv/bin/python tests/run_tiers.py $(TIER)

# the table on the terminal, and the same run as JSON in results/ for make report.
# AS_CPU=avx2-vpclmul (Zen 3, Ice Lake/Alder Lake clients) or AS_CPU=avx2
# (Haswell, Zen 2): the run as an AVX2-class core, AVX-512 masked for
# hashbench and the peers alike (docs/peers-avx2.md); the Rust crates' build
# for that level is made first (make peers-$(AS_CPU), about 30 s), and the
# options default to the peer comparison.  BENCH_ARGS: other options.
AS_CPU ?=
ifeq ($(AS_CPU),)
BENCH_ARGS ?=
else
BENCH_ARGS ?= --impl best,peers -s 64,1K,1M
endif
bench:
	sh tools/setup.sh build
	$(MAKE) -s $(BUILD)/hashbench
	$(if $(AS_CPU),$(MAKE) -s peers-$(AS_CPU) || echo "make bench: no Rust peers built for $(AS_CPU): measuring without them" >&2)
	@mkdir -p results
	@# `best` follows this machine's profile (docs/tune.md): made first when there is none for this
	@# machine, feature set and build (HB_NO_PROFILE=1: the static ranks, no tune)
	@if [ -z "$$HB_NO_PROFILE" ] && ! $(BUILD)/hashbench tune --check $(if $(AS_CPU),--as-cpu $(AS_CPU)) >/dev/null 2>&1; then \
	    echo "make bench: no profile for this machine and build yet: hashbench tune first (about 10-20 s; docs/tune.md)"; \
	    $(BUILD)/hashbench tune $(if $(AS_CPU),--as-cpu $(AS_CPU)); fi
	$(BUILD)/hashbench bench $(if $(AS_CPU),--as-cpu $(AS_CPU)) $(BENCH_ARGS) --save results/host-$(if $(AS_CPU),$(AS_CPU)-)$$(date -u +%Y%m%dT%H%M%SZ).json

deps:
	sh tools/setup.sh test

# the tables of measured figures in docs/consoles/*.md, rewritten from the
# records that `make retro PLATFORM=...` (and make sim65) left in build/
# (tools/console_docs.py; CONSOLES= to limit it, e.g. CONSOLES="n64 gba");
# each console's test tier checks them against its own fresh run
CONSOLES ?=
.PHONY: console-docs
console-docs:
	python3 tools/console_docs.py --write $(CONSOLES)

clean:
	rm -rf build

# the other parts of the project keep their targets beside their code
-include report/report.mk
-include cross/cross.mk
-include peers/peers.mk
# the console runner before the consoles: their retro-<platform> rules name it
-include tools/retro-run/retro-run.mk
-include platforms/platforms.mk
-include fuzz/fuzz.mk
-include tools/arm-root/arm-root.mk

-include $(DEPS)

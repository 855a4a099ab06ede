# fuzz/: libFuzzer targets (included from the top Makefile; docs/fuzzing.md).
#
#   make fuzz                    build every fuzz/fuzz_*.c and run each FUZZ_SECONDS (60) over its corpus
#   make fuzz FUZZ_SECONDS=600   longer
#   make fuzz-build              only build them (build/fuzz/fuzz_*)
#
# The library is built again with clang into its own folder, instrumented
# for the fuzzer (coverage only: libFuzzer's main is linked into the
# targets) and ASan + UBSan; the targets add -fsanitize=fuzzer.  A target
# names the project sources it needs beside the library on a line
#     // fuzz-sources: src/text/units.c src/record/block.c
# and libFuzzer options for its runs on a line
#     // fuzz-options: -max_len=20000
# (fuzz/run_fuzz.py reads the second).  A source named there that does not
# exist (yet) is left out.

FUZZ_CC      ?= clang
FUZZ_BUILD   ?= build/fuzz
FUZZ_SECONDS ?= 60
FUZZ_SAN     := address,undefined -fno-sanitize-recover=all
FUZZ_LIB     := $(FUZZ_BUILD)/libhashbench.a
FUZZ_SRCS    := $(sort $(wildcard fuzz/fuzz_*.c))
FUZZ_NAMES   := $(FUZZ_SRCS:fuzz/%.c=%)
FUZZ_BINS    := $(FUZZ_NAMES:%=$(FUZZ_BUILD)/%)
# a call without a declaration in scope is an error, not a guess at its type
FUZZ_WERROR  := -Werror=implicit-function-declaration
FUZZ_CFLAGS  := -std=c99 -D_GNU_SOURCE -g -O1 -fno-omit-frame-pointer -fsanitize=fuzzer,$(FUZZ_SAN) \
                -Wall -Wextra $(FUZZ_WERROR) -Iinclude -Isrc -Ifuzz
# the instruction-set kernels' UBSan (see the end of this file)
FUZZ_ISA_SAN := -fno-sanitize=bounds,object-size,pointer-overflow

# a target's extra sources: its "// fuzz-sources:" line, those that exist
fuzz_sources = $(sort $(wildcard $(shell sed -n 's|^// *fuzz-sources:||p' fuzz/$(1).c)))

.PHONY: fuzz fuzz-build

# Only in the top-level make: the library's own make (BUILD=$(FUZZ_BUILD)
# below) includes this file too and must not recurse into itself.
ifneq ($(BUILD),$(FUZZ_BUILD))

fuzz-build: $(FUZZ_BINS)

fuzz: fuzz-build
	python3 fuzz/run_fuzz.py --build $(FUZZ_BUILD) --seconds $(FUZZ_SECONDS)

# the library with clang and the fuzzer's coverage instrumentation, by the
# top Makefile's own rules (its per-file instruction-set flags included)
$(FUZZ_LIB): FORCE
	+$(MAKE) -s --no-print-directory BUILD=$(FUZZ_BUILD) CC=$(FUZZ_CC) \
	    VARIANT_CFLAGS='-fsanitize=fuzzer-no-link,$(FUZZ_SAN) -fno-omit-frame-pointer $(FUZZ_WERROR)' $(FUZZ_LIB)

define fuzz_target
$(FUZZ_BUILD)/$(1): fuzz/$(1).c $(call fuzz_sources,$(1)) $(wildcard fuzz/*.h) $(FUZZ_LIB)
	@mkdir -p $$(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -MM -MP -MT $$@ -MF $$@.d fuzz/$(1).c
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $$@ fuzz/$(1).c $(call fuzz_sources,$(1)) $(FUZZ_LIB) $(PEER_LIBS) $(LDLIBS_JSON) -lm -ldl
endef
$(foreach t,$(FUZZ_NAMES),$(eval $(call fuzz_target,$(t))))
# the headers (and included sources) each target's own file reads
-include $(FUZZ_BINS:=.d)

else

# The instruction-set kernels (src/algorithms/<family>/<arch>/: intrinsics,
# fully unrolled rounds) without three of UBSan's checks, the ones on
# pointers: bounds, object-size and pointer-overflow.  With them, clang 14
# spent 190 s on blake3_rows_avx2.c alone (-j2 beside other builds) and
# tens of minutes on BLAKE3's AVX-512 files; without them 4.6 s and 8 s.
# ASan still checks every access those pointers make, and UBSan's other
# checks (shifts, signed overflow, alignment ...) and the coverage stay, so
# the kernels are fuzzed as before; the AVX-512 ones, which had no UBSan at
# all, gain those checks.  (Keeping pointer-overflow, or bounds and
# object-size, left 37-72 s on blake3_rows_avx2.c.)
$(ISA_SRCS:%.c=$(FUZZ_BUILD)/obj/%.o): override VARIANT_CFLAGS += $(FUZZ_ISA_SAN)

# The algorithms (src/algorithms/: portable, fast, the kernels, BLAKE3's
# threads) without libFuzzer's comparison tracing, the coverage counters
# kept: their comparisons are loop counters and lengths, which no input
# steers (the targets pick algorithm and implementation by a byte modulo
# their count), and the tracing made the C loops many times slower:
# SHA3-512 portable on 2 MiB + 254 KiB in fuzz_large (4 hashes) took 38 s
# a run with it, 3.6 s without.  The parsers the targets read (their
# fuzz-sources) keep it.
$(ALGO_SRCS:%.c=$(FUZZ_BUILD)/obj/%.o) $(ISA_SRCS:%.c=$(FUZZ_BUILD)/obj/%.o) \
$(THREAD_SRCS:%.c=$(FUZZ_BUILD)/obj/%.o): override VARIANT_CFLAGS += -fno-sanitize-coverage=trace-cmp
endif

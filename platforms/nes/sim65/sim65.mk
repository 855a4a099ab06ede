# The sim65 build of the NES code: exact 6502 cycle counts for every
# algorithm (included by platforms/platforms.mk).
#
#   make sim65          build/sim65/results.json: 40 algorithms x portable/fast
#                       x 64/256/1024 bytes, cycles from sim65 -c, digests
#                       checked against build/hashbench sum
#   make sim65-rom      build/sim65/rom-cycles.json: the NES ROM's own code
#                       counted in sim65 (rom_sim65.py), bank by bank
#   make test-sim65     both, and the ROM's cycles from Nestopia
#                       (build/retro/nes/results.json) within 1 percent of
#                       sim65's count of the same code (test_cycles.py)
#
# sim65's flat memory holds about 61 KB of program, not the roster: each
# algorithm becomes its own program (both implementations), linked from one
# library of the algorithm objects with stubs for its family's other
# algorithms (gen_stubs.py says why).  The compiler flags are the NES ROM's
# (platforms/nes/flags.mk), so both builds run the same code.

include platforms/nes/flags.mk

SIM65_B     := $(BUILD)/sim65
SIM65_DIR   := platforms/nes/sim65
SIM65_FLAGS := -t sim6502 $(NES_CC65_FLAGS) -I$(SIM65_DIR)
SIM65_ALGOS := $(shell sed -n 's/^ *&hb_algo_\([a-z0-9_]*\),$$/\1/p' src/registry.c)
SIM65_ALGO_OBJS := $(patsubst %.c,$(SIM65_B)/obj/%.o,$(call algo_srcs,$(NES_COMPACT)))
SIM65_PROGS := $(SIM65_ALGOS:%=$(SIM65_B)/bin/%.json)

# cc65 then ca65 (not cl65 -c, which writes its assembler file beside the
# source, where parallel jobs and other builds of the same file collide)
sim65_cc = cc65 $(SIM65_FLAGS) $(2) --create-dep $(@:.o=.d) -o $(@:.o=.s) $(1) && ca65 -t sim6502 -o $@ $(@:.o=.s)

$(SIM65_B)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(call sim65_cc,$<)

# the registry glue (*_register.c: the three-line adapters every call goes
# through) with the flags the ROM compiles it with (flags.mk's
# NES_GLUE_FLAGS), so both builds run the same adapters
$(SIM65_B)/obj/%_register.o: %_register.c
	@mkdir -p $(dir $@)
	cc65 -t sim6502 $(NES_GLUE_FLAGS) -I$(SIM65_DIR) --create-dep $(@:.o=.d) \
	    -o $(@:.o=.s) $< && ca65 -t sim6502 -o $@ $(@:.o=.s)

$(SIM65_B)/hashbench.lib: $(SIM65_ALGO_OBJS)
	@rm -f $@
	ar65 a $@ $^

# one stub object per algorithm, all written by one run over the objects
$(SIM65_B)/stubs/.done: $(SIM65_ALGO_OBJS) $(SIM65_DIR)/gen_stubs.py
	@rm -rf $(SIM65_B)/stubs
	python3 $(SIM65_DIR)/gen_stubs.py $(SIM65_B)/stubs $(SIM65_ALGO_OBJS)
	for s in $(SIM65_B)/stubs/*.s; do ca65 -t sim6502 -o $${s%.s}.o $$s || exit 1; done
	@touch $@

$(SIM65_B)/main/%.o: $(SIM65_DIR)/sim65_main.c
	@mkdir -p $(dir $@)
	$(call sim65_cc,$<,-DHBS_ALGO=hb_algo_$*)

$(SIM65_B)/hbt_measure.o: platforms/common/hbt_measure.c
	@mkdir -p $(dir $@)
	$(call sim65_cc,$<)

# bin/<ident>.json names the program(s) and what does not fit (link_sim65.py)
$(SIM65_B)/bin/%.json: $(SIM65_B)/main/%.o $(SIM65_B)/hbt_measure.o $(SIM65_B)/stubs/.done \
                       $(SIM65_B)/hashbench.lib $(SIM65_DIR)/sim65.cfg $(SIM65_DIR)/link_sim65.py
	python3 $(SIM65_DIR)/link_sim65.py $* $(SIM65_B) $(SIM65_DIR)/sim65.cfg $(SIM65_B)/hashbench.lib

# kept, so a second make links nothing again
.SECONDARY: $(SIM65_ALGOS:%=$(SIM65_B)/main/%.o)

.PHONY: sim65-progs sim65 sim65-rom test-sim65
sim65-progs: $(SIM65_PROGS)

# dependency files are only read, never made (without this, make's built-in
# "%: %.o" rule would try to build main/<ident>.d from main/<ident>.d.o)
$(SIM65_B)/main/%.d: ;
-include $(SIM65_ALGO_OBJS:.o=.d) $(SIM65_ALGOS:%=$(SIM65_B)/main/%.d) $(SIM65_B)/hbt_measure.d

# the host tool that writes the results record with the record library
# (src/record/), the writer of every console record
SIM65_RECORD := $(SIM65_B)/sim65-record
$(SIM65_RECORD): $(SIM65_DIR)/sim65_record.c $(RECORD_LIB) $(LIB) $(BUILD)/obj/src/bench/stats.o
	@mkdir -p $(dir $@)
	$(CC) -std=c99 -D_GNU_SOURCE -O2 -g -Wall -Wextra $(VARIANT_CFLAGS) -Iinclude -Isrc -o $@ $(SIM65_DIR)/sim65_record.c \
	    $(BUILD)/obj/src/bench/stats.o $(RECORD_LIB) $(LIB) $(PEER_LIBS) -lm

# make sim65: every measurement, two jobs at a time (run_sim65.py).  A file
# target: the counts are exact, so a record newer than every program stands.
# Written beside and renamed only when complete (a failed run leaves
# results.json.tmp to look at).
sim65: $(SIM65_B)/results.json
$(SIM65_B)/results.json: $(SIM65_PROGS) $(SIM65_RECORD) $(BUILD)/hashbench $(SIM65_DIR)/run_sim65.py
	python3 $(SIM65_DIR)/run_sim65.py --build $(SIM65_B) --hashbench $(BUILD)/hashbench --out $@.tmp \
	    --compiler-flags "-t sim6502 $(NES_CC65_FLAGS); *_register.c: $(NES_GLUE_FLAGS)" \
	    --compact-rows "$(call compact_rows,$(NES_COMPACT))" --build-rev "$(BUILD_REV)"
	mv $@.tmp $@

# make sim65-rom: the NES ROM's own code counted in sim65, bank by bank
# (rom_sim65.py): the same bytes at the same addresses as in Nestopia
sim65-rom: $(SIM65_B)/rom-cycles.json
$(SIM65_B)/rom-cycles.json: build/roms/hashbench.nes $(SIM65_B)/results.json $(SIM65_DIR)/rom_sim65.py
	python3 $(SIM65_DIR)/rom_sim65.py --rom build/roms/hashbench.nes --out $@.tmp
	mv $@.tmp $@

# the checks, for a tier of make test (ends with "N passed, N failed"); the
# script builds what it needs (make sim65, the NES ROM's run in Nestopia)
test-sim65: $(BUILD)/hashbench
	.venv/bin/python $(SIM65_DIR)/test_cycles.py

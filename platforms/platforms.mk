# Console ROMs and the headless runner (included by the top Makefile).
#
#   make roms                    every console ROM (build/roms/)
#   make retro PLATFORM=gba      runs that ROM headless, writes build/retro/<platform>/
#   make test-gba                the GBA checks (results, digests, repeatability, screen)
#
# Each console adds its ROM to ROMS in its own platforms/<console>/<console>.mk.
ROMS :=
# what a bitmap console's results screen shares (platforms/common/README.md):
# the font, row formatting, row orders, the kept summary of the results
HBT_SCREEN_SRCS := platforms/common/font5x7.c platforms/common/hbt_text.c \
                   platforms/common/hbt_sort.c platforms/common/hbt_table.c \
                   platforms/common/hbt_banner.c
# the runner (tools/retro-run/retro-run.mk: $(RETRO_RUN), $(N64_RUN),
# $(CEN64_RUN)) is included by the top Makefile before this file
include platforms/common/compact.mk
include platforms/gba/gba.mk
include platforms/gb/gb.mk
include platforms/nds/nds.mk
include platforms/nes/sim65/sim65.mk
include platforms/nes/nes.mk
include platforms/n64/n64.mk

.PHONY: roms roms-only retro console-deps test-gba test-gb test-nds test-nes test-n64
# `make roms` and `make retro` first install what the consoles need (the
# compilers, the emulators; sh tools/setup.sh consoles), then build
roms: console-deps
	@$(MAKE) --no-print-directory roms-only
roms-only: $(ROMS)
console-deps:
	@sh tools/setup.sh consoles

PLATFORM ?=
retro: console-deps
	@$(MAKE) --no-print-directory retro-$(PLATFORM)
retro-:
	@echo "make retro: say which console: PLATFORM=nes, gb (as a Game Boy and a Color; gbc: the Color alone), gba, nds (+ the DSi projection) or n64" >&2; exit 2

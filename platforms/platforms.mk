# Console ROMs and the headless runner (included by the top Makefile).
#
#   make roms                    every console ROM (build/roms/)
#   make retro PLATFORM=gba      runs that ROM headless, writes build/retro/<platform>/
#   make test-gba                the GBA checks (results, digests, repeatability, screen)
#
# Each console adds its ROM to ROMS in its own platforms/<console>/<console>.mk.
ROMS :=
# the runner first: the consoles' retro-<platform> rules name $(RETRO_RUN)
include tools/retro-run/retro-run.mk
include platforms/gba/gba.mk

.PHONY: roms retro test-gba
roms: $(ROMS)

PLATFORM ?=
retro: retro-$(PLATFORM)
retro-:
	@echo "make retro: say which console, e.g. make retro PLATFORM=gba" >&2; exit 2

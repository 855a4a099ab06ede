# QEMU cross targets (issue 5), included by the top Makefile.
#
#   make cross               build, check and count every target of cross/targets.py
#   make cross ARCH=aarch64  one target (or several: ARCH=aarch64,s390x; armv4t = armv4t*)
#   make cross-list          the targets, compilers, flags and pinned CPUs
#   make cross-table         docs/cross.md's tables from build/cross/results/*.json
#   make qemu-insn           only the instruction-count plugin (build/qemu-insn/)
#
# Everything lands in build/cross/<target>/; results records in
# build/cross/results/.  The Debian packages: sh tools/setup.sh cross.

.PHONY: cross cross-list cross-table qemu-insn

cross:
	sh tools/setup.sh cross || echo "make cross: packages missing; the targets without them are skipped"
	python3 cross/run_cross.py $(ARCH)

cross-list:
	python3 cross/run_cross.py --list

cross-table:
	python3 cross/make_table.py build/cross/results docs/cross.md

qemu-insn: build/qemu-insn/libqemu_insn.so

# GPL-2.0-or-later, like QEMU's plugin API (tools/qemu-insn/COPYING)
build/qemu-insn/libqemu_insn.so: tools/qemu-insn/qemu_insn.c tools/qemu-insn/qemu_plugin_api.h cross/harness/marker.h
	@mkdir -p $(dir $@)
	cc -O2 -std=c99 -Wall -Wextra -Werror -fPIC -shared -fvisibility=hidden -Icross/harness -o $@ $<

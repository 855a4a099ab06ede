# The cc65 flags every NES build of the algorithms uses: the cartridge ROM
# (nes.mk) and the sim65 build that counts exact cycles (sim65/sim65.mk)
# must compile the same code, or their cycle counts cannot be compared.
# -Oirs: register variables, inlining, speed; -Cl: locals static (cc65
# cannot index large stack frames); the two-word 64-bit interface.
NES_CC65_FLAGS := -Oirs -Cl --cpu 6502 -DHB_U64_PAIR -Iinclude -Iplatforms/common

# The registry glue (registry.c, *_register.c: three-line adapters and the
# tables), the harness and the screen are compiled without inlining: two
# thirds of the size, and the fixed bank has 16 KB for everything shared.
# The sim65 build compiles the glue the same way (each timed call goes
# through an adapter, so its cycles are part of every count).
NES_GLUE_FLAGS := -O -Cl --cpu 6502 -DHB_U64_PAIR -Iinclude -Iplatforms/common

# The algorithms built in their compact form (src/algorithms/<family>/
# <algo>_compact.c in place of <algo>_fast.c: the same functions, the fast
# code's per-round forms with its loops rolled up), because unrolled they
# are larger than the room their family has in a 16 KB bank
# (docs/consoles/nes.md, "Banking").  The ROM and the sim65 build compile
# the same list; the records and the screen call these rows `compact`.
NES_COMPACT := sha256 xxh3 sha3 sha1 sha512 aes ripemd160 blake2s blake2b blake3

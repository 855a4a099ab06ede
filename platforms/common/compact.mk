# The registry rows each compact form serves (included by platforms.mk).
#
# A console that builds <algo>_compact.c in place of <algo>_fast.c (the
# top Makefile's algo_srcs; docs/writing-an-algorithm.md, "Compact forms")
# runs it in the fast row of <algo> and in every other row that calls its
# functions: HMAC-SHA-256 and PBKDF2-SHA-256 fast call SHA-256's compress,
# SHA-384 shares SHA-512's.  compact_rows LIST gives those rows (the
# hb_impl_<row> names): the records call them `compact` (retro-run and
# sim65-record's --compact-rows) and the screens mark them.
COMPACT_ROWS_sha256 := sha256_fast hmac_sha256_fast pbkdf2_sha256_fast
COMPACT_ROWS_sha512 := sha384_fast sha512_fast
COMPACT_ROWS_sha3   := sha3_256_fast sha3_384_fast sha3_512_fast
COMPACT_ROWS_xxh3   := xxh3_64_fast xxh3_128_fast
COMPACT_ROWS_aes    := aes_cbc_mac_fast
compact_rows = $(foreach s,$(1),$(or $(COMPACT_ROWS_$(s)),$(s)_fast))

# The Rust peers (peers/rust): the Rust hash crates, built as a library that
# `hashbench bench --impl ...,peers` loads when it sits beside the hashbench
# executable (libhashbench_rust_peers.so: measured interleaved with hashbench's
# own cells), and as a program that measures them by themselves
# (hashbench-rust-peers: hashbench's JSON record).
#
#   make peers        build both (cargo, release) into $(BUILD)
#   make peers-test   their unit tests and the Python tests of the records and the loading
#
# Cargo.lock pins every crate: once they are fetched, the build needs no
# network.  cargo comes from rustup (this machine kind has it in ~/.cargo/bin);
# Debian bookworm's own cargo (1.65) is too old for these crates.

CARGO ?= $(shell command -v cargo 2>/dev/null || ls $(HOME)/.cargo/bin/cargo 2>/dev/null)
RUST_PEERS_TARGET := $(abspath $(BUILD))/rust-target
RUST_PEERS_BIN := $(BUILD)/hashbench-rust-peers
RUST_PEERS_LIB := $(BUILD)/libhashbench_rust_peers.so
RUST_PEERS_SRCS := $(wildcard peers/rust/src/*.rs) peers/rust/build.rs peers/rust/Cargo.toml peers/rust/Cargo.lock \
                   peers/rust/.cargo/config.toml tests/vectors/workload-digests.txt

.PHONY: peers peers-test peers-avx2 peers-avx2-vpclmul peers-v3
peers: $(RUST_PEERS_BIN) $(RUST_PEERS_LIB)

# one cargo build makes both (a grouped target: GNU make 4.3)
$(RUST_PEERS_BIN) $(RUST_PEERS_LIB) &: $(RUST_PEERS_SRCS)
	@if [ -z "$(CARGO)" ]; then \
	    echo "make peers: cargo not found (install Rust with rustup; Debian bookworm's cargo is too old)" >&2; exit 1; fi
	cd peers/rust && CARGO_TARGET_DIR=$(RUST_PEERS_TARGET) $(CARGO) build --release --locked --quiet
	@mkdir -p $(BUILD)
	cp $(RUST_PEERS_TARGET)/release/hashbench-rust-peers $(RUST_PEERS_BIN)
	cp $(RUST_PEERS_TARGET)/release/libhashbench_rust_peers.so $(RUST_PEERS_LIB)

# The library again for an AVX2-class core, for `hashbench bench --as-cpu
# LEVEL` on a machine with AVX-512 (docs/peers-avx2.md): x86-64-v3 with
# AES-NI and PCLMULQDQ (Haswell, Zen 2), and with VAES and VPCLMULQDQ too
# (Zen 3, Ice Lake and Alder Lake clients); crc32fast then chooses its
# kernel from these target features instead of cpuid, xxhash-rust's XXH3
# follows them anyway, and BLAKE3 leaves out AVX-512 (feature avx2-class
# in Cargo.toml).  crc-fast and aes still detect AVX-512 at run time.  One
# target directory per level keeps each build incremental.
#   make peers-avx2, make peers-avx2-vpclmul, make peers-v3 (both)
RUST_AS_CPU_FLAGS_avx2 := -C target-cpu=x86-64-v3 -C target-feature=+aes,+pclmulqdq
RUST_AS_CPU_FLAGS_avx2-vpclmul := -C target-cpu=x86-64-v3 -C target-feature=+aes,+pclmulqdq,+vaes,+vpclmulqdq
peers-avx2: $(BUILD)/libhashbench_rust_peers.avx2.so
peers-avx2-vpclmul: $(BUILD)/libhashbench_rust_peers.avx2-vpclmul.so
peers-v3: peers-avx2 peers-avx2-vpclmul

$(BUILD)/libhashbench_rust_peers.%.so: $(RUST_PEERS_SRCS)
	@if [ -z "$(CARGO)" ]; then \
	    echo "make peers-$*: cargo not found (install Rust with rustup; Debian bookworm's cargo is too old)" >&2; exit 1; fi
	@if [ -z "$(RUST_AS_CPU_FLAGS_$*)" ]; then echo "make: no Rust peers build for '$*' (avx2, avx2-vpclmul)" >&2; exit 2; fi
	cd peers/rust && CARGO_TARGET_DIR=$(abspath $(BUILD))/rust-target-$* RUSTFLAGS="$(RUST_AS_CPU_FLAGS_$*)" \
	    $(CARGO) build --release --locked --quiet --lib --no-default-features --features avx2-class
	@mkdir -p $(BUILD)
	cp $(abspath $(BUILD))/rust-target-$*/release/libhashbench_rust_peers.so $@

# the tests (peers/tests): they build the program with make peers first, and
# skip with the reason where cargo is missing
peers-test: $(BUILD)/hashbench
	@test -x .venv/bin/python || { echo "make peers-test: no .venv yet (make deps makes it)" >&2; exit 1; }
	HB_BUILD=$(abspath $(BUILD)) .venv/bin/python -m pytest -q -rs -p no:cacheprovider peers/tests

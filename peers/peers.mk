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

.PHONY: peers peers-test
peers: $(RUST_PEERS_BIN) $(RUST_PEERS_LIB)

# one cargo build makes both (a grouped target: GNU make 4.3)
$(RUST_PEERS_BIN) $(RUST_PEERS_LIB) &: $(RUST_PEERS_SRCS)
	@if [ -z "$(CARGO)" ]; then \
	    echo "make peers: cargo not found (install Rust with rustup; Debian bookworm's cargo is too old)" >&2; exit 1; fi
	cd peers/rust && CARGO_TARGET_DIR=$(RUST_PEERS_TARGET) $(CARGO) build --release --locked --quiet
	@mkdir -p $(BUILD)
	cp $(RUST_PEERS_TARGET)/release/hashbench-rust-peers $(RUST_PEERS_BIN)
	cp $(RUST_PEERS_TARGET)/release/libhashbench_rust_peers.so $(RUST_PEERS_LIB)

# the tests (peers/tests): they build the program with make peers first, and
# skip with the reason where cargo is missing
peers-test: $(BUILD)/hashbench
	@test -x .venv/bin/python || { echo "make peers-test: no .venv yet (make deps makes it)" >&2; exit 1; }
	HB_BUILD=$(abspath $(BUILD)) .venv/bin/python -m pytest -q -rs -p no:cacheprovider peers/tests

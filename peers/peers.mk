# The Rust peers (peers/rust): the Rust hash crates measured with hashbench's
# protocol by a program of their own, hashbench-rust-peers, which `hashbench
# bench --impl ...,peers` runs when it sits beside the hashbench executable.
#
#   make peers        build it (cargo, release) into $(BUILD)/hashbench-rust-peers
#   make peers-test   its unit tests and the Python tests of the records and the merge
#
# Cargo.lock pins every crate: once they are fetched, the build needs no
# network.  cargo comes from rustup (this machine kind has it in ~/.cargo/bin);
# Debian bookworm's own cargo (1.65) is too old for these crates.

CARGO ?= $(shell command -v cargo 2>/dev/null || ls $(HOME)/.cargo/bin/cargo 2>/dev/null)
RUST_PEERS_TARGET := $(abspath $(BUILD))/rust-target
RUST_PEERS_BIN := $(BUILD)/hashbench-rust-peers
RUST_PEERS_SRCS := $(wildcard peers/rust/src/*.rs) peers/rust/build.rs peers/rust/Cargo.toml peers/rust/Cargo.lock \
                   peers/rust/.cargo/config.toml tests/vectors/workload-digests.txt

.PHONY: peers peers-test
peers: $(RUST_PEERS_BIN)

$(RUST_PEERS_BIN): $(RUST_PEERS_SRCS)
	@if [ -z "$(CARGO)" ]; then \
	    echo "make peers: cargo not found (install Rust with rustup; Debian bookworm's cargo is too old)" >&2; exit 1; fi
	cd peers/rust && CARGO_TARGET_DIR=$(RUST_PEERS_TARGET) $(CARGO) build --release --locked --quiet
	@mkdir -p $(dir $@)
	cp $(RUST_PEERS_TARGET)/release/hashbench-rust-peers $@

# the tests (peers/tests): they build the program with make peers first, and
# skip with the reason where cargo is missing
peers-test: $(BUILD)/hashbench
	@test -x .venv/bin/python || { echo "make peers-test: no .venv yet (make deps makes it)" >&2; exit 1; }
	HB_BUILD=$(abspath $(BUILD)) .venv/bin/python -m pytest -q -rs -p no:cacheprovider peers/tests

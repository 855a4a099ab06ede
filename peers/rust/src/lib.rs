//! The Rust hash crates hashbench measures itself against (peers/README.md):
//! the table of crates, each as a one-shot function and as a stream, and
//! their C entry points.  Two targets use it: libhashbench_rust_peers.so
//! (the C ABI in ffi.rs), which `hashbench bench --impl ...,peers` loads and
//! measures interleaved with its own cells, and the program
//! hashbench-rust-peers (main.rs), which measures the crates by themselves
//! and writes hashbench's JSON record.

pub mod crates;
pub mod ffi;
pub mod stream;
pub mod threads;
pub mod workload;

//! The thread count of the rust-blake3-rayon peer (`Hasher::update_rayon`),
//! set by `hashbench bench --scale` through hb_rust_peers_set_threads
//! (ffi.rs).  0, the default, is rayon's global pool: one thread per core,
//! what a user of update_rayon gets.  Any other count hashes inside a rayon
//! pool of exactly that many threads (made once per count and kept), so
//! that the scaling curve compares like with like: `install` runs the work
//! on the pool's threads while the caller waits, as the global pool does.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

static THREADS: AtomicU32 = AtomicU32::new(0);

pub fn set_threads(n: u32) {
    THREADS.store(n, Ordering::Relaxed);
}

fn pool(n: u32) -> Arc<rayon::ThreadPool> {
    static POOLS: OnceLock<Mutex<HashMap<u32, Arc<rayon::ThreadPool>>>> = OnceLock::new();
    let mut pools = POOLS.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
    pools
        .entry(n)
        .or_insert_with(|| {
            Arc::new(rayon::ThreadPoolBuilder::new().num_threads(n as usize).build().expect("a rayon pool"))
        })
        .clone()
}

/// Runs f with the thread count in force.
pub fn install<R: Send>(f: impl FnOnce() -> R + Send) -> R {
    match THREADS.load(Ordering::Relaxed) {
        0 => f(),
        n => pool(n).install(f),
    }
}

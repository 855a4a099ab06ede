//! The crates as implementations inside hashbench's own process.
//!
//! `make peers` also builds this library as libhashbench_rust_peers.so, and
//! `hashbench bench --impl ...,peers` loads it (src/peers/loader/rust_peers.c): every
//! crate becomes an implementation of hashbench's registry (hb_impl, with a
//! one-shot function, hb_oneshot), measured in the same interleaved rounds
//! as hashbench's own cells and the C libraries, through the same protocol
//! as the rest of its group.  The ABI, all of it `extern "C"`:
//!
//!   uint32_t hb_rust_peers_abi(void);           ABI_VERSION below
//!   size_t   hb_rust_peers_count(void);
//!   int      hb_rust_peer_at(size_t i, HbRustPeer *out);   0, or -1 past the end
//!   const char *hb_rust_peers_about(int what);  0 compiler, 1 flags, 2 crate versions
//!
//! A peer's init/update/final take hashbench's context storage (ctx_size
//! bytes, 8-byte aligned) and keep a stream (stream.rs) there between init
//! and final; the digest buffer is always HB_MAX_DIGEST = 64 bytes.

use std::ffi::{c_char, c_int, c_void};
use std::ptr;
use std::sync::atomic::{AtomicPtr, Ordering};

use crate::crates::{HashFn, PEERS};
use crate::stream::{NewStream, Stream};

/// hashbench refuses a library whose ABI differs from the one it knows:
/// change this with any change to HbRustPeer or the functions above.
pub const ABI_VERSION: u32 = 1;

/// The digest buffer hashbench passes (HB_MAX_DIGEST).
const OUT_LEN: usize = 64;

pub type OneShot = unsafe extern "C" fn(*const u8, usize, *mut u8);
pub type Init = unsafe extern "C" fn(*mut c_void);

/// A crate's C entry points, made by ffi_entry! beside its PEERS entry.
#[derive(Clone, Copy)]
pub struct Entry {
    pub algorithm: &'static str,      // NUL-terminated
    pub implementation: &'static str, // NUL-terminated
    pub oneshot: OneShot,
    pub init: Init,
}

/// What hb_rust_peer_at writes: hashbench's hb_impl and hb_oneshot in one.
#[repr(C)]
pub struct HbRustPeer {
    algorithm: *const c_char,
    implementation: *const c_char,
    ctx_size: usize,
    oneshot: OneShot,
    init: Init,
    update: unsafe extern "C" fn(*mut c_void, *const u8, usize),
    finalize: unsafe extern "C" fn(*mut c_void, *mut u8),
}

/// One idle stream per crate: taken at init, given back at final, so a
/// message costs no allocation (as the C peers reuse library contexts).
pub struct Pool(AtomicPtr<Box<dyn Stream>>);

impl Pool {
    #[allow(clippy::new_without_default)]
    pub const fn new() -> Self {
        Pool(AtomicPtr::new(ptr::null_mut()))
    }
    fn take(&self, new: NewStream) -> *mut Box<dyn Stream> {
        let idle = self.0.swap(ptr::null_mut(), Ordering::Acquire);
        if idle.is_null() { Box::into_raw(Box::new(new())) } else { idle }
    }
    fn give(&self, s: *mut Box<dyn Stream>) {
        if self.0.compare_exchange(ptr::null_mut(), s, Ordering::Release, Ordering::Relaxed).is_err() {
            // SAFETY: s came from Box::into_raw in take and is not in use
            drop(unsafe { Box::from_raw(s) });
        }
    }
}

/// hashbench's context between init and final.
#[repr(C)]
struct Slot {
    stream: *mut Box<dyn Stream>,
    pool: *const Pool,
}

unsafe fn bytes<'a>(data: *const u8, len: usize) -> &'a [u8] {
    // hashbench may pass NULL with length 0
    if len == 0 { &[] } else { unsafe { std::slice::from_raw_parts(data, len) } }
}

unsafe fn digest_buffer<'a>(out: *mut u8) -> &'a mut [u8] {
    unsafe { std::slice::from_raw_parts_mut(out, OUT_LEN) }
}

/// The body of every crate's C one-shot.
///
/// # Safety
/// data: len readable bytes (or len 0); out: 64 writable bytes.
pub unsafe fn oneshot(hash: HashFn, data: *const u8, len: usize, out: *mut u8) {
    unsafe { hash(bytes(data, len), digest_buffer(out)) }
}

/// The body of every crate's C init.
///
/// # Safety
/// ctx: at least size_of::<Slot>() writable bytes, 8-byte aligned.
pub unsafe fn init(ctx: *mut c_void, pool: &'static Pool, new: NewStream) {
    let slot = Slot { stream: pool.take(new), pool };
    unsafe { ptr::write(ctx as *mut Slot, slot) }
}

unsafe extern "C" fn update(ctx: *mut c_void, data: *const u8, len: usize) {
    unsafe {
        let slot = &*(ctx as *const Slot);
        (**slot.stream).update(bytes(data, len));
    }
}

unsafe extern "C" fn finalize(ctx: *mut c_void, out: *mut u8) {
    unsafe {
        let slot = ptr::read(ctx as *const Slot);
        (**slot.stream).finish(digest_buffer(out));
        (*slot.pool).give(slot.stream);
    }
}

/// A crate's C entry points; each init gets a pool of its own.
#[macro_export]
macro_rules! ffi_entry {
    ($algo:expr, $implementation:expr, $hash:expr, $stream:expr) => {{
        unsafe extern "C" fn oneshot(data: *const u8, len: usize, out: *mut u8) {
            unsafe { $crate::ffi::oneshot($hash, data, len, out) }
        }
        unsafe extern "C" fn init(ctx: *mut ::std::ffi::c_void) {
            static POOL: $crate::ffi::Pool = $crate::ffi::Pool::new();
            unsafe { $crate::ffi::init(ctx, &POOL, $stream) }
        }
        $crate::ffi::Entry { algorithm: $algo, implementation: $implementation, oneshot, init }
    }};
}

#[no_mangle]
pub extern "C" fn hb_rust_peers_abi() -> u32 {
    ABI_VERSION
}

#[no_mangle]
pub extern "C" fn hb_rust_peers_count() -> usize {
    PEERS.len()
}

/// # Safety
/// out: a writable HbRustPeer.
#[no_mangle]
pub unsafe extern "C" fn hb_rust_peer_at(i: usize, out: *mut HbRustPeer) -> c_int {
    let Some(p) = PEERS.get(i) else { return -1 };
    let e = p.c;
    let peer = HbRustPeer {
        algorithm: e.algorithm.as_ptr() as *const c_char,
        implementation: e.implementation.as_ptr() as *const c_char,
        ctx_size: std::mem::size_of::<Slot>(),
        oneshot: e.oneshot,
        init: e.init,
        update,
        finalize,
    };
    unsafe { ptr::write(out, peer) };
    0
}

/// What the records name (build.rs): 0 the compiler, 1 its flags, 2 the
/// measured crates' versions; NULL for anything else.
#[no_mangle]
pub extern "C" fn hb_rust_peers_about(what: c_int) -> *const c_char {
    let s: &'static str = match what {
        0 => concat!(env!("HB_RUSTC_VERSION"), "\0"),
        1 => concat!(env!("HB_RUST_FLAGS"), "\0"),
        2 => concat!(env!("HB_CRATE_VERSIONS"), "\0"),
        _ => return ptr::null(),
    };
    s.as_ptr() as *const c_char
}

/// The thread count of rust-blake3-rayon (threads.rs): 0 for rayon's
/// global pool.  Optional for hashbench (looked up by name), so the ABI
/// version stays.
#[no_mangle]
pub extern "C" fn hb_rust_peers_set_threads(n: u32) {
    crate::threads::set_threads(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workload;

    /// Every crate's C one-shot and its stream, in uneven pieces, agree with
    /// the published digest of the canonical workload; a second message
    /// through the same (pooled, reset) stream gives it again.
    #[test]
    fn c_entry_points_reproduce_the_published_digests() {
        let mut msg = vec![0u8; workload::CHECK_SIZE];
        workload::fill(&mut msg);
        for (i, p) in PEERS.iter().enumerate() {
            let size = crate::crates::algorithm(p.algorithm).unwrap().digest_size;
            let want = workload::expected_digest(p.algorithm).unwrap();
            let mut c = std::mem::MaybeUninit::<HbRustPeer>::uninit();
            assert_eq!(unsafe { hb_rust_peer_at(i, c.as_mut_ptr()) }, 0);
            let c = unsafe { c.assume_init() };
            let name = unsafe { std::ffi::CStr::from_ptr(c.implementation) }.to_str().unwrap();
            assert_eq!(name, p.implementation);
            let mut out = [0u8; 64];
            unsafe { (c.oneshot)(msg.as_ptr(), msg.len(), out.as_mut_ptr()) };
            assert_eq!(workload::hex(&out[..size]), want, "{} one-shot", p.implementation);
            let mut ctx = [0u64; 4];
            assert!(c.ctx_size <= std::mem::size_of_val(&ctx));
            for _ in 0..2 {
                let cx = ctx.as_mut_ptr() as *mut c_void;
                unsafe {
                    (c.init)(cx);
                    (c.update)(cx, msg.as_ptr(), 1);
                    (c.update)(cx, ptr::null(), 0);
                    (c.update)(cx, msg[1..].as_ptr(), 500);
                    (c.update)(cx, msg[501..].as_ptr(), msg.len() - 501);
                    (c.finalize)(cx, out.as_mut_ptr());
                }
                assert_eq!(workload::hex(&out[..size]), want, "{} stream", p.implementation);
            }
            // the empty message: NULL and no bytes, both ways alike
            let (mut a, mut b) = ([0u8; 64], [0u8; 64]);
            let cx = ctx.as_mut_ptr() as *mut c_void;
            unsafe {
                (c.oneshot)(ptr::null(), 0, a.as_mut_ptr());
                (c.init)(cx);
                (c.finalize)(cx, b.as_mut_ptr());
            }
            assert_eq!(a[..size], b[..size], "{} empty", p.implementation);
        }
        assert_eq!(unsafe { hb_rust_peer_at(PEERS.len(), ptr::null_mut()) }, -1);
    }

    #[test]
    fn about_strings_are_terminated_and_bounded() {
        for what in 0..3 {
            let p = hb_rust_peers_about(what);
            assert!(!p.is_null());
            assert!(!unsafe { std::ffi::CStr::from_ptr(p) }.to_bytes().is_empty() || what == 1);
        }
        assert!(hb_rust_peers_about(3).is_null());
    }
}

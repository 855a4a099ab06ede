//! hashbench's measurement protocol (docs/measuring.md, src/bench/measure.c),
//! the same steps in Rust: canonical digest, calibration to >= 1000 timer
//! steps and about budget/repeat per sample, one warm-up sample thrown away,
//! samples interleaved across the crates of one algorithm and size, median,
//! min, max and spread (interquartile range / median).

use std::hint::black_box;

use crate::crates::HashFn;
use crate::workload;

#[derive(Clone, Copy)]
pub struct Settings {
    pub budget_ms: f64,
    pub repeat: usize,
    pub latency: bool,
    pub unaligned: bool,
    pub resolution_ns: f64,
}

/// One crate at one size, as measured.
pub struct Cell {
    pub hash: HashFn,
    pub digest_size: usize,
    pub iters: u64,
    pub samples_ns: Vec<f64>,
    pub digest: Vec<u8>,
    pub summary: Summary,
}

#[derive(Clone, Copy, Default)]
pub struct Summary {
    pub median: f64,
    pub min: f64,
    pub max: f64,
    pub spread: f64,
}

/// CLOCK_MONOTONIC_RAW in nanoseconds: the clock hashbench times with.
pub fn now_ns() -> f64 {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: ts is a valid timespec for the call to fill.
    unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC_RAW, &mut ts) };
    ts.tv_sec as f64 * 1e9 + ts.tv_nsec as f64
}

/// (resolution, cost of one read): the smallest non-zero step between
/// consecutive reads, never below what clock_getres states.
pub fn probe_clock() -> (f64, f64) {
    let mut best = 1e9f64;
    for _ in 0..1000 {
        let t0 = now_ns();
        let mut t1 = now_ns();
        while t1 == t0 {
            t1 = now_ns();
        }
        best = best.min(t1 - t0);
    }
    let mut res = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: res is a valid timespec for the call to fill.
    unsafe { libc::clock_getres(libc::CLOCK_MONOTONIC_RAW, &mut res) };
    best = best.max(res.tv_nsec as f64);
    let start = now_ns();
    let mut t1 = start;
    for _ in 0..100_000 {
        t1 = now_ns();
    }
    (best, (t1 - start) / 100_000.0)
}

/// Linear interpolation between order statistics, as src/bench/stats.c.
fn quantile_sorted(sorted: &[f64], q: f64) -> f64 {
    let n = sorted.len();
    if n == 1 {
        return sorted[0];
    }
    let pos = q * (n - 1) as f64;
    let lo = pos as usize;
    if lo >= n - 1 {
        return sorted[n - 1];
    }
    sorted[lo] + (pos - lo as f64) * (sorted[lo + 1] - sorted[lo])
}

pub fn summarize(x: &[f64]) -> Summary {
    if x.is_empty() {
        return Summary::default();
    }
    let mut s = x.to_vec();
    s.sort_by(|a, b| a.total_cmp(b));
    let median = quantile_sorted(&s, 0.5);
    let iqr = quantile_sorted(&s, 0.75) - quantile_sorted(&s, 0.25);
    Summary { median, min: s[0], max: s[s.len() - 1], spread: if median > 0.0 { iqr / median } else { 0.0 } }
}

/// The messages of one measurement, as src/bench/measure.c lays them out:
/// throughput mode cycles through several copies of the workload whose first
/// bytes differ (copy i has its first byte XORed with i; copy 0 is the
/// canonical workload), so every call hashes a different message and nothing
/// is stored into a message just before it is hashed (a wide load over a
/// fresh one-byte store cannot be forwarded).  The copies stay within 16 KiB,
/// two at least, sixteen at most; each starts on a 64-byte boundary, or one
/// byte past it when unaligned.
pub struct Messages {
    bufs: Vec<Vec<u8>>,
    offsets: Vec<usize>,
    size: usize,
}

const MAX_COPIES: usize = 16;

impl Messages {
    pub fn new(size: usize, unaligned: bool) -> Messages {
        let n = if size == 0 { 2 } else { (16384 / size).clamp(2, MAX_COPIES) };
        let mut m = Messages { bufs: Vec::new(), offsets: Vec::new(), size };
        for i in 0..n {
            let mut buf = vec![0u8; size + 128];
            let off = (64 - buf.as_ptr() as usize % 64) % 64 + usize::from(unaligned);
            workload::fill(&mut buf[off..off + size]);
            if size > 0 {
                buf[off] ^= i as u8;
            }
            m.bufs.push(buf);
            m.offsets.push(off);
        }
        m
    }

    pub fn copies(&self) -> usize {
        self.bufs.len()
    }

    pub fn copy(&self, i: usize) -> &[u8] {
        &self.bufs[i][self.offsets[i]..self.offsets[i] + self.size]
    }

    fn copy_mut(&mut self, i: usize) -> &mut [u8] {
        let (off, size) = (self.offsets[i], self.size);
        &mut self.bufs[i][off..off + size]
    }
}

/// Runs `iters` calls; returns the elapsed ns.  Throughput mode hashes the
/// copies in turn (messages differ, no call waits for another); latency
/// mode XORs the previous digest into the first eight bytes of copy 0
/// (calls cannot overlap).  The function pointer goes through black_box, so
/// the compiler cannot inline or hoist the hash, and every digest's first
/// byte is folded into a black_box sink.
fn time_calls(hash: HashFn, m: &mut Messages, iters: u64, latency: bool) -> f64 {
    let mut d = [0u8; 64];
    let mut acc: u32 = 0;
    let chain = m.size.min(8);
    let hash = black_box(hash);
    let t0;
    if latency {
        let msg0 = m.copy_mut(0);
        t0 = now_ns();
        for _ in 0..iters {
            hash(black_box(&*msg0), &mut d);
            for k in 0..chain {
                msg0[k] ^= d[k];
            }
            acc = acc.wrapping_add(d[0] as u32);
        }
    } else {
        let n = m.copies();
        let copies: Vec<&[u8]> = (0..n).map(|i| m.copy(i)).collect();
        let mut k = 0;
        t0 = now_ns();
        for _ in 0..iters {
            hash(black_box(copies[k]), &mut d);
            k = if k + 1 == n { 0 } else { k + 1 };
            acc = acc.wrapping_add(d[0] as u32);
        }
    }
    let t1 = now_ns();
    black_box(acc);
    if latency {
        // put the workload back for the next cell
        workload::fill(&mut m.copy_mut(0)[..chain]);
    }
    t1 - t0
}

fn calibrate_iters(iters: u64, elapsed_ns: f64, target_ns: f64) -> u64 {
    if elapsed_ns <= 0.0 {
        return if iters > 0 { iters * 2 } else { 1 };
    }
    let want = target_ns / (elapsed_ns / iters as f64);
    if want < 1.0 {
        1
    } else if want > 1e15 {
        1_000_000_000_000_000
    } else {
        (want + 0.999) as u64
    }
}

/// Calls per sample: about budget / repeat, never under 1000 timer steps or
/// 1 ms; the growing search warms caches and predictors, and one more timed
/// run confirms the estimate.
fn calibrate(hash: HashFn, msg: &mut Messages, s: &Settings) -> u64 {
    let floor_ns = (1000.0 * s.resolution_ns).max(1e6);
    let mut iters: u64 = 1;
    let mut t;
    loop {
        t = time_calls(hash, msg, iters, s.latency);
        if t >= floor_ns {
            break;
        }
        iters = if t < floor_ns / 16.0 { iters * 8 } else { calibrate_iters(iters, t, floor_ns * 1.5) };
    }
    let target = (s.budget_ms * 1e6 / s.repeat as f64).max(1.5 * floor_ns);
    iters = calibrate_iters(iters, t, target);
    for _ in 0..8 {
        t = time_calls(hash, msg, iters, s.latency);
        if t >= 1.2 * floor_ns {
            break;
        }
        iters = calibrate_iters(iters, t, target);
    }
    iters
}

/// Measures the crates of one algorithm at one size, interleaved.
pub fn measure_group(hashes: &[HashFn], digest_size: usize, size: usize, s: &Settings) -> Vec<Cell> {
    let msg = &mut Messages::new(size, s.unaligned);
    let mut cells: Vec<Cell> = hashes
        .iter()
        .map(|&hash| {
            let mut d = [0u8; 64];
            hash(msg.copy(0), &mut d); // the canonical workload's digest
            let iters = calibrate(hash, msg, s);
            Cell {
                hash,
                digest_size,
                iters,
                samples_ns: Vec::with_capacity(s.repeat),
                digest: d[..digest_size].to_vec(),
                summary: Summary::default(),
            }
        })
        .collect();
    for c in &cells {
        time_calls(c.hash, msg, c.iters, s.latency); // warm-up, thrown away
    }
    for _ in 0..s.repeat {
        for c in cells.iter_mut() {
            let t = time_calls(c.hash, msg, c.iters, s.latency);
            c.samples_ns.push(t);
        }
    }
    for c in cells.iter_mut() {
        let per_call: Vec<f64> = c.samples_ns.iter().map(|t| t / c.iters as f64).collect();
        c.summary = summarize(&per_call);
    }
    cells
}

/// The harness's own cost per call: a hash that does nothing, same loop.
pub fn overhead_ns(s: &Settings) -> f64 {
    fn empty(_m: &[u8], out: &mut [u8]) {
        out[0] = 0;
    }
    let quick = Settings { budget_ms: 20.0, repeat: s.repeat.max(5), ..*s };
    measure_group(&[empty], 1, 64, &quick)[0].summary.median
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copies_differ_in_the_first_byte_and_sit_where_asked() {
        let mut canonical = vec![0u8; 1024];
        workload::fill(&mut canonical);
        let m = Messages::new(1024, false);
        assert_eq!(m.copies(), 16);
        for i in 0..16 {
            let c = m.copy(i);
            assert_eq!(c.as_ptr() as usize % 64, 0);
            assert_eq!(c[0], canonical[0] ^ i as u8);
            assert_eq!(&c[1..], &canonical[1..]);
        }
        assert_eq!(Messages::new(1 << 20, false).copies(), 2);
        assert_eq!(Messages::new(4096, true).copies(), 4);
        assert_eq!(Messages::new(4096, true).copy(3).as_ptr() as usize % 64, 1);
    }

    #[test]
    fn latency_mode_puts_the_workload_back() {
        fn first(m: &[u8], out: &mut [u8]) {
            out[..8].copy_from_slice(&m[..8]);
            out[0] = out[0].wrapping_add(1);
        }
        let mut m = Messages::new(64, false);
        let before = m.copy(0).to_vec();
        time_calls(first, &mut m, 5, true);
        assert_eq!(m.copy(0), &before[..]);
    }

    #[test]
    fn quartiles_interpolate_like_hashbench() {
        let s = summarize(&[5.0, 1.0, 4.0, 2.0, 3.0]);
        assert_eq!((s.median, s.min, s.max), (3.0, 1.0, 5.0));
        assert!((s.spread - 2.0 / 3.0).abs() < 1e-12);
        let e = summarize(&[1.0, 2.0, 3.0, 4.0]);
        assert_eq!(e.median, 2.5);
        assert!((e.spread - 1.5 / 2.5).abs() < 1e-12);
    }
}

//! hashbench-rust-peers: the Rust hash crates measured by themselves with
//! hashbench's protocol, written as hashbench's JSON results record.
//! (`hashbench bench --impl ...,peers` does not run this program: it loads
//! the same crates as a library, ffi.rs, and measures them interleaved with
//! its own cells.)

mod cli;
mod measure;
mod record;

use hashbench_rust_peers::{crates, workload};

use std::io::Write;
use std::process::ExitCode;

use crates::Peer;
use measure::Settings;

/// The crates whose digest of the 1024-byte canonical workload matches
/// tests/vectors/workload-digests.txt; the others are refused, with a message.
fn checked(peers: &[&'static Peer], warnings: &mut Vec<String>) -> Vec<&'static Peer> {
    let mut msg = vec![0u8; workload::CHECK_SIZE];
    workload::fill(&mut msg);
    let mut good = Vec::new();
    for &p in peers {
        let size = crates::algorithm(p.algorithm).map(|a| a.digest_size).unwrap_or(0);
        let mut d = [0u8; 64];
        (p.hash)(&msg, &mut d);
        let got = workload::hex(&d[..size]);
        match workload::expected_digest(p.algorithm) {
            Some(want) if want == got => good.push(p),
            want => {
                let text = format!(
                    "{}/{} gives {} for the 1024-byte canonical workload, not {}: left out",
                    p.algorithm,
                    p.implementation,
                    got,
                    want.unwrap_or("(no published digest)")
                );
                eprintln!("hashbench-rust-peers: {text}");
                warnings.push(text);
            }
        }
    }
    good
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let o = match cli::parse(&args) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("hashbench-rust-peers: {e}\n\n{}", cli::USAGE);
            return ExitCode::from(2);
        }
    };
    if o.help {
        println!("{}", cli::USAGE);
        return ExitCode::SUCCESS;
    }
    if o.list {
        for p in &o.peers {
            println!("{}\t{}", p.algorithm, p.implementation);
        }
        return ExitCode::SUCCESS;
    }

    let mut warnings = Vec::new();
    let peers = checked(&o.peers, &mut warnings);
    let refused = peers.len() < o.peers.len();
    let (resolution_ns, read_cost_ns) = measure::probe_clock();
    let settings =
        Settings { budget_ms: o.budget_ms, repeat: o.repeat, latency: o.latency, unaligned: o.unaligned, resolution_ns };
    let overhead_ns = measure::overhead_ns(&settings);

    // groups: each algorithm (in the order asked), each size, its crates interleaved
    let mut groups = Vec::new();
    let mut algos: Vec<&str> = peers.iter().map(|p| p.algorithm).collect();
    algos.dedup();
    for algo in algos {
        let a = crates::algorithm(algo).expect("every peer's algorithm is in the table");
        let members: Vec<&Peer> = peers.iter().copied().filter(|p| p.algorithm == algo).collect();
        let hashes: Vec<crates::HashFn> = members.iter().map(|p| p.hash).collect();
        for &size in &o.sizes {
            groups.push((a, members.clone(), size, measure::measure_group(&hashes, a.digest_size, size, &settings)));
        }
    }
    let mut results = Vec::new();
    for (a, members, size, cells) in &groups {
        for (p, cell) in members.iter().zip(cells) {
            results.push(record::Result { algorithm: a, implementation: p.implementation, size: *size, cell });
        }
    }
    let spread = results.iter().filter(|r| r.cell.summary.spread > 0.05).count();
    if spread > 0 {
        warnings.push(format!(
            "{spread} of {} measurements spread by more than 5%: the machine is noisy; compare only ratios \
             measured in the same run, or use --pin and --repeat",
            results.len()
        ));
    }
    let text = record::write(&record::Run {
        sizes: &o.sizes,
        settings: &settings,
        resolution_ns,
        read_cost_ns,
        overhead_ns,
        warnings: &warnings,
        results: &results,
    });
    let written = match &o.output {
        Some(path) => std::fs::write(path, text).map_err(|e| format!("cannot write {path}: {e}")),
        None => {
            let mut out = std::io::stdout().lock();
            out.write_all(text.as_bytes())
                .and_then(|_| out.flush())
                .map_err(|e| format!("write error on standard output: {e}"))
        }
    };
    if let Err(e) = written {
        eprintln!("hashbench-rust-peers: {e}");
        return ExitCode::FAILURE;
    }
    if refused { ExitCode::FAILURE } else { ExitCode::SUCCESS }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wrong(_m: &[u8], out: &mut [u8]) {
        out[..32].fill(0xAB);
    }

    #[test]
    fn every_crate_reproduces_the_published_workload_digests() {
        let all: Vec<&'static Peer> = crates::PEERS.iter().collect();
        let mut warnings = Vec::new();
        assert_eq!(checked(&all, &mut warnings).len(), all.len(), "{warnings:?}");
        assert!(warnings.is_empty());
    }

    #[test]
    fn a_crate_with_a_wrong_digest_is_refused_with_a_reason() {
        static BAD: Peer = hashbench_rust_peers::peer!("sha256", "broken", wrong, hashbench_rust_peers::stream::blake3);
        let sha2 = crates::PEERS.iter().find(|p| p.implementation == "rust-sha2").unwrap();
        let mut warnings = Vec::new();
        let kept = checked(&[&BAD, sha2], &mut warnings);
        assert_eq!(kept.len(), 1);
        assert_eq!(kept[0].implementation, "rust-sha2");
        assert_eq!(warnings.len(), 1);
        assert!(warnings[0].starts_with("sha256/rust-broken gives abab"), "{}", warnings[0]);
        assert!(warnings[0].contains("8d7e566766f6bd1b"));
    }

    #[test]
    fn every_algorithm_has_a_published_digest_and_its_digest_size() {
        for a in crates::ALGORITHMS {
            let want = workload::expected_digest(a.id).unwrap_or_else(|| panic!("{}", a.id));
            assert_eq!(want.len(), 2 * a.digest_size, "{}", a.id);
        }
    }
}

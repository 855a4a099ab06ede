//! The command line: the same options as `hashbench bench` where they apply.

use crate::crates::{self, Peer, PEERS};

pub const USAGE: &str = "usage: hashbench-rust-peers [options]

Measures the Rust hash crates with hashbench's protocol and writes hashbench's
JSON results record (docs/schema/results.schema.json), every result a peer.

  -a, --algorithm IDS   comma-separated algorithm ids (default: every one a crate implements)
  -s, --sizes LIST      message sizes, e.g. 64,1K,1M (default 64,256,1024)
      --budget MS       sampling time per algorithm, crate and size (default 200)
      --repeat N        samples per measurement, median reported (default 7)
      --latency         each message depends on the previous digest
      --unaligned       messages start one byte past a 64-byte boundary
  -o, --output FILE     write the JSON to FILE instead of standard output
      --list            print the algorithm and implementation of every crate, one pair a line
  -h, --help            this text

Exit status: 0, or 1 when a crate's digest of the canonical workload is wrong
(that crate is left out of the record) or the output cannot be written,
2 when the command line is wrong.";

pub struct Options {
    pub peers: Vec<&'static Peer>,
    pub sizes: Vec<usize>,
    pub budget_ms: f64,
    pub repeat: usize,
    pub latency: bool,
    pub unaligned: bool,
    pub output: Option<String>,
    pub list: bool,
    pub help: bool,
}

fn parse_size(item: &str) -> Result<usize, String> {
    let item = item.trim();
    let digits = item.find(|c: char| !c.is_ascii_digit()).unwrap_or(item.len());
    if digits == 0 {
        return Err(format!("size '{item}' is not a number"));
    }
    let v: u64 = item[..digits].parse().map_err(|_| format!("size '{item}' is too large"))?;
    let shift = match item[digits..].to_ascii_uppercase().as_str() {
        "" | "B" => 0,
        "K" | "KB" | "KIB" => 10,
        "M" | "MB" | "MIB" => 20,
        "G" | "GB" | "GIB" => 30,
        _ => return Err(format!("size '{item}' has an unknown suffix (use K, M or G)")),
    };
    if v == 0 {
        return Err(format!("size '{item}' is zero"));
    }
    let bytes = v.checked_shl(shift).filter(|b| b >> shift == v && *b <= 1 << 34);
    bytes.map(|b| b as usize).ok_or_else(|| format!("size '{item}' is too large"))
}

fn parse_sizes(spec: &str) -> Result<Vec<usize>, String> {
    let mut sizes = Vec::new();
    for item in spec.split(',') {
        if item.is_empty() {
            return Err("empty item in the list".into());
        }
        let s = parse_size(item)?;
        if !sizes.contains(&s) {
            sizes.push(s);
        }
    }
    Ok(sizes)
}

fn parse_algorithms(spec: Option<&str>) -> Result<Vec<&'static Peer>, String> {
    let Some(spec) = spec.filter(|s| *s != "all") else {
        return Ok(PEERS.iter().collect());
    };
    let mut ids: Vec<&str> = Vec::new();
    for id in spec.split(',') {
        if !PEERS.iter().any(|p| p.algorithm == id) {
            let known: Vec<&str> = crates::ALGORITHMS.iter().map(|a| a.id).collect();
            return Err(format!("no Rust crate here implements '{id}' (these do: {})", known.join(", ")));
        }
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    // in the order asked, every crate of each algorithm
    Ok(ids.iter().flat_map(|id| PEERS.iter().filter(move |p| p.algorithm == *id)).collect())
}

pub fn parse(args: &[String]) -> Result<Options, String> {
    let mut algos: Option<String> = None;
    let mut o = Options {
        peers: Vec::new(),
        sizes: vec![64, 256, 1024],
        budget_ms: 200.0,
        repeat: 7,
        latency: false,
        unaligned: false,
        output: None,
        list: false,
        help: false,
    };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v.to_string())),
            _ => (arg.as_str(), None),
        };
        let mut value = |name: &str| -> Result<String, String> {
            inline.clone().or_else(|| it.next().cloned()).ok_or_else(|| format!("{name} needs a value"))
        };
        match flag {
            "-a" | "--algorithm" => algos = Some(value("--algorithm")?),
            "-s" | "--sizes" => o.sizes = parse_sizes(&value("--sizes")?).map_err(|e| format!("--sizes: {e}"))?,
            "--budget" => {
                let v = value("--budget")?;
                o.budget_ms = v
                    .parse::<f64>()
                    .ok()
                    .filter(|b| b.is_finite() && *b > 0.0 && *b <= 3600e3)
                    .ok_or_else(|| format!("--budget: '{v}' is not a positive number of milliseconds (at most an hour)"))?;
            }
            "--repeat" => {
                let v = value("--repeat")?;
                o.repeat = v
                    .parse::<usize>()
                    .ok()
                    .filter(|r| (1..=100_000).contains(r))
                    .ok_or_else(|| format!("--repeat: '{v}' is not a whole number from 1 to 100000"))?;
            }
            "--latency" => o.latency = true,
            "--unaligned" => o.unaligned = true,
            "-o" | "--output" => o.output = Some(value("--output")?),
            "--list" => o.list = true,
            "-h" | "--help" => o.help = true,
            _ => return Err(format!("unknown option '{arg}'")),
        }
    }
    o.peers = parse_algorithms(algos.as_deref())?;
    Ok(o)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_take_binary_suffixes_and_refuse_nonsense() {
        assert_eq!(parse_sizes("64,1K,1M,64").unwrap(), vec![64, 1024, 1 << 20]);
        for bad in ["0", "-1", "12Q", "", "1,,2", "99999999999999999999"] {
            assert!(parse_sizes(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn algorithms_keep_the_order_asked() {
        let p = parse_algorithms(Some("sha256,crc32")).unwrap();
        let names: Vec<_> = p.iter().map(|p| (p.algorithm, p.implementation)).collect();
        assert_eq!(names, [("sha256", "rust-sha2"), ("crc32", "rust-crc-fast"), ("crc32", "rust-crc32fast")]);
        assert!(parse_algorithms(Some("djb2")).is_err());
    }
}

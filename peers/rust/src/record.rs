//! The JSON record hashbench writes (docs/schema/results.schema.json):
//! machine context, settings, warnings and one result per crate and size,
//! with "peer": true.  Written by hand to keep the crate's dependencies to
//! the crates it measures.

use std::fmt::Write as _;
use std::fs;
use std::time::{SystemTime, UNIX_EPOCH};

use crate::crates::Algorithm;
use crate::measure::{Cell, Settings};
use crate::workload::hex;

pub const SPREAD_WARNING: &str =
    "spread above 5%: the machine was busy or the clock changed; rerun, or use --repeat and --pin";

pub struct Result<'a> {
    pub algorithm: &'static Algorithm,
    pub implementation: &'static str,
    pub size: usize,
    pub cell: &'a Cell,
}

pub struct Run<'a> {
    pub sizes: &'a [usize],
    pub settings: &'a Settings,
    pub resolution_ns: f64,
    pub read_cost_ns: f64,
    pub overhead_ns: f64,
    pub warnings: &'a [String],
    pub results: &'a [Result<'a>],
}

pub fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// JSON has no NaN or infinity.
fn number(v: f64) -> String {
    if v.is_finite() {
        format!("{v}")
    } else {
        "null".into()
    }
}

fn cpu_model() -> String {
    fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|t| {
            t.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_string())
        })
        .unwrap_or_else(|| "unknown".into())
}

fn kernel() -> String {
    let read = |p: &str| fs::read_to_string(p).map(|s| s.trim().to_string()).unwrap_or_default();
    format!("{} {}", read("/proc/sys/kernel/ostype"), read("/proc/sys/kernel/osrelease")).trim().to_string()
}

fn load_average() -> [f64; 3] {
    let t = fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let mut v = t.split_whitespace().map(|w| w.parse().unwrap_or(0.0));
    [v.next().unwrap_or(0.0), v.next().unwrap_or(0.0), v.next().unwrap_or(0.0)]
}

/// UTC now as 2026-01-31T12:00:00Z (days to a civil date: the proleptic
/// Gregorian calendar in 400-year eras of 146097 days).
fn utc_now() -> String {
    let secs = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0);
    let (days, rem) = (secs.div_euclid(86400), secs.rem_euclid(86400));
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z", rem / 3600, rem / 60 % 60, rem % 60)
}

fn logical_cpus() -> usize {
    std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1)
}

fn crate_versions() -> String {
    env!("HB_CRATE_VERSIONS")
        .split(',')
        .filter_map(|p| p.split_once('='))
        .map(|(n, v)| format!("{}: {}", json_string(n), json_string(v)))
        .collect::<Vec<_>>()
        .join(", ")
}

fn context(run: &Run) -> String {
    let la = load_average();
    let mut f = String::new();
    let _ = writeln!(f, "  \"context\": {{");
    let _ = writeln!(f, "    \"platform\": \"host\",");
    let _ = writeln!(f, "    \"arch\": {},", json_string(std::env::consts::ARCH));
    let _ = writeln!(f, "    \"cpu_model\": {},", json_string(&cpu_model()));
    let _ = writeln!(f, "    \"logical_cpus\": {},", logical_cpus());
    let _ = writeln!(f, "    \"kernel\": {},", json_string(&kernel()));
    let _ = writeln!(f, "    \"load_average\": [{:.2}, {:.2}, {:.2}],", la[0], la[1], la[2]);
    let _ = writeln!(f, "    \"compiler\": {},", json_string(env!("HB_RUSTC_VERSION")));
    let _ = writeln!(f, "    \"compiler_flags\": {},", json_string(env!("HB_RUST_FLAGS").trim()));
    let _ = writeln!(
        f,
        "    \"hashbench_version\": {},",
        json_string(concat!("hashbench-rust-peers ", env!("CARGO_PKG_VERSION")))
    );
    let _ = writeln!(f, "    \"date\": \"{}\",", utc_now());
    let _ = writeln!(
        f,
        "    \"timer\": {{\"name\": \"CLOCK_MONOTONIC_RAW\", \"resolution_ns\": {}, \"read_cost_ns\": {}}},",
        number(run.resolution_ns),
        number(run.read_cost_ns)
    );
    let _ = writeln!(f, "    \"counter\": null,");
    let _ = writeln!(f, "    \"call_overhead_ns\": {},", number(run.overhead_ns));
    let _ = writeln!(f, "    \"pinned_cpu\": null,");
    let _ = writeln!(f, "    \"rust_crates\": {{{}}}", crate_versions());
    let _ = writeln!(f, "  }},");
    f
}

fn result(r: &Result, last: bool) -> String {
    let c = r.cell;
    let s = &c.summary;
    let samples: Vec<String> = c.samples_ns.iter().map(|&v| number(v)).collect();
    let bps = if s.median > 0.0 { r.size as f64 / (s.median * 1e-9) } else { 0.0 };
    let warnings = if s.spread > 0.05 { json_string(SPREAD_WARNING) } else { String::new() };
    format!(
        "    {{\"algorithm\": {}, \"name\": {}, \"tier\": \"{}\", \"implementation\": {}, \"peer\": true, \"size\": {},\n     \
         \"timing_fidelity\": \"measured\", \"iterations_per_sample\": {},\n     \
         \"samples_ns\": [{}],\n     \"samples_ticks\": null,\n     \
         \"median_ns\": {}, \"min_ns\": {}, \"max_ns\": {}, \"spread\": {},\n     \
         \"bytes_per_second\": {}, \"cycles_per_byte\": null, \"counter_ticks_per_byte\": null,\n     \
         \"digest\": \"{}\", \"warnings\": [{}]}}{}\n",
        json_string(r.algorithm.id),
        json_string(r.algorithm.name),
        r.algorithm.tier,
        json_string(r.implementation),
        r.size,
        c.iters,
        samples.join(", "),
        number(s.median),
        number(s.min),
        number(s.max),
        number(s.spread),
        number(bps),
        hex(&c.digest[..c.digest_size]),
        warnings,
        if last { "" } else { "," }
    )
}

pub fn write(run: &Run) -> String {
    let mut f = String::from("{\n  \"schema\": \"hashbench-results\",\n  \"schema_version\": 1,\n");
    f.push_str(&context(run));
    let sizes: Vec<String> = run.sizes.iter().map(|s| s.to_string()).collect();
    let _ = writeln!(
        f,
        "  \"settings\": {{\"sizes\": [{}], \"budget_ms\": {}, \"repeat\": {}, \"mode\": \"{}\", \"aligned\": {}, \"impl\": \"rust\"}},",
        sizes.join(", "),
        number(run.settings.budget_ms),
        run.settings.repeat,
        if run.settings.latency { "latency" } else { "throughput" },
        !run.settings.unaligned
    );
    let w: Vec<String> = run.warnings.iter().map(|s| json_string(s)).collect();
    let _ = writeln!(f, "  \"warnings\": [{}],", w.join(", "));
    f.push_str("  \"peer_comparisons\": [],\n  \"results\": [\n");
    for (i, r) in run.results.iter().enumerate() {
        f.push_str(&result(r, i + 1 == run.results.len()));
    }
    f.push_str("  ]\n}\n");
    f
}

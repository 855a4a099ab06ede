//! Records what the records must name: the compiler, the flags, and the
//! version of every measured crate as Cargo.lock pins it.
use std::{env, fs, process::Command};

const MEASURED: &[&str] = &[
    "adler2", "aes", "blake2", "blake3", "crc", "crc-fast", "crc32fast", "crc64fast", "hmac", "md-5", "md4",
    "pbkdf2", "ripemd", "sha1", "sha2", "sha3", "simd-adler32", "siphasher", "xxhash-rust",
];

fn main() {
    println!("cargo:rerun-if-changed=Cargo.lock");
    println!("cargo:rerun-if-env-changed=CARGO_ENCODED_RUSTFLAGS");
    let rustc = env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let version = Command::new(rustc)
        .arg("-V")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_string())
        .unwrap_or_else(|| "rustc (version unknown)".into());
    println!("cargo:rustc-env=HB_RUSTC_VERSION={version}");

    let flags = env::var("CARGO_ENCODED_RUSTFLAGS").unwrap_or_default().replace('\x1f', " ");
    let profile = env::var("PROFILE").unwrap_or_default();
    let opt = env::var("OPT_LEVEL").unwrap_or_default();
    // the AVX2-class builds (make peers-avx2...) say so in every record
    let class = if env::var_os("CARGO_FEATURE_AVX2_CLASS").is_some() {
        " features=avx2-class(no default features: crc32fast by target features; blake3/no_avx512)"
    } else {
        ""
    };
    println!("cargo:rustc-env=HB_RUST_FLAGS=--{profile} opt-level={opt} {flags}{class}");

    // Cargo.lock: [[package]] blocks of name = "..." then version = "..."
    let lock = fs::read_to_string("Cargo.lock").unwrap_or_default();
    let mut name = String::new();
    let mut pairs = Vec::new();
    for line in lock.lines() {
        if let Some(v) = line.strip_prefix("name = ") {
            name = v.trim_matches('"').to_string();
        } else if let Some(v) = line.strip_prefix("version = ") {
            if MEASURED.contains(&name.as_str()) {
                pairs.push(format!("{name}={}", v.trim_matches('"')));
            }
        }
    }
    println!("cargo:rustc-env=HB_CRATE_VERSIONS={}", pairs.join(","));
}

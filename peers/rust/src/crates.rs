//! The crates measured, one entry per (algorithm, crate): a plain function
//! that hashes a whole message in one call and writes the digest in the
//! roster's output convention (docs/ROSTER.md): integer-valued hashes
//! big-endian, SipHash little-endian, everything else the standard's bytes.
//!
//! Each function does what a program using the crate well would do for one
//! message: the one-shot API where the crate has one; for the keyed
//! algorithms the key is scheduled once (a static template cloned per call,
//! as the OpenSSL peer keeps a keyed context), since the roster's key is fixed.

use std::sync::OnceLock;

use crc_fast::CrcAlgorithm;
use hmac::{KeyInit, Mac};
use sha2::Digest;

use crate::ffi;
use crate::stream::{self, NewStream};

/// A whole-message hash: writes the digest into `out` (at least the
/// algorithm's digest size).
pub type HashFn = fn(&[u8], &mut [u8]);

pub struct Peer {
    pub algorithm: &'static str,
    /// "rust-<crate>", the name the records carry
    pub implementation: &'static str,
    pub hash: HashFn,
    /// the same crate as a stream (stream.rs)
    pub stream: NewStream,
    /// its entry points for C (ffi.rs): the names NUL-terminated, the
    /// one-shot and the init of hashbench's hb_impl
    pub c: ffi::Entry,
}

/// What hashbench's registry says of an algorithm: its display name, tier
/// and digest size (the records carry them; hashbench checks them on merge).
pub struct Algorithm {
    pub id: &'static str,
    pub name: &'static str,
    pub tier: &'static str,
    pub digest_size: usize,
}

pub const ALGORITHMS: &[Algorithm] = &[
    Algorithm { id: "crc8", name: "CRC-8/SMBUS", tier: "checksum", digest_size: 1 },
    Algorithm { id: "crc16", name: "CRC-16/XMODEM", tier: "checksum", digest_size: 2 },
    Algorithm { id: "crc32", name: "CRC-32/ISO-HDLC", tier: "checksum", digest_size: 4 },
    Algorithm { id: "crc32c", name: "CRC-32C (CRC-32/ISCSI)", tier: "checksum", digest_size: 4 },
    Algorithm { id: "crc64", name: "CRC-64/ECMA-182", tier: "checksum", digest_size: 8 },
    Algorithm { id: "crc64-xz", name: "CRC-64/XZ", tier: "checksum", digest_size: 8 },
    Algorithm { id: "adler32", name: "Adler-32", tier: "checksum", digest_size: 4 },
    Algorithm { id: "xxh32", name: "XXH32", tier: "non-crypto", digest_size: 4 },
    Algorithm { id: "xxh64", name: "XXH64", tier: "non-crypto", digest_size: 8 },
    Algorithm { id: "xxh3-64", name: "XXH3-64", tier: "non-crypto", digest_size: 8 },
    Algorithm { id: "xxh3-128", name: "XXH3-128", tier: "non-crypto", digest_size: 16 },
    Algorithm { id: "siphash-2-4", name: "SipHash-2-4", tier: "non-crypto", digest_size: 8 },
    Algorithm { id: "md4", name: "MD4", tier: "crypto", digest_size: 16 },
    Algorithm { id: "md5", name: "MD5", tier: "crypto", digest_size: 16 },
    Algorithm { id: "sha1", name: "SHA-1", tier: "crypto", digest_size: 20 },
    Algorithm { id: "ripemd160", name: "RIPEMD-160", tier: "crypto", digest_size: 20 },
    Algorithm { id: "sha256", name: "SHA-256", tier: "crypto", digest_size: 32 },
    Algorithm { id: "sha384", name: "SHA-384", tier: "crypto", digest_size: 48 },
    Algorithm { id: "sha512", name: "SHA-512", tier: "crypto", digest_size: 64 },
    Algorithm { id: "sha3-256", name: "SHA3-256", tier: "crypto", digest_size: 32 },
    Algorithm { id: "sha3-384", name: "SHA3-384", tier: "crypto", digest_size: 48 },
    Algorithm { id: "sha3-512", name: "SHA3-512", tier: "crypto", digest_size: 64 },
    Algorithm { id: "blake2s", name: "BLAKE2s", tier: "crypto", digest_size: 32 },
    Algorithm { id: "blake2b", name: "BLAKE2b", tier: "crypto", digest_size: 64 },
    Algorithm { id: "blake3", name: "BLAKE3", tier: "crypto", digest_size: 32 },
    Algorithm { id: "hmac-sha256", name: "HMAC-SHA-256", tier: "crypto", digest_size: 32 },
    Algorithm { id: "pbkdf2-sha256", name: "PBKDF2-HMAC-SHA-256", tier: "crypto", digest_size: 32 },
    Algorithm { id: "aes-cbc-mac", name: "AES-128 CBC-MAC", tier: "crypto", digest_size: 16 },
];

pub fn algorithm(id: &str) -> Option<&'static Algorithm> {
    ALGORITHMS.iter().find(|a| a.id == id)
}

// ---- checksums ----------------------------------------------------------

fn crc_fast_crc16(m: &[u8], out: &mut [u8]) {
    out[..2].copy_from_slice(&(crc_fast::checksum(CrcAlgorithm::Crc16Xmodem, m) as u16).to_be_bytes());
}
fn crc_fast_crc32(m: &[u8], out: &mut [u8]) {
    out[..4].copy_from_slice(&(crc_fast::checksum(CrcAlgorithm::Crc32IsoHdlc, m) as u32).to_be_bytes());
}
fn crc_fast_crc32c(m: &[u8], out: &mut [u8]) {
    out[..4].copy_from_slice(&(crc_fast::checksum(CrcAlgorithm::Crc32Iscsi, m) as u32).to_be_bytes());
}
fn crc_fast_crc64(m: &[u8], out: &mut [u8]) {
    out[..8].copy_from_slice(&crc_fast::checksum(CrcAlgorithm::Crc64Ecma182, m).to_be_bytes());
}
fn crc_fast_crc64_xz(m: &[u8], out: &mut [u8]) {
    out[..8].copy_from_slice(&crc_fast::checksum(CrcAlgorithm::Crc64Xz, m).to_be_bytes());
}
fn crc32fast_crc32(m: &[u8], out: &mut [u8]) {
    out[..4].copy_from_slice(&crc32fast::hash(m).to_be_bytes());
}
// crc64fast computes CRC-64/XZ (the ECMA polynomial, reflected, inverted)
fn crc64fast_crc64_xz(m: &[u8], out: &mut [u8]) {
    let mut d = crc64fast::Digest::new();
    d.write(m);
    out[..8].copy_from_slice(&d.sum64().to_be_bytes());
}
// the crc crate: table-driven, the only one of these with CRC-8/SMBUS
pub(crate) static CRC8_SMBUS: crc::Crc<u8> = crc::Crc::<u8>::new(&crc::CRC_8_SMBUS);
fn crc_crc8(m: &[u8], out: &mut [u8]) {
    out[0] = CRC8_SMBUS.checksum(m);
}
pub(crate) static CRC16_XMODEM: crc::Crc<u16> = crc::Crc::<u16>::new(&crc::CRC_16_XMODEM);
fn crc_crc16(m: &[u8], out: &mut [u8]) {
    out[..2].copy_from_slice(&CRC16_XMODEM.checksum(m).to_be_bytes());
}
fn adler2_adler32(m: &[u8], out: &mut [u8]) {
    out[..4].copy_from_slice(&adler2::adler32_slice(m).to_be_bytes());
}
fn simd_adler32_adler32(m: &[u8], out: &mut [u8]) {
    let mut a = simd_adler32::Adler32::new();
    a.write(m);
    out[..4].copy_from_slice(&a.finish().to_be_bytes());
}

// ---- non-cryptographic ----------------------------------------------------

fn xxh32(m: &[u8], out: &mut [u8]) {
    out[..4].copy_from_slice(&xxhash_rust::xxh32::xxh32(m, 0).to_be_bytes());
}
fn xxh64(m: &[u8], out: &mut [u8]) {
    out[..8].copy_from_slice(&xxhash_rust::xxh64::xxh64(m, 0).to_be_bytes());
}
fn xxh3_64(m: &[u8], out: &mut [u8]) {
    out[..8].copy_from_slice(&xxhash_rust::xxh3::xxh3_64(m).to_be_bytes());
}
// u128 big-endian is the high half then the low half: xxHash's canonical form
fn xxh3_128(m: &[u8], out: &mut [u8]) {
    out[..16].copy_from_slice(&xxhash_rust::xxh3::xxh3_128(m).to_be_bytes());
}
pub(crate) const SIPHASH_KEY: [u8; 16] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
fn siphasher(m: &[u8], out: &mut [u8]) {
    let h = siphasher::sip::SipHasher24::new_with_key(&SIPHASH_KEY).hash(m);
    out[..8].copy_from_slice(&h.to_le_bytes());
}

// ---- cryptographic --------------------------------------------------------

pub(crate) fn put(out: &mut [u8], d: &[u8]) {
    out[..d.len()].copy_from_slice(d);
}
fn md4(m: &[u8], out: &mut [u8]) { put(out, &md4::Md4::digest(m)) }
fn md5(m: &[u8], out: &mut [u8]) { put(out, &md5::Md5::digest(m)) }
fn sha1(m: &[u8], out: &mut [u8]) { put(out, &sha1::Sha1::digest(m)) }
fn ripemd160(m: &[u8], out: &mut [u8]) { put(out, &ripemd::Ripemd160::digest(m)) }
fn sha256(m: &[u8], out: &mut [u8]) { put(out, &sha2::Sha256::digest(m)) }
fn sha384(m: &[u8], out: &mut [u8]) { put(out, &sha2::Sha384::digest(m)) }
fn sha512(m: &[u8], out: &mut [u8]) { put(out, &sha2::Sha512::digest(m)) }
fn sha3_256(m: &[u8], out: &mut [u8]) { put(out, &sha3::Sha3_256::digest(m)) }
fn sha3_384(m: &[u8], out: &mut [u8]) { put(out, &sha3::Sha3_384::digest(m)) }
fn sha3_512(m: &[u8], out: &mut [u8]) { put(out, &sha3::Sha3_512::digest(m)) }
fn blake2s(m: &[u8], out: &mut [u8]) { put(out, &blake2::Blake2s256::digest(m)) }
fn blake2b(m: &[u8], out: &mut [u8]) { put(out, &blake2::Blake2b512::digest(m)) }
fn blake3(m: &[u8], out: &mut [u8]) { put(out, blake3::hash(m).as_bytes()) }
/// BLAKE3 on every core through rayon (the crate's `rayon` feature), in
/// the pool threads.rs chooses
fn blake3_rayon(m: &[u8], out: &mut [u8]) {
    let h = crate::threads::install(|| {
        let mut h = blake3::Hasher::new();
        h.update_rayon(m);
        h.finalize()
    });
    put(out, h.as_bytes())
}

pub(crate) type HmacSha256 = hmac::Hmac<sha2::Sha256>;
const HMAC_KEY: &[u8; 16] = b"hash-bench-nds\0\0";
/// HMAC keyed with the roster's key, once.
pub(crate) fn hmac_template() -> &'static HmacSha256 {
    static KEYED: OnceLock<HmacSha256> = OnceLock::new();
    KEYED.get_or_init(|| HmacSha256::new_from_slice(HMAC_KEY).expect("HMAC takes any key length"))
}
fn hmac_sha256(m: &[u8], out: &mut [u8]) {
    let mut mac = hmac_template().clone();
    mac.update(m);
    put(out, &mac.finalize().into_bytes());
}
pub(crate) const PBKDF2_SALT: &[u8] = b"hash-bench-salt";
pub(crate) const PBKDF2_ITERATIONS: u32 = 100;
fn pbkdf2_sha256(m: &[u8], out: &mut [u8]) {
    pbkdf2::pbkdf2_hmac::<sha2::Sha256>(m, PBKDF2_SALT, PBKDF2_ITERATIONS, &mut out[..32]);
}

// AES-128 CBC-MAC (docs/ROSTER.md) over the aes crate's block function: zero
// IV, a partial last block zero-padded, the empty message gives zeros.
const AES_KEY: &[u8; 16] = b"hash-bench-aes!\0";
/// AES-128 with the roster's key, scheduled once.
pub(crate) fn aes128() -> &'static aes::Aes128 {
    use aes::cipher::KeyInit as _;
    static CIPHER: OnceLock<aes::Aes128> = OnceLock::new();
    CIPHER.get_or_init(|| aes::Aes128::new(AES_KEY.into()))
}
fn aes_cbc_mac(m: &[u8], out: &mut [u8]) {
    use aes::cipher::BlockCipherEncrypt;
    let cipher = aes128();
    let mut state = aes::Block::default();
    for chunk in m.chunks(16) {
        for (s, b) in state.iter_mut().zip(chunk) {
            *s ^= b;
        }
        cipher.encrypt_block(&mut state);
    }
    put(out, &state);
}

/// One entry of PEERS: the algorithm, the crate, its one-shot function
/// and its stream; the C entry points are made here (ffi.rs), each init
/// with an idle state of its own.
#[macro_export]
macro_rules! peer {
    ($algo:expr, $crate_name:expr, $hash:expr, $stream:expr) => {
        $crate::crates::Peer {
            algorithm: $algo,
            implementation: concat!("rust-", $crate_name),
            hash: $hash,
            stream: $stream,
            c: $crate::ffi_entry!(concat!($algo, "\0"), concat!("rust-", $crate_name, "\0"), $hash, $stream),
        }
    };
}

/// Every (algorithm, crate) pair, in the roster's order.
pub const PEERS: &[Peer] = &[
    peer!("crc8", "crc", crc_crc8, stream::crc_crc8),
    peer!("crc16", "crc-fast", crc_fast_crc16, stream::crc_fast_crc16),
    peer!("crc16", "crc", crc_crc16, stream::crc_crc16),
    peer!("crc32", "crc-fast", crc_fast_crc32, stream::crc_fast_crc32),
    peer!("crc32", "crc32fast", crc32fast_crc32, stream::crc32fast_crc32),
    peer!("crc32c", "crc-fast", crc_fast_crc32c, stream::crc_fast_crc32c),
    peer!("crc64", "crc-fast", crc_fast_crc64, stream::crc_fast_crc64),
    peer!("crc64-xz", "crc-fast", crc_fast_crc64_xz, stream::crc_fast_crc64_xz),
    peer!("crc64-xz", "crc64fast", crc64fast_crc64_xz, stream::crc64fast_crc64_xz),
    peer!("adler32", "adler2", adler2_adler32, stream::adler2_adler32),
    peer!("adler32", "simd-adler32", simd_adler32_adler32, stream::simd_adler32_adler32),
    peer!("xxh32", "xxhash-rust", xxh32, stream::xxh32),
    peer!("xxh64", "xxhash-rust", xxh64, stream::xxh64),
    peer!("xxh3-64", "xxhash-rust", xxh3_64, stream::xxh3_64),
    peer!("xxh3-128", "xxhash-rust", xxh3_128, stream::xxh3_128),
    peer!("siphash-2-4", "siphasher", siphasher, stream::siphasher),
    peer!("md4", "md4", md4, stream::rust_crypto::<md4::Md4>),
    peer!("md5", "md-5", md5, stream::rust_crypto::<md5::Md5>),
    peer!("sha1", "sha1", sha1, stream::rust_crypto::<sha1::Sha1>),
    peer!("ripemd160", "ripemd", ripemd160, stream::rust_crypto::<ripemd::Ripemd160>),
    peer!("sha256", "sha2", sha256, stream::rust_crypto::<sha2::Sha256>),
    peer!("sha384", "sha2", sha384, stream::rust_crypto::<sha2::Sha384>),
    peer!("sha512", "sha2", sha512, stream::rust_crypto::<sha2::Sha512>),
    peer!("sha3-256", "sha3", sha3_256, stream::rust_crypto::<sha3::Sha3_256>),
    peer!("sha3-384", "sha3", sha3_384, stream::rust_crypto::<sha3::Sha3_384>),
    peer!("sha3-512", "sha3", sha3_512, stream::rust_crypto::<sha3::Sha3_512>),
    peer!("blake2s", "blake2", blake2s, stream::rust_crypto::<blake2::Blake2s256>),
    peer!("blake2b", "blake2", blake2b, stream::rust_crypto::<blake2::Blake2b512>),
    peer!("blake3", "blake3", blake3, stream::blake3),
    peer!("blake3", "blake3-rayon", blake3_rayon, stream::blake3_rayon),
    peer!("hmac-sha256", "hmac", hmac_sha256, stream::hmac_sha256),
    peer!("pbkdf2-sha256", "pbkdf2", pbkdf2_sha256, stream::pbkdf2_sha256),
    peer!("aes-cbc-mac", "aes", aes_cbc_mac, stream::aes_cbc_mac),
];

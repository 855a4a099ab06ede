//! Every crate as a stream (update any number of times, then finish): the
//! form hashbench's harness drives when a group of cells is measured through
//! init + update + final rather than one-shot calls (src/bench/measure.c: a
//! group uses one protocol for all its cells).  `finish` writes the digest
//! in the roster's convention, as crates.rs's one-shot functions do, and
//! leaves the state as new, so that one state serves message after message
//! (the C ABI keeps one idle state per crate, as the C peers keep a pool of
//! library contexts).

use crc_fast::CrcAlgorithm;
use hmac::Mac;
use sha2::Digest;

use crate::crates::{aes128, hmac_template, put, HmacSha256, CRC16_XMODEM, CRC8_SMBUS, PBKDF2_ITERATIONS, PBKDF2_SALT, SIPHASH_KEY};

pub trait Stream {
    fn update(&mut self, m: &[u8]);
    /// Writes the digest (at most 64 bytes) and starts a new message.
    fn finish(&mut self, out: &mut [u8]);
}

/// A fresh state of one crate, boxed for the C ABI.
pub type NewStream = fn() -> Box<dyn Stream>;

// ---- the RustCrypto hashes (md4 ... blake2): one generic form ----

struct RustCrypto<D>(D);

impl<D: Digest + sha2::digest::FixedOutputReset> Stream for RustCrypto<D> {
    fn update(&mut self, m: &[u8]) {
        Digest::update(&mut self.0, m);
    }
    fn finish(&mut self, out: &mut [u8]) {
        put(out, &Digest::finalize_reset(&mut self.0));
    }
}

pub fn rust_crypto<D: Digest + sha2::digest::FixedOutputReset + 'static>() -> Box<dyn Stream> {
    Box::new(RustCrypto(D::new()))
}

// ---- checksums ----

/// crc-fast computes every CRC as a u64; `bytes` is the roster's width.
struct CrcFast {
    d: crc_fast::Digest,
    bytes: usize,
}

impl Stream for CrcFast {
    fn update(&mut self, m: &[u8]) {
        self.d.update(m);
    }
    fn finish(&mut self, out: &mut [u8]) {
        let v = self.d.finalize_reset().to_be_bytes();
        out[..self.bytes].copy_from_slice(&v[8 - self.bytes..]);
    }
}

fn crc_fast(algorithm: CrcAlgorithm, bytes: usize) -> Box<dyn Stream> {
    Box::new(CrcFast { d: crc_fast::Digest::new(algorithm), bytes })
}
pub fn crc_fast_crc16() -> Box<dyn Stream> { crc_fast(CrcAlgorithm::Crc16Xmodem, 2) }
pub fn crc_fast_crc32() -> Box<dyn Stream> { crc_fast(CrcAlgorithm::Crc32IsoHdlc, 4) }
pub fn crc_fast_crc32c() -> Box<dyn Stream> { crc_fast(CrcAlgorithm::Crc32Iscsi, 4) }
pub fn crc_fast_crc64() -> Box<dyn Stream> { crc_fast(CrcAlgorithm::Crc64Ecma182, 8) }
pub fn crc_fast_crc64_xz() -> Box<dyn Stream> { crc_fast(CrcAlgorithm::Crc64Xz, 8) }

/// The crates whose digest state is replaced by a new one at finish:
/// `new`, `update` and `digest` are the crate's own calls.
struct Replace<T> {
    state: T,
    new: fn() -> T,
    update: fn(&mut T, &[u8]),
    digest: fn(T, &mut [u8]),
}

impl<T> Stream for Replace<T> {
    fn update(&mut self, m: &[u8]) {
        (self.update)(&mut self.state, m);
    }
    fn finish(&mut self, out: &mut [u8]) {
        let done = std::mem::replace(&mut self.state, (self.new)());
        (self.digest)(done, out);
    }
}

fn replace<T: 'static>(new: fn() -> T, update: fn(&mut T, &[u8]), digest: fn(T, &mut [u8])) -> Box<dyn Stream> {
    Box::new(Replace { state: new(), new, update, digest })
}

pub fn crc_crc8() -> Box<dyn Stream> {
    replace(|| CRC8_SMBUS.digest(), |d, m| d.update(m), |d, out| out[0] = d.finalize())
}
pub fn crc_crc16() -> Box<dyn Stream> {
    replace(|| CRC16_XMODEM.digest(), |d, m| d.update(m), |d, out| out[..2].copy_from_slice(&d.finalize().to_be_bytes()))
}
pub fn crc32fast_crc32() -> Box<dyn Stream> {
    replace(crc32fast::Hasher::new, |h, m| h.update(m), |h, out| out[..4].copy_from_slice(&h.finalize().to_be_bytes()))
}
pub fn crc64fast_crc64_xz() -> Box<dyn Stream> {
    replace(crc64fast::Digest::new, |d, m| d.write(m), |d, out| out[..8].copy_from_slice(&d.sum64().to_be_bytes()))
}
pub fn adler2_adler32() -> Box<dyn Stream> {
    replace(adler2::Adler32::new, |a, m| a.write_slice(m), |a, out| out[..4].copy_from_slice(&a.checksum().to_be_bytes()))
}
pub fn simd_adler32_adler32() -> Box<dyn Stream> {
    replace(simd_adler32::Adler32::new, |a, m| a.write(m), |a, out| out[..4].copy_from_slice(&a.finish().to_be_bytes()))
}

// ---- non-cryptographic ----

pub fn xxh32() -> Box<dyn Stream> {
    replace(|| xxhash_rust::xxh32::Xxh32::new(0), |h, m| h.update(m), |h, out| out[..4].copy_from_slice(&h.digest().to_be_bytes()))
}
pub fn xxh64() -> Box<dyn Stream> {
    replace(|| xxhash_rust::xxh64::Xxh64::new(0), |h, m| h.update(m), |h, out| out[..8].copy_from_slice(&h.digest().to_be_bytes()))
}
pub fn xxh3_64() -> Box<dyn Stream> {
    replace(xxhash_rust::xxh3::Xxh3Default::new, |h, m| h.update(m), |h, out| out[..8].copy_from_slice(&h.digest().to_be_bytes()))
}
pub fn xxh3_128() -> Box<dyn Stream> {
    replace(xxhash_rust::xxh3::Xxh3Default::new, |h, m| h.update(m), |h, out| {
        out[..16].copy_from_slice(&h.digest128().to_be_bytes())
    })
}
pub fn siphasher() -> Box<dyn Stream> {
    use std::hash::Hasher;
    replace(
        || siphasher::sip::SipHasher24::new_with_key(&SIPHASH_KEY),
        |h, m| h.write(m),
        |h, out| out[..8].copy_from_slice(&h.finish().to_le_bytes()),
    )
}

// ---- cryptographic ----

pub fn blake3() -> Box<dyn Stream> {
    replace(blake3::Hasher::new, |h, m| { h.update(m); }, |h, out| put(out, h.finalize().as_bytes()))
}
pub fn blake3_rayon() -> Box<dyn Stream> {
    replace(
        blake3::Hasher::new,
        |h, m| crate::threads::install(|| { h.update_rayon(m); }),
        |h, out| put(out, h.finalize().as_bytes()),
    )
}

/// HMAC: hmac 0.13 has no reset, so finish puts a clone of the keyed
/// template (crates.rs) in place, as the one-shot clones it per message.
struct Hmac(HmacSha256);

impl Stream for Hmac {
    fn update(&mut self, m: &[u8]) {
        self.0.update(m);
    }
    fn finish(&mut self, out: &mut [u8]) {
        let done = std::mem::replace(&mut self.0, hmac_template().clone());
        put(out, &done.finalize().into_bytes());
    }
}

pub fn hmac_sha256() -> Box<dyn Stream> {
    Box::new(Hmac(hmac_template().clone()))
}

/// PBKDF2 needs the whole password before it starts: the stream keeps it.
struct Pbkdf2(Vec<u8>);

impl Stream for Pbkdf2 {
    fn update(&mut self, m: &[u8]) {
        self.0.extend_from_slice(m);
    }
    fn finish(&mut self, out: &mut [u8]) {
        pbkdf2::pbkdf2_hmac::<sha2::Sha256>(&self.0, PBKDF2_SALT, PBKDF2_ITERATIONS, &mut out[..32]);
        self.0.clear();
    }
}

pub fn pbkdf2_sha256() -> Box<dyn Stream> {
    Box::new(Pbkdf2(Vec::new()))
}

/// AES-128 CBC-MAC: the chaining block and how many bytes of the current
/// block are in; a full block is encrypted at once, a partial last one
/// (zero-padded: the bytes not XORed in stay as they are) at finish.
struct CbcMac {
    state: aes::Block,
    fill: usize,
}

impl Stream for CbcMac {
    fn update(&mut self, mut m: &[u8]) {
        use aes::cipher::BlockCipherEncrypt;
        let cipher = aes128();
        while !m.is_empty() {
            let take = m.len().min(16 - self.fill);
            for (s, b) in self.state[self.fill..self.fill + take].iter_mut().zip(&m[..take]) {
                *s ^= b;
            }
            self.fill += take;
            m = &m[take..];
            if self.fill == 16 {
                cipher.encrypt_block(&mut self.state);
                self.fill = 0;
            }
        }
    }
    fn finish(&mut self, out: &mut [u8]) {
        use aes::cipher::BlockCipherEncrypt;
        if self.fill > 0 {
            aes128().encrypt_block(&mut self.state);
        }
        put(out, &self.state);
        *self = CbcMac { state: aes::Block::default(), fill: 0 };
    }
}

pub fn aes_cbc_mac() -> Box<dyn Stream> {
    Box::new(CbcMac { state: aes::Block::default(), fill: 0 })
}

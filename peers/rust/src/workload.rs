//! The canonical workload, buf[i] = (i * 31 + 7) & 0xFF, and the digests of
//! its first 1024 bytes that every implementation must reproduce: the
//! project's own tests/vectors/workload-digests.txt, compiled in so that
//! there is one list for C and Rust alike.

const WORKLOAD_DIGESTS: &str = include_str!("../../../tests/vectors/workload-digests.txt");

/// The size the published digests are for.
pub const CHECK_SIZE: usize = 1024;

pub fn fill(buf: &mut [u8]) {
    for (i, b) in buf.iter_mut().enumerate() {
        *b = (i.wrapping_mul(31).wrapping_add(7) & 0xFF) as u8;
    }
}

/// The expected digest (lowercase hex) of the 1024-byte workload.
pub fn expected_digest(algorithm: &str) -> Option<&'static str> {
    WORKLOAD_DIGESTS
        .lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .filter_map(|l| {
            let mut w = l.split_whitespace();
            Some((w.next()?, w.next()?))
        })
        .find(|(id, _)| *id == algorithm)
        .map(|(_, hex)| hex)
}

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn workload_starts_as_the_roster_says() {
        let mut b = [0u8; 10];
        fill(&mut b);
        assert_eq!(b, [7, 38, 69, 100, 131, 162, 193, 224, 255, 30]);
    }

    #[test]
    fn digests_are_read_from_the_project_list() {
        assert_eq!(expected_digest("crc32"), Some("7c321b5d"));
        assert_eq!(expected_digest("nonesuch"), None);
    }
}

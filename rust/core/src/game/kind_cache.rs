//! The short-name kind cache: the hot path names the same few kinds over and over.

use super::Game;
use crate::kinds::Kind;

/// A name of at most 15 bytes as integers that determine it: the two words (read with
/// overlapping loads straight from the bytes) and the length. Copying the bytes into a buffer
/// read back as integers instead stalls store-to-load forwarding, which cost more than the rest
/// of the lookup.
#[inline]
fn short_name_key(b: &[u8]) -> Option<(u64, u64, usize)> {
    let n = b.len();
    let word = |at: usize| u64::from_le_bytes(b[at..at + 8].try_into().expect("8 bytes"));
    let half = |at: usize| u32::from_le_bytes(b[at..at + 4].try_into().expect("4 bytes")) as u64;
    let (lo, hi) = match n {
        0 => (0, 0),
        1..=3 => (
            b[0] as u64 | (b[n / 2] as u64) << 8 | (b[n - 1] as u64) << 16,
            0,
        ),
        4..=7 => (half(0) | half(n - 4) << 32, 0),
        8..=15 => (word(0), word(n - 8)),
        _ => return None,
    };
    Some((lo, hi, n))
}

impl Game {
    /// `lookup_kind` through a small cache of short names packed into integers: the hot path
    /// names the same few kinds over and over.
    #[inline]
    pub fn lookup_kind_cached(&mut self, name: &str) -> Option<Kind> {
        let Some(key) = short_name_key(name.as_bytes()) else {
            return self.kinds.lookup(name);
        };
        let slot =
            ((key.0 ^ key.1 ^ key.2 as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 61) as usize;
        let (cached, kind) = self.scratch.kind_cache[slot];
        if cached == key && kind != 0 {
            return Some(Kind(kind - 1));
        }
        let k = self.kinds.lookup(name)?;
        self.scratch.kind_cache[slot] = (key, k.0 + 1);
        Some(k)
    }
}

#[cfg(test)]
mod tests {
    use super::short_name_key;
    use std::collections::HashMap;

    #[test]
    fn short_name_keys_determine_the_name() {
        // Every name of up to 15 bytes over a small alphabet (NUL included, where padding could
        // collide) by length, plus every length with one byte changed at each position.
        let alphabet = [0u8, b'a', b'+'];
        let mut seen: HashMap<(u64, u64, usize), Vec<u8>> = HashMap::new();
        let mut check = |name: Vec<u8>| {
            let key = short_name_key(&name).expect("short");
            if let Some(other) = seen.insert(key, name.clone()) {
                assert_eq!(other, name, "two names share a key");
            }
        };
        for len in 0..=6u32 {
            for code in 0..alphabet.len().pow(len) {
                let mut c = code;
                let name = (0..len)
                    .map(|_| {
                        let b = alphabet[c % alphabet.len()];
                        c /= alphabet.len();
                        b
                    })
                    .collect();
                check(name);
            }
        }
        for len in 7..=15 {
            for at in 0..len {
                for b in [0u8, b'x'] {
                    let mut name = vec![b'a'; len];
                    name[at] = b;
                    check(name);
                }
            }
        }
        assert!(short_name_key(&[b'a'; 16]).is_none());
    }
}

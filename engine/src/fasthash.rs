//! A small, fast, non-cryptographic hasher for the compiler's and the
//! runtime's internal maps (names, rule keys). The standard library's
//! SipHash protects against crafted keys, which matters for servers, not
//! for a game's own names; it showed up as a few percent of building a game.
//! The mixing step is the well-known "Fx" multiply-rotate.

use std::hash::{BuildHasherDefault, Hasher};

/// Multiply-rotate hasher over 64-bit words.
#[derive(Default, Clone, Copy)]
pub struct FxHasher {
    hash: u64,
}

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl FxHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for FxHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut w = [0u8; 8];
            w.copy_from_slice(c);
            self.add(u64::from_le_bytes(w));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            // Byte by byte: a variable-length copy here compiled to a call
            // to memcpy on every short name hashed.
            let mut w = 0u64;
            for (i, &b) in rest.iter().enumerate() {
                w |= u64::from(b) << (8 * i);
            }
            self.add(w ^ (rest.len() as u64) << 56);
        }
    }
    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }
    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }
    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }
    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        self.hash
    }
}

/// A `HashMap` with [`FxHasher`].
pub type HashMap<K, V> = std::collections::HashMap<K, V, BuildHasherDefault<FxHasher>>;
/// A `HashSet` with [`FxHasher`].
pub type HashSet<K> = std::collections::HashSet<K, BuildHasherDefault<FxHasher>>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_work_and_hashes_differ() {
        let mut m: HashMap<String, usize> = HashMap::default();
        for (i, w) in ["player", "crate", "wall", "wall2", ""].iter().enumerate() {
            m.insert((*w).to_owned(), i);
        }
        assert_eq!(m.get("wall2"), Some(&3));
        assert_eq!(m.get(""), Some(&4));
        let h = |s: &str| {
            let mut f = FxHasher::default();
            f.write(s.as_bytes());
            f.finish()
        };
        assert_ne!(h("abc"), h("abd"));
        assert_ne!(h("a"), h("a\0"));
    }
}

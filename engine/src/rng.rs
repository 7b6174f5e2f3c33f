//! The seeded random generator, bit-compatible with the reference engine.
//!
//! RC4 key scheduling over the seed's UTF-16 code units (each unit written
//! big-endian in as few bytes as hold it, at least one), no bytes dropped.
//! `uniform` builds a float from seven output bytes. Every random choice in
//! a game (random rules, `random` objects, `randomdir`) and every sfxr
//! parameter comes from here, so the same seed gives the same game.

/// An RC4 stream used as a deterministic random source.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Rng {
    s: [u8; 256],
    i: u8,
    j: u8,
}

impl Rng {
    /// A generator keyed by `seed` (its UTF-16 code units). An empty seed
    /// leaves the identity permutation, as the reference does.
    #[must_use]
    pub fn new(seed: &str) -> Self {
        let mut key = Vec::with_capacity(seed.len() * 2);
        for unit in seed.encode_utf16() {
            if unit > 0xff {
                key.push((unit >> 8) as u8);
            }
            key.push((unit & 0xff) as u8);
        }
        Self::from_key(&key)
    }

    /// A generator keyed by raw bytes.
    #[must_use]
    pub fn from_key(key: &[u8]) -> Self {
        let mut s = [0u8; 256];
        for (i, v) in s.iter_mut().enumerate() {
            *v = i as u8;
        }
        if !key.is_empty() {
            let mut j: u8 = 0;
            for i in 0..256 {
                j = j.wrapping_add(s[i]).wrapping_add(key[i % key.len()]);
                s.swap(i, j as usize);
            }
        }
        Self { s, i: 0, j: 0 }
    }

    /// The next output byte.
    pub fn next_byte(&mut self) -> u8 {
        self.i = self.i.wrapping_add(1);
        self.j = self.j.wrapping_add(self.s[self.i as usize]);
        self.s.swap(self.i as usize, self.j as usize);
        let k = self.s[self.i as usize].wrapping_add(self.s[self.j as usize]);
        self.s[k as usize]
    }

    /// A float in [0, 1]: seven bytes accumulated as o = o*256 + b in f64,
    /// divided by 2^56 - 1 (which rounds to 2^56 as an f64). The first six
    /// steps are exact in an f64, and the seventh rounds the exact 56-bit
    /// sum to nearest, as converting the same integer does; dividing by a
    /// power of two is exact. So the integer form gives the same bits.
    pub fn uniform(&mut self) -> f64 {
        let mut o = 0u64;
        for _ in 0..7 {
            o = (o << 8) | u64::from(self.next_byte());
        }
        o as f64 * (1.0 / (1u64 << 56) as f64)
    }

    /// An index in `0..n` (0 when `n` is 0): `floor(uniform() * n)`, clamped.
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        // Truncation is floor for the non-negative product.
        let k = (self.uniform() * n as f64) as usize;
        k.min(n - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_reference_bytes_and_uniforms() {
        let mut r = Rng::new("1397237766414.352");
        let bytes: Vec<u8> = (0..8).map(|_| r.next_byte()).collect();
        assert_eq!(bytes, [206, 127, 157, 129, 167, 255, 59, 170]);
        let mut r = Rng::new("1397237766414.352");
        assert_eq!(r.uniform(), 0.8066347543281126);
        assert_eq!(r.uniform(), 0.6664732941803654);
    }

    /// The reference's float accumulation, step by step.
    fn float_uniform(r: &mut Rng) -> f64 {
        let mut o = 0.0f64;
        for _ in 0..7 {
            o = o * 256.0 + f64::from(r.next_byte());
        }
        o / ((1u64 << 56) as f64 - 1.0)
    }

    #[test]
    fn integer_uniforms_equal_the_float_accumulation() {
        let (mut a, mut b) = (Rng::new("seed"), Rng::new("seed"));
        for _ in 0..100_000 {
            assert_eq!(a.uniform().to_bits(), float_uniform(&mut b).to_bits());
        }
        // Values whose seventh step has to round (low bits all ones).
        let mut r = Rng::from_key(&[255; 7]);
        for _ in 0..1000 {
            let (x, y) = (r.clone().uniform(), float_uniform(&mut r));
            assert_eq!(x.to_bits(), y.to_bits());
        }
    }

    #[test]
    fn wide_code_units_use_big_endian_bytes() {
        assert_eq!(Rng::new("€").s, Rng::from_key(&[32, 172]).s);
        assert_eq!(Rng::new("é").s, Rng::from_key(&[233]).s);
    }
}

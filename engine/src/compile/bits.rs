//! Word-level bit helpers for cell masks (objects) and movement masks.
//!
//! Objects: bit `id` of a row of `u64` words. Movements: five bits per
//! collision layer (up, down, left, right, action), twelve layers per word;
//! a game with PuzzleScript Next's `mouse_clicks` has as many words again
//! after those for its click marks (see [`mov_words_with`]).

/// Layers packed into one movement word.
pub const LAYERS_PER_WORD: usize = 12;
/// The five movement bits of one layer.
pub const LAYER_BITS: u64 = 0x1f;

/// Words needed for `n` object ids.
#[must_use]
pub fn obj_words(n: usize) -> usize {
    n.div_ceil(64).max(1)
}

/// Words needed for `layers` movement slots.
#[must_use]
pub fn mov_words(layers: usize) -> usize {
    layers.div_ceil(LAYERS_PER_WORD).max(1)
}

/// Words of movement per cell in a game with PuzzleScript Next's
/// `mouse_clicks` (`clicks`): after the layers' words, as many again for
/// the click marks (`lclick` bit 1, `rclick` bit 2 of layer `l`'s slot
/// `click_layer(layers) + l`). Other games: [`mov_words`], unchanged.
#[must_use]
pub fn mov_words_with(layers: usize, clicks: bool) -> usize {
    if clicks { 2 * mov_words(layers) } else { mov_words(layers) }
}

/// The slot of layer 0's click marks (see [`mov_words_with`]).
#[must_use]
pub fn click_layer(layers: usize) -> usize {
    mov_words(layers) * LAYERS_PER_WORD
}

/// Set object bit `id`.
pub fn set_bit(m: &mut [u64], id: usize) {
    if let Some(w) = m.get_mut(id / 64) {
        *w |= 1u64 << (id % 64);
    }
}

/// Test object bit `id`.
#[must_use]
pub fn get_bit(m: &[u64], id: usize) -> bool {
    m.get(id / 64).is_some_and(|w| w & (1u64 << (id % 64)) != 0)
}

/// OR `bits` (five at most) into the slot of `layer`.
pub fn mov_or(m: &mut [u64], layer: usize, bits: u64) {
    if let Some(w) = m.get_mut(layer / LAYERS_PER_WORD) {
        *w |= (bits & LAYER_BITS) << ((layer % LAYERS_PER_WORD) * 5);
    }
}

/// The five bits of `layer`.
#[must_use]
pub fn mov_get(m: &[u64], layer: usize) -> u64 {
    m.get(layer / LAYERS_PER_WORD).map_or(0, |w| (w >> ((layer % LAYERS_PER_WORD) * 5)) & LAYER_BITS)
}

/// Clear `bits` of the slot of `layer`.
pub fn mov_clear(m: &mut [u64], layer: usize, bits: u64) {
    if let Some(w) = m.get_mut(layer / LAYERS_PER_WORD) {
        *w &= !((bits & LAYER_BITS) << ((layer % LAYERS_PER_WORD) * 5));
    }
}

/// `a |= b`.
#[inline]
pub fn or_into(a: &mut [u64], b: &[u64]) {
    // One word (most games) without a loop.
    if let ([x], [y]) = (&mut *a, b) {
        *x |= *y;
        return;
    }
    for (x, y) in a.iter_mut().zip(b) {
        *x |= *y;
    }
}

/// Every bit of `need` is set in `have`.
#[must_use]
#[inline]
pub fn contains(have: &[u64], need: &[u64]) -> bool {
    if let ([h], [n]) = (have, need) {
        return n & h == *n;
    }
    need.iter().zip(have).all(|(n, h)| n & h == *n)
}

/// Some bit is in both.
#[must_use]
#[inline]
pub fn intersects(a: &[u64], b: &[u64]) -> bool {
    if let ([x], [y]) = (a, b) {
        return x & y != 0;
    }
    a.iter().zip(b).any(|(x, y)| x & y != 0)
}

/// The indices of the set bits, in increasing order.
pub fn ones(m: &[u64]) -> impl Iterator<Item = usize> + '_ {
    m.iter().enumerate().flat_map(|(w, &word)| {
        let mut rest = word;
        std::iter::from_fn(move || {
            if rest == 0 {
                return None;
            }
            let bit = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            Some(w * 64 + bit)
        })
    })
}

/// Whether no bit is set.
#[must_use]
#[inline]
pub fn is_zero(a: &[u64]) -> bool {
    if let [w] = a {
        return *w == 0;
    }
    a.iter().all(|w| *w == 0)
}

/// A fixed-length mask of `u64` words (objects or movements) owned by a
/// compiled rule cell, shared: equal masks of one game (the same cell in
/// every direction a rule expands to, the many empty masks) are one
/// allocation (see [`WordsCache`]). Reads as a `[u64]`, as cheaply as a
/// boxed slice.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Words(std::sync::Arc<[u64]>);

impl Words {
    /// A copy of `words` (not shared with any other mask).
    #[must_use]
    pub fn from_slice(words: &[u64]) -> Words {
        Words(std::sync::Arc::from(words))
    }
}

impl std::ops::Deref for Words {
    type Target = [u64];
    #[inline]
    fn deref(&self) -> &[u64] {
        &self.0
    }
}

impl std::borrow::Borrow<[u64]> for Words {
    fn borrow(&self) -> &[u64] {
        &self.0
    }
}

impl std::fmt::Debug for Words {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// Hands out one shared [`Words`] per distinct mask.
#[derive(Debug, Default)]
pub struct WordsCache {
    masks: rustc_hash::FxHashSet<Words>,
    /// One-word masks by their word (most games fit one word of objects and
    /// one of movements): found without hashing a slice.
    single: rustc_hash::FxHashMap<u64, Words>,
    /// The one-word masks handed out last, by a few bits of their word
    /// (most masks of a game are a few words asked for over and over):
    /// found without a table lookup.
    recent: Vec<Option<Words>>,
    /// The same for masks of more than one word (not empty).
    recent_wide: Vec<Option<Words>>,
    /// The one-word empty mask, the one asked for most.
    zero: Option<Words>,
    /// Empty masks by length (most masks of most cells), found without
    /// hashing.
    zeros: Vec<Words>,
}

/// How many one-word masks [`WordsCache::recent`] holds.
const RECENT: usize = 64;

impl WordsCache {
    /// The shared mask equal to `words`.
    #[inline]
    pub fn get(&mut self, words: &[u64]) -> Words {
        if let [word] = *words {
            let found = if word == 0 {
                self.zero.as_ref()
            } else {
                self.recent.get(recent_slot(word)).and_then(Option::as_ref)
            };
            if let Some(w) = found
                && w[0] == word
            {
                return w.clone();
            }
        }
        self.get_new(words)
    }

    /// [`WordsCache::get`] past its quick look at the one-word masks.
    #[inline(never)]
    fn get_new(&mut self, words: &[u64]) -> Words {
        if let [word] = *words {
            if word == 0 {
                return self.zero.get_or_insert_with(|| Words::from_slice(&[0])).clone();
            }
            if self.recent.is_empty() {
                self.recent.resize(RECENT, None);
            }
            let w = self.single.entry(word).or_insert_with(|| Words::from_slice(&[word])).clone();
            self.recent[recent_slot(word)] = Some(w.clone());
            return w;
        }
        if is_zero(words) {
            if let Some(w) = self.zeros.iter().find(|w| w.len() == words.len()) {
                return w.clone();
            }
            let w = Words::from_slice(words);
            self.zeros.push(w.clone());
            return w;
        }
        let slot = recent_slot_of(words);
        if let Some(w) = self.recent_wide.get(slot).and_then(Option::as_ref)
            && **w == *words
        {
            return w.clone();
        }
        let w = match self.masks.get(words) {
            Some(w) => w.clone(),
            None => {
                let w = Words::from_slice(words);
                self.masks.insert(w.clone());
                w
            }
        };
        if self.recent_wide.is_empty() {
            self.recent_wide.resize(RECENT, None);
        }
        self.recent_wide[slot] = Some(w.clone());
        w
    }
}

/// The slot of [`WordsCache::recent_wide`] for the mask `words`.
fn recent_slot_of(words: &[u64]) -> usize {
    let mut h = 0u64;
    for &w in words {
        h = (h.rotate_left(5) ^ w).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
    (h >> 58) as usize % RECENT
}

/// The slot of [`WordsCache::recent`] for the one-word mask `[word]`.
#[inline]
fn recent_slot(word: u64) -> usize {
    (word.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 58) as usize % RECENT
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ones_lists_the_set_bits_in_order() {
        let mut m = vec![0u64; 3];
        for id in [0, 5, 63, 64, 130] {
            set_bit(&mut m, id);
        }
        assert_eq!(ones(&m).collect::<Vec<_>>(), vec![0, 5, 63, 64, 130]);
        assert_eq!(ones(&[0, 0]).count(), 0);
    }

    #[test]
    fn movement_slots_do_not_overlap() {
        let mut m = vec![0u64; mov_words(30)];
        for layer in 0..30 {
            mov_or(&mut m, layer, (layer as u64 % 31) + 1);
        }
        for layer in 0..30 {
            assert_eq!(mov_get(&m, layer), (layer as u64 % 31) + 1);
        }
        mov_clear(&mut m, 13, LAYER_BITS);
        assert_eq!(mov_get(&m, 13), 0);
        assert_eq!(mov_get(&m, 12), 13);
    }

    #[test]
    fn object_bits() {
        let mut m = vec![0u64; obj_words(130)];
        set_bit(&mut m, 129);
        assert!(get_bit(&m, 129));
        assert!(!get_bit(&m, 128));
        assert!(contains(&m, &m.clone()));
    }

    #[test]
    fn words_read_back_as_given_and_equal_masks_are_shared() {
        let mut cache = WordsCache::default();
        for n in 0..5 {
            let v: Vec<u64> = (1..=n).map(|k| k * 0x1_0000_0001).collect();
            let w = cache.get(&v);
            assert_eq!(&*w, v.as_slice());
            assert_eq!(format!("{w:?}"), format!("{v:?}"));
            let again = cache.get(&v);
            assert!(std::ptr::eq(w.as_ptr(), again.as_ptr()));
        }
        assert_eq!(&*cache.get(&[0, 0]), &[0u64, 0][..]);
        assert!(!std::ptr::eq(cache.get(&[0, 0]).as_ptr(), cache.get(&[0]).as_ptr()));
    }
}

//! A list that keeps its first few items in place and moves them to the
//! heap only when it grows past them: copying a short one allocates
//! nothing. Used for a sprite's rows ([`crate::syntax::ast::Sprite`]) and a
//! rule cell's terms during expansion.

/// Up to `N` items in place, more on the heap. Reads as a slice; equal and
/// hashed as its items, whichever way they are kept.
#[derive(Clone)]
pub enum InlineVec<T, const N: usize> {
    /// Up to `N` items: how many, and the slots (those past the count
    /// hold `T::default()`).
    Inline(u8, [T; N]),
    /// More than `N`.
    Heap(Vec<T>),
}

impl<T: Copy + Default, const N: usize> InlineVec<T, N> {
    /// An empty list.
    #[must_use]
    pub fn new() -> Self {
        InlineVec::Inline(0, [T::default(); N])
    }

    /// A list of one item.
    #[must_use]
    pub fn one(item: T) -> Self {
        let mut v = Self::new();
        v.push(item);
        v
    }

    /// Add an item at the end.
    #[inline]
    pub fn push(&mut self, item: T) {
        match self {
            InlineVec::Inline(n, items) => {
                let len = usize::from(*n);
                if let Some(slot) = items.get_mut(len) {
                    *slot = item;
                    *n += 1;
                } else {
                    let mut v = Vec::with_capacity(len * 2);
                    v.extend_from_slice(items);
                    v.push(item);
                    *self = InlineVec::Heap(v);
                }
            }
            InlineVec::Heap(v) => v.push(item),
        }
    }
}

impl<T: Copy + Default, const N: usize> Default for InlineVec<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T, const N: usize> std::ops::Deref for InlineVec<T, N> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        match self {
            InlineVec::Inline(n, items) => &items[..usize::from(*n)],
            InlineVec::Heap(v) => v,
        }
    }
}

impl<T, const N: usize> std::ops::DerefMut for InlineVec<T, N> {
    fn deref_mut(&mut self) -> &mut [T] {
        match self {
            InlineVec::Inline(n, items) => &mut items[..usize::from(*n)],
            InlineVec::Heap(v) => v,
        }
    }
}

impl<T: Copy + Default, const N: usize> Extend<T> for InlineVec<T, N> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        for item in iter {
            self.push(item);
        }
    }
}

impl<T: Copy + Default, const N: usize> FromIterator<T> for InlineVec<T, N> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut v = Self::new();
        v.extend(iter);
        v
    }
}

impl<'a, T, const N: usize> IntoIterator for &'a InlineVec<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a, T, const N: usize> IntoIterator for &'a mut InlineVec<T, N> {
    type Item = &'a mut T;
    type IntoIter = std::slice::IterMut<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

impl<T: PartialEq, const N: usize> PartialEq for InlineVec<T, N> {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl<T: Eq, const N: usize> Eq for InlineVec<T, N> {}

impl<T: std::hash::Hash, const N: usize> std::hash::Hash for InlineVec<T, N> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (**self).hash(state);
    }
}

impl<T: std::fmt::Debug, const N: usize> std::fmt::Debug for InlineVec<T, N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

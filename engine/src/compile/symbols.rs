//! Rule names as small numbers. Rule expansion copies rules many times over
//! and asks the same questions of every name (is it a property, which layer,
//! which objects); with names as text each question was a string hash and
//! each copy a reference count. Here every name a rule mentions is interned
//! once, with the answers of [`Layout`] for it worked out at that moment, so
//! that expansion and rule compilation look them up by index.
//!
//! Every answer is exactly what the layout says for the same text: the
//! table changes the cost of a question, never its answer.

use super::layout::{Layout, Narrowed};
use rustc_hash::FxHashMap as HashMap;
use std::rc::Rc;

/// A name in the [`Symbols`] table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub(crate) struct Sym(u32);

/// The ellipsis `...`, always the first symbol.
pub(crate) const ELLIPSIS: Sym = Sym(0);

#[cfg(test)]
impl Sym {
    /// Symbol number `n`, for tests that need symbols without a table.
    pub(crate) const fn test(n: u32) -> Sym {
        Sym(n)
    }
    /// The symbol's number.
    pub(crate) const fn number(self) -> u32 {
        self.0
    }
}

/// What a name stands for, over symbols (the layout's [`Meaning`]).
#[derive(Debug, Clone)]
pub(crate) enum Kind {
    /// Stands for no object that has a layer (or is not defined).
    None,
    /// One object, named by this symbol (the name itself or the object a
    /// synonym names).
    Object(Sym),
    /// Any one of these objects.
    Property(Vec<Sym>),
    /// All of these objects.
    Aggregate(Vec<Sym>),
}

/// The layout's answers for one name.
#[derive(Debug, Clone)]
pub(crate) struct SymInfo<'a> {
    /// The name as written in the rule (lower case).
    pub text: Rc<str>,
    /// What it stands for.
    pub kind: Kind,
    /// `(id, layer)` when the name is itself an object with a layer.
    pub object: Option<(usize, usize)>,
    /// The layer of a property whose members all share one.
    pub single_layer: Option<usize>,
    /// The objects it stands for, whether it is an aggregate, and their
    /// mask (the layout's own).
    pub ids: Option<(bool, &'a [usize], &'a [u64])>,
}

/// The interned names of a game's rules.
pub(crate) struct Symbols<'a> {
    layout: &'a Layout<'a>,
    infos: Vec<SymInfo<'a>>,
    index: HashMap<Rc<str>, Sym>,
    /// The symbols interned or looked up last, by a few bits of their
    /// text (see [`recent_slot`]): a game's rules name the same few names
    /// over and over, and a name found here needs no hashing.
    recent: [Option<Sym>; RECENT],
    /// Properties whose members as written repeat an object: that list
    /// (see [`Symbols::paired_members`]). Empty in most games.
    written: HashMap<Sym, Vec<Sym>>,
}

/// How many symbols [`Symbols::recent`] holds.
const RECENT: usize = 64;

/// The slot of [`Symbols::recent`] for `text`: from its length and its
/// first and last bytes.
#[inline]
fn recent_slot(text: &str) -> usize {
    let b = text.as_bytes();
    let (first, last) = (b.first().copied().unwrap_or(0), b.last().copied().unwrap_or(0));
    (b.len().wrapping_mul(17) ^ usize::from(first).wrapping_mul(5) ^ usize::from(last)) % RECENT
}

impl<'a> Symbols<'a> {
    /// An empty table over `layout` (holding only [`ELLIPSIS`]).
    pub(crate) fn new(layout: &'a Layout<'a>) -> Symbols<'a> {
        let mut s = Symbols {
            layout,
            infos: Vec::new(),
            index: HashMap::default(),
            recent: [None; RECENT],
            written: HashMap::default(),
        };
        let e = s.intern("...");
        debug_assert_eq!(e, ELLIPSIS);
        s
    }

    /// The layout the answers come from.
    pub(crate) fn layout(&self) -> &'a Layout<'a> {
        self.layout
    }

    /// The symbol of `text`, interning it (and the objects it stands for)
    /// the first time.
    pub(crate) fn intern(&mut self, text: &str) -> Sym {
        let slot = recent_slot(text);
        if let Some(s) = self.recent[slot]
            && *self.info(s).text == *text
        {
            return s;
        }
        if let Some(&s) = self.index.get(text) {
            self.recent[slot] = Some(s);
            return s;
        }
        let sym = Sym(u32::try_from(self.infos.len()).unwrap_or(u32::MAX));
        let rc: Rc<str> = Rc::from(text);
        self.index.insert(rc.clone(), sym);
        let info = self.layout.info(text);
        // Placeholder first, so that a name whose meaning mentions itself
        // (an object is its own meaning) finds its symbol.
        self.infos.push(SymInfo {
            text: rc,
            kind: Kind::None,
            object: info.and_then(|i| i.object),
            single_layer: info.and_then(|i| i.single_layer),
            ids: info.and_then(|i| i.ids.as_ref()).map(|(a, ids, m)| (*a, &ids[..], &m[..])),
        });
        let kind = match info.map(|i| &i.kind) {
            None => Kind::None,
            Some(Narrowed::Object(o)) => Kind::Object(self.intern(o)),
            Some(Narrowed::Property(m)) => Kind::Property(m.iter().map(|o| self.intern(o)).collect()),
            Some(Narrowed::Aggregate(m)) => Kind::Aggregate(m.iter().map(|o| self.intern(o)).collect()),
        };
        if let Some(info) = self.infos.get_mut(sym.0 as usize) {
            info.kind = kind;
        }
        if self.layout.has_repeats()
            && let Some(list) = self.layout.members_as_written(text)
        {
            let list: Vec<Sym> = list.iter().map(|o| self.intern(o)).collect();
            self.written.insert(sym, list);
        }
        sym
    }

    /// The answers for `s`.
    pub(crate) fn info(&self, s: Sym) -> &SymInfo<'a> {
        // Symbols are only made by `intern`, so the index is in range; the
        // ellipsis stands in for an impossible stray one.
        self.infos.get(s.0 as usize).unwrap_or(&self.infos[0])
    }

    /// The name `s` was interned from.
    pub(crate) fn text(&self, s: Sym) -> &str {
        &self.info(s).text
    }

    /// Whether `s` is a property (`or`).
    pub(crate) fn is_property(&self, s: Sym) -> bool {
        matches!(self.info(s).kind, Kind::Property(_))
    }

    /// The members of a property.
    pub(crate) fn property_members(&self, s: Sym) -> Option<&[Sym]> {
        match &self.info(s).kind {
            Kind::Property(m) => Some(m),
            _ => None,
        }
    }

    /// The members of property `s` as its definition lists them, an object
    /// repeated as often as written: the positions PuzzleScript Plus and
    /// Next pair properties by (`expand::paired`).
    pub(crate) fn paired_members(&self, s: Sym) -> Option<&[Sym]> {
        self.written.get(&s).map(Vec::as_slice).or_else(|| self.property_members(s))
    }

    /// The object mask of `s`.
    pub(crate) fn mask(&self, s: Sym) -> Option<&[u64]> {
        self.info(s).ids.map(|(_, _, m)| m)
    }

    /// The object ids `s` stands for, and whether it is an aggregate.
    pub(crate) fn objects_of(&self, s: Sym) -> Option<(bool, &[usize])> {
        self.info(s).ids.map(|(a, ids, _)| (a, ids))
    }
}

//! Object ids and collision layers, over the build's name table.
//!
//! Object ids are handed out in collision-layer order (as the reference
//! does), so bit `i` of a cell mask is the `i`-th object met when reading the
//! COLLISIONLAYERS section top to bottom. Names are not resolved here: the
//! meanings come from [`crate::names::NameTable`], narrowed to the objects
//! that have a layer (the only ones a compiled game can hold).
//!
//! The layout borrows every name from the table and keeps everything it
//! knows about a name in one entry, so building it copies no text and a
//! question about a name is one lookup.

use crate::names::{Meaning, NameTable};
use crate::syntax::ast::Ast;
use rustc_hash::FxHashMap as HashMap;

/// What a name stands for, narrowed to the objects that have a layer (the
/// table's [`Meaning`] over borrowed names).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Narrowed<'a> {
    /// One object (kept even when it has no layer).
    Object(&'a str),
    /// Any one of these objects.
    Property(Vec<&'a str>),
    /// All of these objects in one cell.
    Aggregate(Vec<&'a str>),
}

impl<'a> Narrowed<'a> {
    fn of(m: &Meaning<'a>) -> Narrowed<'a> {
        match m {
            Meaning::Object(o) => Narrowed::Object(o),
            Meaning::Property(v) => Narrowed::Property(v.clone()),
            Meaning::Aggregate(v) => Narrowed::Aggregate(v.clone()),
        }
    }
}

/// Everything the layout knows about one name.
#[derive(Debug)]
pub(crate) struct NameInfo<'a> {
    /// Its meaning, members without a layer left out.
    pub kind: Narrowed<'a>,
    /// `(id, layer)` when the name is an object placed in a layer.
    pub object: Option<(usize, usize)>,
    /// For a property whose members all sit on one layer, that layer.
    pub single_layer: Option<usize>,
    /// Its object ids, whether it is an aggregate, and their mask; `None`
    /// for a name that is an object without a layer.
    pub ids: Option<(bool, Ids, Mask)>,
}

/// A name's object ids (kept in place for up to two).
pub(crate) type Ids = smallvec::SmallVec<[usize; 2]>;

/// An object mask (kept in place for a game of one object word).
pub(crate) type Mask = smallvec::SmallVec<[u64; 1]>;

/// The game's objects laid out: ids, layers, and every name's meaning
/// narrowed to objects that have a layer.
#[derive(Debug, Default)]
pub(crate) struct Layout<'a> {
    /// Every defined name that stands for some object (objects included);
    /// names whose definition stands for no object at all are absent.
    infos: HashMap<&'a str, NameInfo<'a>>,
    /// Id -> object name (ids of objects listed twice stay allocated).
    pub id_names: Vec<&'a str>,
    /// Number of collision layers.
    pub layer_count: usize,
    /// Properties whose members as written repeat an object, narrowed
    /// like the rest ([`NameTable::members_as_written`]).
    repeats: HashMap<&'a str, Vec<&'a str>>,
}

impl<'a> Layout<'a> {
    /// Lay out the objects of `ast`, whose names are `names`.
    pub(crate) fn build(ast: &Ast, names: &NameTable<'a>) -> Layout<'a> {
        // Only names that stand for some object mean anything here.
        let all: Vec<(&'a str, &Meaning<'a>)> = names.iter().filter(|(_, m)| !m.objects().is_empty()).collect();
        let mut infos: HashMap<&'a str, NameInfo<'a>> = HashMap::default();
        infos.reserve(all.len());
        for (n, m) in all {
            let info = NameInfo { kind: Narrowed::of(m), object: None, single_layer: None, ids: None };
            infos.insert(n, info);
        }

        // Collision layers: expand names to objects, then hand out ids (an
        // object listed twice keeps the last place it is given).
        let mut id_names: Vec<&'a str> = Vec::new();
        let mut placed: Vec<(&'a str, usize)> = Vec::new();
        for (layer, def) in ast.layers.iter().enumerate() {
            for n in &def.names {
                if let Some(m @ (Meaning::Object(_) | Meaning::Property(_))) = names.meaning(&n.text) {
                    placed.extend(m.objects().iter().map(|&o| (o, layer)));
                }
            }
        }
        for (o, layer) in placed {
            let at = (id_names.len(), layer);
            id_names.push(o);
            // Every object's own name is in the table as that object.
            infos
                .entry(o)
                .or_insert_with(|| NameInfo { kind: Narrowed::Object(o), object: None, single_layer: None, ids: None })
                .object = Some(at);
        }

        // Drop objects that have no layer from properties and aggregates,
        // then work out each name's layer and ids.
        let ow = crate::compile::bits::obj_words(id_names.len());
        let mut place: HashMap<&'a str, (usize, usize)> = HashMap::default();
        place.reserve(id_names.len());
        place.extend(infos.iter().filter_map(|(&n, i)| i.object.map(|at| (n, at))));
        for info in infos.values_mut() {
            let (aggregate, members) = match &mut info.kind {
                Narrowed::Object(o) => {
                    if let Some(&(id, _)) = place.get(o) {
                        info.ids = Some((false, smallvec::smallvec![id], mask(ow, &[id])));
                    }
                    continue;
                }
                Narrowed::Property(m) => (false, m),
                Narrowed::Aggregate(m) => (true, m),
            };
            members.retain(|o| place.contains_key(o));
            let at: Vec<(usize, usize)> = members.iter().filter_map(|o| place.get(o).copied()).collect();
            if !aggregate
                && let Some(&(_, first)) = at.first()
                && at.iter().all(|&(_, l)| l == first)
            {
                info.single_layer = Some(first);
            }
            let ids: Ids = at.iter().map(|&(id, _)| id).collect();
            let m = mask(ow, &ids);
            info.ids = Some((aggregate, ids, m));
        }
        let repeats = names
            .repeated_members()
            .map(|(n, list)| (n, list.iter().copied().filter(|o| place.contains_key(o)).collect()))
            .collect();
        Layout { infos, id_names, layer_count: ast.layers.len(), repeats }
    }

    /// Number of object ids (bits in a cell mask).
    pub(crate) fn id_count(&self) -> usize {
        self.id_names.len()
    }

    /// Everything known about a name (`None` when it stands for no object).
    pub(crate) fn info(&self, name: &str) -> Option<&NameInfo<'a>> {
        self.infos.get(name)
    }

    /// What a name stands for, narrowed to objects with a layer.
    pub(crate) fn kind(&self, name: &str) -> Option<&Narrowed<'a>> {
        self.infos.get(name).map(|i| &i.kind)
    }

    /// The objects a name stands for, and whether it is an aggregate.
    pub(crate) fn objects_of(&self, name: &str) -> Option<(bool, &[usize])> {
        self.infos.get(name)?.ids.as_ref().map(|(a, ids, _)| (*a, &ids[..]))
    }

    /// Property `name`'s members as written, repeats kept, when an object
    /// repeats (`None` otherwise: then its members are its kind's).
    pub(crate) fn members_as_written(&self, name: &str) -> Option<&[&'a str]> {
        self.repeats.get(name).map(Vec::as_slice)
    }

    /// True when some property's members as written repeat an object.
    pub(crate) fn has_repeats(&self) -> bool {
        !self.repeats.is_empty()
    }

    /// `(id, layer)` of a concrete object name.
    pub(crate) fn object(&self, name: &str) -> Option<(usize, usize)> {
        self.infos.get(name)?.object
    }
}

/// A mask with the bits of `ids` set.
fn mask(ow: usize, ids: &[usize]) -> Mask {
    let mut mask: Mask = std::iter::repeat_n(0u64, ow).collect();
    for &id in ids {
        crate::compile::bits::set_bit(&mut mask, id);
    }
    mask
}

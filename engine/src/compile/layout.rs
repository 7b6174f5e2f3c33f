//! Object ids and collision layers, over the build's name table.
//!
//! Object ids are handed out in collision-layer order (as the reference
//! does), so bit `i` of a cell mask is the `i`-th object met when reading the
//! COLLISIONLAYERS section top to bottom. Names are not resolved here: the
//! meanings come from [`crate::names::NameTable`], narrowed to the objects
//! that have a layer (the only ones a compiled game can hold).

use crate::fasthash::HashMap;
use crate::names::{Meaning, NameTable};
use crate::syntax::ast::Ast;

/// What one name stands for: aggregate or not, object ids, object mask.
type NameObjects = (bool, Vec<usize>, Box<[u64]>);

/// The game's objects laid out: ids, layers, and every name's meaning
/// narrowed to objects that have a layer.
#[derive(Debug, Default)]
pub(crate) struct Layout {
    /// Meaning of every defined name (objects included), members without
    /// a layer left out. Names whose definition stands for no object at all
    /// are absent.
    pub kinds: HashMap<String, Meaning>,
    /// Object name -> (id, layer), for objects placed in a layer.
    pub objects: HashMap<String, (usize, usize)>,
    /// Id -> object name (ids of objects listed twice stay allocated).
    pub id_names: Vec<String>,
    /// Number of collision layers.
    pub layer_count: usize,
    /// For each property whose members all sit on one layer, that layer.
    pub single_layer: HashMap<String, usize>,
    /// Every name's object ids and whether it is an aggregate, resolved once
    /// here so rule compilation does not resolve names per term.
    ids: HashMap<String, NameObjects>,
}

impl Layout {
    /// Lay out the objects of `ast`, whose names are `names`.
    pub(crate) fn build(ast: &Ast, names: &NameTable) -> Layout {
        // Only names that stand for some object mean anything here.
        let mut kinds: HashMap<String, Meaning> = names
            .iter()
            .filter(|(_, m)| !m.objects().is_empty())
            .map(|(n, m)| (n.to_owned(), m.clone()))
            .collect();

        // Collision layers: expand names to objects, then hand out ids.
        let mut layer_objects: Vec<Vec<String>> = Vec::new();
        for layer in &ast.layers {
            let mut objs = Vec::new();
            for n in &layer.names {
                match kinds.get(&n.text) {
                    Some(Meaning::Object(o)) => objs.push(o.clone()),
                    Some(Meaning::Property(m)) => objs.extend(m.iter().cloned()),
                    _ => {}
                }
            }
            layer_objects.push(objs);
        }
        let mut objects: HashMap<String, (usize, usize)> = HashMap::default();
        let mut id_names = Vec::new();
        for (layer, objs) in layer_objects.iter().enumerate() {
            for o in objs {
                objects.insert(o.clone(), (id_names.len(), layer));
                id_names.push(o.clone());
            }
        }

        // Drop objects that have no layer from properties/aggregates.
        for k in kinds.values_mut() {
            match k {
                Meaning::Property(m) | Meaning::Aggregate(m) => m.retain(|o| objects.contains_key(o)),
                Meaning::Object(_) => {}
            }
        }
        let mut single_layer = HashMap::default();
        for (name, k) in &kinds {
            if let Meaning::Property(m) = k {
                let layers: Vec<usize> = m.iter().filter_map(|o| objects.get(o).map(|x| x.1)).collect();
                if let Some(&first) = layers.first()
                    && layers.iter().all(|&l| l == first) {
                        single_layer.insert(name.clone(), first);
                    }
            }
        }
        let ids = kinds
            .iter()
            .filter_map(|(name, k)| {
                let resolve = |m: &[String]| m.iter().filter_map(|o| objects.get(o).map(|x| x.0)).collect();
                let entry = match k {
                    Meaning::Object(o) => (false, vec![objects.get(o)?.0]),
                    Meaning::Property(m) => (false, resolve(m)),
                    Meaning::Aggregate(m) => (true, resolve(m)),
                };
                let mut mask = vec![0u64; crate::compile::bits::obj_words(id_names.len())];
                for &id in &entry.1 {
                    crate::compile::bits::set_bit(&mut mask, id);
                }
                Some((name.clone(), (entry.0, entry.1, mask.into_boxed_slice())))
            })
            .collect();
        Layout { kinds, objects, id_names, layer_count: ast.layers.len(), single_layer, ids }
    }

    /// Number of object ids (bits in a cell mask).
    pub(crate) fn id_count(&self) -> usize {
        self.id_names.len()
    }

    /// The objects a name stands for, and whether it is an aggregate.
    pub(crate) fn objects_of(&self, name: &str) -> Option<(bool, &[usize])> {
        self.ids.get(name).map(|(a, ids, _)| (*a, ids.as_slice()))
    }

    /// The object mask of a name (one bit per object it stands for).
    pub(crate) fn mask_of(&self, name: &str) -> Option<&[u64]> {
        self.ids.get(name).map(|(_, _, m)| &**m)
    }

    /// `(id, layer)` of a concrete object name.
    pub(crate) fn object(&self, name: &str) -> Option<(usize, usize)> {
        self.objects.get(name).copied()
    }
}

//! Name resolution: objects, legend aliases, properties (`or`), aggregates
//! (`and`), collision layers and object ids.
//!
//! Object ids are handed out in collision-layer order (as the reference
//! does), so bit `i` of a cell mask is the `i`-th object met when reading the
//! COLLISIONLAYERS section top to bottom.

use crate::syntax::ast::{Ast, LegendDef, LegendKind};
use crate::fasthash::HashMap;

/// What a name means once the legend is followed to its end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum NameKind {
    /// A single object (the object's own name).
    Object(String),
    /// Any one of these objects (`or`), in definition order.
    Property(Vec<String>),
    /// All of these objects together (`and`).
    Aggregate(Vec<String>),
}

/// Every name of the game resolved, plus layers and ids.
#[derive(Debug, Default)]
pub(crate) struct Names {
    /// Resolved meaning of every defined name (objects included).
    pub kinds: HashMap<String, NameKind>,
    /// Object name -> (id, layer), for objects placed in a layer.
    pub objects: HashMap<String, (usize, usize)>,
    /// Id -> object name (ids of objects listed twice stay allocated).
    pub id_names: Vec<String>,
    /// Number of collision layers.
    pub layer_count: usize,
    /// For each property whose members all sit on one layer, that layer.
    pub single_layer: HashMap<String, usize>,
    /// Index into `Ast::objects` of each object name (first definition).
    pub object_defs: HashMap<String, usize>,
}

const MAX_DEPTH: usize = 64;

struct Resolver<'a> {
    objects: &'a HashMap<String, usize>,
    legend: HashMap<&'a str, &'a LegendDef>,
    glyph_alias: HashMap<String, String>,
    /// Names already resolved: legend lines can share sub-definitions
    /// (`a = b or c`, `b = c or d`...), and without this a chain of them
    /// resolves in exponential time.
    memo: std::cell::RefCell<HashMap<String, Option<NameKind>>>,
}

impl Resolver<'_> {
    fn resolve(&self, name: &str, depth: usize) -> Option<NameKind> {
        if depth > MAX_DEPTH {
            return None;
        }
        if let Some(known) = self.memo.borrow().get(name) {
            return known.clone();
        }
        let found = self.resolve_uncached(name, depth);
        self.memo.borrow_mut().insert(name.to_owned(), found.clone());
        found
    }

    fn resolve_uncached(&self, name: &str, depth: usize) -> Option<NameKind> {
        if self.objects.contains_key(name) {
            return Some(NameKind::Object(name.to_owned()));
        }
        if let Some(target) = self.glyph_alias.get(name) {
            return self.resolve(target, depth + 1);
        }
        let def = self.legend.get(name)?;
        match def.kind {
            LegendKind::Alias => {
                let target = def.items.first()?;
                if target.text == name {
                    return None;
                }
                self.resolve(&target.text, depth + 1)
            }
            LegendKind::Or => {
                let mut members: Vec<String> = Vec::new();
                for item in &def.items {
                    if item.text == name {
                        continue;
                    }
                    let got = match self.resolve(&item.text, depth + 1) {
                        Some(NameKind::Object(o)) => vec![o],
                        Some(NameKind::Property(m)) => m,
                        _ => Vec::new(),
                    };
                    for o in got {
                        if !members.contains(&o) {
                            members.push(o);
                        }
                    }
                }
                if members.is_empty() { None } else { Some(NameKind::Property(members)) }
            }
            LegendKind::And => {
                let mut members: Vec<String> = Vec::new();
                for item in &def.items {
                    if item.text == name {
                        continue;
                    }
                    match self.resolve(&item.text, depth + 1) {
                        Some(NameKind::Object(o)) => members.push(o),
                        Some(NameKind::Aggregate(m)) => members.extend(m),
                        _ => {}
                    }
                }
                if members.is_empty() { None } else { Some(NameKind::Aggregate(members)) }
            }
        }
    }
}

impl Names {
    /// Resolve every name of `ast`. Broken definitions are skipped.
    pub(crate) fn build(ast: &Ast) -> Names {
        let mut object_defs: HashMap<String, usize> = HashMap::default();
        for (i, o) in ast.objects.iter().enumerate() {
            object_defs.entry(o.name.text.clone()).or_insert(i);
        }
        let mut glyph_alias: HashMap<String, String> = HashMap::default();
        for o in &ast.objects {
            for extra in &o.extra_names {
                if !object_defs.contains_key(&extra.text) {
                    glyph_alias.entry(extra.text.clone()).or_insert_with(|| o.name.text.clone());
                }
            }
        }
        let mut legend: HashMap<&str, &LegendDef> = HashMap::default();
        for def in &ast.legend {
            if object_defs.contains_key(&def.name.text) || glyph_alias.contains_key(&def.name.text) {
                continue;
            }
            legend.entry(def.name.text.as_str()).or_insert(def);
        }
        let resolver = Resolver { objects: &object_defs, legend, glyph_alias, memo: std::cell::RefCell::default() };

        let mut kinds: HashMap<String, NameKind> = HashMap::default();
        for name in object_defs.keys() {
            kinds.insert(name.clone(), NameKind::Object(name.clone()));
        }
        for name in resolver.glyph_alias.keys() {
            if let Some(k) = resolver.resolve(name, 0) {
                kinds.insert(name.clone(), k);
            }
        }
        for name in resolver.legend.keys() {
            if let Some(k) = resolver.resolve(name, 0) {
                kinds.insert((*name).to_owned(), k);
            }
        }

        // Collision layers: expand names to objects, then hand out ids.
        let mut layer_objects: Vec<Vec<String>> = Vec::new();
        for layer in &ast.layers {
            let mut objs = Vec::new();
            for n in &layer.names {
                match kinds.get(&n.text) {
                    Some(NameKind::Object(o)) => objs.push(o.clone()),
                    Some(NameKind::Property(m)) => objs.extend(m.iter().cloned()),
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
                NameKind::Property(m) | NameKind::Aggregate(m) => m.retain(|o| objects.contains_key(o)),
                NameKind::Object(_) => {}
            }
        }
        let mut single_layer = HashMap::default();
        for (name, k) in &kinds {
            if let NameKind::Property(m) = k {
                let layers: Vec<usize> = m.iter().filter_map(|o| objects.get(o).map(|x| x.1)).collect();
                if let Some(&first) = layers.first()
                    && layers.iter().all(|&l| l == first) {
                        single_layer.insert(name.clone(), first);
                    }
            }
        }
        Names { kinds, objects, id_names, layer_count: ast.layers.len(), single_layer, object_defs }
    }

    /// Number of object ids (bits in a cell mask).
    pub(crate) fn id_count(&self) -> usize {
        self.id_names.len()
    }

    /// The objects a name stands for, and whether it is an aggregate.
    pub(crate) fn objects_of(&self, name: &str) -> Option<(bool, Vec<usize>)> {
        match self.kinds.get(name)? {
            NameKind::Object(o) => self.objects.get(o).map(|&(id, _)| (false, vec![id])),
            NameKind::Property(m) => {
                Some((false, m.iter().filter_map(|o| self.objects.get(o).map(|x| x.0)).collect()))
            }
            NameKind::Aggregate(m) => {
                Some((true, m.iter().filter_map(|o| self.objects.get(o).map(|x| x.0)).collect()))
            }
        }
    }

    /// Whether `name` is a property (`or`).
    pub(crate) fn is_property(&self, name: &str) -> bool {
        matches!(self.kinds.get(name), Some(NameKind::Property(_)))
    }

    /// Members of a property.
    pub(crate) fn property_members(&self, name: &str) -> Option<&[String]> {
        match self.kinds.get(name) {
            Some(NameKind::Property(m)) => Some(m),
            _ => None,
        }
    }

    /// `(id, layer)` of a concrete object name.
    pub(crate) fn object(&self, name: &str) -> Option<(usize, usize)> {
        self.objects.get(name).copied()
    }
}

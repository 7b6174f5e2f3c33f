//! Name resolution for `check`: objects, their extra names, and legend
//! entries, registered in file order the way PuzzleScript does, so later
//! checks can ask "what does this name mean?".

use crate::fasthash::HashMap;

use super::catalogue as cat;
use crate::diag::Diagnostic;
use crate::syntax::ast::{Ast, LegendKind};

/// What a name stands for, after following aliases.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Meaning {
    /// One object (its name).
    Object(String),
    /// Several objects together (`and`).
    Aggregate(Vec<String>),
    /// Any one of several objects (`or`).
    Property(Vec<String>),
}

/// Words of the language that make confusing names.
pub const KEYWORDS: [&str; 64] = [
    "objects", "collisionlayers", "legend", "sounds", "rules", "...", "winconditions", "levels", "|", "[", "]", "up",
    "down", "left", "right", "late", "rigid", "^", "v", ">", "<", "no", "randomdir", "random", "horizontal", "vertical",
    "any", "all", "no", "some", "moving", "stationary", "parallel", "perpendicular", "action", "message", "move",
    "action", "create", "destroy", "cantmove", "sfx0", "sfx1", "sfx2", "sfx3", "sfx4", "sfx5", "sfx6", "sfx7", "sfx8",
    "sfx9", "sfx10", "cancel", "restart", "win", "again", "undo", "titlescreen", "startgame", "endgame", "startlevel",
    "endlevel", "showmessage", "closemessage",
];

#[derive(Debug, Clone)]
enum Entry {
    Object,
    Alias(String),
    And(Vec<String>),
    Or(Vec<String>),
}

/// Every name of the game and what it means.
#[derive(Debug, Default)]
pub struct Names {
    entries: HashMap<String, (Entry, u32)>,
    /// Legend names whose line mentions an undefined name (that name).
    broken: HashMap<String, String>,
    /// Object names in definition order.
    pub objects: Vec<String>,
}

impl Names {
    /// True when `n` is defined at all.
    #[must_use]
    pub fn defined(&self, n: &str) -> bool {
        self.entries.contains_key(n)
    }

    /// A name that `n`'s definition leans on (directly or through other
    /// legend lines) and that is itself undefined: using `n` then cannot
    /// mean what the author wrote.
    #[must_use]
    pub fn undefined_part(&self, n: &str) -> Option<String> {
        self.undefined_part_depth(n, 0)
    }

    fn undefined_part_depth(&self, n: &str, depth: u32) -> Option<String> {
        if depth > 64 {
            return None;
        }
        if let Some(b) = self.broken.get(n) {
            return Some(b.clone());
        }
        let parts: &[String] = match &self.entries.get(n)?.0 {
            Entry::Object => return None,
            Entry::Alias(t) => std::slice::from_ref(t),
            Entry::And(v) | Entry::Or(v) => v,
        };
        for p in parts {
            if !self.entries.contains_key(p) {
                return Some(p.clone());
            }
            if let Some(x) = self.undefined_part_depth(p, depth + 1) {
                return Some(x);
            }
        }
        None
    }

    /// Line where `n` was defined.
    #[must_use]
    pub fn line_of(&self, n: &str) -> u32 {
        self.entries.get(n).map_or(0, |e| e.1)
    }

    /// What `n` means, following aliases (bounded, so cycles end).
    #[must_use]
    pub fn meaning(&self, n: &str) -> Option<Meaning> {
        self.meaning_depth(n, 0)
    }

    fn meaning_depth(&self, n: &str, depth: u32) -> Option<Meaning> {
        if depth > 64 {
            return None;
        }
        match &self.entries.get(n)?.0 {
            Entry::Object => Some(Meaning::Object(n.to_owned())),
            Entry::Alias(t) => self.meaning_depth(t, depth + 1),
            Entry::And(v) => Some(Meaning::Aggregate(self.flatten(v, depth))),
            Entry::Or(v) => Some(Meaning::Property(self.flatten(v, depth))),
        }
    }

    fn flatten(&self, v: &[String], depth: u32) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for x in v {
            match self.meaning_depth(x, depth + 1) {
                Some(Meaning::Object(o)) => out.push(o),
                Some(Meaning::Aggregate(os) | Meaning::Property(os)) => out.extend(os),
                None => {}
            }
        }
        let mut seen = crate::fasthash::HashSet::default();
        out.retain(|o| seen.insert(o.clone()));
        out
    }

    /// The objects `n` can stand for (empty when undefined).
    #[must_use]
    pub fn objects_of(&self, n: &str) -> Vec<String> {
        match self.meaning(n) {
            Some(Meaning::Object(o)) => vec![o],
            Some(Meaning::Aggregate(v) | Meaning::Property(v)) => v,
            None => Vec::new(),
        }
    }

    /// Register the objects and legend of `ast`, reporting name clashes and
    /// broken legend lines.
    pub fn build(ast: &Ast, out: &mut Vec<Diagnostic>) -> Names {
        let mut names = Names::default();
        for o in &ast.objects {
            let n = &o.name.text;
            if let Some((Entry::Alias(_), line)) = names.entries.get(n) {
                out.push(cat::name_in_use(o.name.span, n, *line));
            }
            if KEYWORDS.contains(&n.as_str()) {
                out.push(cat::keyword_name(o.name.span, n));
            }
            names.entries.insert(n.clone(), (Entry::Object, o.name.span.line));
            names.objects.push(n.clone());
            for e in &o.extra_names {
                match names.entries.get(&e.text) {
                    Some((Entry::Object, _)) => {
                        out.push(cat::object_redefined(e.span, &e.text));
                        continue;
                    }
                    Some((Entry::Alias(_), line)) => out.push(cat::name_in_use(e.span, &e.text, *line)),
                    _ => {}
                }
                if KEYWORDS.contains(&e.text.as_str()) {
                    out.push(cat::keyword_name(e.span, &e.text));
                }
                names.entries.insert(e.text.clone(), (Entry::Alias(n.clone()), e.span.line));
            }
        }
        for d in &ast.legend {
            let n = &d.name.text;
            let span = d.span;
            if let Some((_, line)) = names.entries.get(n) {
                out.push(cat::name_in_use(d.name.span, n, *line));
            }
            if KEYWORDS.contains(&n.as_str()) {
                out.push(cat::keyword_name(d.name.span, n));
            }
            let mut items: Vec<String> = Vec::new();
            let mut bad = false;
            for (i, it) in d.items.iter().enumerate() {
                if it.text == *n {
                    if !bad {
                        out.push(cat::legend_self(span, n));
                    }
                    bad = true;
                    continue;
                }
                if d.items[..i].iter().any(|p| p.text == it.text) {
                    out.push(cat::legend_repeat(it.span, &it.text));
                }
                if names.entries.contains_key(&it.text) {
                    items.push(it.text.clone());
                } else {
                    out.push(cat::undefined_name(it.span, &it.text));
                    names.broken.entry(n.clone()).or_insert_with(|| it.text.clone());
                }
            }
            let entry = match d.kind {
                LegendKind::Alias => match items.first() {
                    Some(t) => Entry::Alias(t.clone()),
                    // Keep the name (so uses of it are not "undefined" too),
                    // remembered as broken.
                    None if names.broken.contains_key(n) => Entry::Or(Vec::new()),
                    None => continue,
                },
                LegendKind::And => {
                    for it in &items {
                        if let Some(Meaning::Property(_)) = names.meaning(it) {
                            out.push(cat::and_of_or(span, n, it));
                        }
                    }
                    Entry::And(items)
                }
                LegendKind::Or => {
                    let mut keep = Vec::new();
                    for it in items {
                        if let Some(Meaning::Aggregate(_)) = names.meaning(&it) {
                            out.push(cat::or_of_and(span, n, &it));
                        } else {
                            keep.push(it);
                        }
                    }
                    Entry::Or(keep)
                }
            };
            names.entries.entry(n.clone()).or_insert((entry, span.line));
        }
        names
    }
}

//! The name table: every object, synonym, `or` property and `and` aggregate
//! of a game, resolved once per build and shared by `check`, `compile` and
//! `edit`.
//!
//! Names are registered the way PuzzleScript reads a game: every object
//! first (its name, then its extra one-word names, such as a glyph), then the
//! legend lines from top to bottom. A legend line may only use names
//! registered before it; a name it uses that is not known yet is reported
//! and left out. So every meaning is computed once, from meanings already
//! final, and no definition can lead back to itself: resolution needs no
//! recursion and therefore no depth cap, however long a chain of legend
//! lines is.
//!
//! What the table does not know: collision layers and object ids (those are
//! `check`'s and `compile`'s). It may use `syntax` (the tree) and `diag`
//! (the problems it finds while registering), nothing above them.

use crate::diag::Diagnostic;
use crate::diag::catalogue as cat;
use crate::syntax::ast::{Ast, LegendKind};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

/// What a name stands for once synonyms are followed to their end (names
/// borrowed from the syntax tree).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Meaning<'a> {
    /// One object (its own name).
    Object(&'a str),
    /// Any one of these objects (`or`), each once, in the order first
    /// listed.
    Property(Vec<&'a str>),
    /// All of these objects in one cell (`and`), as written: an object
    /// named twice (directly or through other names) is listed twice, so
    /// the clash can be reported where the aggregate is used.
    Aggregate(Vec<&'a str>),
}

impl<'a> Meaning<'a> {
    /// The objects this meaning stands for: one for an object, the members
    /// of a property or an aggregate.
    #[must_use]
    pub fn objects(&self) -> &[&'a str] {
        match self {
            Meaning::Object(o) => std::slice::from_ref(o),
            Meaning::Property(v) | Meaning::Aggregate(v) => v,
        }
    }
}

/// Words of the language that make confusing names (the reference warns
/// about the same list).
pub const KEYWORDS: [&str; 62] = [
    "objects",
    "collisionlayers",
    "legend",
    "sounds",
    "rules",
    "...",
    "winconditions",
    "levels",
    "|",
    "[",
    "]",
    "up",
    "down",
    "left",
    "right",
    "late",
    "rigid",
    "^",
    "v",
    ">",
    "<",
    "no",
    "randomdir",
    "random",
    "horizontal",
    "vertical",
    "any",
    "all",
    "some",
    "moving",
    "stationary",
    "parallel",
    "perpendicular",
    "action",
    "message",
    "move",
    "create",
    "destroy",
    "cantmove",
    "sfx0",
    "sfx1",
    "sfx2",
    "sfx3",
    "sfx4",
    "sfx5",
    "sfx6",
    "sfx7",
    "sfx8",
    "sfx9",
    "sfx10",
    "cancel",
    "restart",
    "win",
    "again",
    "undo",
    "titlescreen",
    "startgame",
    "endgame",
    "startlevel",
    "endlevel",
    "showmessage",
    "closemessage",
];

/// Whether `name` is one of [`KEYWORDS`] (a `match`, which compares only
/// the words of the same length, instead of a scan of the list).
fn is_keyword(name: &str) -> bool {
    matches!(
        name,
        "objects"
            | "collisionlayers"
            | "legend"
            | "sounds"
            | "rules"
            | "..."
            | "winconditions"
            | "levels"
            | "|"
            | "["
            | "]"
            | "up"
            | "down"
            | "left"
            | "right"
            | "late"
            | "rigid"
            | "^"
            | "v"
            | ">"
            | "<"
            | "no"
            | "randomdir"
            | "random"
            | "horizontal"
            | "vertical"
            | "any"
            | "all"
            | "some"
            | "moving"
            | "stationary"
            | "parallel"
            | "perpendicular"
            | "action"
            | "message"
            | "move"
            | "create"
            | "destroy"
            | "cantmove"
            | "sfx0"
            | "sfx1"
            | "sfx2"
            | "sfx3"
            | "sfx4"
            | "sfx5"
            | "sfx6"
            | "sfx7"
            | "sfx8"
            | "sfx9"
            | "sfx10"
            | "cancel"
            | "restart"
            | "win"
            | "again"
            | "undo"
            | "titlescreen"
            | "startgame"
            | "endgame"
            | "startlevel"
            | "endlevel"
            | "showmessage"
            | "closemessage"
    )
}

/// One registered name.
#[derive(Debug, Clone)]
struct Entry<'a> {
    /// What it means, resolved when it was registered.
    meaning: Meaning<'a>,
    /// The names its definition is written in terms of (empty for objects).
    parts: Vec<&'a str>,
    /// Line of the definition.
    line: u32,
}

/// Every name of one game and what it means. The names are borrowed from
/// the syntax tree the table was built from.
#[derive(Debug, Default, Clone)]
pub struct NameTable<'a> {
    /// Entries in order of registration.
    entries: Vec<Entry<'a>>,
    /// Name -> index into `entries`.
    index: HashMap<&'a str, usize>,
    /// Object names in order of definition (an object defined twice is
    /// listed twice).
    objects: Vec<&'a str>,
    /// Index into `Ast::objects` of each object's first definition.
    object_defs: HashMap<&'a str, usize>,
    /// Legend names whose line mentions an undefined name (the first such).
    broken: HashMap<&'a str, &'a str>,
    /// For each name, an undefined name its definition leans on, directly
    /// or through other legend lines.
    undefined: HashMap<&'a str, &'a str>,
    /// What was wrong with the names, in the order found.
    problems: Vec<Diagnostic>,
    /// Properties whose objects, listed as written, repeat one
    /// (`count1 = c8 or c8 or c7`, or a member property sharing an object
    /// with another member): that list, repeats kept. Empty in most games.
    repeats: HashMap<&'a str, Vec<&'a str>>,
}

impl<'a> NameTable<'a> {
    /// Register the objects and legend of `ast`, noting name clashes and
    /// broken legend lines as [`NameTable::problems`].
    #[must_use]
    pub fn build(ast: &'a Ast) -> NameTable<'a> {
        let mut t = NameTable::default();
        let extra: usize = ast.objects.iter().map(|o| o.extra_names.len()).sum();
        let count = ast.objects.len() + extra + ast.legend.len();
        t.entries.reserve(count);
        t.index.reserve(count);
        t.objects.reserve(ast.objects.len());
        t.object_defs.reserve(ast.objects.len());
        t.register_objects(ast);
        t.register_legend(ast);
        t.find_undefined_parts();
        t
    }

    fn insert(&mut self, name: &'a str, entry: Entry<'a>) {
        match self.index.get(name) {
            Some(&i) => self.entries[i] = entry,
            None => {
                self.index.insert(name, self.entries.len());
                self.entries.push(entry);
            }
        }
    }

    fn entry(&self, name: &str) -> Option<&Entry<'a>> {
        self.index.get(name).map(|&i| &self.entries[i])
    }

    fn register_objects(&mut self, ast: &'a Ast) {
        for (i, o) in ast.objects.iter().enumerate() {
            let n = o.name.text.as_str();
            if let Some(e) = self.entry(n)
                && !e.parts.is_empty()
            {
                self.problems.push(cat::name_in_use(o.name.span, n, e.line));
            }
            if is_keyword(n) {
                self.problems.push(cat::keyword_name(o.name.span, n));
            }
            self.insert(n, Entry { meaning: Meaning::Object(n), parts: Vec::new(), line: o.name.span.line });
            self.objects.push(n);
            self.object_defs.entry(n).or_insert(i);
            for e in &o.extra_names {
                match self.entry(&e.text) {
                    Some(x) if x.parts.is_empty() => {
                        self.problems.push(cat::object_redefined(e.span, &e.text));
                        continue;
                    }
                    Some(x) => self.problems.push(cat::name_in_use(e.span, &e.text, x.line)),
                    None => {}
                }
                if is_keyword(&e.text) {
                    self.problems.push(cat::keyword_name(e.span, &e.text));
                }
                let entry = Entry { meaning: Meaning::Object(n), parts: vec![n], line: e.span.line };
                self.insert(&e.text, entry);
            }
            // In a `case_sensitive` game (PuzzleScript Plus/Next), an
            // object written `Player` or `Background` is also `player` or
            // `background`, the two names the language looks for.
            if ast.case_sensitive {
                let special = ["player", "background"].into_iter().find(|s| n != *s && n.eq_ignore_ascii_case(s));
                if let Some(lower) = special
                    && self.entry(lower).is_none()
                {
                    let entry = Entry { meaning: Meaning::Object(n), parts: vec![n], line: o.name.span.line };
                    self.insert(lower, entry);
                }
            }
        }
    }

    /// The objects `items` stand for together, in order; each once when
    /// `once`.
    fn flatten<'b>(&self, items: impl Iterator<Item = &'b &'a str>, once: bool) -> Vec<&'a str>
    where
        'a: 'b,
    {
        let mut out: Vec<&'a str> = Vec::new();
        // A short list is searched; a long one keeps a set beside it.
        let mut seen: HashSet<&str> = HashSet::default();
        for x in items {
            for &o in self.objects_of(x) {
                let new = if !once {
                    true
                } else if out.len() < 16 {
                    !out.contains(&o)
                } else {
                    if seen.is_empty() {
                        seen.extend(out.iter().copied());
                    }
                    seen.insert(o)
                };
                if new {
                    out.push(o);
                }
            }
        }
        out
    }

    fn register_legend(&mut self, ast: &'a Ast) {
        for d in &ast.legend {
            let n = d.name.text.as_str();
            let span = d.span;
            if let Some(e) = self.entry(n) {
                self.problems.push(cat::name_in_use(d.name.span, n, e.line));
            }
            if is_keyword(n) {
                self.problems.push(cat::keyword_name(d.name.span, n));
            }
            let mut items: Vec<&'a str> = Vec::new();
            let mut bad = false;
            for (i, it) in d.items.iter().enumerate() {
                if it.text.as_str() == n {
                    if !bad {
                        self.problems.push(cat::legend_self(span, n));
                    }
                    bad = true;
                    continue;
                }
                if d.items[..i].iter().any(|p| p.text.as_str() == it.text.as_str()) {
                    self.problems.push(cat::legend_repeat(it.span, &it.text));
                }
                if self.index.contains_key(it.text.as_str()) {
                    items.push(&it.text);
                } else {
                    self.problems.push(cat::undefined_name(it.span, &it.text));
                    self.broken.entry(n).or_insert(&it.text);
                }
            }
            let meaning = match d.kind {
                LegendKind::Alias => match items.first() {
                    Some(target) => match self.entry(target) {
                        Some(e) => e.meaning.clone(),
                        None => continue,
                    },
                    // Keep the name (so uses of it are not "undefined" too),
                    // remembered as broken.
                    None if self.broken.contains_key(n) => Meaning::Property(Vec::new()),
                    None => continue,
                },
                LegendKind::And => {
                    for it in &items {
                        if let Some(Meaning::Property(_)) = self.meaning(it) {
                            self.problems.push(cat::and_of_or(span, n, it));
                        }
                    }
                    Meaning::Aggregate(self.flatten(items.iter(), false))
                }
                LegendKind::Or => {
                    let mut keep = Vec::new();
                    for it in items {
                        if let Some(Meaning::Aggregate(_)) = self.meaning(it) {
                            self.problems.push(cat::or_of_and(span, n, it));
                        } else {
                            keep.push(it);
                        }
                    }
                    items = keep;
                    Meaning::Property(self.flatten(items.iter(), true))
                }
            };
            if !self.index.contains_key(n) {
                self.note_repeats(n, d.kind, &items, &meaning);
                // An alias keeps its one target as its part.
                items.truncate(if d.kind == LegendKind::Alias { 1 } else { items.len() });
                self.insert(n, Entry { meaning, parts: items, line: span.line });
            }
        }
    }

    /// Remember the members of property `n` as written, when they repeat an
    /// object (see [`NameTable::members_as_written`]).
    fn note_repeats(&mut self, n: &'a str, kind: LegendKind, items: &[&'a str], meaning: &Meaning<'a>) {
        let Meaning::Property(members) = meaning else { return };
        let written: Vec<&'a str> = match kind {
            LegendKind::Alias => match items.first().and_then(|t| self.repeats.get(t)) {
                Some(list) => list.clone(),
                None => return,
            },
            LegendKind::Or => {
                let len: usize = items.iter().map(|x| self.members_as_written(x).len()).sum();
                if len == members.len() {
                    return;
                }
                items.iter().flat_map(|x| self.members_as_written(x).iter().copied()).collect()
            }
            LegendKind::And => return,
        };
        self.repeats.insert(n, written);
    }

    /// The objects `name` stands for as its definition lists them, in order
    /// and with repeats (`count1 = c8 or c8 or c7` is `c8 c8 c7`):
    /// PuzzleScript Plus and Next pair two properties by position in this
    /// list. The same as [`NameTable::objects_of`] unless an object repeats.
    #[must_use]
    pub fn members_as_written(&self, name: &str) -> &[&'a str] {
        self.repeats.get(name).map_or_else(|| self.objects_of(name), Vec::as_slice)
    }

    /// The properties whose members as written repeat an object, with
    /// that list (see [`NameTable::members_as_written`]).
    pub fn repeated_members(&self) -> impl Iterator<Item = (&'a str, &[&'a str])> {
        self.repeats.iter().map(|(&n, v)| (n, v.as_slice()))
    }

    /// Every entry's parts were registered before it, so one pass in
    /// registration order finds the undefined names each one leans on.
    fn find_undefined_parts(&mut self) {
        let mut names: Vec<(&'a str, usize)> = self.index.iter().map(|(&k, &i)| (k, i)).collect();
        names.sort_unstable_by_key(|x| x.1);
        let mut undefined: HashMap<&'a str, &'a str> = HashMap::default();
        for (n, i) in names {
            let found =
                self.broken.get(n).or_else(|| self.entries[i].parts.iter().find_map(|p| undefined.get(p))).copied();
            if let Some(u) = found {
                undefined.insert(n, u);
            }
        }
        self.undefined = undefined;
    }

    /// What went wrong while registering names (reported by `check`).
    #[must_use]
    pub fn problems(&self) -> &[Diagnostic] {
        &self.problems
    }

    /// True when `name` is defined at all.
    #[must_use]
    pub fn defined(&self, name: &str) -> bool {
        self.index.contains_key(name)
    }

    /// What `name` means, or `None` when it is not defined.
    #[must_use]
    pub fn meaning(&self, name: &str) -> Option<&Meaning<'a>> {
        self.entry(name).map(|e| &e.meaning)
    }

    /// The objects `name` stands for (empty when it is undefined).
    #[must_use]
    pub fn objects_of(&self, name: &str) -> &[&'a str] {
        self.meaning(name).map_or(&[], Meaning::objects)
    }

    /// Line where `name` was defined (0 when it is not).
    #[must_use]
    pub fn line_of(&self, name: &str) -> u32 {
        self.entry(name).map_or(0, |e| e.line)
    }

    /// True when `name` was defined in OBJECTS as an object's own name (not
    /// as an extra name or in the legend).
    #[must_use]
    pub fn is_object(&self, name: &str) -> bool {
        self.object_defs.contains_key(name)
    }

    /// Object names in order of definition.
    #[must_use]
    pub fn objects(&self) -> &[&'a str] {
        &self.objects
    }

    /// Index into `Ast::objects` of the first definition of object `name`.
    #[must_use]
    pub fn object_def(&self, name: &str) -> Option<usize> {
        self.object_defs.get(name).copied()
    }

    /// Every defined name with its meaning, in order of registration.
    pub fn iter(&self) -> impl Iterator<Item = (&'a str, &Meaning<'a>)> {
        let mut names: Vec<(&'a str, usize)> = self.index.iter().map(|(&k, &i)| (k, i)).collect();
        names.sort_unstable_by_key(|x| x.1);
        names.into_iter().map(|(n, i)| (n, &self.entries[i].meaning))
    }

    /// A name that `name`'s definition leans on (directly or through other
    /// legend lines) and that is itself undefined: using `name` then cannot
    /// mean what the author wrote.
    #[must_use]
    pub fn undefined_part(&self, name: &str) -> Option<&'a str> {
        // Most games lean on no undefined name: no need to hash `name`.
        if self.undefined.is_empty() {
            return None;
        }
        self.undefined.get(name).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::parse;

    fn ast(legend: &str) -> crate::syntax::ast::Ast {
        let src = format!("OBJECTS\nBackground\nblack\nPlayer P\nwhite\nCrate\norange\nWall\ngrey\nLEGEND\n{legend}\n");
        parse(&src).0
    }

    #[test]
    fn synonyms_properties_and_aggregates_resolve_to_objects() {
        let a = ast("Solid = Wall or Crate\nBlock = Solid\nPile = Crate and Wall\nMovable = Block or Player\n");
        let t = NameTable::build(&a);
        assert_eq!(t.meaning("p"), Some(&Meaning::Object("player")));
        assert_eq!(t.meaning("block"), Some(&Meaning::Property(vec!["wall", "crate"])));
        assert_eq!(t.objects_of("movable"), ["wall", "crate", "player"]);
        assert_eq!(t.meaning("pile"), Some(&Meaning::Aggregate(vec!["crate", "wall"])));
        assert!(t.is_object("crate") && !t.is_object("p") && !t.is_object("solid"));
        assert!(t.problems().is_empty(), "{:?}", t.problems());
    }

    #[test]
    fn a_name_used_before_its_line_is_undefined_and_taints_its_users() {
        let a = ast("A = B or Crate\nB = Wall\nC = A\n");
        let t = NameTable::build(&a);
        assert_eq!(t.problems().iter().map(|d| d.code).collect::<Vec<_>>(), ["E0306"]);
        assert_eq!(t.undefined_part("a"), Some("b"));
        assert_eq!(t.undefined_part("c"), Some("b"));
        assert_eq!(t.undefined_part("b"), None);
        assert_eq!(t.objects_of("c"), ["crate"]);
    }

    #[test]
    fn the_keyword_test_is_the_keyword_list() {
        for k in KEYWORDS {
            assert!(is_keyword(k), "{k}");
        }
        for w in ["player", "sfx11", "ups", "", "Up", "nO", "message2"] {
            assert!(!is_keyword(w), "{w}");
        }
    }

    #[test]
    fn a_long_chain_resolves_without_a_depth_limit() {
        let mut legend = String::from("L0 = Crate\n");
        for i in 1..500 {
            legend.push_str(&format!("L{i} = L{}\n", i - 1));
        }
        let a = ast(&legend);
        let t = NameTable::build(&a);
        assert_eq!(t.meaning("l499"), Some(&Meaning::Object("crate")));
    }
}

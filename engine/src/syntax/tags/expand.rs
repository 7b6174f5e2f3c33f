//! The tree of a game with tags rewritten into one without (see the
//! module above): run once the whole game is read, in a PuzzleScript
//! Plus/Next game only.

use super::Table;
use crate::diag::Diagnostic;
use crate::diag::catalogue as cat;
use crate::span::Span;
use crate::syntax::ast::{
    Ast, Cell, CellItem, Ident, LayerDef, LegendDef, LegendKind, ObjectDef, Rule, RuleDef, RuleLineKind, SmolStr,
};
use crate::syntax::keywords::{Modifier, RulePrefix};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

/// The most names one tagged name, or rules one rule, may expand to (a
/// game past it is told so, and the name or rule is left as written).
const LIMIT: usize = 20_000;

/// The four directions clockwise from up, as transforms count turns.
const CLOCKWISE: [&str; 4] = ["up", "right", "down", "left"];

/// A relative direction's place in PuzzleScript Next's list of
/// directions (`up right down left > v < ^`): a transform of the Nth
/// object a tagged name makes turns it by N more quarters.
fn relative_place(word: &str) -> Option<usize> {
    Some(match word {
        ">" => 4,
        "v" => 5,
        "<" => 6,
        "^" => 7,
        _ => return None,
    })
}

/// The words that stand for several directions in a name, and those.
fn direction_values(word: &str) -> Option<&'static [&'static str]> {
    Some(match word {
        "^" | "v" | "<" | ">" | "perpendicular" | "parallel" | "orthogonal" => &["up", "down", "left", "right"],
        "horizontal" => &["left", "right"],
        "vertical" => &["up", "down"],
        _ => return None,
    })
}

/// A part of a rule's name that copies the rule once per direction it
/// stands for (the first such part of a rule, as PuzzleScript Next does).
fn split_values(word: &str) -> Option<&'static [&'static str]> {
    Some(match word {
        "horizontal" | "horizontal_par" | "horizontal_perp" => &["left", "right"],
        "vertical" | "vertical_par" | "vertical_perp" => &["up", "down"],
        "moving" => &["up", "down", "left", "right", "action"],
        "orthogonal" => &["up", "down", "left", "right"],
        _ => return None,
    })
}

/// A relative direction in a name, made absolute for a rule looking
/// `forward`.
fn absolute(forward: &str, word: &str) -> Option<&'static str> {
    let i = ["^", "v", "<", ">", "parallel", "perpendicular"].iter().position(|w| *w == word)?;
    let row: [&'static str; 6] = match forward {
        "up" => ["left", "right", "down", "up", "vertical_par", "horizontal_perp"],
        "down" => ["right", "left", "up", "down", "vertical_par", "horizontal_perp"],
        "left" => ["down", "up", "right", "left", "horizontal_par", "vertical_perp"],
        _ => ["up", "down", "left", "right", "horizontal_par", "vertical_perp"],
    };
    Some(row[i])
}

/// `product` of the lists, the first list's values changing slowest;
/// `None` past [`LIMIT`].
fn cartesian(lists: &[Vec<SmolStr>]) -> Option<Vec<Vec<SmolStr>>> {
    let total = lists.iter().try_fold(1usize, |n, l| n.checked_mul(l.len()).filter(|&n| n <= LIMIT))?;
    let mut out: Vec<Vec<SmolStr>> = Vec::with_capacity(total);
    out.push(Vec::new());
    for l in lists {
        out = out.into_iter().flat_map(|c| l.iter().map(move |v| [c.clone(), vec![v.clone()]].concat())).collect();
    }
    Some(out)
}

/// The expansions of one name: its tag (and mapping, and direction)
/// parts, and every combination of their values.
struct Combos {
    stem: SmolStr,
    tail: Vec<SmolStr>,
    keys: Vec<SmolStr>,
    combos: Vec<Vec<SmolStr>>,
}

impl Combos {
    /// `name`'s parts that are tags, then those that are mappings, then
    /// (with `dirs`) those that are directions standing for several.
    fn new(table: &Table, name: &str, dirs: bool) -> Result<Combos, ()> {
        let mut parts = name.split(':').map(SmolStr::new);
        let stem = parts.next().unwrap_or_default();
        let tail: Vec<SmolStr> = parts.collect();
        let mut keys: Vec<SmolStr> = Vec::new();
        let mut lists = Vec::new();
        let mut add = |k: &SmolStr, v: Vec<SmolStr>| {
            if !keys.contains(k) {
                keys.push(k.clone());
                lists.push(v);
            }
        };
        for p in &tail {
            if let Some(v) = table.tag(p) {
                add(p, v.to_vec());
            }
        }
        for p in &tail {
            if let Some(v) = table.mapped_values(p) {
                add(p, v);
            }
        }
        if dirs {
            for p in &tail {
                if let Some(v) = direction_values(p) {
                    add(p, v.iter().copied().map(SmolStr::new).collect());
                }
            }
        }
        let combos = if keys.is_empty() { Vec::new() } else { cartesian(&lists).ok_or(())? };
        Ok(Combos { stem, tail, keys, combos })
    }

    /// The value of part `key` in `combo`.
    fn value<'c>(&self, combo: &'c [SmolStr], key: &str) -> Option<&'c SmolStr> {
        self.keys.iter().position(|k| k == key).and_then(|i| combo.get(i))
    }

    /// The value `part`, a mapping from one of the keys, gives in `combo`.
    fn mapped(&self, table: &Table, combo: &[SmolStr], part: &str) -> Option<SmolStr> {
        let from = table.mapping_from(part)?;
        let v = self.value(combo, from)?;
        table.mapped(part, v).cloned()
    }

    /// The name for `combo`: each key part replaced by its value.
    fn ident(&self, combo: &[SmolStr]) -> SmolStr {
        let mut s = self.stem.to_string();
        for p in &self.tail {
            s.push(':');
            s.push_str(self.value(combo, p).unwrap_or(p));
        }
        s.into()
    }

    /// Another name (a `copy:` source) for `combo`: its parts that are
    /// keys replaced by their values, and mappings from keys by theirs.
    fn alt(&self, table: &Table, combo: &[SmolStr], name: &str) -> SmolStr {
        if !name.contains(':') {
            return name.into();
        }
        let parts: Vec<SmolStr> = name
            .split(':')
            .enumerate()
            .map(|(i, p)| {
                if i == 0 {
                    return p.into();
                }
                self.value(combo, p).cloned().or_else(|| self.mapped(table, combo, p)).unwrap_or_else(|| p.into())
            })
            .collect();
        parts.join(":").into()
    }

    /// A transform's argument for `combo`, the `index`th name made: a
    /// relative direction turns with the index; a key or a mapping gives
    /// its value.
    fn word(&self, table: &Table, combo: &[SmolStr], word: &str, index: usize) -> SmolStr {
        if let Some(p) = relative_place(word) {
            return CLOCKWISE[(p + index) % 4].into();
        }
        self.value(combo, word).cloned().or_else(|| self.mapped(table, combo, word)).unwrap_or_else(|| word.into())
    }
}

/// `t` (a transform word, `rot:up:dirs`) with its arguments for `combo`.
fn transform_for(table: &Table, c: &Combos, combo: &[SmolStr], t: &Ident, index: usize) -> Ident {
    let mut parts = t.text.split(':');
    let name = parts.next().unwrap_or("");
    let mut args: Vec<&str> = parts.collect();
    if args.is_empty() {
        return t.clone();
    }
    if name == "rot" && args.len() == 1 {
        args.insert(0, "up");
    }
    let mut s = name.to_string();
    for a in args {
        s.push(':');
        s.push_str(&c.word(table, combo, a, index));
    }
    Ident { text: s.into(), span: t.span }
}

/// A set of names, its operations kept out of line (this pass runs once
/// per build; its code is kept small rather than fast).
#[derive(Default)]
struct Names(HashSet<SmolStr>);

impl Names {
    #[inline(never)]
    fn has(&self, name: &str) -> bool {
        self.0.contains(name)
    }

    #[inline(never)]
    fn add(&mut self, name: &SmolStr) -> bool {
        self.0.insert(name.clone())
    }

    #[inline(never)]
    fn remove(&mut self, name: &str) -> bool {
        self.0.remove(name)
    }
}

/// Names to lists of names, out of line as [`Names`].
#[derive(Default)]
struct Lists(HashMap<SmolStr, Vec<SmolStr>>);

impl Lists {
    #[inline(never)]
    fn get(&self, name: &str) -> Option<&Vec<SmolStr>> {
        self.0.get(name)
    }

    #[inline(never)]
    fn set(&mut self, name: &SmolStr, items: Vec<SmolStr>) {
        self.0.insert(name.clone(), items);
    }
}

/// Names to places, out of line as [`Names`].
#[derive(Default)]
struct Places(HashMap<SmolStr, usize>);

impl Places {
    #[inline(never)]
    fn get(&self, name: &str) -> Option<usize> {
        self.0.get(name).copied()
    }

    #[inline(never)]
    fn set(&mut self, name: &SmolStr, at: usize) {
        self.0.insert(name.clone(), at);
    }
}

/// What the rewrite knows as it goes.
struct Expander<'d> {
    table: Table,
    /// Every name defined: objects, legend names, the properties made
    /// here, tags and mappings.
    declared: Names,
    /// Objects and legend lines, for a layer's objects.
    objects: Names,
    legend: Lists,
    /// The properties made here, in order.
    props: Vec<LegendDef>,
    diags: &'d mut Vec<Diagnostic>,
    /// Names already told they expand too far.
    too_many: Names,
}

impl Expander<'_> {
    fn combos(&mut self, name: &str, span: Span) -> Option<Combos> {
        match Combos::new(&self.table, name, true) {
            Ok(c) => Some(c),
            Err(()) => {
                if self.too_many.add(&SmolStr::new(name)) {
                    self.diags.push(cat::tags_too_many(span, Some(name), LIMIT));
                }
                None
            }
        }
    }

    /// The names `name` stands for when it is defined or every name of
    /// its expansion is (PuzzleScript Next's object references).
    fn refs(&mut self, name: &str, span: Span) -> Option<Vec<SmolStr>> {
        if self.declared.has(name) {
            return Some(vec![name.into()]);
        }
        let c = self.combos(name, span)?;
        if c.keys.is_empty() {
            return None;
        }
        let mut ids: Vec<SmolStr> = Vec::with_capacity(c.combos.len());
        for combo in &c.combos {
            let id = c.ident(combo);
            if !self.declared.has(&id) {
                return None;
            }
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
        Some(ids)
    }

    /// Define `name` (a name with tags used in a rule, a win condition or
    /// a sound) as the property of what it stands for; with a relative
    /// direction in it, its four absolute forms too.
    fn define(&mut self, name: &Ident) {
        if !name.text.contains(':') || self.declared.has(&name.text) {
            return;
        }
        if let Some(ids) = self.refs(&name.text, name.span) {
            self.add_prop(name, ids);
        }
        if name.text.split(':').any(|p| absolute("up", p).is_some()) {
            for fwd in ["up", "down", "left", "right"] {
                let text: Vec<&str> = name.text.split(':').map(|p| absolute(fwd, p).unwrap_or(p)).collect();
                let id = Ident { text: text.join(":").into(), span: name.span };
                if !self.declared.has(&id.text)
                    && let Some(ids) = self.refs(&id.text, id.span)
                {
                    self.add_prop(&id, ids);
                }
            }
        }
    }

    fn add_prop(&mut self, name: &Ident, ids: Vec<SmolStr>) {
        self.declared.add(&name.text);
        let items = ids.iter().map(|i| Ident { text: i.clone(), span: name.span }).collect();
        self.legend.set(&name.text, ids);
        self.props.push(LegendDef { name: name.clone(), kind: LegendKind::Or, items, span: name.span });
    }

    /// The objects `name` stands for (through legend lines and the
    /// properties made here).
    fn objects_of(&self, name: &str, out: &mut Vec<SmolStr>, depth: usize) {
        if self.objects.has(name) {
            if !out.iter().any(|o| o == name) {
                out.push(name.into());
            }
        } else if let Some(items) = self.legend.get(name)
            && depth < 64
        {
            for i in items {
                self.objects_of(i, out, depth + 1);
            }
        }
    }
}

/// Rewrite `ast` (a PuzzleScript Plus/Next game) without its tags.
pub(crate) fn expand(ast: &mut Ast, diags: &mut Vec<Diagnostic>) {
    let relative = |t: &Ident| t.text.split(':').skip(1).any(|a| relative_place(a).is_some());
    let uses = !ast.tags.is_empty()
        || ast.objects.iter().any(|o| o.name.text.contains(':') || o.transforms.iter().any(relative))
        || ast.layers.iter().any(|l| !l.prefixes.is_empty());
    if !uses {
        return;
    }
    let mut x = Expander {
        table: Table::new(&ast.tags, &ast.mappings),
        declared: Names::default(),
        objects: Names::default(),
        legend: Lists::default(),
        props: Vec::new(),
        diags,
        too_many: Names::default(),
    };
    objects(ast, &mut x);
    for o in &ast.objects {
        x.declared.add(&o.name.text);
        x.objects.add(&o.name.text);
        for e in &o.extra_names {
            x.declared.add(&e.text);
            x.legend.set(&e.text, vec![o.name.text.clone()]);
        }
    }
    for l in &ast.legend {
        x.declared.add(&l.name.text);
    }
    for t in &ast.tags {
        x.declared.add(&t.name.text);
    }
    for m in &ast.mappings {
        x.declared.add(&m.name.text);
    }
    references(ast, &mut x);
    rules(ast, &mut x);
    layers(ast, &mut x);
    // The properties made here go before the legend's lines when they are
    // made of objects (a legend line may use them), after them otherwise.
    let props = std::mem::take(&mut x.props);
    let mut front: Vec<LegendDef> = Vec::new();
    let mut back: Vec<LegendDef> = Vec::new();
    let mut in_front = Names::default();
    for p in props {
        if p.items.iter().all(|i| x.objects.has(&i.text) || in_front.has(&i.text)) {
            in_front.add(&p.name.text);
            front.push(p);
        } else {
            back.push(p);
        }
    }
    let legend = std::mem::take(&mut ast.legend);
    ast.legend = front.into_iter().chain(legend).chain(back).collect();
}

/// Tagged objects become one object per combination of values (an
/// object of that name already written stays; one made from tags is
/// replaced by a later one, in its place, whose `copy:` of its own name
/// means the replaced one's sprite) and a property of them.
/// Relative directions in transforms count from up.
fn objects(ast: &mut Ast, x: &mut Expander<'_>) {
    let old = std::mem::take(&mut ast.objects);
    let mut out: Vec<ObjectDef> = Vec::with_capacity(old.len());
    let mut index = Places::default();
    let mut made = Names::default();
    for def in old {
        let c = if def.name.text.contains(':') { x.combos(&def.name.text, def.name.span) } else { None };
        let Some(c) = c.filter(|c| !c.keys.is_empty()) else {
            let mut def = def;
            let none = Combos { stem: SmolStr::default(), tail: Vec::new(), keys: Vec::new(), combos: Vec::new() };
            def.transforms = def.transforms.iter().map(|t| transform_for(&x.table, &none, &[], t, 0)).collect();
            if let Some(i) = index.get(&def.name.text)
                && made.remove(&def.name.text)
            {
                // `copy:` of its own name takes the sprite of the object
                // made from tags that this one replaces (PuzzleScript
                // Next's ColorBan recolours its joins so).
                if def.sprite_rows.is_empty() && def.copy_from.as_ref().is_some_and(|f| f.text == def.name.text) {
                    def.sprite_rows = out[i].sprite_rows.clone();
                    def.sprite = out[i].sprite.clone();
                    def.copy_from = out[i].copy_from.clone();
                }
                out[i] = def;
            } else {
                index.set(&def.name.text, out.len());
                out.push(def);
            }
            continue;
        };
        let mut names: Vec<SmolStr> = Vec::with_capacity(c.combos.len());
        for (k, combo) in c.combos.iter().enumerate() {
            let id = c.ident(combo);
            if !names.contains(&id) {
                names.push(id.clone());
            }
            let before = index.get(&id);
            if before.is_some() && !made.has(&id) {
                continue;
            }
            let mut obj = def.clone();
            obj.name.text = id.clone();
            obj.extra_names.clear();
            obj.copy_from =
                def.copy_from.as_ref().map(|f| Ident { text: c.alt(&x.table, combo, &f.text), span: f.span });
            obj.transforms = def.transforms.iter().map(|t| transform_for(&x.table, &c, combo, t, k)).collect();
            if let Some(i) = before {
                if obj.sprite_rows.is_empty() && !out[i].sprite_rows.is_empty() {
                    obj.sprite_rows = out[i].sprite_rows.clone();
                    obj.sprite = out[i].sprite.clone();
                }
                out[i] = obj;
            } else {
                index.set(&id, out.len());
                out.push(obj);
            }
            made.add(&id);
        }
        let items = names.iter().map(|n| Ident { text: n.clone(), span: def.name.span }).collect();
        x.declared.add(&def.name.text);
        x.legend.set(&def.name.text, names);
        x.props.push(LegendDef { name: def.name.clone(), kind: LegendKind::Or, items, span: def.span });
        for g in &def.extra_names {
            let items = vec![def.name.clone()];
            x.props.push(LegendDef { name: g.clone(), kind: LegendKind::Alias, items, span: def.span });
        }
    }
    ast.objects = out;
}

/// Names with tags in the legend and in plain layer lines stand for their
/// expansion in place; in rules, win conditions and sounds they become
/// properties.
fn references(ast: &mut Ast, x: &mut Expander<'_>) {
    for l in &mut ast.legend {
        let mut items = Vec::with_capacity(l.items.len());
        for i in &l.items {
            match i.text.contains(':').then(|| x.refs(&i.text, i.span)).flatten() {
                Some(ids) => items.extend(ids.into_iter().map(|t| Ident { text: t, span: i.span })),
                None => items.push(i.clone()),
            }
        }
        if items.len() > l.items.len() && l.kind == LegendKind::Alias {
            l.kind = LegendKind::Or;
        }
        l.items = items;
        x.legend.set(&l.name.text, l.items.iter().map(|i| i.text.clone()).collect());
    }
    for layer in &mut ast.layers {
        if !layer.prefixes.is_empty() {
            continue;
        }
        let mut names = Vec::with_capacity(layer.names.len());
        for n in &layer.names {
            match n.text.contains(':').then(|| x.refs(&n.text, n.span)).flatten() {
                Some(ids) => names.extend(ids.into_iter().map(|t| Ident { text: t, span: n.span })),
                None => names.push(n.clone()),
            }
        }
        layer.names = names;
    }
    for r in &ast.rules {
        if let RuleLineKind::Rule(rule) = &r.kind {
            for item in rule_items(rule) {
                x.define(&item.name);
            }
        }
    }
    for w in &ast.win_conditions {
        for word in &w.words {
            x.define(word);
        }
    }
    for s in &ast.sounds {
        if let Some(first) = s.words.first() {
            x.define(first);
        }
    }
}

/// Every item of a rule's cells, both sides.
fn rule_items(rule: &Rule) -> impl Iterator<Item = &CellItem> {
    rule.lhs.iter().chain(&rule.rhs).flat_map(|row| &row.cells).flat_map(|c| match c {
        Cell::Items(items, _) => items.as_slice(),
        Cell::Ellipsis(_) => &[],
    })
}

/// Every item of a rule's cells, both sides, to change.
fn rule_items_mut(rule: &mut Rule, mut f: impl FnMut(&mut CellItem)) {
    for row in rule.lhs.iter_mut().chain(rule.rhs.iter_mut()) {
        for c in &mut row.cells {
            if let Cell::Items(items, _) = c {
                items.iter_mut().for_each(&mut f);
            }
        }
    }
}

/// Whether `word` is a direction a rule may start with.
fn is_rule_direction(word: &str) -> bool {
    matches!(word, "up" | "down" | "left" | "right" | "horizontal" | "vertical" | "orthogonal" | "moving")
}

/// The absolute directions a rule's prefixes look in, in the order
/// PuzzleScript expands them.
fn rule_directions(prefixes: &[Ident]) -> Vec<&'static str> {
    let mut dirs = Vec::new();
    for p in prefixes {
        let add: &[&'static str] = match p.text.as_str() {
            "up" => &["up"],
            "down" => &["down"],
            "left" => &["left"],
            "right" => &["right"],
            "horizontal" => &["left", "right"],
            "vertical" => &["up", "down"],
            "orthogonal" | "moving" => &["up", "down", "left", "right"],
            _ => &[],
        };
        dirs.extend_from_slice(add);
    }
    if dirs.is_empty() {
        dirs.extend_from_slice(&["up", "down", "left", "right"]);
    }
    dirs
}

/// Every rule copied as its tags ask (see the module above); the copies of
/// one rule stay in its group.
fn rules(ast: &mut Ast, x: &mut Expander<'_>) {
    let old = std::mem::take(&mut ast.rules);
    let mut out = Vec::with_capacity(old.len());
    for def in old {
        let RuleLineKind::Rule(rule) = def.kind else {
            out.push(def);
            continue;
        };
        let copies = match expand_rule(rule.clone(), x) {
            Some(c) => c,
            None => {
                x.diags.push(cat::tags_too_many(def.span, None, LIMIT));
                vec![rule]
            }
        };
        for (i, mut r) in copies.into_iter().enumerate() {
            if i > 0 {
                r.plus = Some(r.plus.unwrap_or(def.span));
                r.prefixes.retain(|p| p.text != RulePrefix::Random.as_str());
            }
            out.push(RuleDef { kind: RuleLineKind::Rule(r), span: def.span });
        }
    }
    ast.rules = out;
}

/// One rule's copies: per value of its tag prefixes, then (where a name
/// has a relative direction, a tag that is not a property, or a word for
/// several directions) per direction, per value, and per direction the
/// name stands for. `None` past [`LIMIT`].
fn expand_rule(mut rule: Rule, x: &mut Expander<'_>) -> Option<Vec<Rule>> {
    let (tags, others): (Vec<Ident>, Vec<Ident>) =
        rule.prefixes.drain(..).partition(|p| !is_rule_direction(&p.text) && x.table.tag(&p.text).is_some());
    rule.prefixes = others;
    let mut rules = if tags.is_empty() {
        vec![rule]
    } else {
        let lists: Vec<Vec<SmolStr>> = tags.iter().map(|t| x.table.tag(&t.text).unwrap_or(&[]).to_vec()).collect();
        let combos = cartesian(&lists)?;
        combos
            .iter()
            .map(|combo| {
                let mut r = rule.clone();
                rule_items_mut(&mut r, |item| {
                    if !item.name.text.contains(':') {
                        return;
                    }
                    let parts: Vec<SmolStr> = item
                        .name
                        .text
                        .split(':')
                        .map(|p| {
                            if let Some(k) = tags.iter().position(|t| t.text == p) {
                                return combo[k].clone();
                            }
                            let from = x.table.mapping_from(p).and_then(|f| tags.iter().position(|t| t.text == f));
                            from.and_then(|k| x.table.mapped(p, &combo[k]).cloned()).unwrap_or_else(|| p.into())
                        })
                        .collect();
                    item.name.text = parts.join(":").into();
                });
                r
            })
            .collect()
    };
    let mut out = Vec::new();
    for r in rules.drain(..) {
        if !needs_directions(&r, x) {
            out.push(inline(r, x));
            continue;
        }
        for d in rule_directions(&r.prefixes) {
            let mut rd = r.clone();
            rd.prefixes.retain(|p| !is_rule_direction(&p.text));
            rd.prefixes.push(Ident { text: d.into(), span: r.prefixes.first().map_or(Span::default(), |p| p.span) });
            rule_items_mut(&mut rd, |item| {
                if item.name.text.contains(':') {
                    let parts: Vec<&str> = item.name.text.split(':').map(|p| absolute(d, p).unwrap_or(p)).collect();
                    item.name.text = parts.join(":").into();
                }
            });
            for rt in split_tags(rd, x)? {
                for rs in split_directions(rt) {
                    out.push(inline(rs, x));
                    if out.len() > LIMIT {
                        return None;
                    }
                }
            }
        }
    }
    Some(out)
}

/// Whether a rule is copied per direction: a name of it has a relative
/// direction, a word for several directions, or tags and is not defined.
fn needs_directions(r: &Rule, x: &Expander<'_>) -> bool {
    rule_items(r).any(|i| {
        let n = &i.name.text;
        n.contains(':')
            && (n.split(':').skip(1).any(|p| absolute("up", p).is_some() || split_values(p).is_some())
                || !x.declared.has(n))
    })
}

/// Copies of `r` per value of each name of its left side (not after `no`)
/// that has tags and is not defined; the same name at the same place on
/// the right side takes the same value.
fn split_tags(r: Rule, x: &mut Expander<'_>) -> Option<Vec<Rule>> {
    let mut todo = Vec::new();
    for (ri, row) in r.lhs.iter().enumerate() {
        for (ci, cell) in row.cells.iter().enumerate() {
            if let Cell::Items(items, _) = cell {
                for (ii, item) in items.iter().enumerate() {
                    let no = item.modifier.as_ref().is_some_and(|m| m.text == Modifier::No.as_str());
                    if !no && item.name.text.contains(':') && !x.declared.has(&item.name.text) {
                        todo.push((ri, ci, ii, item.name.clone()));
                    }
                }
            }
        }
    }
    let mut rules = vec![r];
    for (ri, ci, ii, name) in todo {
        let c = x.combos(&name.text, name.span)?;
        if c.keys.is_empty() {
            continue;
        }
        let mut next = Vec::with_capacity(rules.len() * c.combos.len());
        for r in &rules {
            for combo in &c.combos {
                let id = c.ident(combo);
                let mut n = r.clone();
                let set = |row: Option<&mut crate::syntax::ast::CellRow>| {
                    if let Some(Cell::Items(items, _)) = row.and_then(|row| row.cells.get_mut(ci))
                        && let Some(item) = items.get_mut(ii)
                        && item.name.text == name.text
                    {
                        item.name.text = id.clone();
                    }
                };
                set(n.lhs.get_mut(ri));
                set(n.rhs.get_mut(ri));
                next.push(n);
            }
        }
        if next.len() > LIMIT {
            return None;
        }
        rules = next;
    }
    Some(rules)
}

/// Copies of `r` per direction the first word for several of them in its
/// names stands for.
fn split_directions(r: Rule) -> Vec<Rule> {
    let found = rule_items(&r)
        .find_map(|i| i.name.text.split(':').skip(1).find(|p| split_values(p).is_some()).map(SmolStr::new));
    let Some(word) = found else { return vec![r] };
    let values = split_values(&word).unwrap_or(&[]);
    values
        .iter()
        .map(|v| {
            let mut n = r.clone();
            rule_items_mut(&mut n, |item| {
                if item.name.text.contains(':') {
                    let parts: Vec<&str> = item
                        .name
                        .text
                        .split(':')
                        .enumerate()
                        .map(|(i, p)| if i > 0 && p == word { v } else { p })
                        .collect();
                    item.name.text = parts.join(":").into();
                }
            });
            n
        })
        .collect()
}

/// A name with tags after `no`, or not defined, replaced in its cell by
/// every name it stands for.
fn inline(mut r: Rule, x: &mut Expander<'_>) -> Rule {
    for row in r.lhs.iter_mut().chain(r.rhs.iter_mut()) {
        for cell in &mut row.cells {
            let Cell::Items(items, _) = cell else { continue };
            if !items.iter().any(|i| i.name.text.contains(':')) {
                continue;
            }
            let mut new = Vec::with_capacity(items.len());
            for item in items.drain(..) {
                let no = item.modifier.as_ref().is_some_and(|m| m.text == Modifier::No.as_str());
                let expand = item.name.text.contains(':') && (no || !x.declared.has(&item.name.text));
                let c = if expand { x.combos(&item.name.text, item.name.span) } else { None };
                match c.filter(|c| !c.keys.is_empty()) {
                    Some(c) => {
                        for combo in &c.combos {
                            let name = Ident { text: c.ident(combo), span: item.name.span };
                            new.push(CellItem { modifier: item.modifier.clone(), name });
                        }
                    }
                    None => new.push(item),
                }
            }
            *items = new;
        }
    }
    r
}

/// Layer lines `TAG ... -> names`: one layer per value (of the tags in
/// each name), in the order the values first come, except that values
/// that are numbers come first, smallest first (PuzzleScript Next keys
/// the layers by value in a list, which orders them so).
fn layers(ast: &mut Ast, x: &mut Expander<'_>) {
    if ast.layers.iter().all(|l| l.prefixes.is_empty()) {
        return;
    }
    let old = std::mem::take(&mut ast.layers);
    for layer in old {
        if layer.prefixes.is_empty() {
            ast.layers.push(layer);
            continue;
        }
        if let Some(p) = layer.prefixes.iter().find(|p| x.table.tag(&p.text).is_none()) {
            x.diags.push(cat::layer_prefix_not_tag(p.span, &p.text));
            ast.layers.push(LayerDef { prefixes: Vec::new(), ..layer });
            continue;
        }
        let mut keyed: Vec<(String, Vec<Ident>)> = Vec::new();
        for n in &layer.names {
            let Some(ids) = x.refs(&n.text, n.span) else {
                ast.layers.push(LayerDef { names: vec![n.clone()], prefixes: Vec::new(), span: layer.span });
                continue;
            };
            let mut objs = Vec::new();
            for id in &ids {
                x.objects_of(id, &mut objs, 0);
            }
            let parts: Vec<&str> = n.text.split(':').collect();
            let at: Vec<usize> =
                layer.prefixes.iter().filter_map(|p| parts.iter().position(|q| *q == p.text)).collect();
            for o in objs {
                let key = if parts.len() == 1 {
                    "+".to_string()
                } else {
                    let oparts: Vec<&str> = o.split(':').collect();
                    at.iter().map(|&i| oparts.get(i).copied().unwrap_or("")).collect::<Vec<_>>().join("+")
                };
                let item = Ident { text: o, span: n.span };
                match keyed.iter_mut().find(|(k, _)| *k == key) {
                    Some((_, v)) => v.push(item),
                    None => keyed.push((key, vec![item])),
                }
            }
        }
        let index = |k: &str| k.parse::<u32>().ok().filter(|n| n.to_string() == k && *n < u32::MAX);
        let (mut numbered, named): (Vec<_>, Vec<_>) = keyed.into_iter().partition(|(k, _)| index(k).is_some());
        numbered.sort_by_key(|(k, _)| index(k));
        for (_, names) in numbered.into_iter().chain(named) {
            ast.layers.push(LayerDef { names, prefixes: Vec::new(), span: layer.span });
        }
    }
}

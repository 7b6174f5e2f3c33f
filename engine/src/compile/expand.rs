//! Rule expansion, phase one: from the written rule to a list of concrete
//! rules over object names (one per direction, with relative arrows made
//! absolute, aggregates split, synonyms replaced, ambiguous movements and
//! properties made concrete, spawned objects made stationary), and removal
//! of duplicates. The order of the produced rules is the reference's order,
//! which decides execution order.

use super::layout::Layout;
use crate::names::Meaning;
use crate::diag::Diagnostic;
use crate::diag::catalogue as cat;
use crate::syntax::ast::{Ast, Cell, CellRow, RuleLineKind};
use crate::fasthash::{HashMap, HashSet};
use std::rc::Rc;

/// One `direction name` term of a cell. `dir` is "" when none was written;
/// an ellipsis cell is the single term `("...", "...")`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Term {
    pub dir: &'static str,
    /// Shared, so that copying a rule while expanding it copies no text.
    pub name: Rc<str>,
}

pub(crate) type ICell = Vec<Term>;

/// A rule during expansion.
#[derive(Debug, Clone)]
pub(crate) struct IRule {
    pub direction: &'static str,
    pub directions: Vec<&'static str>,
    pub lhs: Vec<Vec<ICell>>,
    pub rhs: Vec<Vec<ICell>>,
    pub line: u32,
    pub late: bool,
    pub rigid: bool,
    pub random: bool,
    pub group: u32,
    pub commands: Vec<(String, Option<String>)>,
    pub span: crate::span::Span,
    /// The PuzzleScript Next subroutine the rule belongs to (None: main rules).
    pub subroutine: Option<String>,
}

/// A loop marker: line and +1 (startloop) / -1 (endloop).
pub(crate) type LoopMarker = (u32, i32);

const DIRS: &[&str] = &[
    "", "up", "down", "left", "right", "action", "moving", "stationary", "no", "randomdir", "random", "^",
    "v", "<", ">", "perpendicular", "parallel", "horizontal", "vertical", "orthogonal", "...",
];

fn intern(word: &str) -> Option<&'static str> {
    DIRS.iter().copied().find(|d| *d == word)
}

fn is_ambiguous(dir: &str) -> bool {
    matches!(
        dir,
        "horizontal"
            | "horizontal_par"
            | "horizontal_perp"
            | "vertical"
            | "vertical_par"
            | "vertical_perp"
            | "moving"
            | "orthogonal"
            | "perpendicular"
            | "parallel"
    )
}

fn aggregate_dirs(dir: &str) -> &'static [&'static str] {
    match dir {
        "horizontal" | "horizontal_par" | "horizontal_perp" => &["left", "right"],
        "vertical" | "vertical_par" | "vertical_perp" => &["up", "down"],
        "moving" => &["up", "down", "left", "right", "action"],
        "orthogonal" => &["up", "down", "left", "right"],
        "perpendicular" => &["^", "v"],
        "parallel" => &["<", ">"],
        _ => &[],
    }
}

fn is_relative(dir: &str) -> bool {
    matches!(dir, "^" | "v" | "<" | ">" | "perpendicular" | "parallel")
}

fn absolutify(forward: &str, dir: &'static str) -> &'static str {
    let idx = match dir {
        "^" => 0,
        "v" => 1,
        "<" => 2,
        ">" => 3,
        "parallel" => 4,
        "perpendicular" => 5,
        _ => return dir,
    };
    let table: [&'static str; 6] = match forward {
        "right" => ["up", "down", "left", "right", "horizontal_par", "vertical_perp"],
        "up" => ["left", "right", "down", "up", "vertical_par", "horizontal_perp"],
        "down" => ["right", "left", "up", "down", "vertical_par", "horizontal_perp"],
        "left" => ["down", "up", "right", "left", "horizontal_par", "vertical_perp"],
        _ => return dir,
    };
    table[idx]
}

fn convert_row(row: &CellRow) -> Vec<ICell> {
    row.cells
        .iter()
        .map(|c| match c {
            Cell::Ellipsis(_) => vec![Term { dir: "...", name: Rc::from("...") }],
            Cell::Items(items, _) => {
                let mut out: ICell = Vec::new();
                for it in items {
                    if it.name.text == "..." {
                        out.push(Term { dir: "...", name: Rc::from("...") });
                        continue;
                    }
                    let dir = it.modifiers.first().and_then(|m| intern(&m.text)).unwrap_or("");
                    out.push(Term { dir, name: Rc::from(it.name.text.as_str()) });
                }
                out
            }
        })
        .collect()
}

fn cell_has_relative(cell: &ICell) -> bool {
    cell.iter().any(|t| is_relative(t.dir))
}

fn directional(r: &IRule) -> bool {
    r.lhs.iter().any(|row| row.len() > 1 || row.iter().any(cell_has_relative))
        || r.rhs.iter().any(|row| row.iter().any(cell_has_relative))
}

/// Read the RULES section into rules (one per written rule) and loop markers.
pub(crate) fn read_rules(ast: &Ast) -> (Vec<IRule>, Vec<LoopMarker>) {
    let mut rules: Vec<IRule> = Vec::new();
    let mut subroutine: Option<String> = None;
    let mut loops = Vec::new();
    for def in &ast.rules {
        let line = def.span.line;
        let rule = match &def.kind {
            RuleLineKind::StartLoop => {
                loops.push((line, 1));
                continue;
            }
            RuleLineKind::EndLoop => {
                loops.push((line, -1));
                continue;
            }
            RuleLineKind::Subroutine(name) => {
                subroutine = Some(name.text.clone());
                continue;
            }
            RuleLineKind::Rule(r) => r,
        };
        let mut group = line;
        if rule.plus.is_some()
            && let Some(prev) = rules.last() {
                group = prev.group;
            }
        let mut directions: Vec<&'static str> = Vec::new();
        let (mut late, mut rigid, mut random) = (false, false, false);
        for p in &rule.prefixes {
            match p.text.as_str() {
                "late" => late = true,
                "rigid" => rigid = true,
                "random" => random = true,
                "up" => directions.push("up"),
                "down" => directions.push("down"),
                "left" => directions.push("left"),
                "right" => directions.push("right"),
                "horizontal" => directions.extend(["left", "right"]),
                "vertical" => directions.extend(["up", "down"]),
                "orthogonal" => directions.extend(["up", "down", "left", "right"]),
                "moving" => directions.extend(["up", "down", "left", "right", "action"]),
                _ => {}
            }
        }
        if directions.is_empty() {
            directions = vec!["up", "down", "left", "right"];
        }
        let lhs: Vec<Vec<ICell>> = rule.lhs.iter().map(convert_row).collect();
        let rhs: Vec<Vec<ICell>> = rule.rhs.iter().map(convert_row).collect();
        let commands: Vec<(String, Option<String>)> = rule
            .commands
            .iter()
            .map(|c| {
                let arg = if c.name.text == "message" {
                    let m = c.argument.clone().unwrap_or_default();
                    Some(if m.trim().is_empty() { " ".to_owned() } else { m.trim().to_owned() })
                } else {
                    c.argument.clone()
                };
                (c.name.text.clone(), arg)
            })
            .collect();
        if lhs.is_empty() {
            continue;
        }
        if lhs.len() != rhs.len() {
            if commands.is_empty() || !rhs.is_empty() {
                continue;
            }
        } else if lhs.iter().zip(&rhs).any(|(l, r)| l.len() != r.len() || l.is_empty()) {
            continue;
        }
        let mut ir = IRule {
            direction: "",
            directions,
            lhs,
            rhs,
            line,
            late,
            rigid,
            random,
            group,
            commands,
            span: def.span,
            subroutine: subroutine.clone(),
        };
        if !directional(&ir) && ir.directions.len() > 1 {
            ir.directions.truncate(1);
        }
        rules.push(ir);
    }
    (rules, loops)
}

fn contains_ellipsis(r: &IRule) -> bool {
    r.lhs.iter().any(|row| row.iter().any(|c| c.iter().any(|t| &*t.name == "...")))
}

fn atomize(names: &Layout, cell: &mut ICell) {
    let mut i = 0;
    while i < cell.len() {
        if let Some(Meaning::Aggregate(m)) = names.kinds.get(&*cell[i].name) {
            let dir = cell[i].dir;
            let m = m.clone();
            if let Some(first) = m.first() {
                cell[i].name = Rc::from(first.as_str());
                for o in &m[1..] {
                    cell.push(Term { dir, name: Rc::from(o.as_str()) });
                }
            }
        }
        i += 1;
    }
}

fn rephrase(names: &Layout, cell: &mut ICell) {
    for t in cell.iter_mut() {
        if let Some(Meaning::Object(o)) = names.kinds.get(&*t.name)
            && **o != *t.name {
                t.name = Rc::from(o.as_str());
            }
    }
}

fn for_each_cell(r: &mut IRule, mut f: impl FnMut(&mut ICell)) {
    for row in r.lhs.iter_mut().chain(r.rhs.iter_mut()) {
        for c in row.iter_mut() {
            f(c);
        }
    }
}

/// Ordered string-keyed map (JavaScript object key order for non-numeric keys).
#[derive(Debug, Clone)]
struct OrderedMap<V> {
    keys: Vec<String>,
    vals: HashMap<String, V>,
}

impl<V> Default for OrderedMap<V> {
    fn default() -> Self {
        Self { keys: Vec::new(), vals: HashMap::default() }
    }
}

impl<V: Clone> OrderedMap<V> {
    fn get_mut(&mut self, k: &str) -> Option<&mut V> {
        self.vals.get_mut(k)
    }
    fn insert(&mut self, k: String, v: V) {
        if !self.vals.contains_key(&k) {
            self.keys.push(k.clone());
        }
        self.vals.insert(k, v);
    }
    fn iter(&self) -> impl Iterator<Item = (&String, &V)> {
        self.keys.iter().filter_map(|k| self.vals.get(k).map(|v| (k, v)))
    }
}

#[derive(Debug, Clone)]
struct MovingRep {
    concrete: &'static str,
    count: usize,
    ambiguous: &'static str,
    name: Rc<str>,
    j: usize,
    k: usize,
}

fn concretize_moving(rule: IRule) -> Result<Vec<IRule>, ()> {
    type State = (IRule, Option<(OrderedMap<MovingRep>, OrderedMap<(&'static str, usize)>)>);
    let mut result: Vec<State> = vec![(rule, None)];
    let mut modified = true;
    let mut guard = 0;
    while modified {
        modified = false;
        guard += 1;
        if guard > 64 || result.len() > 20_000 {
            break;
        }
        let mut i = 0;
        while i < result.len() {
            let mut shouldremove = false;
            let mut pushes: Vec<State> = Vec::new();
            {
                let (cur, reps) = &result[i];
                for j in 0..cur.lhs.len() {
                    for k in 0..cur.lhs[j].len() {
                        let movings: Vec<(Rc<str>, &'static str)> = cur.lhs[j][k]
                            .iter()
                            .filter(|t| is_ambiguous(t.dir))
                            .map(|t| (t.name.clone(), t.dir))
                            .collect();
                        if let Some((cand, amb)) = movings.first() {
                            shouldremove = true;
                            modified = true;
                            for &concrete in aggregate_dirs(amb) {
                                let mut nr = cur.clone();
                                let (mut mr, mut ar) = reps.clone().unwrap_or_default();
                                for t in nr.lhs[j][k].iter_mut() {
                                    if t.dir == *amb && t.name == *cand {
                                        t.dir = concrete;
                                    }
                                }
                                if !nr.rhs.is_empty() {
                                    for t in nr.rhs[j][k].iter_mut() {
                                        if t.dir == *amb && t.name == *cand {
                                            t.dir = concrete;
                                        }
                                    }
                                }
                                let key = format!("{cand}{amb}");
                                if let Some(m) = mr.get_mut(&key) {
                                    if j != m.j || k != m.k {
                                        m.count += 1;
                                    }
                                } else {
                                    mr.insert(
                                        key,
                                        MovingRep { concrete, count: 1, ambiguous: amb, name: cand.clone(), j, k },
                                    );
                                }
                                if let Some(a) = ar.get_mut(amb) {
                                    a.1 += 1;
                                } else {
                                    ar.insert((*amb).to_owned(), (concrete, 1));
                                }
                                pushes.push((nr, Some((mr, ar))));
                            }
                        }
                    }
                }
            }
            result.extend(pushes);
            if shouldremove {
                result.remove(i);
            } else {
                i += 1;
            }
        }
    }
    let mut out = Vec::with_capacity(result.len());
    for (mut r, reps) in result {
        if let Some((mr, ar)) = reps {
            for (_, m) in mr.iter() {
                if m.count == 1 {
                    for row in r.rhs.iter_mut() {
                        for c in row.iter_mut() {
                            for t in c.iter_mut() {
                                if t.dir == m.ambiguous && t.name == m.name {
                                    t.dir = m.concrete;
                                }
                            }
                        }
                    }
                }
            }
            let mut dict: OrderedMap<Option<&'static str>> = OrderedMap::default();
            for (amb, (concrete, count)) in ar.iter() {
                if dict.vals.contains_key(amb) || *count != 1 {
                    dict.insert(amb.clone(), None);
                } else {
                    dict.insert(amb.clone(), Some(*concrete));
                }
            }
            for (amb, concrete) in dict.iter() {
                let Some(concrete) = concrete else { continue };
                for row in r.rhs.iter_mut() {
                    for c in row.iter_mut() {
                        for t in c.iter_mut() {
                            if t.dir == amb.as_str() {
                                t.dir = concrete;
                            }
                        }
                    }
                }
            }
        }
        out.push(r);
    }
    if out.iter().any(|r| r.rhs.iter().any(|row| row.iter().any(|c| c.iter().any(|t| is_ambiguous(t.dir))))) {
        return Err(());
    }
    Ok(out)
}

fn properties_in(names: &Layout, cell: &ICell) -> Vec<Rc<str>> {
    cell.iter().filter(|t| t.dir != "random" && names.is_property(&t.name)).map(|t| t.name.clone()).collect()
}

fn expand_no_properties(names: &Layout, cell: &ICell) -> Option<ICell> {
    if !cell.iter().any(|t| t.dir == "no" && names.is_property(&t.name)) {
        return None;
    }
    let mut out = Vec::with_capacity(cell.len());
    for t in cell {
        if t.dir == "no"
            && let Some(m) = names.property_members(&t.name) {
                for o in m {
                    out.push(Term { dir: "no", name: Rc::from(o.as_str()) });
                }
                continue;
            }
        out.push(t.clone());
    }
    Some(out)
}

fn concretize_properties(names: &Layout, mut rule: IRule) -> Result<Vec<IRule>, ()> {
    for j in 0..rule.lhs.len() {
        for k in 0..rule.lhs[j].len() {
            if let Some(cell) = expand_no_properties(names, &rule.lhs[j][k]) {
                rule.lhs[j][k] = cell;
            }
            if !rule.rhs.is_empty()
                && let Some(cell) = expand_no_properties(names, &rule.rhs[j][k]) {
                    rule.rhs[j][k] = cell;
                }
        }
    }
    let mut ambiguous: HashSet<Rc<str>> = HashSet::default();
    for j in 0..rule.rhs.len() {
        for k in 0..rule.rhs[j].len() {
            let pl = properties_in(names, &rule.lhs[j][k]);
            for p in properties_in(names, &rule.rhs[j][k]) {
                if !pl.contains(&p) {
                    ambiguous.insert(p);
                }
            }
        }
    }
    type State = (IRule, Option<OrderedMap<(Rc<str>, usize)>>);
    let mut result: Vec<State> = vec![(rule, None)];
    let mut modified = true;
    let mut guard = 0;
    while modified {
        modified = false;
        guard += 1;
        if guard > 64 || result.len() > 20_000 {
            break;
        }
        let mut i = 0;
        while i < result.len() {
            let mut shouldremove = false;
            let mut pushes: Vec<State> = Vec::new();
            {
                let (cur, reps) = &result[i];
                'outer: for j in 0..cur.lhs.len() {
                    for k in 0..cur.lhs[j].len() {
                        for prop in properties_in(names, &cur.lhs[j][k]) {
                            if names.single_layer.contains_key(&*prop) && !ambiguous.contains(&prop) {
                                continue;
                            }
                            let members: Vec<Rc<str>> = names
                                .property_members(&prop)
                                .map(|m| m.iter().map(|o| Rc::from(o.as_str())).collect())
                                .unwrap_or_default();
                            shouldremove = true;
                            modified = true;
                            for concrete in members {
                                let mut nr = cur.clone();
                                let mut pr = reps.clone().unwrap_or_default();
                                let replace = |cell: &mut ICell| {
                                    for t in cell.iter_mut() {
                                        if t.name == prop && t.dir != "random" {
                                            t.name = concrete.clone();
                                        }
                                    }
                                };
                                replace(&mut nr.lhs[j][k]);
                                if !nr.rhs.is_empty() {
                                    replace(&mut nr.rhs[j][k]);
                                }
                                if let Some(e) = pr.get_mut(&prop) {
                                    e.1 += 1;
                                } else {
                                    pr.insert(prop.to_string(), (concrete.clone(), 1));
                                }
                                pushes.push((nr, Some(pr)));
                            }
                            break 'outer;
                        }
                    }
                }
            }
            result.extend(pushes);
            if shouldremove {
                result.remove(i);
            } else {
                i += 1;
            }
        }
    }
    let mut out = Vec::with_capacity(result.len());
    for (mut r, reps) in result {
        if let Some(pr) = reps {
            for (prop, (concrete, count)) in pr.iter() {
                if *count == 1 {
                    for row in r.rhs.iter_mut() {
                        for c in row.iter_mut() {
                            for t in c.iter_mut() {
                                if *t.name == **prop && t.dir != "random" {
                                    t.name = concrete.clone();
                                }
                            }
                        }
                    }
                }
            }
        }
        out.push(r);
    }
    for r in &out {
        for row in &r.rhs {
            for c in row {
                if properties_in(names, c).iter().any(|p| ambiguous.contains(p)) {
                    return Err(());
                }
            }
        }
    }
    Ok(out)
}

fn make_spawned_stationary(names: &Layout, rule: &mut IRule) {
    if rule.late {
        return;
    }
    for j in 0..rule.rhs.len() {
        for k in 0..rule.rhs[j].len() {
            // Only objects written without a direction can become stationary.
            if rule.rhs[j][k].iter().all(|t| !t.dir.is_empty()) {
                continue;
            }
            let mut objects_l: Vec<&str> = Vec::new();
            for t in &rule.lhs[j][k] {
                match names.kinds.get(&*t.name) {
                    Some(Meaning::Object(o)) if **o == *t.name => objects_l.push(o),
                    Some(Meaning::Property(m)) => objects_l.extend(m.iter().map(String::as_str)),
                    _ => {}
                }
            }
            let layers: Vec<usize> = objects_l.iter().filter_map(|o| names.object(o).map(|x| x.1)).collect();
            for t in rule.rhs[j][k].iter_mut() {
                if !t.dir.is_empty() {
                    continue;
                }
                if names.is_property(&t.name) || objects_l.iter().any(|o| *o == &*t.name) {
                    continue;
                }
                let Some((_, layer)) = names.object(&t.name) else { continue };
                if !layers.contains(&layer) {
                    t.dir = "stationary";
                }
            }
        }
    }
}

/// Expand every rule; returns the concrete rules in reference order, with
/// duplicates removed, and error diagnostics for rules that cannot be made
/// concrete.
pub(crate) fn expand_rules(names: &Layout, rules: Vec<IRule>, diags: &mut Vec<Diagnostic>) -> Vec<IRule> {
    let mut per_dir = Vec::new();
    for rule in rules {
        for &d in &rule.directions {
            let mut r = rule.clone();
            r.direction = d;
            for_each_cell(&mut r, |c| {
                for t in c.iter_mut() {
                    t.dir = absolutify(d, t.dir);
                }
            });
            if !contains_ellipsis(&r) && (d == "up" || d == "left") {
                r.direction = if d == "up" { "down" } else { "right" };
                for row in r.lhs.iter_mut() {
                    row.reverse();
                }
                for row in r.rhs.iter_mut() {
                    row.reverse();
                }
            }
            for_each_cell(&mut r, |c| atomize(names, c));
            for_each_cell(&mut r, |c| rephrase(names, c));
            per_dir.push(r);
        }
    }
    let mut moved = Vec::new();
    let mut bad_lines: HashSet<u32> = HashSet::default();
    for r in per_dir {
        let (line, span) = (r.line, r.span);
        match concretize_moving(r) {
            Ok(v) => moved.extend(v),
            Err(()) => {
                if bad_lines.insert(line) {
                    diags.push(cat::movement_undetermined(span));
                }
            }
        }
    }
    let mut concrete = Vec::new();
    for r in moved {
        let (line, span) = (r.line, r.span);
        match concretize_properties(names, r) {
            Ok(v) => concrete.extend(v),
            Err(()) => {
                if bad_lines.insert(line) {
                    diags.push(cat::property_undetermined(span));
                }
            }
        }
    }
    for r in concrete.iter_mut() {
        make_spawned_stationary(names, r);
    }
    remove_duplicates(concrete)
}

/// What makes two expanded rules the same rule: line, direction (when it
/// matters), prefixes, both sides and commands.
type RuleKey<'a> =
    (u32, &'static str, bool, bool, bool, &'a Vec<Vec<ICell>>, &'a Vec<Vec<ICell>>, &'a Vec<(String, Option<String>)>);

fn rule_key(r: &IRule) -> RuleKey<'_> {
    let directed = r.lhs.iter().any(|row| row.len() > 1);
    (r.line, if directed { r.direction } else { "" }, r.late, r.rigid, r.random, &r.lhs, &r.rhs, &r.commands)
}

/// Within a run of rules of the same group, keep the last of identical rules.
fn remove_duplicates(rules: Vec<IRule>) -> Vec<IRule> {
    let mut keep = vec![false; rules.len()];
    let mut seen = HashSet::default();
    let mut last_group = None;
    for i in (0..rules.len()).rev() {
        if last_group != Some(rules[i].group) {
            seen.clear();
        }
        if seen.insert(rule_key(&rules[i])) {
            keep[i] = true;
        }
        last_group = Some(rules[i].group);
    }
    rules.into_iter().zip(keep).filter_map(|(r, k)| k.then_some(r)).collect()
}

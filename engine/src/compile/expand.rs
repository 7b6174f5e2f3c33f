//! Rule expansion, phase one: from the written rule to a list of concrete
//! rules over object names (one per direction, with relative arrows made
//! absolute, aggregates split, synonyms replaced, ambiguous movements and
//! properties made concrete, spawned objects made stationary), and removal
//! of duplicates ([`dedup`]). The order of the produced rules is the
//! reference's order, which decides execution order.

use super::model::{Direction, Phase};
use super::symbols::{ELLIPSIS, Kind, Sym, Symbols};
use crate::diag::Diagnostic;
use crate::diag::catalogue as cat;
use crate::syntax::ast::{Ast, Cell, CellRow, RuleLineKind, SmolStr};
use rustc_hash::FxHashSet as HashSet;
use std::collections::VecDeque;
use std::rc::Rc;

mod dedup;
mod paired;
use dedup::remove_duplicates;
use paired::pair_properties;

/// The direction word of a term, as a small number: the words a rule may
/// write (see [`intern`]), the ellipsis, and the four words
/// expansion makes of `parallel` and `perpendicular` in a direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(u8)]
pub(crate) enum Dir {
    /// No direction written.
    #[default]
    None,
    Up,
    Down,
    Left,
    Right,
    Action,
    /// PuzzleScript Next's click marks (`mouse_clicks`).
    LClick,
    RClick,
    Moving,
    Stationary,
    No,
    Randomdir,
    Random,
    /// `^`
    RelUp,
    /// `v`
    RelDown,
    /// `<`
    RelLeft,
    /// `>`
    RelRight,
    Perpendicular,
    Parallel,
    Horizontal,
    Vertical,
    Orthogonal,
    /// `...`
    Ellipsis,
    HorizontalPar,
    HorizontalPerp,
    VerticalPar,
    VerticalPerp,
}

/// One `direction name` term of a cell. `dir` is [`Dir::None`] when none
/// was written; an ellipsis cell is the single term `(Ellipsis, ELLIPSIS)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Term {
    pub dir: Dir,
    /// The name, interned (see [`Symbols`]).
    pub name: Sym,
}

/// Terms a cell keeps in place before it moves them to the heap: most
/// written cells hold one or two, and a rule is copied once per direction
/// and per concrete choice, so cells that need no allocation of their own
/// make those copies cheap.
const INLINE_TERMS: usize = 3;

/// The terms of one cell during expansion (a list that lives in place while
/// it is short).
pub(crate) type ICell = smallvec::SmallVec<[Term; INLINE_TERMS]>;

/// What an in-place cell's unused slots hold.
impl Default for Term {
    fn default() -> Self {
        Term { dir: Dir::None, name: ELLIPSIS }
    }
}

/// A rule during expansion. It is copied and moved many times over (once
/// per direction and per concrete choice), so it is kept small: the
/// directions a written rule scans in are kept beside it (see
/// [`Written`]), and its row lengths, which expansion never changes, are
/// shared by its copies.
#[derive(Debug, Clone)]
pub(crate) struct IRule {
    /// The direction it scans in (none before expansion).
    pub direction: Option<Direction>,
    /// Every cell of the rule in one list: the left side's, row after row,
    /// then, when the rule has a right side, the right side's (which has
    /// the same rows). A copy of a rule (one per direction and per concrete
    /// choice) is then one allocation, not one per row and side.
    pub cells: Vec<ICell>,
    /// The length of each row (shared by every copy of the rule).
    pub rows: Rc<[u32]>,
    /// How many cells the left side has (the sum of `rows`).
    pub left: usize,
    /// Whether the rule has a right side.
    pub has_rhs: bool,
    pub line: u32,
    /// Main or `late`.
    pub phase: Phase,
    pub rigid: bool,
    pub random: bool,
    /// `global` (PuzzleScript Plus): the rule ignores `local_radius`.
    pub global: bool,
    /// `once` (PuzzleScript Next): applying the rule does not make its
    /// group take another pass.
    pub once: bool,
    pub group: u32,
    /// Shared by every expansion of the written rule.
    pub commands: Rc<[(SmolStr, Option<String>)]>,
    pub span: crate::span::Span,
    /// The PuzzleScript Next subroutine the rule belongs to (None: main rules).
    pub subroutine: Option<Rc<str>>,
}

/// A rule as written (before expansion) and the directions it scans in.
#[derive(Debug)]
pub(crate) struct Written {
    pub rule: IRule,
    /// The directions (the usual four without a list of their own).
    pub directions: std::borrow::Cow<'static, [Direction]>,
}

impl IRule {
    /// The left side's cells, row after row.
    pub(crate) fn lhs(&self) -> &[ICell] {
        &self.cells[..self.left]
    }

    /// The right side's cells, row after row (none without a right side).
    pub(crate) fn rhs(&self) -> &[ICell] {
        &self.cells[self.left..]
    }

    fn rhs_mut(&mut self) -> &mut [ICell] {
        &mut self.cells[self.left..]
    }

    /// Where each row's cells are in [`IRule::lhs`] (and, for a rule with a
    /// right side, in [`IRule::rhs`]).
    pub(crate) fn row_ranges(&self) -> impl Iterator<Item = std::ops::Range<usize>> + '_ {
        row_ranges(&self.rows)
    }
}

/// Where each row of lengths `rows` is in a side's list of cells.
fn row_ranges(rows: &[u32]) -> impl Iterator<Item = std::ops::Range<usize>> + '_ {
    let mut at = 0;
    rows.iter().map(move |&n| {
        let start = at;
        at += n as usize;
        start..at
    })
}

/// Room made at once for the rules one rule splits into while its
/// movements or properties are made concrete (most split into a few).
const SPLITS: usize = 8;

/// A loop marker: line and +1 (startloop) / -1 (endloop).
pub(crate) type LoopMarker = (u32, i32);

/// The direction a modifier word names (`None` for a word that is not one).
fn intern(word: &str) -> Option<Dir> {
    use Dir as D;
    Some(match word {
        "" => D::None,
        "up" => D::Up,
        "down" => D::Down,
        "left" => D::Left,
        "right" => D::Right,
        "action" => D::Action,
        "lclick" => D::LClick,
        "rclick" => D::RClick,
        "moving" => D::Moving,
        "stationary" => D::Stationary,
        "no" => D::No,
        "randomdir" => D::Randomdir,
        "random" => D::Random,
        "^" => D::RelUp,
        "v" => D::RelDown,
        "<" => D::RelLeft,
        ">" => D::RelRight,
        "perpendicular" => D::Perpendicular,
        "parallel" => D::Parallel,
        "horizontal" => D::Horizontal,
        "vertical" => D::Vertical,
        "orthogonal" => D::Orthogonal,
        "..." => D::Ellipsis,
        _ => return None,
    })
}

fn is_ambiguous(dir: Dir) -> bool {
    matches!(
        dir,
        Dir::Horizontal
            | Dir::HorizontalPar
            | Dir::HorizontalPerp
            | Dir::Vertical
            | Dir::VerticalPar
            | Dir::VerticalPerp
            | Dir::Moving
            | Dir::Orthogonal
            | Dir::Perpendicular
            | Dir::Parallel
    )
}

fn aggregate_dirs(dir: Dir) -> &'static [Dir] {
    use Dir as D;
    match dir {
        D::Horizontal | D::HorizontalPar | D::HorizontalPerp => &[D::Left, D::Right],
        D::Vertical | D::VerticalPar | D::VerticalPerp => &[D::Up, D::Down],
        D::Moving => &[D::Up, D::Down, D::Left, D::Right, D::Action],
        D::Orthogonal => &[D::Up, D::Down, D::Left, D::Right],
        D::Perpendicular => &[D::RelUp, D::RelDown],
        D::Parallel => &[D::RelLeft, D::RelRight],
        _ => &[],
    }
}

fn is_relative(dir: Dir) -> bool {
    matches!(dir, Dir::RelUp | Dir::RelDown | Dir::RelLeft | Dir::RelRight | Dir::Perpendicular | Dir::Parallel)
}

fn absolutify(forward: Direction, dir: Dir) -> Dir {
    use Dir as D;
    let idx = match dir {
        D::RelUp => 0,
        D::RelDown => 1,
        D::RelLeft => 2,
        D::RelRight => 3,
        D::Parallel => 4,
        D::Perpendicular => 5,
        _ => return dir,
    };
    let table: [Dir; 6] = match forward {
        Direction::Right => [D::Up, D::Down, D::Left, D::Right, D::HorizontalPar, D::VerticalPerp],
        Direction::Up => [D::Left, D::Right, D::Down, D::Up, D::VerticalPar, D::HorizontalPerp],
        Direction::Down => [D::Right, D::Left, D::Up, D::Down, D::VerticalPar, D::HorizontalPerp],
        Direction::Left => [D::Down, D::Up, D::Right, D::Left, D::HorizontalPar, D::VerticalPerp],
        Direction::Action => return dir,
    };
    table[idx]
}

/// Append the cells of `row` to `out`.
fn convert_row(syms: &mut Symbols, row: &CellRow, out: &mut Vec<ICell>) {
    out.extend(row.cells.iter().map(|c| match c {
        Cell::Ellipsis(_) => smallvec::smallvec![Term { dir: Dir::Ellipsis, name: ELLIPSIS }],
        Cell::Items(items, _) => {
            let mut out = ICell::new();
            for it in items {
                if it.name.text.as_str() == "..." {
                    out.push(Term { dir: Dir::Ellipsis, name: ELLIPSIS });
                    continue;
                }
                let dir = it.modifier.as_ref().and_then(|m| intern(&m.text)).unwrap_or(Dir::None);
                out.push(Term { dir, name: syms.intern(&it.name.text) });
            }
            out
        }
    }));
}

fn cell_has_relative(cell: &ICell) -> bool {
    cell.iter().any(|t| is_relative(t.dir))
}

fn directional(r: &IRule) -> bool {
    r.rows.iter().any(|&n| n > 1) || r.cells.iter().any(cell_has_relative)
}

/// Read the RULES section into rules (one per written rule) and loop markers.
pub(crate) fn read_rules(ast: &Ast, syms: &mut Symbols) -> (Vec<Written>, Vec<LoopMarker>) {
    use Direction as D;
    let mut rules: Vec<Written> = Vec::with_capacity(ast.rules.len());
    let mut subroutine: Option<Rc<str>> = None;
    let mut loops = Vec::new();
    // Rules without commands share one empty list.
    let no_commands: Rc<[(SmolStr, Option<String>)]> = Rc::from([]);
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
                subroutine = Some(Rc::from(name.text.as_str()));
                continue;
            }
            RuleLineKind::Rule(r) => r,
        };
        let mut group = line;
        if rule.plus.is_some()
            && let Some(prev) = rules.last()
        {
            group = prev.rule.group;
        }
        let mut directions: Vec<Direction> = Vec::new();
        let mut phase = Phase::Main;
        let (mut rigid, mut random, mut global, mut once) = (false, false, false, false);
        for p in &rule.prefixes {
            match p.text.as_str() {
                "late" => phase = Phase::Late,
                "rigid" => rigid = true,
                "random" => random = true,
                "global" => global = true,
                "once" => once = true,
                "up" => directions.push(D::Up),
                "down" => directions.push(D::Down),
                "left" => directions.push(D::Left),
                "right" => directions.push(D::Right),
                "horizontal" => directions.extend([D::Left, D::Right]),
                "vertical" => directions.extend([D::Up, D::Down]),
                "orthogonal" => directions.extend([D::Up, D::Down, D::Left, D::Right]),
                "moving" => directions.extend([D::Up, D::Down, D::Left, D::Right, D::Action]),
                _ => {}
            }
        }
        let mut directions: std::borrow::Cow<'static, [Direction]> = if directions.is_empty() {
            std::borrow::Cow::Borrowed(&[D::Up, D::Down, D::Left, D::Right])
        } else {
            std::borrow::Cow::Owned(directions)
        };
        // Both sides' cells in one list, the right side's after the left's.
        let row_cells = |rows: &[CellRow]| rows.iter().map(|r| r.cells.len()).sum::<usize>();
        let mut cells: Vec<ICell> = Vec::with_capacity(row_cells(&rule.lhs) + row_cells(&rule.rhs));
        for r in &rule.lhs {
            convert_row(syms, r, &mut cells);
        }
        let left = cells.len();
        for r in &rule.rhs {
            convert_row(syms, r, &mut cells);
        }
        let commands: Rc<[(SmolStr, Option<String>)]> = if rule.commands.is_empty() {
            no_commands.clone()
        } else {
            rule.commands
                .iter()
                .map(|c| {
                    let arg = if c.name.text.as_str() == "message" {
                        let m = c.argument.clone().unwrap_or_default();
                        Some(if m.trim().is_empty() { " ".to_owned() } else { m.trim().to_owned() })
                    } else {
                        c.argument.clone()
                    };
                    (c.name.text.clone(), arg)
                })
                .collect()
        };
        if rule.lhs.is_empty() {
            continue;
        }
        if rule.lhs.len() != rule.rhs.len() {
            if commands.is_empty() || !rule.rhs.is_empty() {
                continue;
            }
        } else if rule.lhs.iter().zip(&rule.rhs).any(|(l, r)| l.cells.len() != r.cells.len() || l.cells.is_empty()) {
            continue;
        }
        let rows: Rc<[u32]> = rule.lhs.iter().map(|r| u32::try_from(r.cells.len()).unwrap_or(u32::MAX)).collect();
        let ir = IRule {
            direction: None,
            has_rhs: !rule.rhs.is_empty(),
            cells,
            rows,
            left,
            line,
            phase,
            rigid,
            random,
            global,
            once,
            group,
            commands,
            span: def.span,
            subroutine: subroutine.clone(),
        };
        if !directional(&ir) && directions.len() > 1 {
            match &mut directions {
                std::borrow::Cow::Borrowed(d) => *d = &d[..1],
                std::borrow::Cow::Owned(d) => d.truncate(1),
            }
        }
        rules.push(Written { rule: ir, directions });
    }
    (rules, loops)
}

fn contains_ellipsis(r: &IRule) -> bool {
    r.lhs().iter().any(|c| c.iter().any(|t| t.name == ELLIPSIS))
}

fn atomize(syms: &Symbols, cell: &mut ICell) {
    let mut i = 0;
    while i < cell.len() {
        if let Kind::Aggregate(m) = &syms.info(cell[i].name).kind {
            let dir = cell[i].dir;
            if let Some((&first, rest)) = m.split_first() {
                cell[i].name = first;
                cell.extend(rest.iter().map(|&name| Term { dir, name }));
            }
        }
        i += 1;
    }
}

fn rephrase(syms: &Symbols, cell: &mut ICell) {
    for t in cell.iter_mut() {
        if let Kind::Object(o) = syms.info(t.name).kind {
            t.name = o;
        }
    }
}

fn for_each_cell(r: &mut IRule, mut f: impl FnMut(&mut ICell)) {
    for c in &mut r.cells {
        f(c);
    }
}

/// A small map that remembers insertion order (JavaScript object key order
/// for non-numeric keys). Few keys per rule: a linear scan beats hashing,
/// and a map of one key (most) lives in place, so copying it with each
/// split of a rule allocates nothing.
#[derive(Debug, Clone)]
struct OrderedMap<K: Copy + Default, V: Copy + Default> {
    entries: smallvec::SmallVec<[(K, V); 1]>,
}

impl<K: Copy + Default, V: Copy + Default> Default for OrderedMap<K, V> {
    fn default() -> Self {
        Self { entries: smallvec::SmallVec::new() }
    }
}

impl<K: PartialEq + Copy + Default, V: Copy + Default> OrderedMap<K, V> {
    fn get_mut(&mut self, k: &K) -> Option<&mut V> {
        self.entries.iter_mut().find(|(key, _)| key == k).map(|(_, v)| v)
    }
    fn contains_key(&self, k: &K) -> bool {
        self.entries.iter().any(|(key, _)| key == k)
    }
    fn insert(&mut self, k: K, v: V) {
        match self.get_mut(&k) {
            Some(slot) => *slot = v,
            None => self.entries.push((k, v)),
        }
    }
    fn iter(&self) -> impl Iterator<Item = (&K, &V)> {
        self.entries.iter().map(|(k, v)| (k, v))
    }
}

#[derive(Debug, Clone, Copy, Default)]
struct MovingRep {
    concrete: Dir,
    count: usize,
    ambiguous: Dir,
    name: Sym,
    /// The cell (its place among the left side's cells).
    at: usize,
}

/// Whether some term of `cells` has an ambiguous movement.
fn any_ambiguous(cells: &[ICell]) -> bool {
    cells.iter().any(|c| c.iter().any(|t| is_ambiguous(t.dir)))
}

/// Why a rule could not be made concrete: a movement or property on its
/// right-hand side that nothing on its left decides (the rule is dropped
/// and reported).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct StaysAmbiguous;

/// Make the ambiguous movements of `rule` concrete, adding the rules it
/// becomes to `out` (nothing when one stays ambiguous on the right).
fn concretize_moving(rule: IRule, out: &mut Vec<IRule>) -> Result<(), StaysAmbiguous> {
    // Most rules have no ambiguous movement on the left: they stay as they are.
    if !any_ambiguous(rule.lhs()) {
        if any_ambiguous(rule.rhs()) {
            return Err(StaysAmbiguous);
        }
        out.push(rule);
        return Ok(());
    }
    type Reps = (OrderedMap<(Sym, Dir), MovingRep>, OrderedMap<Dir, (Dir, usize)>);
    type State = (IRule, Option<Reps>);
    // Rules still to split, first in first out; a rule with nothing left to
    // split joins `result`. (The order is the reference's: it replaces a rule
    // by its splits at the end of one list and moves on.)
    let mut queue: VecDeque<State> = VecDeque::with_capacity(SPLITS);
    queue.push_back((rule, None));
    let mut result: Vec<State> = Vec::with_capacity(SPLITS);
    let mut sites: Vec<(usize, Sym, Dir)> = Vec::new();
    while let Some(state) = queue.pop_front() {
        // Each cell's first ambiguous term; a rule with none stays.
        sites.clear();
        sites.extend(
            state
                .0
                .lhs()
                .iter()
                .enumerate()
                .filter_map(|(i, c)| c.iter().find(|t| is_ambiguous(t.dir)).map(|t| (i, t.name, t.dir))),
        );
        if sites.is_empty() {
            result.push(state);
            continue;
        }
        // The rule is replaced by its splits: the last split takes the rule
        // itself, the others copies of it.
        let mut left: usize = sites.iter().map(|s| aggregate_dirs(s.2).len()).sum();
        let mut original = Some(state);
        for &(at, cand, amb) in &sites {
            for &concrete in aggregate_dirs(amb) {
                left -= 1;
                let taken = if left == 0 {
                    original.take()
                } else {
                    original.as_ref().map(|(r, reps)| (r.clone(), reps.clone()))
                };
                let Some((mut nr, reps)) = taken else { continue };
                let (mut mr, mut ar) = reps.unwrap_or_default();
                for t in nr.cells[at].iter_mut() {
                    if t.dir == amb && t.name == cand {
                        t.dir = concrete;
                    }
                }
                if nr.has_rhs {
                    let right = nr.left + at;
                    for t in nr.cells[right].iter_mut() {
                        if t.dir == amb && t.name == cand {
                            t.dir = concrete;
                        }
                    }
                }
                let key = (cand, amb);
                if let Some(m) = mr.get_mut(&key) {
                    if at != m.at {
                        m.count += 1;
                    }
                } else {
                    mr.insert(key, MovingRep { concrete, count: 1, ambiguous: amb, name: cand, at });
                }
                if let Some(a) = ar.get_mut(&amb) {
                    a.1 += 1;
                } else {
                    ar.insert(amb, (concrete, 1));
                }
                queue.push_back((nr, Some((mr, ar))));
            }
        }
    }
    let start = out.len();
    for (mut r, reps) in result {
        if let Some((mr, ar)) = reps {
            for (_, m) in mr.iter() {
                if m.count == 1 {
                    for c in r.rhs_mut() {
                        for t in c.iter_mut() {
                            if t.dir == m.ambiguous && t.name == m.name {
                                t.dir = m.concrete;
                            }
                        }
                    }
                }
            }
            let mut dict: OrderedMap<Dir, Option<Dir>> = OrderedMap::default();
            for (&amb, (concrete, count)) in ar.iter() {
                if dict.contains_key(&amb) || *count != 1 {
                    dict.insert(amb, None);
                } else {
                    dict.insert(amb, Some(*concrete));
                }
            }
            for (amb, concrete) in dict.iter() {
                let &Some(concrete) = concrete else { continue };
                for c in r.rhs_mut() {
                    for t in c.iter_mut() {
                        if t.dir == *amb {
                            t.dir = concrete;
                        }
                    }
                }
            }
        }
        out.push(r);
    }
    if out[start..].iter().any(|r| any_ambiguous(r.rhs())) {
        out.truncate(start);
        return Err(StaysAmbiguous);
    }
    Ok(())
}

fn properties_in<'c>(syms: &'c Symbols, cell: &'c ICell) -> impl Iterator<Item = Sym> + 'c {
    cell.iter().filter(|t| t.dir != Dir::Random && syms.is_property(t.name)).map(|t| t.name)
}

/// Whether `cell` has a `no` term over a property.
#[inline]
fn has_no_property(syms: &Symbols, cell: &ICell) -> bool {
    cell.iter().any(|t| t.dir == Dir::No && syms.is_property(t.name))
}

/// `cell` with each `no` term over a property replaced by a `no` term per
/// member.
fn expand_no_properties(syms: &Symbols, cell: &ICell) -> ICell {
    let mut out = ICell::new();
    for t in cell {
        if t.dir == Dir::No
            && let Some(m) = syms.property_members(t.name)
        {
            out.extend(m.iter().map(|&name| Term { dir: Dir::No, name }));
            continue;
        }
        out.push(*t);
    }
    out
}

/// Make the properties of `rule` concrete, adding the rules it becomes to
/// `out` (nothing when one stays ambiguous on the right). `paired`: the
/// game is read as PuzzleScript Plus/Next read it (see [`pair_properties`]).
fn concretize_properties(
    syms: &Symbols,
    mut rule: IRule,
    paired: bool,
    out: &mut Vec<IRule>,
) -> Result<(), StaysAmbiguous> {
    // A rule that names no property stays as it is.
    if !rule.cells.iter().any(|c| c.iter().any(|t| syms.is_property(t.name))) {
        out.push(rule);
        return Ok(());
    }
    for c in &mut rule.cells {
        if has_no_property(syms, c) {
            *c = expand_no_properties(syms, c);
        }
    }
    if paired && let Some(rules) = pair_properties(syms, &rule) {
        // Only `random` properties are left in them.
        let start = out.len();
        for r in rules {
            if concretize_properties(syms, r, false, out).is_err() {
                out.truncate(start);
                return Err(StaysAmbiguous);
            }
        }
        return Ok(());
    }
    let mut ambiguous: Vec<Sym> = Vec::new();
    for (l, r) in rule.lhs().iter().zip(rule.rhs()) {
        for p in properties_in(syms, r) {
            if !properties_in(syms, l).any(|q| q == p) && !ambiguous.contains(&p) {
                ambiguous.push(p);
            }
        }
    }
    // The first property of the left side that must be made concrete.
    let first_site = |r: &IRule| {
        r.lhs().iter().enumerate().find_map(|(i, c)| {
            properties_in(syms, c)
                .find(|&p| syms.info(p).single_layer.is_none() || ambiguous.contains(&p))
                .map(|p| (i, p))
        })
    };
    let stays_ambiguous = |r: &IRule| r.rhs().iter().any(|c| properties_in(syms, c).any(|p| ambiguous.contains(&p)));
    if first_site(&rule).is_none() {
        // Nothing to split: the rule stays as it is.
        if stays_ambiguous(&rule) {
            return Err(StaysAmbiguous);
        }
        out.push(rule);
        return Ok(());
    }
    type State = (IRule, Option<OrderedMap<Sym, (Sym, usize)>>);
    // Rules still to split, first in first out, as in `concretize_moving`.
    let mut queue: VecDeque<State> = VecDeque::with_capacity(SPLITS);
    queue.push_back((rule, None));
    let mut result: Vec<State> = Vec::with_capacity(SPLITS);
    while let Some(state) = queue.pop_front() {
        let site = first_site(&state.0);
        let Some((at, prop)) = site else {
            result.push(state);
            continue;
        };
        let members = syms.property_members(prop).unwrap_or_default();
        // The rule is replaced by one rule per member: the last takes the
        // rule itself, the others copies of it.
        let mut original = Some(state);
        for (n, &concrete) in members.iter().enumerate() {
            let taken = if n + 1 == members.len() {
                original.take()
            } else {
                original.as_ref().map(|(r, reps)| (r.clone(), reps.clone()))
            };
            let Some((mut nr, reps)) = taken else { continue };
            let mut pr = reps.unwrap_or_default();
            let replace = |cell: &mut ICell| {
                for t in cell.iter_mut() {
                    if t.name == prop && t.dir != Dir::Random {
                        t.name = concrete;
                    }
                }
            };
            replace(&mut nr.cells[at]);
            if nr.has_rhs {
                let right = nr.left + at;
                replace(&mut nr.cells[right]);
            }
            if let Some(e) = pr.get_mut(&prop) {
                e.1 += 1;
            } else {
                pr.insert(prop, (concrete, 1));
            }
            queue.push_back((nr, Some(pr)));
        }
    }
    let start = out.len();
    for (mut r, reps) in result {
        if let Some(pr) = reps {
            for (&prop, &(concrete, count)) in pr.iter() {
                if count == 1 {
                    for c in r.rhs_mut() {
                        for t in c.iter_mut() {
                            if t.name == prop && t.dir != Dir::Random {
                                t.name = concrete;
                            }
                        }
                    }
                }
            }
        }
        out.push(r);
    }
    if out[start..].iter().any(stays_ambiguous) {
        out.truncate(start);
        return Err(StaysAmbiguous);
    }
    Ok(())
}

fn make_spawned_stationary(syms: &Symbols, rule: &mut IRule) {
    if rule.phase == Phase::Late {
        return;
    }
    let (lhs, rhs) = rule.cells.split_at_mut(rule.left);
    for (cell_l, cell_r) in lhs.iter().zip(rhs.iter_mut()) {
        // Only objects written without a direction can become stationary.
        if cell_r.iter().all(|t| t.dir != Dir::None) {
            continue;
        }
        // The objects the left cell names: itself for an object, the
        // members of a property.
        let objects_l = || {
            cell_l
                .iter()
                .flat_map(|t| match &syms.info(t.name).kind {
                    Kind::Object(o) if *o == t.name => std::slice::from_ref(o),
                    Kind::Property(m) => m.as_slice(),
                    _ => &[],
                })
                .copied()
        };
        for t in cell_r.iter_mut() {
            if t.dir != Dir::None {
                continue;
            }
            if syms.is_property(t.name) || objects_l().any(|o| o == t.name) {
                continue;
            }
            let Some((_, layer)) = syms.info(t.name).object else { continue };
            if !objects_l().any(|o| syms.info(o).object.is_some_and(|x| x.1 == layer)) {
                t.dir = Dir::Stationary;
            }
        }
    }
}

/// Expand every rule; returns the concrete rules in reference order, with
/// duplicates removed, and error diagnostics for rules that cannot be made
/// concrete. `paired`: a Plus/Next game, whose rules may pair properties
/// of the same size (see [`pair_properties`]).
pub(crate) fn expand_rules(
    syms: &Symbols,
    rules: Vec<Written>,
    paired: bool,
    diags: &mut Vec<Diagnostic>,
) -> Vec<IRule> {
    // One rule per direction at least: most rules become no more.
    let mut concrete = Vec::with_capacity(rules.iter().map(|r| r.directions.len()).sum());
    // The rules of one written rule with concrete movements. A written rule
    // is taken through each phase in all its directions before the next
    // phase, so that a line that fails both phases is reported once, for
    // its movements, as when every rule went through each phase in turn.
    let mut moved = Vec::new();
    let mut bad_lines: HashSet<u32> = HashSet::default();
    for Written { mut rule, directions } in rules {
        // Splitting aggregates and replacing synonyms change names only,
        // and making arrows absolute changes directions only, so the first
        // two are done once for every direction.
        for_each_cell(&mut rule, |c| {
            atomize(syms, c);
            rephrase(syms, c);
        });
        let ellipsis = contains_ellipsis(&rule);
        moved.clear();
        let mut rule = Some(rule);
        for (n, &d) in directions.iter().enumerate() {
            // The last direction takes the written rule itself.
            let taken = if n + 1 == directions.len() { rule.take() } else { rule.clone() };
            let Some(mut r) = taken else { continue };
            r.direction = Some(d);
            for_each_cell(&mut r, |c| {
                for t in c.iter_mut() {
                    t.dir = absolutify(d, t.dir);
                }
            });
            if !ellipsis && matches!(d, Direction::Up | Direction::Left) {
                r.direction = Some(if d == Direction::Up { Direction::Down } else { Direction::Right });
                let rows = Rc::clone(&r.rows);
                for row in row_ranges(&rows) {
                    r.cells[row.clone()].reverse();
                    if r.has_rhs {
                        r.rhs_mut()[row].reverse();
                    }
                }
            }
            let (line, span) = (r.line, r.span);
            if concretize_moving(r, &mut moved).is_err() && bad_lines.insert(line) {
                diags.push(cat::movement_undetermined(span));
            }
        }
        for r in moved.drain(..) {
            let (line, span) = (r.line, r.span);
            if concretize_properties(syms, r, paired, &mut concrete).is_err() && bad_lines.insert(line) {
                diags.push(cat::property_undetermined(span));
            }
        }
    }
    for r in concrete.iter_mut() {
        make_spawned_stationary(syms, r);
    }
    remove_duplicates(concrete)
}

#[cfg(test)]
mod tests;

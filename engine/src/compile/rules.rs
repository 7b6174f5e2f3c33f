//! Rule expansion, phase two: concrete rules over names -> the bitset
//! patterns and replacements of `model.rs`, grouped, with loop points and
//! rigid-group tables.

mod cell;

use super::bits::{self, WordsCache, is_zero, or_into};
use super::expand::{Dir, ICell, IRule, LoopMarker};
use super::layout::Layout;
use super::model::{
    CellPattern, Command, Direction, NarrowCell, PatternCell, Phase, RigidInfo, Row, RowKey, Rule, RuleKey, RuleSet,
    SettleCache, StayCache, Subroutine, subroutine_key,
};
use super::symbols::{Sym, Symbols};
use crate::diag::Diagnostic;
use crate::diag::catalogue as cat;
use cell::{CellMasks, CellSides};
use std::rc::Rc;

/// The index and value of the word of `words` with the most bits set
/// ((0, 0) for no words).
fn fullest_word(words: &[u64]) -> (usize, u64) {
    if let [w] = *words {
        return (0, w);
    }
    words.iter().enumerate().max_by_key(|(_, w)| w.count_ones()).map_or((0, 0), |(k, &w)| (k, w))
}

/// The index and value of the one word of `words` that is not 0, if only
/// one is.
fn only_word(words: &[u64]) -> Option<(usize, u64)> {
    if let [w] = *words {
        return (w != 0).then_some((0, w));
    }
    let mut nonzero = words.iter().enumerate().filter(|(_, w)| **w != 0);
    match (nonzero.next(), nonzero.next()) {
        (Some((k, &w)), None) => Some((k, w)),
        _ => None,
    }
}

impl RowKey {
    /// The key of `cells` (a row without ellipses), or None when no cell
    /// requires anything a single word can test.
    fn of(cells: &[PatternCell]) -> Option<RowKey> {
        let mut best: Option<(u32, RowKey)> = None;
        for (cell, c) in cells.iter().enumerate() {
            let PatternCell::Cell(p) = c else { return None };
            let (mut obj_word, obj_all) = fullest_word(&p.present);
            // A property whose objects all sit in one word; the smallest
            // such property rules out the most.
            let mut obj_any = 0u64;
            let mut any_score = 0;
            for a in &p.any_present {
                if let Some((k, w)) = only_word(a)
                    && (obj_all == 0 || k == obj_word)
                    && (obj_any == 0 || w.count_ones() < obj_any.count_ones())
                {
                    obj_word = k;
                    obj_any = w;
                    any_score = (64 - w.count_ones()) / 16;
                }
            }
            let (mov_word, mov_bits) = fullest_word(&p.mov_present);
            // Movements are rare on a board: a required one rules out more.
            let score = obj_all.count_ones() * 4 + any_score + 16 * mov_bits.count_ones();
            if score > 0 && best.is_none_or(|(s, _)| score > s) {
                let whole = Self::whole(p, obj_word, obj_all, obj_any, mov_word, mov_bits);
                let decides = cells.len() == 1 && whole;
                best = Some((score, RowKey { cell, obj_word, obj_all, obj_any, mov_word, mov_bits, whole, decides }));
            }
        }
        best.map(|(_, k)| k)
    }

    /// Whether `p` requires exactly: all of `obj_all` and one of `obj_any`
    /// (unless 0) in object word `obj_word`, and all of `mov_bits` in
    /// movement word `mov_word`.
    fn whole(p: &CellPattern, obj_word: usize, obj_all: u64, obj_any: u64, mov_word: usize, mov_bits: u64) -> bool {
        let only = |words: &[u64], k: usize, v: u64| match *words {
            [x] => x == if k == 0 { v } else { 0 },
            _ => words.iter().enumerate().all(|(w, &x)| x == if w == k { v } else { 0 }),
        };
        let any_ok = match &p.any_present[..] {
            [] => obj_any == 0,
            [a] => obj_any != 0 && only(a, obj_word, obj_any),
            _ => false,
        };
        only(&p.present, obj_word, obj_all)
            && is_zero(&p.missing)
            && any_ok
            && only(&p.mov_present, mov_word, mov_bits)
            && is_zero(&p.mov_missing)
    }
}

impl RuleKey {
    fn of(objects: &[u64], movements: &[u64], lacks: &[u64]) -> RuleKey {
        let ((obj_word, obj_bits), (mov_word, mov_bits)) = (fullest_word(objects), fullest_word(movements));
        let (lack_word, lack_bits) = fullest_word(lacks);
        RuleKey { obj_word, obj_bits, mov_word, mov_bits, lack_word, lack_bits }
    }
}

impl RuleSet {
    /// `plus`: the game is PuzzleScript Plus/Next, whose groups that draw
    /// a random choice stop early too (see `group_stops_early`).
    fn new(groups: Vec<Vec<Rule>>, loop_point: Vec<Option<usize>>, group_base: usize, plus: bool) -> RuleSet {
        let group_masks = groups
            .iter()
            .map(|g| {
                let mut rules = g.iter();
                let mut mask: Vec<u64> = rules.next().map(|r| r.rule_mask.to_vec()).unwrap_or_default();
                for r in rules {
                    for (m, w) in mask.iter_mut().zip(r.rule_mask.iter()) {
                        *m &= w;
                    }
                }
                mask.into()
            })
            .collect();
        let group_movements = groups
            .iter()
            .map(|g| {
                if g.iter().any(|r| is_zero(&r.mov_mask)) {
                    return Box::default();
                }
                // (Made at its final length: a list grown to it would be
                // shrunk again when boxed.)
                let len = g.iter().map(|r| r.mov_mask.len()).max().unwrap_or(0);
                let mut mask: Vec<u64> = vec![0; len];
                for r in g {
                    or_into(&mut mask, &r.mov_mask);
                }
                mask.into()
            })
            .collect();
        let group_settles = SettleCache::new(groups.len());
        let draws = |r: &Rule| {
            r.rows
                .iter()
                .flat_map(|row| &row.cells)
                .filter_map(|c| match c {
                    super::model::PatternCell::Cell(p) => p.replace.as_ref(),
                    super::model::PatternCell::Ellipsis => None,
                })
                .any(super::model::Replacement::draws)
        };
        let gosub = |r: &Rule| r.commands.iter().any(|c| matches!(c, super::model::Command::Gosub(_)));
        let group_stops_early = groups.iter().map(|g| g.iter().any(|r| gosub(r) || plus && draws(r))).collect();
        RuleSet { groups, loop_point, group_base, group_masks, group_movements, group_settles, group_stops_early }
    }
}

fn dir_mask(dir: Dir) -> u64 {
    match dir {
        Dir::Up => 1,
        Dir::Down => 2,
        Dir::Left => 4,
        Dir::Right => 8,
        Dir::Moving => 15,
        Dir::No => 3,
        Dir::Randomdir => 5,
        Dir::Random => 18,
        Dir::Action => 16,
        _ => 0,
    }
}

/// The click marks of a layer's slot: `lclick` 1, `rclick` 2.
const CLICK_BITS: u64 = 3;

struct Ctx<'a> {
    names: &'a Layout<'a>,
    syms: &'a Symbols<'a>,
    ow: usize,
    mw: usize,
    /// The slot of layer 0's click marks in a `mouse_clicks` game (see
    /// [`bits::mov_words_with`]).
    click_layer: Option<usize>,
    layer_masks: &'a [Box<[u64]>],
    /// Subroutine names (see [`subroutine_key`]) in index order.
    subroutines: &'a [String],
}

impl Ctx<'_> {
    fn zo(&self) -> Vec<u64> {
        vec![0; self.ow]
    }
    fn zm(&self) -> Vec<u64> {
        vec![0; self.mw]
    }
    fn name_mask(&self, name: Sym) -> Option<&[u64]> {
        self.syms.mask(name)
    }
    fn layer_of(&self, name: Sym) -> Option<(Option<usize>, usize)> {
        let info = self.syms.info(name);
        if let Some((id, layer)) = info.object {
            return Some((Some(id), layer));
        }
        info.single_layer.map(|l| (None, l))
    }
    /// Every movement bit of `layer` into `mask`: its five, and its click
    /// marks in a `mouse_clicks` game.
    fn whole_layer(&self, mask: &mut [u64], layer: usize) {
        bits::mov_or(mask, layer, bits::LAYER_BITS);
        if let Some(c) = self.click_layer {
            bits::mov_or(mask, c + layer, CLICK_BITS);
        }
    }
    /// The movement `dir` of `layer` into `mask` (the click marks in
    /// their own slot).
    fn dir_into(&self, mask: &mut [u64], layer: usize, dir: Dir) {
        match (dir, self.click_layer) {
            (Dir::LClick, Some(c)) => bits::mov_or(mask, c + layer, 1),
            (Dir::RClick, Some(c)) => bits::mov_or(mask, c + layer, 2),
            _ => bits::mov_or(mask, layer, dir_mask(dir)),
        }
    }
    fn upper(&self, name: Sym) -> String {
        self.syms.text(name).to_uppercase()
    }
}

/// Set every word of a scratch mask to 0 (a one-word mask, the usual
/// case, without a call to `memset`).
#[inline]
fn clear(mask: &mut [u64]) {
    match mask {
        [w] => *w = 0,
        _ => mask.fill(0),
    }
}

/// A rule's commands as written: word and argument.
type WrittenCommands = Rc<[(crate::syntax::ast::SmolStr, Option<String>)]>;

/// The working masks of [`compile_rule`], allocated once per game: each is
/// cleared (or reset through its list of used slots) before it is read.
struct WorkMasks {
    cell: CellMasks,
    /// Objects, movements a row requires somewhere.
    row_obj: Vec<u64>,
    row_mov: Vec<u64>,
    /// Objects, movements the rule requires, and objects some cell lacks.
    rule_obj: Vec<u64>,
    rule_mov: Vec<u64>,
    rule_no: Vec<u64>,
}

impl WorkMasks {
    /// Masks for `ctx`'s sizes.
    fn new(ctx: &Ctx) -> WorkMasks {
        WorkMasks {
            cell: CellMasks::new(ctx),
            row_obj: ctx.zo(),
            row_mov: ctx.zm(),
            rule_obj: ctx.zo(),
            rule_mov: ctx.zm(),
            rule_no: ctx.zo(),
        }
    }
}

/// The working state of [`compile_rule`] over one game: the per-cell
/// masks, the row and rule masks, and the caches compiled cells, masks and
/// commands come from.
struct Scratch {
    work: WorkMasks,
    /// The finished masks, shared between equal ones.
    masks: WordsCache,
    /// The commands of the last rule compiled that had any, as written
    /// (shared by every expansion of a written rule) and resolved.
    commands: Option<(WrittenCommands, Vec<Command>)>,
}

impl Scratch {
    fn new(ctx: &Ctx) -> Scratch {
        Scratch { work: WorkMasks::new(ctx), masks: WordsCache::default(), commands: None }
    }
}

/// One compiled rule and what compiling it noticed.
struct Compiled {
    rule: Rule,
    /// Two names the left side needs on one layer of one cell: the rule can
    /// never match and is left out.
    discard: Option<(String, String)>,
    /// Two names the right side puts on one layer of one cell.
    rhs_clash: Option<(String, String)>,
    /// Warnings about `random` on the right-hand side.
    warnings: Vec<Diagnostic>,
}

/// What compiling a rule's cells noticed.
#[derive(Default)]
struct Notes {
    /// The last two names the left side needs on one layer of one cell.
    discard: Option<(String, String)>,
    /// The first two names the right side puts on one layer of one cell.
    rhs_clash: Option<(String, String)>,
    /// Warnings about `random` on the right-hand side.
    warnings: Vec<Diagnostic>,
}

/// The distinct masks of `masks`, in the order they first come. (A row or
/// rule names few properties: the list is searched in place.)
fn distinct<'a>(masks: impl Iterator<Item = &'a [u64]>) -> Box<[Box<[u64]>]> {
    let mut seen: smallvec::SmallVec<[&[u64]; 4]> = smallvec::SmallVec::new();
    for m in masks {
        if !seen.contains(&m) {
            seen.push(m);
        }
    }
    if seen.is_empty() { Box::default() } else { seen.iter().map(|a| Box::from(*a)).collect() }
}

/// Compile one concrete rule; `None` when the rule is dropped.
fn compile_rule(ctx: &Ctx, scratch: &mut Scratch, r: &IRule) -> Option<Compiled> {
    let mut notes = Notes::default();
    let mut rows = Vec::with_capacity(r.rows.len());
    for range in r.row_ranges() {
        let row_r = if r.has_rhs { r.rhs().get(range.clone()) } else { None };
        rows.push(compile_row(ctx, scratch, r.span, &r.lhs()[range], row_r, &mut notes)?);
    }
    // An ellipsis at either end of a row drops the rule.
    let at_edge = |row: &Row| {
        matches!(row.cells.first(), Some(PatternCell::Ellipsis))
            || matches!(row.cells.last(), Some(PatternCell::Ellipsis))
    };
    if rows.iter().any(at_edge) {
        return None;
    }
    let dir = match r.direction? {
        Direction::Action => return None,
        d => d,
    };
    let any_masks = distinct(rows.iter().flat_map(|r| r.any_masks.iter().map(|a| &**a)));
    let quick = rule_masks(&mut scratch.work, &rows);
    let commands = commands(ctx, scratch, r);
    let work = &scratch.work;
    Some(Compiled {
        rule: Rule {
            dir,
            rows,
            has_replacements: r.has_rhs,
            line: r.line,
            group: r.group,
            rigid: r.rigid,
            // Set once the rule's group is known to survive.
            rigid_index: 0,
            commands,
            random: r.random,
            global: r.global,
            once: r.once,
            quick,
            stays: StayCache::default(),
            rule_mask: scratch.masks.get(&work.rule_obj),
            mov_mask: scratch.masks.get(&work.rule_mov),
            any_masks,
        },
        discard: notes.discard,
        rhs_clash: notes.rhs_clash,
        warnings: notes.warnings,
    })
}

/// Compile one row of rule `span`: its cells on the left side `row_l` and,
/// when the rule has a right side, `row_r`; `None` when the row drops the
/// rule.
fn compile_row(
    ctx: &Ctx,
    scratch: &mut Scratch,
    span: crate::span::Span,
    row_l: &[ICell],
    row_r: Option<&[ICell]>,
    notes: &mut Notes,
) -> Option<Row> {
    let mut cells = Vec::with_capacity(row_l.len());
    for (ci, cell_l) in row_l.iter().enumerate() {
        if cell_l.iter().any(|t| t.dir == Dir::Ellipsis) {
            if cell_l.len() != 1 {
                return None;
            }
            cells.push(PatternCell::Ellipsis);
            continue;
        }
        // A right-hand row without this cell drops the rule.
        let right = match row_r {
            Some(row_r) => Some(&row_r.get(ci)?[..]),
            None => None,
        };
        let sides = CellSides { left: cell_l, right };
        scratch.work.cell.compile(ctx, &mut scratch.masks, span, sides, notes, &mut cells)?;
    }
    let ellipses = cells.iter().filter(|c| matches!(c, PatternCell::Ellipsis)).count();
    if ellipses > 2 {
        return None;
    }
    let patterns = || {
        cells.iter().filter_map(|c| match c {
            PatternCell::Cell(p) => Some(p),
            PatternCell::Ellipsis => None,
        })
    };
    let (obj_mask, mov_mask) = (&mut scratch.work.row_obj, &mut scratch.work.row_mov);
    clear(obj_mask);
    clear(mov_mask);
    for p in patterns() {
        or_into(obj_mask, &p.present);
        or_into(mov_mask, &p.mov_present);
    }
    let any_masks = distinct(patterns().flat_map(|p| p.any_present.iter().map(|a| &**a)));
    let len = cells.len() - ellipses;
    let narrow = (ctx.ow == 1 && ctx.mw == 1 && ellipses == 0).then(|| {
        let mut narrow = Vec::with_capacity(len);
        for p in patterns() {
            narrow.push(NarrowCell {
                present: p.present[0],
                missing: p.missing[0],
                mov_present: p.mov_present[0],
                mov_missing: p.mov_missing[0],
                any_present: p.any_present.iter().map(|a| a[0]).collect(),
            });
        }
        narrow.into_boxed_slice()
    });
    let key = if ellipses == 0 { RowKey::of(&cells) } else { None };
    let untested = key.map_or(0, |k| untested(&cells, k));
    Some(Row {
        untested,
        ellipses,
        len,
        obj_mask: scratch.masks.get(&scratch.work.row_obj),
        mov_mask: scratch.masks.get(&scratch.work.row_mov),
        narrow,
        key,
        any_masks,
        cells,
    })
}

/// The cells (of the first 64) of a row keyed by `key` that a match need
/// not test: those that require nothing, and the key's cell when the key
/// is all it requires.
fn untested(cells: &[PatternCell], key: RowKey) -> u64 {
    let mut untested = 0u64;
    for (i, c) in cells.iter().enumerate().take(64) {
        let PatternCell::Cell(p) = c else { continue };
        let empty = [&p.present, &p.missing, &p.mov_present, &p.mov_missing].iter().all(|m| is_zero(m))
            && p.any_present.is_empty();
        if empty || (i == key.cell && key.whole) {
            untested |= 1 << i;
        }
    }
    untested
}

/// The rule's masks from its rows (in `work`'s `rule_obj`, `rule_mov`,
/// `rule_no`), and the quick test made of them.
fn rule_masks(work: &mut WorkMasks, rows: &[Row]) -> RuleKey {
    let (rule_mask, rule_mov, rule_no) = (&mut work.rule_obj, &mut work.rule_mov, &mut work.rule_no);
    clear(rule_mask);
    clear(rule_mov);
    // Objects some cell must lack: a level where every cell holds one of
    // them has no match.
    clear(rule_no);
    for row in rows {
        or_into(rule_mask, &row.obj_mask);
        or_into(rule_mov, &row.mov_mask);
        for c in &row.cells {
            if let PatternCell::Cell(p) = c {
                or_into(rule_no, &p.missing);
            }
        }
    }
    RuleKey::of(rule_mask, rule_mov, rule_no)
}

/// Rule `r`'s commands resolved (the last rule's, when it shares them).
fn commands(ctx: &Ctx, scratch: &mut Scratch, r: &IRule) -> Vec<Command> {
    if r.commands.is_empty() {
        return Vec::new();
    }
    if let Some((written, resolved)) = &scratch.commands
        && Rc::ptr_eq(written, &r.commands)
    {
        return resolved.clone();
    }
    let resolved: Vec<Command> =
        r.commands.iter().filter_map(|(word, arg)| Command::resolve(word, arg.as_deref(), ctx.subroutines)).collect();
    scratch.commands = Some((Rc::clone(&r.commands), resolved.clone()));
    resolved
}

/// Compile and group rules. With `diags`, also report what compiling found:
/// warnings, right-hand cells that overfill a layer, and written rules all
/// of whose expansions can never match.
fn group_rules(
    ctx: &Ctx,
    scratch: &mut Scratch,
    rules: &[&IRule],
    mut diags: Option<&mut Vec<Diagnostic>>,
) -> Vec<Vec<Rule>> {
    // Groups by their number (the line of their first rule), in the order
    // the rules come; sorted by number at the end unless they came so.
    let mut groups: Vec<(u32, Vec<Rule>)> = Vec::with_capacity(rules.len());
    let mut in_order = true;
    // Each compiled rule's group, line, span and discard pair.
    #[expect(clippy::type_complexity, reason = "a local table of (group, line, span, discard pair), used only here")]
    let mut seen: Vec<(u32, u32, crate::span::Span, Option<(String, String)>)> =
        Vec::with_capacity(if diags.is_some() { rules.len() } else { 0 });
    for (i, r) in rules.iter().enumerate() {
        let Some(c) = compile_rule(ctx, scratch, r) else { continue };
        if let Some(out) = diags.as_deref_mut() {
            out.extend(c.warnings);
            if let (Some((a, b)), None) = (&c.rhs_clash, &c.discard) {
                out.push(cat::rhs_layer_clash(r.span, a, b));
            }
            seen.push((r.group, r.line, r.span, c.discard.clone()));
        }
        if c.discard.is_none() {
            let last = groups.last().map(|(g, _)| *g);
            let at = match last {
                Some(g) if g == r.group => Some(groups.len() - 1),
                Some(g) if in_order && g < r.group => None,
                None => None,
                Some(_) => groups.iter().position(|(g, _)| *g == r.group),
            };
            match at {
                Some(k) => groups[k].1.push(c.rule),
                None => {
                    in_order &= last.is_none_or(|g| g < r.group);
                    // Room for the rules of the group that follow this one.
                    let run = rules[i..].iter().take_while(|x| x.group == r.group).count();
                    let mut list = Vec::with_capacity(run);
                    list.push(c.rule);
                    groups.push((r.group, list));
                }
            }
        }
    }
    if let Some(out) = diags {
        if !seen.is_sorted_by_key(|x| x.0) {
            seen.sort_by_key(|x| x.0);
        }
        for run in seen.chunk_by(|a, b| a.0 == b.0 && a.1 == b.1) {
            if run.iter().all(|x| x.3.is_some()) {
                let mut pairs: Vec<String> = Vec::new();
                for (a, b) in run.iter().filter_map(|x| x.3.as_ref()) {
                    let p = format!("{a} and {b}");
                    if !pairs.contains(&p) {
                        pairs.push(p);
                    }
                }
                out.push(cat::rule_never_applies(run[0].2, &pairs));
            }
        }
    }
    if !in_order {
        groups.sort_by_key(|(g, _)| *g);
    }
    groups.into_iter().map(|(_, g)| g).collect()
}

fn loop_points(loops: &[LoopMarker], groups: &[Vec<Rule>]) -> Vec<Option<usize>> {
    let mut lp: Vec<Option<usize>> = vec![None; groups.len() + 1];
    let mut j = 0;
    while j + 1 < loops.len() {
        let (start, end) = (loops[j].0, loops[j + 1].0);
        let mut init = None;
        for (gi, g) in groups.iter().enumerate() {
            let Some(first) = g.first() else { continue };
            let first_line = first.line;
            let before = start > first_line;
            let inside = start <= first_line && first_line <= end;
            let after = end < first_line;
            let _ = before;
            if after {
                break;
            }
            if inside {
                let init_g = *init.get_or_insert(gi);
                if gi > 0 && lp[gi - 1] == Some(init_g) {
                    lp[gi - 1] = None;
                }
                lp[gi] = Some(init_g);
            }
        }
        j += 2;
    }
    lp
}

/// Every compiled rule of a game.
pub(crate) struct CompiledRules {
    /// Main rules (before the first subroutine).
    pub rules: RuleSet,
    /// Late rules (before the first subroutine).
    pub late_rules: RuleSet,
    /// Rigid-body tables over all non-late groups.
    pub rigid: RigidInfo,
    /// Subroutines in the order they are defined.
    pub subroutines: Vec<Subroutine>,
}

/// What of the game, beyond its rules, shapes how they compile.
#[derive(Clone, Copy)]
pub(crate) struct GameKind {
    /// The game keeps click marks (`mouse_clicks`).
    pub clicks: bool,
    /// The game is PuzzleScript Plus/Next.
    pub plus: bool,
}

/// Compile the concrete rules into the main and late rule sets and the
/// subroutines. `subroutines` are the defined subroutines (key and line) in
/// order; a rule's subroutine is looked up there by its key.
pub(crate) fn build(
    syms: &Symbols,
    layer_masks: &[Box<[u64]>],
    rules: &[IRule],
    loops: &[LoopMarker],
    subroutines: &[(String, u32)],
    kind: GameKind,
    diags: &mut Vec<Diagnostic>,
) -> CompiledRules {
    let GameKind { clicks, plus } = kind;
    let keys: Vec<String> = subroutines.iter().map(|(k, _)| k.clone()).collect();
    let names = syms.layout();
    let ctx = Ctx {
        names,
        syms,
        ow: bits::obj_words(names.id_count()),
        mw: bits::mov_words_with(names.layer_count, clicks),
        click_layer: clicks.then(|| bits::click_layer(names.layer_count)),
        layer_masks,
        subroutines: &keys,
    };
    let mut loops: Vec<LoopMarker> = loops.to_vec();
    if loops.len() % 2 == 1
        && let Some(&(line, _)) = loops.last()
    {
        loops.push((line, -1));
    }
    // Which subroutine (by index) each rule belongs to; None: main rules. A
    // rule of a subroutine name that is not defined (never, from the
    // parser) is left out.
    let owner = |r: &IRule| -> Option<Option<usize>> {
        match r.subroutine.as_deref() {
            None => Some(None),
            Some(name) => {
                let key = subroutine_key(name);
                keys.iter().position(|k| *k == key).map(Some)
            }
        }
    };
    // Non-late rules by set: main first, then each subroutine. Compiled
    // once without rigid indices: the groups that survive decide them.
    let set_rules = |sub: Option<usize>, phase: Phase| -> Vec<&IRule> {
        rules.iter().filter(|r| r.phase == phase && owner(r) == Some(sub)).collect()
    };
    let mut scratch = Scratch::new(&ctx);
    let sets: Vec<Option<usize>> = std::iter::once(None).chain((0..keys.len()).map(Some)).collect();
    let mut probes: Vec<Vec<Vec<Rule>>> = sets
        .iter()
        .map(|&sub| group_rules(&ctx, &mut scratch, &set_rules(sub, Phase::Main), Some(&mut *diags)))
        .collect();
    // The rigid groups that survived get their indices, and their rigid
    // rules carry them.
    let mut rigid_to_group = Vec::new();
    let mut base = 0;
    for groups in &mut probes {
        for (gi, g) in groups.iter_mut().enumerate() {
            if g.iter().any(|r| r.rigid) {
                let index = rigid_to_group.len() as u64 + 1;
                for r in g.iter_mut().filter(|r| r.rigid) {
                    r.rigid_index = index;
                }
                rigid_to_group.push(base + gi);
            }
        }
        base += groups.len();
    }
    let mut base = 0;
    let mut non_late = probes.into_iter().map(|groups| {
        let loop_point = loop_points(&loops, &groups);
        let set = RuleSet::new(groups, loop_point, base, plus);
        base += set.groups.len();
        set
    });
    let main = non_late.next().unwrap_or_default();
    let mut late_set = |sub: Option<usize>| {
        let groups = group_rules(&ctx, &mut scratch, &set_rules(sub, Phase::Late), Some(&mut *diags));
        let loop_point = loop_points(&loops, &groups);
        RuleSet::new(groups, loop_point, 0, plus)
    };
    let late = late_set(None);
    let subs: Vec<Subroutine> = non_late
        .zip(subroutines)
        .enumerate()
        .map(|(k, (rules, (name, line)))| Subroutine {
            name: name.clone(),
            line: *line,
            rules,
            late_rules: late_set(Some(k)),
        })
        .collect();
    CompiledRules {
        rules: main,
        late_rules: late,
        rigid: RigidInfo { any: !rigid_to_group.is_empty(), rigid_to_group },
        subroutines: subs,
    }
}

//! Which rule groups are settled after one pass that changed something.
//!
//! A group runs pass after pass until a pass changes nothing, so a group
//! that changed the level always pays for one more full scan. For many
//! groups that last scan provably changes nothing, and the turn can skip
//! it. This module decides that from the compiled rules alone, the first
//! time a turn asks about a group (building a game, which the studio does
//! on every edit, pays nothing for it).
//!
//! The argument. Call a pattern cell's *reads* the object and movement
//! bits its test looks at, and a replacement's *effect* the bits it really
//! turns on (set bits its cell was not required to have) and off (cleared
//! bits its cell was not known to lack). A board cell never holds two
//! objects of one layer, so a cell that requires an object is known to lack
//! that object's layer-mates; likewise a layer moves one way at a time.
//!
//! 1. Rewriting never changes whether any cell passes any pattern cell's
//!    test, if each effect either touches none of a pattern cell's reads,
//!    or only applies where that pattern cell cannot match: its cell
//!    requires an object the other lacks (and does not remove it), or
//!    lacks one the other requires (and does not add it).
//! 2. Then the matches do not change during a pass, and the next pass
//!    finds the same ones. If, besides, no effect turns on a bit another
//!    turns off where both can apply, everything the first pass wrote still
//!    holds at its end, and the next pass rewrites nothing.
//!
//! 3. In a group whose rules are all one row of one cell, a rule's own
//!    rewrite may reach its own test. Its matches are distinct cells, each
//!    rewritten once, and a rewrite is idempotent (clear, then set). If
//!    no other rule's effect reaches its test (as in 1), a cell matching
//!    it on the next pass matched it on this one and was rewritten by it;
//!    if no other rule undoes its effects (as in 2), rewriting that cell
//!    again changes nothing.
//!
//! Randomness and rigid bodies are left out: their next pass draws
//! numbers or books movements. Commands are allowed, except `gosub`: the
//! next pass would queue the same commands again, and queueing them is
//! idempotent (a command already queued is not queued twice, and after a
//! `cancel` or `restart` the same rules queue nothing new).

use super::bits;
use super::model::{CellPattern, Command, PatternCell, Replacement, Rule, RuleSet};

/// Groups with more pattern cells than this are only accepted by the
/// quick test (the full one compares every pair of cells).
const PAIRWISE_CAP: usize = 64;

/// The parts of one pattern cell's record: five of `ow` words (objects),
/// then three of `mw` words (movements).
const PRESENT: usize = 0;
const ABSENT: usize = 1;
const READS: usize = 2;
const ON: usize = 3;
const OFF: usize = 4;
const MOV_READS: usize = 0;
const MOV_ON: usize = 1;
const MOV_OFF: usize = 2;

/// The pattern cells of a group, flat: per cell, what a board cell must
/// hold and is known to lack to match it, what its test reads, and what
/// its replacement changes.
struct Cells<'a> {
    ow: usize,
    mw: usize,
    layer_masks: &'a [Box<[u64]>],
    data: Vec<u64>,
}

impl<'a> Cells<'a> {
    /// The cells of `patterns`, sized to the widest of them; `None` when
    /// one cannot be summed up ([`Self::push`]).
    fn of<'p>(
        patterns: impl Iterator<Item = &'p CellPattern> + Clone,
        own_ok: bool,
        layer_masks: &'a [Box<[u64]>],
    ) -> Option<Self> {
        let ow = patterns.clone().map(|p| p.present.len()).max().unwrap_or(0);
        let mw = patterns.clone().map(|p| p.mov_present.len()).max().unwrap_or(0);
        let mut cells = Cells { ow, mw, layer_masks, data: Vec::new() };
        for p in patterns {
            if !cells.push(p, own_ok) {
                return None;
            }
        }
        Some(cells)
    }

    fn stride(&self) -> usize {
        5 * self.ow + 3 * self.mw
    }

    fn len(&self) -> usize {
        self.data.len() / self.stride().max(1)
    }

    fn obj(&self, cell: usize, part: usize) -> &[u64] {
        let at = cell * self.stride() + part * self.ow;
        &self.data[at..at + self.ow]
    }

    fn mov(&self, cell: usize, part: usize) -> &[u64] {
        let at = cell * self.stride() + 5 * self.ow + part * self.mw;
        &self.data[at..at + self.mw]
    }

    /// Whether an effect of cell `a` reaches what cell `r` reads.
    fn touches(&self, a: usize, r: usize) -> bool {
        meet(self.obj(a, ON), self.obj(r, READS))
            || meet(self.obj(a, OFF), self.obj(r, READS))
            || meet(self.mov(a, MOV_ON), self.mov(r, MOV_READS))
            || meet(self.mov(a, MOV_OFF), self.mov(r, MOV_READS))
    }

    /// Whether cell `a` turns on what `b` turns off, or the reverse.
    fn undoes(&self, a: usize, b: usize) -> bool {
        meet(self.obj(a, ON), self.obj(b, OFF))
            || meet(self.obj(a, OFF), self.obj(b, ON))
            || meet(self.mov(a, MOV_ON), self.mov(b, MOV_OFF))
            || meet(self.mov(a, MOV_OFF), self.mov(b, MOV_ON))
    }

    /// Whether no board cell can be rewritten by cell `a` while it matches
    /// cell `b`, now or later (the objects that tell them apart stay).
    fn excludes(&self, a: usize, b: usize) -> bool {
        let kept = |need: &[u64], lack: &[u64], changed: &[u64]| {
            need.iter().zip(lack).zip(changed).any(|((n, l), c)| n & l & !c != 0)
        };
        kept(self.obj(a, PRESENT), self.obj(b, ABSENT), self.obj(a, OFF))
            || kept(self.obj(b, PRESENT), self.obj(a, ABSENT), self.obj(a, ON))
    }

    /// Appends a cell's record; false when the cell is random or, unless
    /// `own_ok`, its own rewrite reaches its test (the most common way
    /// out, found early).
    fn push(&mut self, p: &CellPattern, own_ok: bool) -> bool {
        let (ow, mw) = (self.ow, self.mw);
        let word = |m: &[u64], w: usize| m.get(w).copied().unwrap_or(0);
        let start = self.data.len();
        self.data.resize(start + self.stride(), 0);
        let rec = &mut self.data[start..];
        let (objs, movs) = rec.split_at_mut(5 * ow);
        // Known absent: the objects required absent, and the layer-mates
        // of those required present.
        for id in bits::ones(&p.present) {
            if let Some(mask) = self.layer_masks.iter().find(|m| bits::get_bit(m, id)) {
                for (a, m) in objs[ABSENT * ow..(ABSENT + 1) * ow].iter_mut().zip(mask.iter()) {
                    *a |= m;
                }
            }
        }
        for w in 0..ow {
            let present = word(&p.present, w);
            let missing = word(&p.missing, w);
            let mut reads = present | missing;
            for any in &p.any_present {
                reads |= word(any, w);
            }
            objs[PRESENT * ow + w] = present;
            objs[ABSENT * ow + w] = (objs[ABSENT * ow + w] | missing) & !present;
            objs[READS * ow + w] = reads;
        }
        for w in 0..mw {
            movs[MOV_READS * mw + w] = word(&p.mov_present, w) | word(&p.mov_missing, w);
        }
        let Some(rep) = &p.replace else { return true };
        if rep.draws() {
            return false;
        }
        for w in 0..ow {
            let (set, clear) = (word(&rep.obj_set, w), word(&rep.obj_clear, w));
            objs[ON * ow + w] = set & !objs[PRESENT * ow + w];
            objs[OFF * ow + w] = clear & !set & !objs[ABSENT * ow + w];
        }
        for w in 0..mw {
            let (present, missing) = (word(&p.mov_present, w), word(&p.mov_missing, w));
            // A layer moves one way at a time: a cell that requires a
            // movement of a layer lacks its other movements.
            let mut still = missing;
            for slot in 0..bits::LAYERS_PER_WORD {
                let layer = bits::LAYER_BITS << (slot * 5);
                if present & layer != 0 {
                    still |= layer & !present;
                }
            }
            let (set, clear) = (word(&rep.mov_set, w), word(&rep.mov_clear, w));
            movs[MOV_ON * mw + w] = set & !present;
            movs[MOV_OFF * mw + w] = clear & !set & !still;
        }
        let me = self.len() - 1;
        own_ok || !self.touches(me, me)
    }

    /// The quick test: no effect of any cell reaches any cell's reads, and
    /// no effect turns on what any turns off.
    fn quick(&self) -> bool {
        let mut all = vec![0u64; self.stride()];
        for rec in self.data.chunks_exact(self.stride().max(1)) {
            for (a, r) in all.iter_mut().zip(rec) {
                *a |= r;
            }
        }
        let (o, m) = all.split_at(5 * self.ow);
        let part = |k: usize| &o[k * self.ow..(k + 1) * self.ow];
        let mpart = |k: usize| &m[k * self.mw..(k + 1) * self.mw];
        let reach = meet(part(ON), part(READS))
            || meet(part(OFF), part(READS))
            || meet(mpart(MOV_ON), mpart(MOV_READS))
            || meet(mpart(MOV_OFF), mpart(MOV_READS));
        !reach && !meet(part(ON), part(OFF)) && !meet(mpart(MOV_ON), mpart(MOV_OFF))
    }
}

/// The pattern cells of `rules`' rows, in order (ellipses left out).
fn pattern_cells(rules: &[Rule]) -> impl Iterator<Item = &CellPattern> + Clone {
    rules.iter().flat_map(|r| &r.rows).flat_map(|row| &row.cells).filter_map(|c| match c {
        PatternCell::Cell(p) => Some(p),
        PatternCell::Ellipsis => None,
    })
}

fn meet(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).any(|(x, y)| x & y != 0)
}

/// Whether a pass of `group` that changed the level leaves nothing for
/// the next pass to change (see the module documentation); `layer_masks`:
/// the game's objects by collision layer.
fn settles_in_one_pass(group: &[Rule], layer_masks: &[Box<[u64]>]) -> bool {
    if group.iter().any(|r| r.random || r.rigid || r.commands.iter().any(|c| matches!(c, Command::Gosub(_)))) {
        return false;
    }
    // Point 3: every rule one row of one cell, so pattern cell `k` is
    // rule `k`.
    let one_cell =
        group.iter().all(|r| matches!(&r.rows[..], [row] if matches!(&row.cells[..], [PatternCell::Cell(_)])));
    let Some(cells) = Cells::of(pattern_cells(group), one_cell, layer_masks) else { return false };
    if cells.quick() {
        return true;
    }
    let n = cells.len();
    if n > PAIRWISE_CAP {
        return false;
    }
    (0..n).all(|a| {
        let spoils = (0..n).any(|r| (r != a || !one_cell) && cells.touches(a, r) && !cells.excludes(a, r));
        let undone = (a + 1..n).any(|b| cells.undoes(a, b) && !cells.excludes(a, b));
        !spoils && !undone
    })
}

/// Whether no rewrite of `rule` can make a board cell that matched one of
/// its pattern cells stop matching it: either every replacement keeps
/// every pattern cell passing wherever it applies, or (point 1 of the
/// module's argument, within one rule) each effect that reaches a pattern
/// cell's reads applies only where that cell cannot match: a rewrite
/// applies to a cell that still matches the rewriting pattern cell (by
/// induction over the rule's rewrites), and no board cell matches both.
fn stays(rule: &Rule, layer_masks: &[Box<[u64]>]) -> bool {
    if rule.random || rule.rigid {
        return false;
    }
    let patterns = || pattern_cells(std::slice::from_ref(rule));
    if patterns().filter_map(|p| p.replace.as_ref()).all(|rep| keeps_all(rep, patterns())) {
        return true;
    }
    let Some(cells) = Cells::of(patterns(), false, layer_masks) else { return false };
    let n = cells.len();
    n <= PAIRWISE_CAP && (0..n).all(|a| (0..n).all(|r| !cells.touches(a, r) || cells.excludes(a, r)))
}

/// Whether `rep`, wherever it applies, keeps every cell that passes one of
/// `patterns` passing it (whatever else the cell holds): it takes away no
/// object or movement a pattern requires, nor every object of a property a
/// pattern needs one of unless it adds one, and adds nothing a pattern
/// forbids. A random object or direction counts as able to.
fn keeps_all<'p>(rep: &Replacement, mut patterns: impl Iterator<Item = &'p CellPattern>) -> bool {
    if rep.draws() {
        return false;
    }
    let word = |m: &[u64], w: usize| m.get(w).copied().unwrap_or(0);
    let taken = |w: usize| word(&rep.obj_clear, w) & !word(&rep.obj_set, w);
    let mov_taken = |w: usize| word(&rep.mov_clear, w) & !word(&rep.mov_set, w);
    patterns.all(|c| {
        c.present.iter().enumerate().all(|(w, &b)| b & taken(w) == 0)
            && c.missing.iter().enumerate().all(|(w, &b)| b & word(&rep.obj_set, w) == 0)
            && c.mov_present.iter().enumerate().all(|(w, &b)| b & mov_taken(w) == 0)
            && c.mov_missing.iter().enumerate().all(|(w, &b)| b & word(&rep.mov_set, w) == 0)
            && c.any_present.iter().all(|a| {
                a.iter().enumerate().all(|(w, &b)| b & taken(w) == 0)
                    || a.iter().enumerate().any(|(w, &b)| b & word(&rep.obj_set, w) != 0)
            })
    })
}

impl Rule {
    /// Whether no rewrite of the rule can make a board cell that matched
    /// one of its pattern cells stop matching it (`layer_masks`: the
    /// game's). Then a match found before the rule's rewrites still holds
    /// after any of them, and needs no second test. Worked out the first
    /// time it is asked (see [`stays`]).
    pub fn matches_stay(&self, layer_masks: &[Box<[u64]>]) -> bool {
        self.stays.get_or_init(|| stays(self, layer_masks))
    }
}

impl RuleSet {
    /// Whether a pass of group `gi` that changed the level leaves nothing
    /// for a next pass to change, so a turn may stop there (worked out the
    /// first time it is asked; `layer_masks` are the game's). False for a
    /// group that is not there.
    #[must_use]
    pub fn settles(&self, gi: usize, layer_masks: &[Box<[u64]>]) -> bool {
        self.groups.get(gi).is_some_and(|g| self.group_settles.get_or_init(gi, || settles_in_one_pass(g, layer_masks)))
    }
}

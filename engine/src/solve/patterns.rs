//! Estimates from the rules themselves, for goals the win conditions
//! measure badly: how far a level state is from matching the left side of
//! a rule that reaches the goal.
//!
//! - A game won by a `win` command: how far the objects each row of such a
//!   rule asks for are from standing as the row places them.
//! - `no X`: for each X, how far the objects a rule that removes X asks
//!   for are from where the rule wants them around that X (the Y of
//!   `[ X Y ] -> [ Y ]`, the monster behind the cake of
//!   `[ > Monster | Cake ] -> [ | Monster ]`).
//! - `some X` with no X yet: how far a rule that creates X is from
//!   matching.
//!
//! A row's cells lie in a line along the rule's direction: a group of
//! objects asked for `k` cells on from the anchor (the cell the estimate is
//! taken from) is wanted at that cell, and the estimate is the Manhattan
//! distance from there to the nearest such group, summed over the groups.
//! Movements, absences, other rows' places and cells past an ellipsis are
//! not measured, and groups that fill much of the level (floors,
//! backgrounds) count as found everywhere. Not admissible; the weighted
//! search does not need it to be.

use crate::compile::{Direction, Game, ObjectMatch, PatternCell, Quantifier, Row, bits};

/// At most this many shapes per goal (rows of distinct rules, deduplicated).
const MAX_SHAPES: usize = 64;
/// At most this many groups asked for by one shape.
const MAX_NEEDS: usize = 8;

/// One row of a rule seen from its anchor: per group asked for, how many
/// cells along `(dx, dy)` from the anchor it is wanted.
#[derive(Clone, PartialEq, Eq)]
struct Shape {
    dx: i32,
    dy: i32,
    /// The anchor's group (for a win or creation row: where the row is
    /// measured from; for a removal: the objects removed).
    anchor: usize,
    needs: Vec<(i32, usize)>,
}

/// The rule-based estimates of one level's goals.
pub(crate) struct Patterns {
    height: usize,
    ncells: usize,
    /// Every group a shape asks for (an object or a one-layer property).
    groups: Vec<Probe>,
    masks: Vec<ObjectMatch>,
    /// Per group: it fills so much of the level that it counts as found.
    common: Vec<bool>,
    /// Per group: the Manhattan distance from each cell to the nearest cell
    /// holding the group, for the state being scored (`fresh` says which are
    /// up to date).
    fields: Vec<Vec<u32>>,
    fresh: Vec<bool>,
    /// Per cell: the least distance found for it (scratch, all `u32::MAX`).
    best_at: Vec<u32>,
    /// Scratch: the cells `best_at` holds a distance for, and anchor cells.
    touched: Vec<usize>,
    anchors: Vec<usize>,
    /// Per rule with a `win` command: the shapes of its rows.
    win_rules: Vec<Vec<Shape>>,
    /// Per win condition: the shapes of the rows that remove its subject
    /// (for `no X`) or create it (for `some X`); empty for the others.
    goals: Vec<Vec<Shape>>,
}

fn dir_step(d: Direction) -> (i32, i32) {
    match d {
        Direction::Up => (0, -1),
        Direction::Down => (0, 1),
        Direction::Left => (-1, 0),
        Direction::Right => (1, 0),
        Direction::Action => (0, 0),
    }
}

/// Whether `m` stands for every cell (a condition with no `on`).
fn everywhere(m: &ObjectMatch) -> bool {
    !m.aggregate && m.mask.iter().all(|&w| w == u64::MAX)
}

impl Patterns {
    /// The estimates for the level whose start has objects `start` (cells
    /// of `obj_words` words, `height` per column).
    pub(crate) fn new(game: &Game, height: usize, start: &[u64]) -> Self {
        let ow = game.obj_words.max(1);
        let mut p = Patterns {
            height: height.max(1),
            ncells: start.len() / ow,
            groups: Vec::new(),
            masks: Vec::new(),
            common: Vec::new(),
            fields: Vec::new(),
            fresh: Vec::new(),
            best_at: Vec::new(),
            touched: Vec::new(),
            anchors: Vec::new(),
            win_rules: Vec::new(),
            goals: vec![Vec::new(); game.win_conditions.len()],
        };
        let count = |m: &ObjectMatch| start.chunks_exact(ow).filter(|c| m.matches(c)).count();
        // With one player, its walk to the nearest X is already in the
        // estimate: a rule that removes X where the player stands adds
        // nothing more (see `removal_shape`). Several players (several
        // pieces that move together) can each see to an X of their own.
        let lone = if count(&game.player) == 1 { &game.player.mask[..] } else { &[][..] };
        if game.win_conditions.is_empty() {
            for rule in game.all_rules().filter(|r| r.commands.contains(&crate::compile::Command::Win)) {
                let shapes: Vec<Shape> =
                    rule.rows.iter().filter_map(|row| p.win_shape(row, rule.dir, ow, &count)).collect();
                if !p.win_rules.contains(&shapes) && p.win_rules.len() < MAX_SHAPES {
                    p.win_rules.push(shapes);
                }
            }
        }
        for (k, wc) in game.win_conditions.iter().enumerate() {
            if !everywhere(&wc.target) || wc.quantifier == Quantifier::All {
                continue;
            }
            let mut shapes = Vec::new();
            for rule in game.all_rules() {
                for row in &rule.rows {
                    let shape = if wc.quantifier == Quantifier::No {
                        // A rule that puts an X anywhere moves or turns
                        // one X into another: it removes none.
                        if rule.rows.iter().any(|r| sets(r, &wc.subject)) {
                            None
                        } else {
                            p.removal_shape(row, rule.dir, &wc.subject, ow, lone)
                        }
                    } else if creates(row, &wc.subject) {
                        p.win_shape(row, rule.dir, ow, &count)
                    } else {
                        None
                    };
                    if let Some(s) = shape
                        && !shapes.contains(&s)
                        && shapes.len() < MAX_SHAPES
                    {
                        shapes.push(s);
                    }
                }
            }
            p.goals[k] = shapes;
        }
        let counts: Vec<usize> = p.masks.iter().map(count).collect();
        p.common = counts.iter().map(|&n| n * 2 > p.ncells.max(1)).collect();
        // A rule that asks for objects the level does not hold at its start
        // (markers other rules make along the way) is not measured: how
        // near it is says nothing until another rule has made them.
        for shapes in &mut p.goals {
            shapes.retain(|s| s.needs.iter().all(|&(_, g)| counts[g] > 0));
        }
        p.fields = vec![Vec::new(); p.groups.len()];
        p.fresh = vec![false; p.groups.len()];
        p
    }

    /// Whether the game is won by `win` commands measured here.
    pub(crate) fn has_win_rules(&self) -> bool {
        !self.win_rules.is_empty()
    }

    fn group(&mut self, m: ObjectMatch, ow: usize) -> usize {
        if let Some(g) = self.masks.iter().position(|x| *x == m) {
            return g;
        }
        self.groups.push(Probe::new(&m, ow));
        self.masks.push(m);
        self.groups.len() - 1
    }

    /// The groups cell pattern `p` asks for: each object it requires, and
    /// each one-layer property.
    fn groups_of(p: &crate::compile::CellPattern) -> Vec<ObjectMatch> {
        let single = |id: usize| {
            let mut m = vec![0u64; p.present.len()];
            bits::set_bit(&mut m, id);
            ObjectMatch { aggregate: false, mask: m.into() }
        };
        let mut out: Vec<ObjectMatch> = bits::ones(&p.present).map(single).collect();
        out.extend(p.any_present.iter().map(|a| ObjectMatch { aggregate: false, mask: Box::from(&a[..]) }));
        out
    }

    /// The cells of `row` as (index, groups), in the run between ellipses
    /// that holds cell `at`.
    fn run_of(row: &Row, at: usize) -> Vec<(usize, Vec<ObjectMatch>)> {
        let mut start = 0;
        let mut out = Vec::new();
        for (i, cell) in row.cells.iter().enumerate() {
            match cell {
                PatternCell::Ellipsis if i < at => {
                    start = i + 1;
                    out.clear();
                }
                PatternCell::Ellipsis => break,
                PatternCell::Cell(p) if i >= start => out.push((i, Self::groups_of(p))),
                PatternCell::Cell(_) => {}
            }
        }
        out
    }

    /// A row of a winning (or creating) rule, anchored at the group the
    /// start of the level has fewest of (but some).
    fn win_shape(
        &mut self,
        row: &Row,
        dir: Direction,
        ow: usize,
        count: &dyn Fn(&ObjectMatch) -> usize,
    ) -> Option<Shape> {
        let mut best: Option<(usize, usize, ObjectMatch)> = None;
        for (i, cell) in row.cells.iter().enumerate() {
            let PatternCell::Cell(p) = cell else { continue };
            for m in Self::groups_of(p) {
                let n = count(&m);
                let key = if n == 0 { usize::MAX } else { n };
                if best.as_ref().is_none_or(|(b, _, _)| key < *b) {
                    best = Some((key, i, m));
                }
            }
        }
        let (_, at, anchor) = best?;
        Some(self.shape(row, dir, at, anchor, ow, &[]))
    }

    /// A row with a cell that removes an object of `subject` (requires it
    /// and leaves no object of `subject` there), anchored at that cell.
    fn removal_shape(
        &mut self,
        row: &Row,
        dir: Direction,
        subject: &ObjectMatch,
        ow: usize,
        player: &[u64],
    ) -> Option<Shape> {
        for (i, cell) in row.cells.iter().enumerate() {
            let PatternCell::Cell(p) = cell else { continue };
            let Some(r) = &p.replace else { continue };
            if !r.random_objects.is_empty() {
                continue;
            }
            let held: Vec<u64> = Self::groups_of(p).iter().fold(vec![0u64; subject.mask.len()], |acc, m| {
                acc.iter().zip(m.mask.iter()).map(|(a, b)| a | b).collect()
            });
            let removed: Box<[u64]> =
                held.iter().zip(r.obj_clear.iter()).zip(subject.mask.iter()).map(|((h, c), s)| h & c & s).collect();
            if bits::is_zero(&removed) {
                continue;
            }
            // A lone player: the heuristic's walk already measures it to
            // the nearest X, and adding its distance from every X would
            // count the same walk many times over (`player` is empty when
            // there are several).
            return Some(self.shape(row, dir, i, ObjectMatch { aggregate: false, mask: removed }, ow, player));
        }
        None
    }

    /// The shape of `row` from its cell `at`, whose group `anchor` is the
    /// one measured from.
    fn shape(&mut self, row: &Row, dir: Direction, at: usize, anchor: ObjectMatch, ow: usize, skip: &[u64]) -> Shape {
        let (dx, dy) = dir_step(dir);
        let anchor_mask = anchor.mask.clone();
        let anchor = self.group(anchor, ow);
        let mut needs = Vec::new();
        for (i, groups) in Self::run_of(row, at) {
            for m in groups {
                // The anchor's own objects are where the anchor is.
                if (i == at && bits::contains(&anchor_mask, &m.mask))
                    || (!skip.is_empty() && bits::contains(skip, &m.mask))
                {
                    continue;
                }
                if needs.len() < MAX_NEEDS {
                    let g = self.group(m, ow);
                    needs.push((i as i32 - at as i32, g));
                }
            }
        }
        Shape { dx, dy, anchor, needs }
    }

    /// Forget the fields of the last state scored.
    pub(crate) fn begin(&mut self) {
        self.fresh.iter_mut().for_each(|f| *f = false);
    }

    /// The Manhattan distance field of group `g` in `objects`.
    fn field(&mut self, g: usize, objects: &[u64], ow: usize) -> &[u32] {
        if !self.fresh[g] {
            let (n, h) = (self.ncells, self.height);
            let far = u32::MAX / 4;
            let f = &mut self.fields[g];
            f.clear();
            f.resize(n, far);
            self.groups[g].each(objects, ow, |i| {
                if i < n {
                    f[i] = 0;
                }
            });
            // Two passes: from the top-left corner, then back from the
            // bottom-right (cells are column by column, `h` to a column).
            for i in 0..n {
                let mut d = f[i];
                if i % h > 0 {
                    d = d.min(f[i - 1] + 1);
                }
                if i >= h {
                    d = d.min(f[i - h] + 1);
                }
                f[i] = d;
            }
            for i in (0..n).rev() {
                let mut d = f[i];
                if i % h + 1 < h && i + 1 < n {
                    d = d.min(f[i + 1] + 1);
                }
                if i + h < n {
                    d = d.min(f[i + h] + 1);
                }
                f[i] = d;
            }
            self.fresh[g] = true;
        }
        &self.fields[g]
    }

    /// How far `shape` is from matching with its anchor at cell `at`.
    fn distance(&mut self, shape: &Shape, at: usize, objects: &[u64], ow: usize) -> u32 {
        let h = self.height as i32;
        let (ax, ay) = ((at / self.height) as i32, (at % self.height) as i32);
        let width = (self.ncells / self.height) as i32;
        let miss = (width + h) as u32;
        if width < 1 {
            return 0;
        }
        let mut sum = 0u32;
        for &(k, g) in &shape.needs {
            if self.common[g] {
                continue;
            }
            let (x, y) = (ax + shape.dx * k, ay + shape.dy * k);
            // A cell past the edge: the nearest cell inside, plus the way out.
            let (cx, cy) = (x.clamp(0, width - 1), y.clamp(0, h - 1));
            let outside = (cx - x).unsigned_abs() + (cy - y).unsigned_abs();
            let d = self.field(g, objects, ow).get((cx * h + cy) as usize).copied().unwrap_or(u32::MAX);
            sum = sum.saturating_add(if d >= u32::MAX / 4 { miss } else { d + outside });
        }
        sum
    }

    /// The least distance of `shapes` over every cell holding its anchor.
    fn best(&mut self, shapes: &[Shape], objects: &[u64], ow: usize) -> u32 {
        let mut best = u32::MAX;
        for s in shapes {
            if self.common[s.anchor] && s.needs.is_empty() {
                return 0;
            }
            let mut anchors = std::mem::take(&mut self.anchors);
            anchors.clear();
            self.groups[s.anchor].each(objects, ow, |i| anchors.push(i));
            for &a in &anchors {
                best = best.min(self.distance(s, a, objects, ow));
            }
            self.anchors = anchors;
        }
        best
    }

    /// For a game won by `win` commands: the least over the rules of the
    /// sum over their rows of how far each row is from matching.
    pub(crate) fn win_distance(&mut self, objects: &[u64], ow: usize) -> u32 {
        let miss = (self.ncells / self.height + self.height) as u32;
        let rules = std::mem::take(&mut self.win_rules);
        let mut best = u32::MAX;
        for rows in &rules {
            let mut sum = 0u32;
            for s in rows {
                let d = self.best(std::slice::from_ref(s), objects, ow);
                sum = sum.saturating_add(if d == u32::MAX { miss } else { d });
            }
            best = best.min(sum);
        }
        self.win_rules = rules;
        if best == u32::MAX { 0 } else { best }
    }

    /// For win condition `k` (`no X`): the sum over each X of the least
    /// distance of a rule that removes it. For `some X` with no X: the
    /// least distance of a rule that creates one. 0 when no rule is known.
    pub(crate) fn goal_distance(&mut self, k: usize, quantifier: Quantifier, objects: &[u64], ow: usize) -> u32 {
        let Some(shapes) = self.goals.get_mut(k).map(std::mem::take) else { return 0 };
        if shapes.is_empty() {
            return 0;
        }
        let d = if quantifier == Quantifier::No {
            // Per cell holding an X: the least distance of a rule that
            // removes the objects there.
            let mut best_at = std::mem::take(&mut self.best_at);
            best_at.resize(self.ncells, u32::MAX);
            let mut touched = std::mem::take(&mut self.touched);
            let mut anchors = std::mem::take(&mut self.anchors);
            for s in &shapes {
                anchors.clear();
                self.groups[s.anchor].each(objects, ow, |i| anchors.push(i));
                for &a in &anchors {
                    let d = self.distance(s, a, objects, ow);
                    if best_at[a] == u32::MAX {
                        touched.push(a);
                    }
                    best_at[a] = best_at[a].min(d);
                }
            }
            let mut sum = 0u32;
            for &a in &touched {
                sum = sum.saturating_add(best_at[a]);
                best_at[a] = u32::MAX;
            }
            touched.clear();
            (self.best_at, self.touched, self.anchors) = (best_at, touched, anchors);
            sum
        } else {
            let d = self.best(&shapes, objects, ow);
            if d == u32::MAX { 0 } else { d }
        };
        self.goals[k] = shapes;
        d
    }
}

/// Whether `row` puts an object of `subject` in some cell (or may, at
/// random).
fn sets(row: &Row, subject: &ObjectMatch) -> bool {
    row.cells.iter().any(|c| match c {
        PatternCell::Cell(p) => p.replace.as_ref().is_some_and(|r| {
            bits::intersects(&r.obj_set, &subject.mask)
                || r.random_objects.iter().any(|&id| bits::get_bit(&subject.mask, id))
        }),
        PatternCell::Ellipsis => false,
    })
}

/// Whether `row` sets an object of `subject` in some cell that did not
/// ask for one.
fn creates(row: &Row, subject: &ObjectMatch) -> bool {
    row.cells.iter().any(|c| match c {
        PatternCell::Cell(p) => p.replace.as_ref().is_some_and(|r| {
            bits::intersects(&r.obj_set, &subject.mask) && !bits::intersects(&p.present, &subject.mask)
        }),
        PatternCell::Ellipsis => false,
    })
}

/// An [`ObjectMatch`] ready to test the cells of a state: when its
/// objects all sit in one word of a cell (the common case), a cell is
/// tested with one load and one mask.
#[derive(Clone)]
pub(super) enum Probe {
    /// The objects are the bits `bits` of word `word`; `all`: a cell needs
    /// every one of them (an aggregate), else any.
    Word { word: usize, bits: u64, all: bool },
    /// Objects in several words.
    Words(ObjectMatch),
}

impl Probe {
    pub(super) fn new(m: &ObjectMatch, ow: usize) -> Self {
        let mut used = m.mask.iter().enumerate().filter(|(_, w)| **w != 0);
        match (used.next(), used.next()) {
            (None, _) if ow > 0 => Probe::Word { word: 0, bits: 0, all: m.aggregate },
            (Some((word, &bits)), None) if word < ow => Probe::Word { word, bits, all: m.aggregate },
            _ => Probe::Words(m.clone()),
        }
    }

    /// Whether the cell `cell` matches.
    #[inline]
    pub(super) fn hits(&self, cell: &[u64]) -> bool {
        match self {
            Probe::Word { word, bits, all } => {
                let held = cell.get(*word).copied().unwrap_or(0) & bits;
                if *all { held == *bits } else { held != 0 }
            }
            Probe::Words(m) => m.matches(cell),
        }
    }

    /// Calls `f` with the index of every cell of `objects` (cells of `ow`
    /// words) that matches.
    #[inline]
    pub(super) fn each(&self, objects: &[u64], ow: usize, mut f: impl FnMut(usize)) {
        match self {
            Probe::Word { word, bits, all } => {
                let (word, bits, all) = (*word, *bits, *all);
                let wanted = |x: u64| if all { x & bits == bits } else { x & bits != 0 };
                if ow == 1 {
                    // Most cells hold nothing wanted: test eight at a time,
                    // and look at each one only when the eight have a hit.
                    for (k, run) in objects.chunks(8).enumerate() {
                        if run.iter().any(|&x| wanted(x)) {
                            for (j, &x) in run.iter().enumerate() {
                                if wanted(x) {
                                    f(k * 8 + j);
                                }
                            }
                        }
                    }
                } else {
                    for (i, c) in objects.chunks_exact(ow).enumerate() {
                        if c.get(word).is_some_and(|&x| wanted(x)) {
                            f(i);
                        }
                    }
                }
            }
            Probe::Words(m) => {
                for (i, c) in objects.chunks_exact(ow).enumerate() {
                    if m.matches(c) {
                        f(i);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Probe;
    use crate::compile::ObjectMatch;

    /// A probe finds the same cells as its match, for masks in one word and
    /// in several, aggregates or not, empty or not.
    #[test]
    fn probes_find_the_cells_their_match_finds() {
        // Cells of two words, varied bits in both.
        let ow = 2;
        let objects: Vec<u64> = (0..40u64)
            .map(|k| k.wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(k as u32) & 0x0f0f_0000_0000_0f0f)
            .collect();
        let masks: [[u64; 2]; 6] =
            [[0, 0], [0x0f, 0], [0, 0x0100], [0x0300, 0], [0x01, 0x01], [0, 0x0f00_0000_0000_0000]];
        for mask in masks {
            for aggregate in [false, true] {
                let m = ObjectMatch { aggregate, mask: mask.to_vec().into_boxed_slice() };
                let probe = Probe::new(&m, ow);
                let mut found = Vec::new();
                probe.each(&objects, ow, |i| found.push(i));
                let expected: Vec<usize> =
                    objects.chunks_exact(ow).enumerate().filter(|(_, c)| m.matches(c)).map(|(i, _)| i).collect();
                assert_eq!(found, expected, "{mask:x?} aggregate {aggregate}");
                for c in objects.chunks_exact(ow) {
                    assert_eq!(probe.hits(c), m.matches(c));
                }
            }
        }
        // Some cells match and some do not (the comparison compares something).
        let some = ObjectMatch { aggregate: false, mask: vec![0x0f, 0].into_boxed_slice() };
        assert!(
            objects.chunks_exact(ow).any(|c| some.matches(c)) && !objects.chunks_exact(ow).all(|c| some.matches(c))
        );
    }
}

//! An estimate of how far a level state is from a win, from the game's
//! win conditions: for `all X on Y`, the sum over each X not on a Y of the
//! Manhattan distance to the nearest Y; for `some X on Y`, the least such
//! distance (0 when one X already is on a Y); for `no X on Y`, the number
//! of cells where both are. While some condition fails, the distance from
//! the nearest player to a subject off its target (less one) is added:
//! the walk before the next push (measured on the corpus: a few more levels
//! solved at the same budget). Not admissible in general (one push can
//! satisfy several cells), which weighted A* does not need.

use crate::compile::{Game, ObjectMatch, Quantifier};

/// The win conditions of a game, ready to score states of one level.
pub(crate) struct Heuristic<'g> {
    game: &'g Game,
    height: usize,
    /// Positions of target cells (reused between calls).
    targets: Vec<(i32, i32)>,
}

impl<'g> Heuristic<'g> {
    pub(crate) fn new(game: &'g Game, height: usize) -> Self {
        Heuristic { game, height: height.max(1), targets: Vec::new() }
    }

    /// The estimate for `objects` (cells of `obj_words` words).
    pub(crate) fn score(&mut self, objects: &[u64]) -> u32 {
        let ow = self.game.obj_words.max(1);
        let mut total = 0u32;
        for wc in &self.game.win_conditions {
            total = total.saturating_add(self.condition(wc.quantifier, &wc.subject, &wc.target, objects, ow));
        }
        if total > 0 {
            total = total.saturating_add(self.player_distance(objects, ow));
        }
        total
    }

    /// The least distance from a player to a cell that keeps an `all` or
    /// `some` condition from holding (a subject off its target), minus one:
    /// how far the player must walk to start pushing.
    fn player_distance(&mut self, objects: &[u64], ow: usize) -> u32 {
        let h = self.height;
        let pos = |i: usize| ((i / h) as i32, (i % h) as i32);
        self.targets.clear();
        for (i, c) in objects.chunks_exact(ow).enumerate() {
            if self.game.player.matches(c) {
                self.targets.push(pos(i));
            }
        }
        let mut best = u32::MAX;
        for wc in &self.game.win_conditions {
            if wc.quantifier == Quantifier::No || wc.subject.mask == self.game.player.mask {
                continue;
            }
            for (i, c) in objects.chunks_exact(ow).enumerate() {
                if wc.subject.matches(c) && !wc.target.matches(c) {
                    let (x, y) = pos(i);
                    for &(px, py) in &self.targets {
                        best = best.min((px - x).unsigned_abs() + (py - y).unsigned_abs());
                    }
                }
            }
        }
        if best == u32::MAX { 0 } else { best.saturating_sub(1) }
    }

    fn condition(&mut self, q: Quantifier, subject: &ObjectMatch, target: &ObjectMatch, objects: &[u64], ow: usize) -> u32 {
        let h = self.height;
        let pos = |i: usize| ((i / h) as i32, (i % h) as i32);
        let cells = objects.chunks_exact(ow);
        match q {
            Quantifier::No => cells.filter(|c| subject.matches(c) && target.matches(c)).count() as u32,
            Quantifier::All | Quantifier::Some => {
                self.targets.clear();
                let mut satisfied = false;
                for (i, c) in objects.chunks_exact(ow).enumerate() {
                    if target.matches(c) {
                        self.targets.push(pos(i));
                        satisfied |= subject.matches(c);
                    }
                }
                if q == Quantifier::Some && satisfied {
                    return 0;
                }
                let far = (objects.len() / ow) as u32 + 1;
                let mut sum = 0u32;
                let mut best = u32::MAX;
                for (i, c) in cells.enumerate() {
                    if !subject.matches(c) || target.matches(c) {
                        continue;
                    }
                    let (x, y) = pos(i);
                    let d = self
                        .targets
                        .iter()
                        .map(|&(tx, ty)| (tx - x).unsigned_abs() + (ty - y).unsigned_abs())
                        .min()
                        .unwrap_or(far);
                    sum = sum.saturating_add(d);
                    best = best.min(d);
                }
                match q {
                    Quantifier::Some => {
                        if best == u32::MAX {
                            1
                        } else {
                            best
                        }
                    }
                    _ => sum,
                }
            }
        }
    }
}

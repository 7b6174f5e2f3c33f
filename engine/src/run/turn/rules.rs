//! The rule phase of a turn: rule groups to a fixpoint with the
//! reference's loop caps, loop points, PuzzleScript Next's `gosub` calls,
//! and the matches of a rule (random groups pick one).

use crate::compile::bits;
use crate::compile::{Game, PatternCell, Phase, Rule, RuleSet};
use crate::run::board::RowMatch;
use crate::run::trace::{EventKind, RuleList};
use crate::run::{GOSUB_CALL_LIMIT, GOSUB_DEPTH_LIMIT, Limit, Session};
use std::sync::Arc;

/// Most tuples one rule application will visit (the reference has no cap;
/// we keep turns bounded).
const TUPLE_CAP: usize = 1 << 20;
/// Passes over a rule group before giving up (reference: 200).
const GROUP_LOOP_CAP: usize = 200;
/// Loop-point jumps per rule pass (reference: 200).
const LOOP_POINT_CAP: usize = 200;

/// Where a running `gosub` returns to.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Frame {
    /// The calling set: None for the main or late rules, or a subroutine.
    sub: Option<usize>,
    /// The calling group.
    group: usize,
    /// The loop the calling group ends was due to go round again when the
    /// call was made: it does so on return.
    loop_due: bool,
}

/// The matches of every row of one rule, one row after another in one
/// buffer (reused through the session's pool): `matches[r]` is row `r`'s.
#[derive(Debug, Default)]
pub(crate) struct RuleMatches {
    found: Vec<RowMatch>,
    /// Where each row's matches end in `found`.
    ends: Vec<usize>,
}

impl RuleMatches {
    /// The number of rows.
    fn len(&self) -> usize {
        self.ends.len()
    }

    /// Each row's matches in order.
    fn iter(&self) -> impl Iterator<Item = &[RowMatch]> {
        (0..self.len()).map(|r| &self[r])
    }
}

impl std::ops::Index<usize> for RuleMatches {
    type Output = [RowMatch];

    fn index(&self, r: usize) -> &[RowMatch] {
        let start = if r == 0 { 0 } else { self.ends[r - 1] };
        &self.found[start..self.ends[r]]
    }
}

/// The trace's name for a rule list.
fn rule_list(phase: Phase, sub: Option<usize>) -> RuleList {
    match (sub, phase) {
        (Some(index), phase) => RuleList::Subroutine { index, phase },
        (None, Phase::Main) => RuleList::Main,
        (None, Phase::Late) => RuleList::Late,
    }
}

fn rule_set(game: &Game, phase: Phase, sub: Option<usize>) -> &RuleSet {
    match (sub.and_then(|k| game.subroutines.get(k)), phase) {
        (Some(s), Phase::Main) => &s.rules,
        (Some(s), Phase::Late) => &s.late_rules,
        (None, Phase::Main) => &game.rules,
        (None, Phase::Late) => &game.late_rules,
    }
}

impl Session {
    /// One pass over the main or late rules, as PuzzleScript Next runs
    /// them: the reference's groups and loops, plus `gosub`. A `gosub`
    /// queued while a group runs (the last one queued, when several are)
    /// jumps once the group is done, to the same phase's rules of the
    /// subroutine; when those end, the pass goes on after the calling
    /// group. The "something changed" flag that decides loops, and the loop
    /// jump count, are shared by the caller and its subroutines.
    pub(super) fn apply_rules(&mut self, phase: Phase, banned: Option<&[bool]>) {
        let game = Arc::clone(&self.game);
        if let Some(radius) = game.metadata.local_radius {
            self.turn.local_area = Some(self.local_area(radius));
        }
        let mut stack = std::mem::take(&mut self.turn.call_stack);
        stack.clear();
        self.turn.pending_gosub = None;
        let mut sub: Option<usize> = None;
        let mut set = rule_set(&game, phase, sub);
        let mut gi = 0;
        let mut loop_propagated = false;
        let mut loop_count = 0;
        let mut calls = 0;
        if let Some(r) = self.trace.as_deref_mut() {
            r.calls.clear();
        }
        loop {
            let Some(group) = set.groups.get(gi) else {
                // The end of a subroutine: back after the calling group.
                let Some(frame) = stack.pop() else { break };
                if self.trace.is_some() {
                    let call = self.trace.as_deref_mut().and_then(|r| r.calls.pop());
                    if let Some((subroutine, line)) = call {
                        self.trace_event(EventKind::GosubReturn { subroutine, line });
                    }
                }
                sub = frame.sub;
                set = rule_set(&game, phase, sub);
                gi = frame.group;
                if frame.loop_due
                    && let Some(target) = set.loop_point.get(gi).copied().flatten()
                {
                    if !self.loop_jump(set, target, &mut loop_count) {
                        break;
                    }
                    gi = target;
                    loop_propagated = false;
                } else {
                    gi += 1;
                }
                continue;
            };
            let is_banned = banned.is_some_and(|b| b.get(set.group_base + gi).copied().unwrap_or(false));
            if let Some(r) = self.trace.as_deref_mut() {
                r.place = crate::run::trace::Place {
                    list: rule_list(phase, sub),
                    group: gi,
                    pass: 0,
                    loop_round: loop_count as u32,
                };
            }
            let may_match = || {
                let Some(board) = self.play.board.as_ref() else { return true };
                set.group_masks.get(gi).is_none_or(|m| bits::contains(&board.map_obj, m))
                    && set.group_movements.get(gi).is_none_or(|m| m.is_empty() || bits::intersects(&board.map_mov, m))
            };
            if !is_banned && may_match() {
                let settles = || set.settles(gi, &game.layer_masks);
                let stops_early = || set.group_stops_early.get(gi).copied().unwrap_or(false);
                loop_propagated = self.apply_group(group, &settles, &stops_early) || loop_propagated;
            }
            let loop_point = set.loop_point.get(gi).copied().flatten();
            let loop_due = loop_propagated && loop_point.is_some();
            if let Some((k, line)) = self.turn.pending_gosub.take() {
                let target = rule_set(&game, phase, Some(k));
                if target.groups.is_empty() {
                    // Nothing of this phase to run (check warns about it).
                } else if stack.len() >= GOSUB_DEPTH_LIMIT {
                    self.limit_hit(Limit::GosubDepth, line);
                } else if calls >= GOSUB_CALL_LIMIT {
                    self.limit_hit(Limit::GosubCalls, line);
                } else {
                    calls += 1;
                    if self.trace.is_some() {
                        if let Some(r) = self.trace.as_deref_mut() {
                            r.calls.push((k, line));
                        }
                        self.trace_event(EventKind::GosubCall { subroutine: k, line });
                    }
                    stack.push(Frame { sub, group: gi, loop_due });
                    sub = Some(k);
                    set = target;
                    gi = 0;
                    continue;
                }
            }
            if let Some(target) = loop_point.filter(|_| loop_due) {
                if !self.loop_jump(set, target, &mut loop_count) {
                    break;
                }
                gi = target;
                loop_propagated = false;
                continue;
            }
            gi += 1;
        }
        self.turn.call_stack = stack;
    }

    /// Count one jump back to group `target` of `set`; false (and the
    /// limit reported) when there have been too many.
    pub(super) fn loop_jump(&mut self, set: &RuleSet, target: usize, count: &mut usize) -> bool {
        *count += 1;
        if *count > LOOP_POINT_CAP {
            let line = set.groups.get(target).and_then(|g| g.first()).map_or(0, |r| r.line);
            self.limit_hit(Limit::LoopJumps, line);
            if self.trace.is_some() || self.mode.tracing_probe {
                self.trace_or_note(EventKind::LoopPointCap { line });
            }
            return false;
        }
        true
    }

    /// Runs a group's passes until one changes nothing (or the cap).
    /// `settles` says whether the group's rules cannot change what a
    /// changing pass leaves (see `RuleSet::settles`), so that pass is the
    /// last, unless a rule's tuples were cut at the cap or the turn is
    /// traced; it is asked only then.
    pub(super) fn apply_group(
        &mut self,
        group: &[Rule],
        settles: &dyn Fn() -> bool,
        stops_early: &dyn Fn() -> bool,
    ) -> bool {
        self.turn.tuples_capped = false;
        if group.first().is_some_and(|r| r.random) {
            return self.apply_random_group(group);
        }
        // The reference ends a pass once every rule of the group has been
        // tried since the last change. That only shows where a rule tried
        // again would do something unseen: call its `gosub` again, or draw
        // another `random` choice (W3RDS's racks); the compiler marks those
        // groups (`RuleSet::group_stops_early`), the others run a last
        // full pass instead, to the same end. Asked only when a group's
        // worth of rules has been tried since a change.
        let mut stops: Option<bool> = None;
        let mut idle: isize = -1;
        let mut has_changes = false;
        let mut made_change = true;
        let mut loopcount = 0;
        while made_change {
            if loopcount >= GROUP_LOOP_CAP {
                self.limit_hit(Limit::GroupPasses, group.first().map_or(0, |r| r.line));
                break;
            }
            loopcount += 1;
            if let Some(r) = self.trace.as_deref_mut() {
                r.place.pass = loopcount as u32;
            }
            made_change = false;
            let (n, mut k) = (group.len(), 0);
            while k < n {
                // Rules the level's masks rule out do nothing: they are
                // passed over in one tight loop (the masks change only when
                // a rule applies), and count as tried.
                let rest = &group[k..];
                let skipped = match self.play.board.as_ref() {
                    Some(b) if self.fast_paths() => {
                        rest.iter().take_while(|r| !r.quick.admits(&b.map_obj, &b.map_mov)).count()
                    }
                    Some(b) => usize::from(rest.first().is_some_and(|r| !r.quick.admits(&b.map_obj, &b.map_mov))),
                    None => rest.len(),
                };
                if skipped > 0 {
                    let len = n as isize;
                    // The pass would have ended at the skipped rule that
                    // made a group's worth of rules tried since a change.
                    if idle < len && idle + skipped as isize >= len && *stops.get_or_insert_with(stops_early) {
                        break;
                    }
                    idle += skipped as isize;
                    k += skipped;
                    continue;
                }
                let rule = &group[k];
                k += 1;
                if self.try_apply(rule) {
                    // PuzzleScript Next's `once`: a change, but not one that
                    // makes the group take another pass.
                    made_change |= !rule.once;
                    idle = 0;
                } else {
                    idle += 1;
                }
                if idle == n as isize && *stops.get_or_insert_with(stops_early) {
                    break;
                }
            }
            if made_change {
                has_changes = true;
                if !self.turn.tuples_capped && self.trace.is_none() && settles() {
                    break;
                }
            }
        }
        // The reference reports its cap once the 200th pass has run,
        // whether or not that pass changed anything.
        if loopcount >= GROUP_LOOP_CAP && (self.trace.is_some() || self.mode.tracing_probe) {
            self.trace_or_note(EventKind::LoopCap { line: group.first().map_or(0, |r| r.line) });
        }
        has_changes
    }

    /// `local_radius`: the box of cells within `radius` of the first cell
    /// (in board order) that holds a player, clipped to the level; None
    /// when no cell does.
    fn local_area(&self, radius: isize) -> Option<(isize, isize, isize, isize)> {
        let board = self.play.board.as_ref()?;
        let player = &self.game.player.mask;
        let at = (0..board.cells()).find(|&p| bits::intersects(board.cell(p), player))?;
        let h = board.height.max(1);
        let (x, y) = ((at / h) as isize, (at % h) as isize);
        let (w, h) = (board.width as isize, h as isize);
        Some(((x - radius).max(0), (x + radius + 1).min(w), (y - radius).max(0), (y + radius + 1).min(h)))
    }

    /// Every row's matches, or None when some row has none. Buffers come
    /// from (and should go back to) the session's pool.
    pub(super) fn find_matches(&mut self, rule: &Rule) -> Option<RuleMatches> {
        let board = self.play.board.as_ref()?;
        if !bits::contains(&board.map_obj, &rule.rule_mask)
            || !bits::contains(&board.map_mov, &rule.mov_mask)
            || !rule.any_masks.iter().all(|a| bits::intersects(&board.map_obj, a))
            || (self.fast_paths() && rule.quick.ruled_out(&board.map_all, &self.turn.sfx_destroy))
        {
            return None;
        }
        let mut all = self.turn.match_pool.pop().unwrap_or_default();
        all.found.clear();
        all.ends.clear();
        let local = if rule.global { None } else { self.turn.local_area };
        for row in &rule.rows {
            let before = all.found.len();
            if self.turn.planes.on()
                && crate::run::planes::takes(row)
                && self.turn.planes.match_row(board, row, rule.dir, &mut all.found)
            {
                // Tests check the planes against the scan.
                #[cfg(test)]
                {
                    let mut check = Vec::new();
                    board.match_row_general(row, rule.dir, &mut check);
                    assert_eq!(&all.found[before..], &check[..], "rule line {} dir {:?}", rule.line, rule.dir);
                }
            } else if self.fast_paths() {
                board.match_row(row, rule.dir, &mut all.found);
            } else {
                board.match_row_general(row, rule.dir, &mut all.found);
            }
            if let Some(area) = local
                && row.ellipses == 0
            {
                keep_local(&mut all.found, before, area, rule.dir, row.len, board.height);
            }
            if all.found.len() == before {
                self.turn.match_pool.push(all);
                return None;
            }
            all.ends.push(all.found.len());
        }
        Some(all)
    }

    pub(super) fn recycle(&mut self, all: RuleMatches) {
        self.turn.match_pool.push(all);
    }

    pub(super) fn try_apply(&mut self, rule: &Rule) -> bool {
        let Some(matches) = self.find_matches(rule) else { return false };
        let tuples = matches.iter().try_fold(1usize, |t, m| t.checked_mul(m.len()));
        if tuples.is_none_or(|t| t > TUPLE_CAP) {
            self.turn.tuples_capped = true;
        }
        let mut result = false;
        let one_cell = match rule.rows.first().map(|r| &r.cells[..]) {
            Some([crate::compile::PatternCell::Cell(p)]) if rule.rows.len() == 1 => p.replace.as_ref(),
            _ => None,
        };
        if let Some(rep) = one_cell
            && self.trace.is_none()
            && self.fast_paths()
            && !rule.rigid
            && rep.random_dir_layers.is_empty()
        {
            // As below, with the word counts chosen once for every match.
            let ms = &matches[0][..matches[0].len().min(TUPLE_CAP)];
            result = self.replace_plain_all(rep, ms);
        } else if let Some(rep) = one_cell {
            // One row of one cell that changes: rewrite each matched cell.
            // The matches are distinct cells and a rewrite touches only its
            // own, so each still matches when its turn comes (no re-check).
            for m in matches[0].iter().take(TUPLE_CAP) {
                if self.replace_cell(rule, rep, m.start) {
                    result = true;
                    if self.trace.is_some() {
                        self.trace_rule(rule, std::slice::from_ref(m));
                    }
                }
            }
        } else if rule.has_replacements
            && matches.len() == 1
            && self.trace.is_none()
            && self.fast_paths()
            && !rule.rigid
            && rule.rows.first().is_some_and(|r| {
                r.cells.iter().all(|c| match c {
                    PatternCell::Cell(p) => p.replace.as_ref().is_none_or(|rep| rep.random_dir_layers.is_empty()),
                    PatternCell::Ellipsis => false,
                })
            })
        {
            // As below, with the word counts chosen once for every match.
            let ms = &matches[0][..matches[0].len().min(TUPLE_CAP)];
            result = self.apply_row_all(rule, ms);
        } else if rule.has_replacements && matches.len() == 1 {
            // One row (most rules): its matches are the tuples.
            for (k, m) in matches[0].iter().take(TUPLE_CAP).enumerate() {
                if self.apply_at(rule, std::slice::from_ref(m), k > 0) {
                    result = true;
                }
            }
        } else if rule.has_replacements {
            // Rows of up to eight count on the stack.
            const SMALL: usize = 8;
            let n = matches.len();
            let (mut idx_small, mut tuple_small) = ([0usize; SMALL], [matches[0][0]; SMALL]);
            let (mut idx_big, mut tuple_big) = (Vec::new(), Vec::new());
            let (idx, tuple): (&mut [usize], &mut [RowMatch]) = if n <= SMALL {
                (&mut idx_small[..n], &mut tuple_small[..n])
            } else {
                idx_big.resize(n, 0);
                tuple_big.resize(n, matches[0][0]);
                (&mut idx_big[..], &mut tuple_big[..])
            };
            let mut count = 0usize;
            loop {
                for (r, &k) in idx.iter().enumerate() {
                    tuple[r] = matches[r][k];
                }
                if self.apply_at(rule, tuple, count > 0) {
                    result = true;
                }
                count += 1;
                if count >= TUPLE_CAP {
                    break;
                }
                // Odometer with row 0 varying fastest.
                let mut r = 0;
                while r < idx.len() {
                    idx[r] += 1;
                    if idx[r] < matches[r].len() {
                        break;
                    }
                    idx[r] = 0;
                    r += 1;
                }
                if r == idx.len() {
                    break;
                }
            }
        }
        self.recycle(matches);
        self.queue_commands(rule);
        result
    }

    pub(super) fn apply_random_group(&mut self, group: &[Rule]) -> bool {
        // Every (rule, tuple) pair in order, without materialising tuples:
        // tuple t of a rule has row r at index (t / prod(len_0..r)) % len_r.
        let mut per_rule: Vec<(usize, RuleMatches, usize)> = Vec::new();
        let mut total = 0usize;
        for (ri, rule) in group.iter().enumerate() {
            if !self.play.board.as_ref().is_some_and(|b| rule.quick.admits(&b.map_obj, &b.map_mov)) {
                continue;
            }
            let Some(matches) = self.find_matches(rule) else { continue };
            let count = matches.iter().fold(1usize, |acc, m| acc.saturating_mul(m.len())).min(TUPLE_CAP);
            total = total.saturating_add(count);
            per_rule.push((ri, matches, count));
        }
        if total == 0 {
            return false;
        }
        let mut pick = self.rng.below(total);
        for (ri, matches, count) in &per_rule {
            if pick >= *count {
                pick -= count;
                continue;
            }
            let mut t = pick;
            let tuple: Vec<RowMatch> = matches
                .iter()
                .map(|m| {
                    let k = t % m.len();
                    t /= m.len();
                    m[k]
                })
                .collect();
            let rule = &group[*ri];
            let modified = self.apply_at(rule, &tuple, false);
            self.queue_commands(rule);
            return modified;
        }
        false
    }

    pub(super) fn apply_at(&mut self, rule: &Rule, tuple: &[RowMatch], check: bool) -> bool {
        let Some(board) = self.play.board.as_ref() else { return false };
        if check && !(self.fast_paths() && rule.matches_stay(&self.game.layer_masks)) {
            for (row, m) in rule.rows.iter().zip(tuple) {
                if !board.row_matches_at(row, rule.dir, *m) {
                    return false;
                }
            }
        }
        let d = board.delta(rule.dir);
        let mut result = false;
        for (row, m) in rule.rows.iter().zip(tuple) {
            let mut p = m.start as isize;
            let mut gap = 0;
            for c in &row.cells {
                match c {
                    crate::compile::PatternCell::Ellipsis => {
                        p += d * m.gaps.get(gap).copied().unwrap_or(0) as isize;
                        gap += 1;
                    }
                    crate::compile::PatternCell::Cell(pat) => {
                        if let Some(rep) = &pat.replace
                            && p >= 0
                            && self.replace_cell(rule, rep, p as usize)
                        {
                            result = true;
                        }
                        p += d;
                    }
                }
            }
        }
        if result && self.trace.is_some() {
            self.trace_rule(rule, tuple);
        }
        result
    }
}

/// `local_radius`: keep the matches from `from` on whose first cell lies in
/// `area` (x then y ranges, see `TurnScratch::local_area`) once a row of
/// `len` cells scanning in `dir` is kept inside it as the reference keeps
/// it; with no area (no player) none is kept.
fn keep_local(
    found: &mut Vec<crate::run::board::RowMatch>,
    from: usize,
    area: Option<(isize, isize, isize, isize)>,
    dir: crate::compile::Direction,
    len: usize,
    height: usize,
) {
    use crate::compile::Direction as D;
    let Some((mut x0, mut x1, mut y0, mut y1)) = area else {
        found.truncate(from);
        return;
    };
    let len = len as isize;
    match dir {
        D::Up => y0 += len - 1,
        D::Down => y1 -= len - 1,
        D::Left => x0 += len - 1,
        D::Right => x1 -= len - 1,
        D::Action => {}
    }
    let h = height.max(1);
    let mut k = from;
    for j in from..found.len() {
        let m = found[j];
        let (x, y) = ((m.start / h) as isize, (m.start % h) as isize);
        if (x0..x1).contains(&x) && (y0..y1).contains(&y) {
            found[k] = m;
            k += 1;
        }
    }
    found.truncate(k);
}

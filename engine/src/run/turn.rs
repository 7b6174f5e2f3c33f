//! One turn: the player's movement, rule groups to a fixpoint (with the
//! reference's loop caps), PuzzleScript Next's `gosub` calls, movement
//! resolution, rigid-body re-simulation, late rules, then the command queue
//! (cancel, restart, sounds, win, checkpoint, again).

use super::board::{Board, RowMatch};
use super::commands::Queued;
use super::trace::{EventKind, QueuedCommand, RuleList};
use super::{Event, GOSUB_CALL_LIMIT, GOSUB_DEPTH_LIMIT, Limit, Session, Snapshot};
use crate::compile::bits;
use crate::compile::{Command, Direction, Game, PatternCell, Quantifier, Rule, RuleSet};
use std::sync::Arc;

/// Runs `$go!(OW, MW)` when the board's object and movement word counts
/// `($ow, $mw)` are ones [`Session::replace_fixed`] is built for; nothing
/// for the others.
macro_rules! fixed_widths {
    ($ow:expr, $mw:expr, $go:ident) => {
        match ($ow, $mw) {
            (1, 1) => $go!(1, 1),
            (1, 2) => $go!(1, 2),
            (1, 3) => $go!(1, 3),
            (2, 1) => $go!(2, 1),
            (2, 2) => $go!(2, 2),
            (2, 3) => $go!(2, 3),
            (3, 1) => $go!(3, 1),
            (3, 2) => $go!(3, 2),
            (3, 3) => $go!(3, 3),
            (4, 2) => $go!(4, 2),
            (4, 3) => $go!(4, 3),
            _ => {}
        }
    };
}

/// Most tuples one rule application will visit (the reference has no cap;
/// we keep turns bounded).
const TUPLE_CAP: usize = 1 << 20;
/// Passes over a rule group before giving up (reference: 200).
const GROUP_LOOP_CAP: usize = 200;
/// Loop-point jumps per rule pass (reference: 200).
const LOOP_POINT_CAP: usize = 200;
/// Rigid re-simulations per turn (reference: 50).
const RIGID_CAP: usize = 50;
/// A rigid game's board as its turn started: objects, movements, rigid
/// groups and rigid marks.
type TurnStart = (Vec<u64>, Vec<u64>, Vec<u64>, Vec<u64>);
/// Undo buffers kept for reuse.
const SPARE_SNAPSHOTS: usize = 4;

/// What kind of turn `process_input` runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TurnMode {
    /// A turn of play: everything happens.
    Play,
    /// The `run_rules_on_level_start` turn: the win conditions are not
    /// checked.
    LevelStart,
    /// The look-ahead before an `again` turn: does another turn change
    /// anything? Nothing is kept, played or won.
    Probe,
}

impl TurnMode {
    fn checks_win(self) -> bool {
        self == TurnMode::Play
    }
    fn keeps_changes(self) -> bool {
        self != TurnMode::Probe
    }
}

/// Which rules a pass runs: the main (non-late) or the late ones; a
/// subroutine called during it runs its rules of the same phase.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Phase {
    Main,
    Late,
}

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

/// The outcome of the rule phase of an `again` look-ahead (the probe turn),
/// keyed by what that phase read: the game, the level's size and objects
/// and the random state (movements and rigid marks are all clear between
/// turns). The again turn that follows a probe normally starts from
/// exactly that state, and the rule phase is a pure function of it, so it
/// takes the probe's outcome instead of running every rule a second time
/// (again chains cost half as much). The command queue, sounds and win
/// checks after the phase still run as usual. A probe that drew random
/// numbers, or hit a limit, is not kept: the again turn starts from the
/// random state the probe left.
#[derive(Debug, Default)]
pub(crate) struct ProbeTurn {
    valid: bool,
    game: Option<Arc<Game>>,
    width: usize,
    height: usize,
    objects: Vec<u64>,
    rng: Option<crate::rng::Rng>,
    after: Option<Board>,
    queue: super::commands::CommandQueue,
    sfx_create: Vec<u64>,
    sfx_destroy: Vec<u64>,
    seeds_move: Vec<String>,
    seeds_cantmove: Vec<String>,
}

/// Look-ahead outcomes kept for the turns without input that start where
/// one of them started: the again turn after a probe, and the probes of
/// an again chain that goes round a cycle of levels (each state's probe is
/// then run once).
#[derive(Debug, Default)]
pub(crate) struct ProbeCache {
    entries: Vec<ProbeTurn>,
    /// The entry the next kept probe replaces.
    next: usize,
    /// Turns that took a kept outcome (for tests).
    pub(crate) hits: usize,
}

/// Probe outcomes kept at once (again chains that cycle mostly go between
/// two states).
const PROBES_KEPT: usize = 4;

impl ProbeTurn {
    /// Whether a turn with no input from `board` and `rng` in `game` would
    /// run the same rule phase as this kept probe.
    fn fits(&self, game: &Arc<Game>, board: &Board, rng: &crate::rng::Rng) -> bool {
        self.valid
            && self.game.as_ref().is_some_and(|g| Arc::ptr_eq(g, game))
            && (self.width, self.height) == (board.width, board.height)
            && self.rng.as_ref() == Some(rng)
            && self.objects == board.objects
    }
}

impl ProbeCache {
    /// The kept probe whose rule phase a turn with no input from `board`
    /// (which must be still) and `rng` in `game` would run.
    fn find(&self, game: &Arc<Game>, board: &Board, rng: &crate::rng::Rng) -> Option<usize> {
        self.entries.iter().position(|p| p.fits(game, board, rng))
    }

    /// Start keeping a probe from `board` and `rng`: the entry it will be
    /// kept in, with the starting state noted (and not yet valid).
    fn begin(&mut self, board: &Board, rng: &crate::rng::Rng) -> usize {
        let k = self.next % PROBES_KEPT;
        if self.entries.len() <= k {
            self.entries.resize_with(k + 1, ProbeTurn::default);
        }
        let p = &mut self.entries[k];
        p.valid = false;
        p.width = board.width;
        p.height = board.height;
        p.objects.clone_from(&board.objects);
        copy_into(&mut p.rng, rng);
        k
    }
}

fn copy_into<T: Clone>(slot: &mut Option<T>, value: &T) {
    match slot {
        Some(v) => v.clone_from(value),
        None => *slot = Some(value.clone()),
    }
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
        (Some(index), phase) => RuleList::Subroutine { index, late: phase == Phase::Late },
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
    /// Whether the fast paths of matching and rewriting may run (tests
    /// turn them off to compare).
    #[inline(always)]
    fn fast_paths(&self) -> bool {
        #[cfg(test)]
        return !self.general_paths;
        #[cfg(not(test))]
        true
    }

    /// The reference's `processInput`: `dir` is None for a no-input turn.
    /// Returns whether the level changed.
    pub(crate) fn process_input(&mut self, dir: Option<Direction>, mode: TurnMode) -> bool {
        self.againing = false;
        let Some(bak) = self.snapshot() else { return false };
        let Some(board) = self.board.as_ref() else { return false };
        let still = board.is_still();
        let kept = if dir.is_none()
            && matches!(mode, TurnMode::Play | TurnMode::Probe)
            && self.trace.is_none()
            && !self.tracing_probe
            && still
        {
            self.probe.find(&self.game, board, &self.rng)
        } else {
            None
        };
        if let Some(k) = kept {
            self.probe.hits += 1;
            self.take_probe(k);
            return self.process_command_queue(bak, mode, false);
        }
        // A probe from a still board is kept if it draws no random number
        // and hits no limit while its rules run.
        let probe_slot =
            (mode == TurnMode::Probe && still).then(|| (self.probe.begin(board, &self.rng), self.limits_seen));
        // Movements are clear between turns: only the object masks need
        // gathering (the player's movements are noted as they are set).
        let fast = self.fast_paths();
        if let Some(board) = self.board.as_mut()
            && !(std::mem::take(&mut board.masks_exact) && fast)
        {
            board.recompute_object_masks();
        }
        let mut player_positions = std::mem::take(&mut self.player_positions);
        player_positions.clear();
        if let Some(d) = dir {
            self.start_movement(d, &mut player_positions);
        }
        if let Some(board) = self.board.as_ref()
            && fast
        {
            self.planes.sync(&self.game, board);
        }
        if self.trace.is_some() {
            if let Some(r) = self.trace.as_deref_mut() {
                r.banned_seen.clear();
            }
            self.trace_event(EventKind::TurnStart { input: dir, level_start: mode == TurnMode::LevelStart });
        }
        let game = Arc::clone(&self.game);
        // Only rigid bodies ban groups: one flag per non-late group.
        let mut banned = if game.rigid {
            let count = game.rules.groups.len() + game.subroutines.iter().map(|s| s.rules.groups.len()).sum::<usize>();
            vec![false; count]
        } else {
            Vec::new()
        };
        let mut banned_unknown = false;
        self.queue.clear();
        let Some(board) = self.board.as_mut() else { return false };
        // Only rigid bodies can send the turn back to its start; other games
        // need no copy of the board to return to.
        let start = game.rigid.then(|| {
            (board.objects.clone(), board.movements.clone(), board.rigid_group.clone(), board.rigid_applied.clone())
        });
        self.sfx_create.fill(0);
        self.sfx_destroy.fill(0);
        self.seeds_move.clear();
        self.seeds_cantmove.clear();

        let mut i = 0;
        loop {
            let mut rigidloop = false;
            i += 1;
            self.apply_rules(Phase::Main, game.rigid.then_some(&banned[..]));
            let should_undo = self.resolve_movements(&mut banned, &mut banned_unknown);
            if should_undo {
                if self.trace.is_some() || self.tracing_probe {
                    self.trace_rigid_fail(&banned);
                }
                rigidloop = true;
                self.rigid_reload(start.as_ref());
            } else {
                if self.trace.is_some() {
                    self.trace_movements();
                    if !game.late_rules.groups.is_empty() {
                        self.trace_event(EventKind::Late);
                    }
                }
                self.apply_rules(Phase::Late, None);
            }
            // Each re-run bans one more group, so the cap is never reached
            // while rigid indices fit their five bits.
            if !rigidloop || i >= RIGID_CAP {
                break;
            }
        }
        self.planes.valid = false;

        if !player_positions.is_empty() && game.metadata.has("require_player_movement") {
            let moved = match self.board.as_ref() {
                Some(b) => player_positions.iter().any(|&p| !bits::intersects(b.cell(p), &game.player.mask)),
                None => true,
            };
            self.player_positions = player_positions;
            if !moved {
                if self.trace.is_some() {
                    self.trace_event(EventKind::CancelNoMovement);
                }
                self.backups.push(bak);
                self.do_undo(true, false);
                self.text_mode = false;
                return false;
            }
        } else {
            self.player_positions = player_positions;
        }

        if let Some((k, limits)) = probe_slot
            && limits == self.limits_seen
            && self.probe.entries.get(k).is_some_and(|p| p.rng.as_ref() == Some(&self.rng))
        {
            self.keep_probe(k);
        }
        self.process_command_queue(bak, mode, dir.is_some())
    }

    /// Put the board back as the turn started (`start`: its objects,
    /// movements and rigid marks then) for a rigid re-run, dropping what
    /// the rules queued.
    fn rigid_reload(&mut self, start: Option<&TurnStart>) {
        if let (Some(board), Some((objects, movements, rg, ra))) = (self.board.as_mut(), start) {
            board.objects.copy_from_slice(objects);
            board.movements.copy_from_slice(movements);
            board.rigid_group.copy_from_slice(rg);
            board.rigid_applied.copy_from_slice(ra);
            board.rigid_marked = true;
            // The movement masks were cleared with the movements.
            board.recompute_all_masks();
            if self.planes.on() {
                self.planes.sync(&self.game, board);
            }
        }
        self.queue.clear();
        self.sfx_create.fill(0);
        self.sfx_destroy.fill(0);
        self.seeds_move.clear();
        if self.trace.is_some() {
            self.trace_event(EventKind::RigidReloop);
        }
    }

    /// A copy of the board's objects (for undo), made in a spare buffer
    /// when there is one.
    fn snapshot(&mut self) -> Option<Snapshot> {
        let b = self.board.as_ref()?;
        let mut objects = self.spare_objects.pop().unwrap_or_default();
        objects.clone_from(&b.objects);
        Some(Snapshot { width: b.width, height: b.height, objects })
    }

    /// Keep `snap`'s buffer for the next [`Session::snapshot`].
    pub(crate) fn spare(&mut self, snap: Snapshot) {
        if self.spare_objects.len() < SPARE_SNAPSHOTS {
            self.spare_objects.push(snap.objects);
        }
    }

    /// Keep the rule phase just run by a probe turn in entry `k` (its
    /// starting state is already there).
    fn keep_probe(&mut self, k: usize) {
        let Some(board) = self.board.as_ref() else { return };
        let Some(p) = self.probe.entries.get_mut(k) else { return };
        p.game = Some(Arc::clone(&self.game));
        copy_into(&mut p.after, board);
        p.queue.clone_from(&self.queue);
        p.sfx_create.clone_from(&self.sfx_create);
        p.sfx_destroy.clone_from(&self.sfx_destroy);
        p.seeds_move.clone_from(&self.seeds_move);
        p.seeds_cantmove.clone_from(&self.seeds_cantmove);
        p.valid = true;
        self.probe.next = k + 1;
    }

    /// Put kept probe `k`'s outcome in place of running the rule phase.
    fn take_probe(&mut self, k: usize) {
        let Some(p) = self.probe.entries.get(k) else { return };
        if let (Some(board), Some(after)) = (self.board.as_mut(), p.after.as_ref()) {
            board.clone_from(after);
        }
        self.queue.clone_from(&p.queue);
        self.sfx_create.clone_from(&p.sfx_create);
        self.sfx_destroy.clone_from(&p.sfx_destroy);
        self.seeds_move.clone_from(&p.seeds_move);
        self.seeds_cantmove.clone_from(&p.seeds_cantmove);
    }

    /// Set the player's movement in `dir`; `positions` gets the player's
    /// cells in index order. The object masks must be exact (they are
    /// gathered first): only columns whose mask holds the player are read.
    fn start_movement(&mut self, dir: Direction, positions: &mut Vec<usize>) {
        let game = self.game.clone();
        let fast = self.fast_paths();
        let Some(board) = self.board.as_mut() else { return };
        let player = &game.player;
        let (h, ow) = (board.height, board.ow);
        let word = player.mask.first().copied().unwrap_or(0);
        for x in 0..board.width {
            if !player.matches(&board.col_obj[x * ow..(x + 1) * ow]) {
                continue;
            }
            if ow == 1 && player.mask.len() == 1 && fast {
                let column = &board.objects[x * h..(x + 1) * h];
                for (y, &o) in column.iter().enumerate() {
                    if if player.aggregate { o & word == word } else { o & word != 0 } {
                        positions.push(x * h + y);
                    }
                }
            } else {
                for i in x * h..(x + 1) * h {
                    if player.matches(board.cell(i)) {
                        positions.push(i);
                    }
                }
            }
        }
        let (ow, mw) = (board.ow, board.mw);
        for &i in positions.iter() {
            // Each player object in the cell moves on its layer.
            for (w, &m) in player.mask.iter().enumerate().take(ow) {
                let mut here = board.objects[i * ow + w] & m;
                while here != 0 {
                    let id = w * 64 + here.trailing_zeros() as usize;
                    here &= here - 1;
                    if let Some(o) = game.objects.get(id) {
                        bits::mov_or(&mut board.movements[i * mw..(i + 1) * mw], o.layer, dir.bit());
                    }
                }
            }
            board.note_movements(i);
        }
    }

    /// One pass over the main or late rules, as PuzzleScript Next runs
    /// them: the reference's groups and loops, plus `gosub`. A `gosub`
    /// queued while a group runs (the last one queued, when several are)
    /// jumps once the group is done, to the same phase's rules of the
    /// subroutine; when those end, the pass goes on after the calling
    /// group. The "something changed" flag that decides loops, and the loop
    /// jump count, are shared by the caller and its subroutines.
    fn apply_rules(&mut self, phase: Phase, banned: Option<&[bool]>) {
        let game = Arc::clone(&self.game);
        let mut stack = std::mem::take(&mut self.call_stack);
        stack.clear();
        self.pending_gosub = None;
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
                r.place = super::trace::Place {
                    list: rule_list(phase, sub),
                    group: gi,
                    pass: 0,
                    loop_round: loop_count as u32,
                };
            }
            let may_match = || {
                let Some(board) = self.board.as_ref() else { return true };
                set.group_masks.get(gi).is_none_or(|m| bits::contains(&board.map_obj, m))
                    && set.group_movements.get(gi).is_none_or(|m| m.is_empty() || bits::intersects(&board.map_mov, m))
            };
            if !is_banned && may_match() {
                let settles = || set.settles(gi, &game.layer_masks);
                loop_propagated = self.apply_group(group, &settles) || loop_propagated;
            }
            let loop_point = set.loop_point.get(gi).copied().flatten();
            let loop_due = loop_propagated && loop_point.is_some();
            if let Some((k, line)) = self.pending_gosub.take() {
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
        self.call_stack = stack;
    }

    /// Count one jump back to group `target` of `set`; false (and the
    /// limit reported) when there have been too many.
    fn loop_jump(&mut self, set: &RuleSet, target: usize, count: &mut usize) -> bool {
        *count += 1;
        if *count > LOOP_POINT_CAP {
            let line = set.groups.get(target).and_then(|g| g.first()).map_or(0, |r| r.line);
            self.limit_hit(Limit::LoopJumps, line);
            if self.trace.is_some() || self.tracing_probe {
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
    fn apply_group(&mut self, group: &[Rule], settles: &dyn Fn() -> bool) -> bool {
        self.tuples_capped = false;
        if group.first().is_some_and(|r| r.random) {
            return self.apply_random_group(group);
        }
        // PuzzleScript Next ends a pass once every rule of the group has
        // been tried since the last change. That only matters to which
        // `gosub` a group takes (a rule that matched without changing
        // anything is not tried again), so only groups with one do it.
        // Asked only when that many rules have been tried (looking through
        // every rule's commands on each call was 8% of robotarm's turns).
        let mut stops_early: Option<bool> = None;
        let has_gosub = || group.iter().any(|r| r.commands.iter().any(|c| matches!(c, Command::Gosub(_))));
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
                let skipped = match self.board.as_ref() {
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
                    if idle < len && idle + skipped as isize >= len && *stops_early.get_or_insert_with(has_gosub) {
                        break;
                    }
                    idle += skipped as isize;
                    k += skipped;
                    continue;
                }
                let rule = &group[k];
                k += 1;
                if self.try_apply(rule) {
                    made_change = true;
                    idle = 0;
                } else {
                    idle += 1;
                }
                if idle == n as isize && *stops_early.get_or_insert_with(has_gosub) {
                    break;
                }
            }
            if made_change {
                has_changes = true;
                if !self.tuples_capped && self.trace.is_none() && settles() {
                    break;
                }
            }
        }
        // The reference reports its cap once the 200th pass has run,
        // whether or not that pass changed anything.
        if loopcount >= GROUP_LOOP_CAP && (self.trace.is_some() || self.tracing_probe) {
            self.trace_or_note(EventKind::LoopCap { line: group.first().map_or(0, |r| r.line) });
        }
        has_changes
    }

    /// Every row's matches, or None when some row has none. Buffers come
    /// from (and should go back to) the session's pool.
    fn find_matches(&mut self, rule: &Rule) -> Option<RuleMatches> {
        let board = self.board.as_ref()?;
        if !bits::contains(&board.map_obj, &rule.rule_mask)
            || !bits::contains(&board.map_mov, &rule.mov_mask)
            || !rule.any_masks.iter().all(|a| bits::intersects(&board.map_obj, a))
            || (self.fast_paths() && rule.quick.ruled_out(&board.map_all, &self.sfx_destroy))
        {
            return None;
        }
        let mut all = self.match_pool.pop().unwrap_or_default();
        all.found.clear();
        all.ends.clear();
        for row in &rule.rows {
            let before = all.found.len();
            if self.planes.on()
                && super::planes::takes(row)
                && self.planes.match_row(board, row, rule.dir, &mut all.found)
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
            if all.found.len() == before {
                self.match_pool.push(all);
                return None;
            }
            all.ends.push(all.found.len());
        }
        Some(all)
    }

    fn recycle(&mut self, all: RuleMatches) {
        self.match_pool.push(all);
    }

    fn try_apply(&mut self, rule: &Rule) -> bool {
        let Some(matches) = self.find_matches(rule) else { return false };
        let tuples = matches.iter().try_fold(1usize, |t, m| t.checked_mul(m.len()));
        if tuples.is_none_or(|t| t > TUPLE_CAP) {
            self.tuples_capped = true;
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

    fn apply_random_group(&mut self, group: &[Rule]) -> bool {
        // Every (rule, tuple) pair in order, without materialising tuples:
        // tuple t of a rule has row r at index (t / prod(len_0..r)) % len_r.
        let mut per_rule: Vec<(usize, RuleMatches, usize)> = Vec::new();
        let mut total = 0usize;
        for (ri, rule) in group.iter().enumerate() {
            if !self.board.as_ref().is_some_and(|b| rule.quick.admits(&b.map_obj, &b.map_mov)) {
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

    fn apply_at(&mut self, rule: &Rule, tuple: &[RowMatch], check: bool) -> bool {
        let Some(board) = self.board.as_ref() else { return false };
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

    fn replace_cell(&mut self, rule: &Rule, rep: &crate::compile::Replacement, i: usize) -> bool {
        if !rule.rigid && rep.random_dir_layers.is_empty() {
            return self.replace_plain(rep, i);
        }
        let game = self.game.clone();
        let mut scratch = std::mem::take(&mut self.scratch);
        let changed = self.replace_cell_with(&game, rule, rep, i, &mut scratch);
        self.scratch = scratch;
        changed
    }

    /// [`Self::replace_cell`] for the common replacements: no random
    /// direction and no rigid bookkeeping, so the cell is rewritten in
    /// place, word by word (a `random` object adds its bit, clears its
    /// layer and stops that layer's movement).
    fn replace_plain(&mut self, rep: &crate::compile::Replacement, i: usize) -> bool {
        let Some(board) = self.board.as_mut() else { return false };
        if i >= board.cells() {
            return false;
        }
        let (ow, mw) = (board.ow, board.mw);
        let fast = self.fast_paths();
        let Some(board) = self.board.as_mut() else { return false };
        if fast {
            macro_rules! fixed {
                ($ow:literal, $mw:literal) => {
                    return if self.planes.on() {
                        self.replace_fixed::<$ow, $mw, true>(rep, i)
                    } else {
                        self.replace_fixed::<$ow, $mw, false>(rep, i)
                    }
                };
            }
            fixed_widths!(ow, mw, fixed);
        }
        // The random object: its id, its layer's object mask, its layer.
        let mut spawn: Option<(usize, &[u64], usize)> = None;
        if !rep.random_objects.is_empty() {
            let id = rep.random_objects[self.rng.below(rep.random_objects.len())];
            if let Some(o) = self.game.objects.get(id) {
                let layer_mask = self.game.layer_masks.get(o.layer).map_or(&[][..], |m| &m[..]);
                spawn = Some((id, layer_mask, o.layer));
            } else {
                spawn = Some((id, &[], usize::MAX));
            }
        }
        let objs = &mut board.objects[i * ow..(i + 1) * ow];
        let mut changed = false;
        for (w, o) in objs.iter_mut().enumerate() {
            let old = *o;
            let (mut clear, mut set) = (rep.obj_clear[w], rep.obj_set[w]);
            if let Some((id, layer_mask, _)) = spawn {
                clear |= layer_mask.get(w).copied().unwrap_or(0);
                if id / 64 == w {
                    set |= 1u64 << (id % 64);
                }
            }
            let new = (old & !clear) | set;
            if new != old {
                self.sfx_create[w] |= new & !old;
                self.sfx_destroy[w] |= old & !new;
                self.planes.flip(i, w, old ^ new);
                *o = new;
                changed = true;
            }
        }
        let objs_changed = changed;
        let mut movs_changed = false;
        for (w, m) in board.movements[i * mw..(i + 1) * mw].iter_mut().enumerate() {
            let mut clear = rep.mov_clear[w];
            if let Some((_, _, layer)) = spawn
                && layer / bits::LAYERS_PER_WORD == w
            {
                clear |= bits::LAYER_BITS << ((layer % bits::LAYERS_PER_WORD) * 5);
            }
            let new = (*m & !clear) | rep.mov_set[w];
            if new != *m {
                self.planes.flip(i, ow + w, *m ^ new);
                *m = new;
                movs_changed = true;
            }
        }
        if objs_changed {
            let (x, y) = (i / board.height, i % board.height);
            for w in 0..ow {
                let v = board.objects[i * ow + w];
                board.row_obj[y * ow + w] |= v;
                board.col_obj[x * ow + w] |= v;
                board.map_obj[w] |= v;
            }
        }
        // The line and level movement masks already cover movements that
        // did not change.
        if movs_changed {
            board.note_movements(i);
        }
        objs_changed || movs_changed
    }

    /// [`Self::apply_at`] for each match of a one-row rule without
    /// ellipses, rigid bodies or random directions, in order: each match
    /// but the first is checked again, then its cells are rewritten in
    /// place (see [`Self::replace_fixed`]). Whether any cell changed.
    fn apply_row_all(&mut self, rule: &Rule, ms: &[RowMatch]) -> bool {
        let (Some(board), Some(row)) = (self.board.as_ref(), rule.rows.first()) else { return false };
        let (ow, mw, cells, d) = (board.ow, board.mw, board.cells() as isize, board.delta(rule.dir));
        // Matches found before any rewrite still hold when no rewrite can
        // undo one.
        let stay = rule.matches_stay(&self.game.layer_masks);
        let mut changed = false;
        macro_rules! each_with {
            ($ow:literal, $mw:literal, $planes:literal) => {{
                for (k, m) in ms.iter().enumerate() {
                    if k > 0 && !stay && !self.board.as_ref().is_some_and(|b| b.row_matches_at(row, rule.dir, *m)) {
                        continue;
                    }
                    let mut p = m.start as isize;
                    for c in &row.cells {
                        if let PatternCell::Cell(pat) = c
                            && let Some(rep) = &pat.replace
                            && (0..cells).contains(&p)
                        {
                            changed |= self.replace_fixed::<$ow, $mw, $planes>(rep, p as usize);
                        }
                        p += d;
                    }
                }
                return changed;
            }};
        }
        macro_rules! each {
            ($ow:literal, $mw:literal) => {{ if self.planes.on() { each_with!($ow, $mw, true) } else { each_with!($ow, $mw, false) } }};
        }
        fixed_widths!(ow, mw, each);
        for (k, m) in ms.iter().enumerate() {
            if self.apply_at(rule, std::slice::from_ref(m), k > 0) {
                changed = true;
            }
        }
        changed
    }

    /// [`Self::replace_plain`] at the start of each of `ms`, in order;
    /// whether any cell changed.
    fn replace_plain_all(&mut self, rep: &crate::compile::Replacement, ms: &[RowMatch]) -> bool {
        let Some(board) = self.board.as_ref() else { return false };
        let (ow, mw, cells) = (board.ow, board.mw, board.cells());
        let mut changed = false;
        macro_rules! each_with {
            ($ow:literal, $mw:literal, $planes:literal) => {{
                for m in ms.iter().filter(|m| m.start < cells) {
                    changed |= self.replace_fixed::<$ow, $mw, $planes>(rep, m.start);
                }
                return changed;
            }};
        }
        macro_rules! each {
            ($ow:literal, $mw:literal) => {{ if self.planes.on() { each_with!($ow, $mw, true) } else { each_with!($ow, $mw, false) } }};
        }
        fixed_widths!(ow, mw, each);
        for m in ms {
            changed |= self.replace_plain(rep, m.start);
        }
        changed
    }

    /// [`Self::replace_plain`] for `OW` words of objects and `MW` of
    /// movements: the random object's masks are folded into the
    /// replacement's first, then each word is rewritten once.
    #[inline(always)]
    /// `PLANES`: whether the planes are kept (see `planes`).
    fn replace_fixed<const OW: usize, const MW: usize, const PLANES: bool>(
        &mut self,
        rep: &crate::compile::Replacement,
        i: usize,
    ) -> bool {
        let Some(board) = self.board.as_mut() else { return false };
        let (Ok(mut clear), Ok(mut set), Ok(mut mclear), Ok(mset)) = (
            <[u64; OW]>::try_from(&rep.obj_clear[..]),
            <[u64; OW]>::try_from(&rep.obj_set[..]),
            <[u64; MW]>::try_from(&rep.mov_clear[..]),
            <[u64; MW]>::try_from(&rep.mov_set[..]),
        ) else {
            return false;
        };
        if !rep.random_objects.is_empty() {
            // The random object: its bit, its layer's objects cleared and
            // that layer's movement stopped.
            let id = rep.random_objects[self.rng.below(rep.random_objects.len())];
            if let Some(o) = self.game.objects.get(id) {
                if let Some(lm) = self.game.layer_masks.get(o.layer) {
                    for (c, m) in clear.iter_mut().zip(lm.iter()) {
                        *c |= m;
                    }
                }
                if let Some(c) = mclear.get_mut(o.layer / bits::LAYERS_PER_WORD) {
                    *c |= bits::LAYER_BITS << ((o.layer % bits::LAYERS_PER_WORD) * 5);
                }
            }
            if let Some(w) = set.get_mut(id / 64) {
                *w |= 1u64 << (id % 64);
            }
        }
        let (Some(objs), Some(movs)) =
            (board.objects.get_mut(i * OW..i * OW + OW), board.movements.get_mut(i * MW..i * MW + MW))
        else {
            return false;
        };
        let (Some(created), Some(destroyed)) = (self.sfx_create.get_mut(..OW), self.sfx_destroy.get_mut(..OW)) else {
            return false;
        };
        let mut objs_changed = false;
        let mut new = [0u64; OW];
        for w in 0..OW {
            let old = objs[w];
            new[w] = (old & !clear[w]) | set[w];
            created[w] |= new[w] & !old;
            destroyed[w] |= old & !new[w];
            if new[w] != old {
                objs_changed = true;
                if PLANES {
                    self.planes.flip(i, w, old ^ new[w]);
                }
            }
            objs[w] = new[w];
        }
        let mut movs_changed = false;
        for w in 0..MW {
            let old = movs[w];
            let m = (old & !mclear[w]) | mset[w];
            if m != old {
                movs_changed = true;
                if PLANES {
                    self.planes.flip(i, OW + w, old ^ m);
                }
            }
            movs[w] = m;
        }
        if objs_changed {
            let (x, y) = (i / board.height, i % board.height);
            if let Some(row) = board.row_obj.get_mut(y * OW..y * OW + OW) {
                for w in 0..OW {
                    row[w] |= new[w];
                }
            }
            if let Some(col) = board.col_obj.get_mut(x * OW..x * OW + OW) {
                for w in 0..OW {
                    col[w] |= new[w];
                }
            }
            for (a, n) in board.map_obj.iter_mut().zip(new) {
                *a |= n;
            }
        }
        // The line and level movement masks already cover movements that
        // did not change.
        if movs_changed {
            board.note_movements(i);
        }
        objs_changed || movs_changed
    }

    fn replace_cell_with(
        &mut self,
        game: &crate::compile::Game,
        rule: &Rule,
        rep: &crate::compile::Replacement,
        i: usize,
        scratch: &mut Vec<u64>,
    ) -> bool {
        let Some(board) = self.board.as_mut() else { return false };
        if i >= board.cells() {
            return false;
        }
        let (ow, mw) = (board.ow, board.mw);
        scratch.clear();
        scratch.resize(3 * ow + 3 * mw, 0);
        let (obj_set, rest) = scratch.split_at_mut(ow);
        let (obj_clear, rest) = rest.split_at_mut(ow);
        let (new, rest) = rest.split_at_mut(ow);
        let (mov_set, rest) = rest.split_at_mut(mw);
        let (mov_clear, newm) = rest.split_at_mut(mw);
        obj_set.copy_from_slice(&rep.obj_set);
        obj_clear.copy_from_slice(&rep.obj_clear);
        mov_set.copy_from_slice(&rep.mov_set);
        mov_clear.copy_from_slice(&rep.mov_clear);
        if !rep.random_objects.is_empty() {
            let id = rep.random_objects[self.rng.below(rep.random_objects.len())];
            bits::set_bit(obj_set, id);
            if let Some(o) = game.objects.get(id) {
                if let Some(lm) = game.layer_masks.get(o.layer) {
                    bits::or_into(obj_clear, lm);
                }
                bits::mov_or(mov_clear, o.layer, bits::LAYER_BITS);
            }
        }
        for &layer in &rep.random_dir_layers {
            let r = self.rng.below(4);
            bits::mov_or(mov_set, layer, 1u64 << r);
        }
        let old = &board.objects[i * ow..(i + 1) * ow];
        for w in 0..ow {
            new[w] = (old[w] & !obj_clear[w]) | obj_set[w];
        }
        let oldm = &board.movements[i * mw..(i + 1) * mw];
        for w in 0..mw {
            newm[w] = (oldm[w] & !mov_clear[w]) | mov_set[w];
        }
        let mut rigid_change = false;
        if rule.rigid {
            // Reuse obj_set's slot count is not enough in general: build the
            // rigid mask in mov_set (no longer needed).
            let rigid_mask = mov_set;
            rigid_mask.fill(0);
            for layer in 0..game.layer_count {
                bits::mov_or(rigid_mask, layer, rule.rigid_index);
            }
            for (a, b) in rigid_mask.iter_mut().zip(rep.mov_layers.iter()) {
                *a &= b;
            }
            let cur_g = &board.rigid_group[i * mw..(i + 1) * mw];
            let cur_a = &board.rigid_applied[i * mw..(i + 1) * mw];
            if !bits::contains(cur_g, rigid_mask) && !bits::contains(cur_a, &rep.mov_layers) {
                board.rigid_marked = true;
                bits::or_into(&mut board.rigid_group[i * mw..(i + 1) * mw], rigid_mask);
                bits::or_into(&mut board.rigid_applied[i * mw..(i + 1) * mw], &rep.mov_layers);
                rigid_change = true;
            }
        }
        let old = &board.objects[i * ow..(i + 1) * ow];
        let oldm = &board.movements[i * mw..(i + 1) * mw];
        if old == &new[..] && oldm == &newm[..] && !rigid_change {
            return false;
        }
        for w in 0..ow {
            self.sfx_create[w] |= new[w] & !old[w];
            self.sfx_destroy[w] |= old[w] & !new[w];
            self.planes.flip(i, w, old[w] ^ new[w]);
        }
        for w in 0..mw {
            self.planes.flip(i, ow + w, oldm[w] ^ newm[w]);
        }
        board.objects[i * ow..(i + 1) * ow].copy_from_slice(new);
        board.movements[i * mw..(i + 1) * mw].copy_from_slice(newm);
        board.note_objects(i, new);
        board.note_movements(i);
        true
    }

    /// The reference's `queueCommands`: a cancel overrides everything, a
    /// restart everything but a cancel; each command is queued once. A
    /// `gosub` is not queued: it waits for its group to end, and a later one
    /// replaces it (PuzzleScript Next).
    fn queue_commands(&mut self, rule: &Rule) {
        if rule.commands.is_empty() {
            return;
        }
        let pre_cancel = self.queue.has(Queued::Cancel);
        let pre_restart = self.queue.has(Queued::Restart);
        let cur_cancel = rule.commands.contains(&Command::Cancel);
        let cur_restart = rule.commands.contains(&Command::Restart);
        if pre_cancel || (pre_restart && !cur_cancel) {
            return;
        }
        if cur_cancel || cur_restart {
            self.queue.clear();
        }
        for command in &rule.commands {
            let queued = match command {
                Command::Gosub(k) => {
                    self.pending_gosub = Some((*k, rule.line));
                    continue;
                }
                Command::Cancel => Queued::Cancel,
                Command::Restart => Queued::Restart,
                Command::Win => Queued::Win,
                Command::Again => Queued::Again,
                Command::Checkpoint => Queued::Checkpoint,
                Command::Message(_) => Queued::Message,
                Command::Sound(k) => Queued::Sound(*k),
            };
            if self.queue.push(queued, rule.line) {
                if let Command::Message(text) = command {
                    self.queue.set_message(Some(Arc::clone(text)));
                }
                if self.trace.is_some() {
                    self.trace_event(EventKind::Command { line: rule.line, command: traced_command(queued) });
                }
            }
        }
    }

    fn resolve_movements(&mut self, banned: &mut [bool], banned_unknown: &mut bool) -> bool {
        let game = self.game.clone();
        let before = if self.trace.is_some() { self.trace_moves_before() } else { None };
        let Some(board) = self.board.as_mut() else { return false };
        let n = board.cells();
        let mut guard = 0;
        let (h, mw) = (board.height, board.mw);
        loop {
            let mut moved = false;
            for x in 0..board.width {
                // The column masks hold every movement the column has had
                // this turn: a column without any has nothing to move.
                if bits::is_zero(&board.col_mov[x * mw..(x + 1) * mw]) {
                    continue;
                }
                for i in x * h..((x + 1) * h).min(n) {
                    if board.movements[i * mw..(i + 1) * mw].iter().any(|&m| m != 0)
                        && reposition_cell(board, &game, i, &mut self.seeds_move, &mut self.planes)
                    {
                        moved = true;
                    }
                }
            }
            guard += 1;
            if !moved || guard > 10_000 {
                break;
            }
        }
        if let (Some(before), Some(r)) = (before.as_ref(), self.trace.as_deref_mut()) {
            Session::trace_moves_after(r, &game, board, before);
        }
        let mut do_undo = false;
        if !game.rigid && game.sounds.cantmove.is_empty() {
            // The leftover movements matter only to rigid bodies and
            // cantmove sounds.
            self.planes.clear_movements(&board.map_mov);
            board.clear_movements();
            return false;
        }
        // One buffer for every cell's leftover movements (no allocation per cell).
        let mut mm: Vec<u64> = Vec::with_capacity(mw);
        // Columns without any movement this turn are passed over.
        let moving_columns: Vec<usize> =
            (0..board.width).filter(|&x| !bits::is_zero(&board.col_mov[x * mw..(x + 1) * mw])).collect();
        for i in moving_columns.into_iter().flat_map(|x| x * h..((x + 1) * h).min(n)) {
            if !bits::is_zero(board.movs(i)) {
                mm.clear();
                mm.extend_from_slice(board.movs(i));
                if game.rigid {
                    let ra = &board.rigid_applied[i * mw..(i + 1) * mw];
                    if !bits::is_zero(ra) {
                        for (a, b) in mm.iter_mut().zip(ra) {
                            *a &= b;
                        }
                        if !bits::is_zero(&mm) {
                            for layer in 0..game.layer_count {
                                if bits::mov_get(&mm, layer) != 0 {
                                    let rgi = bits::mov_get(&board.rigid_group[i * mw..(i + 1) * mw], layer);
                                    let group = (rgi as usize).checked_sub(1).and_then(|r| game.rigid_to_group.get(r));
                                    match group {
                                        Some(&g) => {
                                            if let Some(b) = banned.get_mut(g)
                                                && !*b
                                            {
                                                *b = true;
                                                do_undo = true;
                                            }
                                        }
                                        None => {
                                            if !*banned_unknown {
                                                *banned_unknown = true;
                                                do_undo = true;
                                            }
                                        }
                                    }
                                    break;
                                }
                            }
                        }
                    }
                }
                let cell = board.cell(i);
                for o in &game.sounds.cantmove {
                    if bits::get_bit(cell, o.object)
                        && bits::mov_get(&mm, o.layer) & o.dirs != 0
                        && !self.seeds_cantmove.contains(&o.seed)
                    {
                        self.seeds_cantmove.push(o.seed.clone());
                    }
                }
            }
        }
        // Every cell's movements are spent: cleared at once, not per cell
        // (a call to memset per cell and array was 5% of a turn).
        self.planes.clear_movements(&board.map_mov);
        board.clear_movements();
        do_undo
    }

    fn process_command_queue(&mut self, bak: Snapshot, mode: TurnMode, had_input: bool) -> bool {
        let keeps = mode.keeps_changes();
        if self.queue.has(Queued::Cancel) {
            if self.trace.is_some() {
                let line = self.queue.line_of(Queued::Cancel);
                self.trace_event(EventKind::Cancel { line });
            }
            if keeps {
                self.output_commands();
            }
            let commands_left = self.queue.has_other_than(Queued::Cancel);
            self.backups.push(bak);
            self.do_undo(true, false);
            self.play_event("cancel");
            return commands_left;
        }
        if self.queue.has(Queued::Restart) {
            if self.trace.is_some() {
                let line = self.queue.line_of(Queued::Restart);
                self.trace_event(EventKind::Restart { line });
            }
            if keeps {
                self.output_commands();
            }
            self.backups.push(bak.clone());
            if keeps {
                self.do_restart(true);
            }
        }
        let mut modified = false;
        let changed = self.board.as_ref().is_some_and(|b| b.objects != bak.objects);
        if changed {
            if !keeps {
                self.backups.push(bak);
                self.do_undo(true, false);
                return true;
            }
            if had_input {
                self.backups.push(bak);
            } else {
                self.spare(bak);
            }
            self.redo_stack.clear();
            modified = true;
        } else {
            self.spare(bak);
        }
        if !keeps && (self.queue.has(Queued::Win) || self.queue.has(Queued::Restart)) {
            return true;
        }
        if keeps {
            let game = self.game.clone();
            for s in self.seeds_cantmove.iter().chain(self.seeds_move.iter()) {
                self.events.push(Event::Sound(s.clone()));
            }
            for (mask, seed) in &game.sounds.create {
                if bits::intersects(&self.sfx_create, mask) {
                    self.events.push(Event::Sound(seed.clone()));
                }
            }
            for (mask, seed) in &game.sounds.destroy {
                if bits::intersects(&self.sfx_destroy, mask) {
                    self.events.push(Event::Sound(seed.clone()));
                }
            }
            self.output_commands();
        }
        if !self.text_mode {
            self.check_win(mode.checks_win());
        }
        // `winning` is never set in the unit-testing flow the conformance
        // data was recorded with: a win advances the level at once.
        if self.queue.has(Queued::Checkpoint) {
            if self.trace.is_some() {
                let line = self.queue.line_of(Queued::Checkpoint);
                self.trace_event(EventKind::Checkpoint { line });
            }
            if let Some(b) = self.board.as_ref() {
                self.restart_target = Some(Snapshot::of(b));
            }
            self.events.push(Event::Checkpoint);
        }
        if modified && self.queue.has(Queued::Again) {
            let line = self.queue.line_of(Queued::Again);
            // The look-ahead turn is not part of the story (the reference
            // does not log it either).
            let recorder = self.trace.take();
            // A traced session runs its look-ahead in full too.
            self.tracing_probe = recorder.is_some();
            let again = self.process_input(None, TurnMode::Probe);
            self.tracing_probe = false;
            self.trace = recorder;
            if again {
                self.againing = true;
            }
            if self.trace.is_some() {
                // The reference's look-ahead logs what it logs whatever
                // the logging level: the caps it hits and its rigid
                // failures, before the again line.
                for kind in std::mem::take(&mut self.probe_notes) {
                    self.trace_event(kind);
                }
                self.trace_event(if again { EventKind::Again { line } } else { EventKind::AgainSkipped { line } });
            }
        }
        if self.trace.is_some() {
            self.trace_event(EventKind::TurnEnd);
        }
        self.queue.clear();
        modified
    }

    /// Play the queued sounds and show the queued message, in queue order.
    fn output_commands(&mut self) {
        let game = Arc::clone(&self.game);
        let message = self.queue.message().cloned();
        for (c, _line) in self.queue.iter() {
            match c {
                Queued::Sound(k) => {
                    let name = crate::compile::model::sfx_name(k);
                    if let Some(seed) = game.sounds.events.get(name) {
                        self.events.push(Event::EventSound(name.to_owned(), seed.clone()));
                    }
                }
                Queued::Message => {
                    let text = message.as_deref().unwrap_or_default();
                    self.events.push(Event::Message(text.to_owned()));
                }
                _ => {}
            }
        }
    }

    fn check_win(&mut self, do_win: bool) {
        if self.queue.has(Queued::Win) {
            if self.trace.is_some() {
                self.trace_win();
            }
            if do_win {
                self.do_win();
            }
            return;
        }
        if self.game.win_conditions.is_empty() {
            return;
        }
        let Some(board) = self.board.as_ref() else { return };
        let n = board.cells();
        let passed = if board.ow == 1 && self.fast_paths() {
            self.game.win_conditions.iter().all(|wc| win_condition_holds_narrow(wc, board))
        } else {
            self.game.win_conditions.iter().all(|wc| {
                let (subject, target) = (&wc.subject, &wc.target);
                match wc.quantifier {
                    Quantifier::No => (0..n).all(|i| {
                        let c = board.cell(i);
                        !(subject.matches(c) && target.matches(c))
                    }),
                    Quantifier::Some => (0..n).any(|i| {
                        let c = board.cell(i);
                        subject.matches(c) && target.matches(c)
                    }),
                    Quantifier::All => (0..n).all(|i| {
                        let c = board.cell(i);
                        !subject.matches(c) || target.matches(c)
                    }),
                }
            })
        };
        if passed && self.trace.is_some() {
            self.trace_win();
        }
        if passed && do_win {
            self.do_win();
        }
    }

    /// Record that the win conditions hold.
    fn trace_win(&mut self) {
        let ignored = self.trace.as_deref().is_some_and(|r| r.level_start);
        self.trace_event(if ignored { EventKind::WinIgnored } else { EventKind::Win });
    }
}

/// Whether win condition `wc` holds on a level of one object word per
/// cell: [`Session::check_win`]'s scan on plain words. Only the columns
/// whose mask (a superset of their cells' objects) could hold a cell that
/// decides it are read: a cell that is the subject, or on the target,
/// makes its column's mask so too.
fn win_condition_holds_narrow(wc: &crate::compile::WinCondition, board: &Board) -> bool {
    let word = |m: &crate::compile::ObjectMatch| (m.mask.first().copied().unwrap_or(0), m.aggregate);
    let ((sm, sa), (tm, ta)) = (word(&wc.subject), word(&wc.target));
    let is = |o: u64, m: u64, aggregate: bool| if aggregate { o & m == m } else { o & m != 0 };
    let both = |o: u64| is(o, sm, sa) && is(o, tm, ta);
    let mut columns = board.objects.chunks_exact(board.height.max(1)).zip(&board.col_obj);
    match wc.quantifier {
        Quantifier::No => !columns.any(|(cells, &c)| both(c) && cells.iter().any(|&o| both(o))),
        Quantifier::Some => columns.any(|(cells, &c)| both(c) && cells.iter().any(|&o| both(o))),
        Quantifier::All => {
            columns.all(|(cells, &c)| !is(c, sm, sa) || cells.iter().all(|&o| !is(o, sm, sa) || is(o, tm, ta)))
        }
    }
}

/// The trace's name for a queued command.
fn traced_command(q: Queued) -> QueuedCommand {
    match q {
        Queued::Cancel => QueuedCommand::Cancel,
        Queued::Restart => QueuedCommand::Restart,
        Queued::Win => QueuedCommand::Win,
        Queued::Again => QueuedCommand::Again,
        Queued::Checkpoint => QueuedCommand::Checkpoint,
        Queued::Message => QueuedCommand::Message,
        Queued::Sound(k) => QueuedCommand::Sound(k),
    }
}

/// Move what can move out of cell `i`, layer by layer in order; true if
/// anything moved. Only the layers with a movement are visited; the
/// movements left are a subset of those before, so the masks still cover
/// them.
fn reposition_cell(
    board: &mut Board,
    game: &crate::compile::Game,
    i: usize,
    seeds: &mut Vec<String>,
    planes: &mut super::planes::Planes,
) -> bool {
    let mw = board.mw;
    let mut moved = false;
    for w in 0..mw {
        let mut word = board.movements[i * mw + w];
        while word != 0 {
            let slot = word.trailing_zeros() as usize / 5;
            let layer = w * bits::LAYERS_PER_WORD + slot;
            if slot >= bits::LAYERS_PER_WORD || layer >= game.layer_count {
                break;
            }
            word &= !(bits::LAYER_BITS << (slot * 5));
            let lm = bits::mov_get(&board.movements[i * mw..(i + 1) * mw], layer);
            if lm != 0 && reposition_on_layer(board, game, i, layer, lm, seeds, planes) {
                bits::mov_clear(&mut board.movements[i * mw..(i + 1) * mw], layer, lm);
                planes.flip(i, board.ow + w, lm << (slot * 5));
                moved = true;
            }
        }
    }
    moved
}

fn reposition_on_layer(
    board: &mut Board,
    game: &crate::compile::Game,
    i: usize,
    layer: usize,
    dir: u64,
    seeds: &mut Vec<String>,
    planes: &mut super::planes::Planes,
) -> bool {
    let (dx, dy): (isize, isize) = match dir {
        1 => (0, -1),
        2 => (0, 1),
        4 => (-1, 0),
        8 => (1, 0),
        3 | 15 | 16 => (0, 0),
        _ => return false,
    };
    let h = board.height;
    let (x, y) = ((i / h) as isize, (i % h) as isize);
    let (maxx, maxy) = (board.width as isize - 1, h as isize - 1);
    if (x == 0 && dx < 0) || (x == maxx && dx > 0) || (y == 0 && dy < 0) || (y == maxy && dy > 0) {
        return false;
    }
    let t = (i as isize + dy + dx * h as isize) as usize;
    let Some(lm) = game.layer_masks.get(layer) else { return false };
    if bits::intersects(board.cell(t), lm) && dir != 16 {
        return false;
    }
    if let Some(list) = game.sounds.moves.get(layer) {
        for o in list {
            if bits::get_bit(board.cell(i), o.object)
                && bits::mov_get(board.movs(i), layer) & o.dirs != 0
                && !seeds.contains(&o.seed)
            {
                seeds.push(o.seed.clone());
            }
        }
    }
    if t == i {
        return true;
    }
    let ow = board.ow;
    let (tx, ty) = (t / h, t % h);
    for w in 0..ow {
        let moving = board.objects[i * ow + w] & lm[w];
        // What moves leaves one cell for another (which had none of the
        // layer's objects).
        planes.flip(i, w, moving);
        planes.flip(t, w, moving);
        board.objects[i * ow + w] &= !lm[w];
        board.objects[t * ow + w] |= moving;
        board.row_obj[ty * ow + w] |= moving;
        board.col_obj[tx * ow + w] |= moving;
        // The cell moved from may now lack what every cell had.
        board.map_all[w] &= board.objects[i * ow + w];
    }
    true
}

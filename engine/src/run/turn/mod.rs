//! One turn: the player's movement, rule groups to a fixpoint (with the
//! reference's loop caps), PuzzleScript Next's `gosub` calls, movement
//! resolution, rigid-body re-simulation, late rules, then the command queue
//! (cancel, restart, sounds, win, checkpoint, again).
//!
//! `mod.rs` is the turn's order of work (`process_input`) and the undo
//! snapshot; `movement.rs` the player's movement and movement resolution;
//! `rules.rs` rule groups, loops and `gosub` calls, finding matches;
//! `replace.rs` rewriting matched cells; `commands.rs` the command queue;
//! `win.rs` the win check; `probe.rs` the kept outcome of an again
//! look-ahead.

mod commands;
mod movement;
mod probe;
mod replace;
mod rules;
mod win;

use super::trace::EventKind;
use super::{AskedBy, Duplicates, Mark, Session, Snapshot};
use crate::compile::bits;
use crate::compile::{Direction, Phase};
use std::sync::Arc;

pub(crate) use probe::ProbeCache;
pub(crate) use rules::{Frame, RuleMatches};

/// Rigid re-simulations per turn (reference: 50).
const RIGID_CAP: usize = 50;
/// Undo buffers kept for reuse.
const SPARE_SNAPSHOTS: usize = 4;

/// A rigid game's board as its turn started, for a rigid re-run to go
/// back to.
struct TurnStart {
    /// The objects.
    objects: Vec<u64>,
    /// The movements.
    movements: Vec<u64>,
    /// The rigid group of each cell's layer movements.
    rigid_group: Vec<u64>,
    /// The rigid marks.
    rigid_applied: Vec<u64>,
}

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

    /// Put a mouse turn's object in its cell (`drop`: cell index, what the
    /// click does), added to what the cell holds, as PuzzleScript Next does.
    fn drop_object(&mut self, drop: Option<(usize, Mark)>) {
        let (Some((cell, Mark::Object(object))), Some(board)) = (drop, self.play.board.as_mut()) else { return };
        let ow = board.ow;
        if let Some(objects) = board.objects.get_mut(cell * ow..(cell + 1) * ow) {
            bits::set_bit(objects, object);
        }
        board.masks_exact = false;
    }

    /// Every cell holding a player, into `out`.
    fn player_cells(&self, out: &mut Vec<usize>) {
        let Some(board) = self.play.board.as_ref() else { return };
        let player = &self.game.player.mask;
        out.extend((0..board.cells()).filter(|&p| bits::intersects(board.cell(p), player)));
    }

    /// The reference's `processInput`: `dir` is None for a no-input turn.
    /// Returns whether the level changed.
    pub(crate) fn process_input(&mut self, dir: Option<Direction>, mode: TurnMode) -> bool {
        self.process_turn(dir, None, mode)
    }

    /// [`Session::process_input`], or with `drop` (cell index, object) a
    /// mouse turn as PuzzleScript Next plays one: the object is put in the
    /// cell after the undo copy is taken, then the turn runs with no
    /// movement, counted as an input (undo, `require_player_movement`).
    /// Tweens and `afx:` animations note the moves of each turn of play (a kept look-ahead does
    /// not replay them, so those turns run in full).
    /// The status line (PuzzleScript Next) starts the turn too (`input`:
    /// the player's).
    fn begin_move_notes(&mut self, mode: TurnMode, input: bool) {
        self.begin_status(input);
        // (One length read for `afx:`: a classic turn does no more.)
        self.turn.record_moves =
            mode == TurnMode::Play && (self.game.metadata.tween.is_some() || !self.game.sounds.afx.words.is_empty());
        if self.turn.record_moves {
            self.report.moved.clear();
            self.report.animations.clear();
        }
    }

    /// A turn's start for PuzzleScript Next's status line: a turn with the
    /// player's input clears it, and the turn's first `status` sets it.
    fn begin_status(&mut self, input: bool) {
        self.report.status_set = false;
        if input {
            self.report.status = None;
        }
    }

    /// A `mouse_clicks` turn's mark (`drop`: cell index, what the click
    /// does): every layer of the cell that holds an object gets the
    /// `lclick` or `rclick` movement, as PuzzleScript Next gives it.
    fn mark_click(&mut self, drop: Option<(usize, Mark)>) {
        let bit = match drop {
            Some((_, Mark::LClick)) => 1,
            Some((_, Mark::RClick)) => 2,
            _ => return,
        };
        let (Some((cell, _)), Some(board)) = (drop, self.play.board.as_mut()) else { return };
        let click_layer = bits::click_layer(self.game.layer_count);
        let mw = board.mw;
        for (layer, mask) in self.game.layer_masks.iter().enumerate() {
            if bits::intersects(board.cell(cell), mask)
                && let Some(movs) = board.movements.get_mut(cell * mw..(cell + 1) * mw)
            {
                bits::mov_or(movs, click_layer + layer, bit);
            }
        }
        board.note_movements(cell);
    }

    /// The turn's input: the player's movement, or a mouse turn's click
    /// marks (a dropped object is already in place).
    fn start_input(&mut self, dir: Option<Direction>, drop: Option<(usize, Mark)>, player_positions: &mut Vec<usize>) {
        if let Some(d) = dir {
            self.start_movement(d, player_positions);
        } else if drop.is_some() {
            self.mark_click(drop);
            if self.game.metadata.has("require_player_movement") {
                // A mouse turn moves no player, but PuzzleScript Next still
                // cancels it when no player moved.
                self.player_cells(player_positions);
            }
        }
    }

    pub(crate) fn process_turn(&mut self, dir: Option<Direction>, drop: Option<(usize, Mark)>, mode: TurnMode) -> bool {
        self.mode.againing = false;
        let Some(bak) = self.snapshot() else { return false };
        self.begin_move_notes(mode, dir.is_some() || drop.is_some());
        self.drop_object(drop);
        let Some(board) = self.play.board.as_ref() else { return false };
        // (A turn that notes its moves for tweens is played in full.)
        let still = board.is_still() && !self.turn.record_moves;
        let kept = if dir.is_none()
            && drop.is_none()
            && matches!(mode, TurnMode::Play | TurnMode::Probe)
            && self.trace.is_none()
            && !self.mode.tracing_probe
            && still
        {
            self.caches.probe.find(&self.game, board, &self.rng)
        } else {
            None
        };
        if let Some(k) = kept {
            self.caches.probe.hits += 1;
            self.take_probe(k);
            return self.process_command_queue(bak, mode, false);
        }
        // A probe from a still board is kept if it draws no random number
        // and hits no limit while its rules run.
        let probe_slot = (mode == TurnMode::Probe && still)
            .then(|| (self.caches.probe.begin(board, &self.rng), self.report.limits_seen));
        // Movements are clear between turns: only the object masks need
        // gathering (the player's movements are noted as they are set).
        let fast = self.fast_paths();
        if let Some(board) = self.play.board.as_mut()
            && !(std::mem::take(&mut board.masks_exact) && fast)
        {
            board.recompute_object_masks();
        }
        let mut player_positions = std::mem::take(&mut self.turn.player_positions);
        player_positions.clear();
        self.start_input(dir, drop, &mut player_positions);
        if let Some(board) = self.play.board.as_ref()
            && fast
        {
            self.turn.planes.sync(&self.game, board);
        }
        if self.trace.is_some() {
            if let Some(r) = self.trace.as_deref_mut() {
                r.banned_seen.clear();
            }
            let (level_start, mouse) = (mode == TurnMode::LevelStart, drop.is_some());
            self.trace_event(EventKind::TurnStart { input: dir, level_start, mouse });
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
        self.turn.queue.clear();
        let Some(board) = self.play.board.as_mut() else { return false };
        // Only rigid bodies can send the turn back to its start; other games
        // need no copy of the board to return to.
        let start = game.rigid.then(|| TurnStart {
            objects: board.objects.clone(),
            movements: board.movements.clone(),
            rigid_group: board.rigid_group.clone(),
            rigid_applied: board.rigid_applied.clone(),
        });
        self.turn.sfx_create.fill(0);
        self.turn.sfx_destroy.fill(0);
        self.turn.seeds_move.clear();
        self.turn.seeds_cantmove.clear();

        let mut i = 0;
        loop {
            let mut rigidloop = false;
            i += 1;
            self.apply_rules(Phase::Main, game.rigid.then_some(&banned[..]));
            let should_undo = self.resolve_movements(&mut banned, &mut banned_unknown);
            if should_undo {
                if self.trace.is_some() || self.mode.tracing_probe {
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
        self.turn.planes.valid = false;

        if !player_positions.is_empty() && game.metadata.has("require_player_movement") {
            let moved = match self.play.board.as_ref() {
                Some(b) => player_positions.iter().any(|&p| !bits::intersects(b.cell(p), &game.player.mask)),
                None => true,
            };
            self.turn.player_positions = player_positions;
            if !moved {
                if self.trace.is_some() {
                    self.trace_event(EventKind::CancelNoMovement);
                }
                self.play.backups.push(bak);
                self.do_undo(AskedBy::Game, Duplicates::Keep);
                self.mode.text_mode = false;
                return false;
            }
        } else {
            self.turn.player_positions = player_positions;
        }

        if let Some((k, limits)) = probe_slot
            && limits == self.report.limits_seen
            && self.caches.probe.drew_nothing(k, &self.rng)
        {
            self.keep_probe(k);
        }
        self.process_command_queue(bak, mode, dir.is_some() || drop.is_some())
    }

    /// Put the board back as the turn started (`start`: its objects,
    /// movements and rigid marks then) for a rigid re-run, dropping what
    /// the rules queued.
    fn rigid_reload(&mut self, start: Option<&TurnStart>) {
        if let (Some(board), Some(start)) = (self.play.board.as_mut(), start) {
            board.objects.copy_from_slice(&start.objects);
            board.movements.copy_from_slice(&start.movements);
            board.rigid_group.copy_from_slice(&start.rigid_group);
            board.rigid_applied.copy_from_slice(&start.rigid_applied);
            board.rigid_marked = true;
            // The movement masks were cleared with the movements.
            board.recompute_all_masks();
            if self.turn.planes.on() {
                self.turn.planes.sync(&self.game, board);
            }
        }
        self.turn.queue.clear();
        self.turn.sfx_create.fill(0);
        self.turn.sfx_destroy.fill(0);
        self.turn.seeds_move.clear();
        if self.trace.is_some() {
            self.trace_event(EventKind::RigidReloop);
        }
    }

    /// A copy of the board's objects (for undo), made in a spare buffer
    /// when there is one.
    fn snapshot(&mut self) -> Option<Snapshot> {
        let b = self.play.board.as_ref()?;
        let mut objects = self.caches.spare_objects.pop().unwrap_or_default();
        objects.clone_from(&b.objects);
        Some(Snapshot { width: b.width, height: b.height, objects, options: self.play.options.clone() })
    }

    /// Keep `snap`'s buffer for the next [`Session::snapshot`].
    pub(crate) fn spare(&mut self, snap: Snapshot) {
        if self.caches.spare_objects.len() < SPARE_SNAPSHOTS {
            self.caches.spare_objects.push(snap.objects);
        }
    }
}

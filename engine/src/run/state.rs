//! Saving and restoring the state of the level being played, for tools
//! that explore many futures of one level (the solver): the objects of
//! every cell (movements are always zero between turns), the random
//! generator, the pending `again` flag and the state a restart returns to.
//!
//! Restoring is cheap (no allocation when the board keeps its size) and
//! leaves the session as it was when the state was saved, except that the
//! undo history, redo history and pending events are cleared.

use super::board::Board;
use super::{Session, Snapshot};
use crate::rng::Rng;

/// The state of one level of a session, as [`Session::save_state`] saw it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LevelState {
    level: usize,
    width: usize,
    height: usize,
    objects: Vec<u64>,
    rng: Rng,
    again: bool,
    restart: Option<Vec<u64>>,
}

impl LevelState {
    /// The entry of the LEVELS section this state belongs to.
    #[must_use]
    pub fn level(&self) -> usize {
        self.level
    }

    /// Width and height of the level.
    #[must_use]
    pub fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    /// The objects of every cell: cell `x * height + y`, `obj_words` words
    /// per cell (the layout of [`crate::compile::LevelGrid`]).
    #[must_use]
    pub fn objects(&self) -> &[u64] {
        &self.objects
    }

    /// The objects, to overwrite in place (same length) before a restore.
    pub fn objects_mut(&mut self) -> &mut [u64] {
        &mut self.objects
    }

    /// The random generator.
    #[must_use]
    pub fn rng(&self) -> &Rng {
        &self.rng
    }

    /// Replace the random generator.
    pub fn set_rng(&mut self, rng: &Rng) {
        self.rng.clone_from(rng);
    }

    /// Whether an `again` turn was pending.
    #[must_use]
    pub fn again(&self) -> bool {
        self.again
    }

    /// Set whether an `again` turn is pending.
    pub fn set_again(&mut self, again: bool) {
        self.again = again;
    }

    /// The objects a restart returns to (the level's start or its last
    /// checkpoint), same layout as [`LevelState::objects`].
    #[must_use]
    pub fn restart_objects(&self) -> Option<&[u64]> {
        self.restart.as_deref()
    }

    /// The restart objects, to overwrite in place before a restore.
    pub fn restart_objects_mut(&mut self) -> Option<&mut [u64]> {
        self.restart.as_deref_mut()
    }
}

impl Session {
    /// The state of the level on screen; `None` when no map is showing
    /// (a message, the title screen).
    #[must_use]
    pub fn save_state(&self) -> Option<LevelState> {
        let b = self.play.board.as_ref().filter(|_| !self.mode.text_mode)?;
        Some(LevelState {
            level: self.play.cur_level,
            width: b.width,
            height: b.height,
            objects: b.objects.clone(),
            rng: self.rng.clone(),
            again: self.mode.againing,
            restart: self.play.restart_target.as_ref().map(|s| s.objects.clone()),
        })
    }

    /// Like [`Session::save_state`] into an existing state, reusing its
    /// buffers; returns false (leaving `into` alone) when no map is showing.
    pub fn save_state_into(&self, into: &mut LevelState) -> bool {
        let Some(b) = self.play.board.as_ref().filter(|_| !self.mode.text_mode) else { return false };
        into.level = self.play.cur_level;
        into.width = b.width;
        into.height = b.height;
        into.objects.clone_from(&b.objects);
        into.rng.clone_from(&self.rng);
        into.again = self.mode.againing;
        match (&mut into.restart, &self.play.restart_target) {
            (Some(r), Some(s)) => r.clone_from(&s.objects),
            (r, s) => *r = s.as_ref().map(|s| s.objects.clone()),
        }
        true
    }

    /// The objects of the level on screen (layout of
    /// [`LevelState::objects`]), without copying; `None` when no map is
    /// showing.
    #[must_use]
    pub fn level_objects(&self) -> Option<&[u64]> {
        self.play.board.as_ref().filter(|_| !self.mode.text_mode).map(|b| &b.objects[..])
    }

    /// Put the session back in `state`: its level, objects, generator,
    /// pending `again` and restart target. Undo and redo histories and
    /// pending events are cleared. (The row and column masks are rebuilt at
    /// the start of the next turn, as after an undo.) A state whose object count does not fit
    /// its size or this game is ignored (returns false).
    pub fn restore_state(&mut self, state: &LevelState) -> bool {
        let (ow, mw) = (self.game.obj_words, self.game.mov_words);
        let cells = state.width * state.height;
        if state.objects.len() != cells * ow || state.restart.as_ref().is_some_and(|r| r.len() != cells * ow) {
            return false;
        }
        self.play.cur_level = state.level;
        match self.play.board.as_mut() {
            Some(b) if b.width == state.width && b.height == state.height => {
                b.restore_kept(&state.objects, &mut self.caches.kept_masks);
            }
            _ => self.play.board = Some(Board::new(state.width, state.height, ow, mw, state.objects.clone())),
        }
        self.rng.clone_from(&state.rng);
        self.mode.againing = state.again;
        match (&mut self.play.restart_target, &state.restart) {
            (Some(t), Some(r)) if t.width == state.width && t.height == state.height => t.objects.clone_from(r),
            (t, r) => {
                *t = r.as_ref().map(|r| Snapshot {
                    width: state.width,
                    height: state.height,
                    objects: r.clone(),
                    options: None,
                });
            }
        }
        self.mode.text_mode = false;
        self.mode.title_screen = false;
        self.mode.restarting = false;
        self.turn.queue.clear();
        while let Some(snap) = self.play.backups.pop() {
            self.spare(snap);
        }
        self.play.redo_stack.clear();
        self.report.events.clear();
        self.report.limits_hit.clear();
        true
    }
}

//! Leaving a level without winning it, as PuzzleScript Plus and Next do:
//! a rule's `goto NAME` (to the first entry of a section), a `goto` entry
//! of the LEVELS, a rule's `link` (to where the `link OBJECT NAME` line
//! under the player leads; winning there comes back), and
//! `allow_undo_level` (undo goes back into the level before).
//!
//! A session tells its host with [`Event::Goto`] before the new entry's
//! own events: the host shows no win for it.

use super::{Event, Session, Snapshot};
use crate::compile::Level;

/// A level left by `allow_undo_level`'s rule: its undo states, kept so undo
/// can go back into it.
#[derive(Debug, Clone)]
pub(super) struct EarlierLevel {
    entry: usize,
    backups: Vec<Snapshot>,
    restart_target: Option<Snapshot>,
}

/// Where a `link` came from: winning the linked level comes back here.
#[derive(Debug, Clone)]
pub(super) struct LinkReturn {
    entry: usize,
    board: Snapshot,
    restart_target: Option<Snapshot>,
    /// How many earlier levels were kept when the link was taken.
    earlier: usize,
}

impl Session {
    /// The entry a load of `index` ends on: a `goto` entry leads on to
    /// its section (in a chain at most as long as the LEVELS); `None` when
    /// the chain goes round or leads nowhere.
    pub(super) fn follow_gotos(&self, mut index: usize) -> Option<usize> {
        for _ in 0..=self.game.levels.len() {
            match self.game.levels.get(index) {
                Some(Level::Goto(Some(target))) => index = *target,
                Some(Level::Goto(None)) => return None,
                _ => return Some(index),
            }
        }
        None
    }

    /// Before a new entry loads: with `allow_undo_level`, keep the level
    /// being left and its undo states for undo to come back to.
    pub(super) fn keep_level_for_undo(&mut self) {
        if !self.game.metadata.has("allow_undo_level") || self.play.board.is_none() {
            return;
        }
        let backups = std::mem::take(&mut self.play.backups);
        let restart_target = self.play.restart_target.take();
        self.play.earlier.push(EarlierLevel { entry: self.play.cur_level, backups, restart_target });
    }

    /// Run the turn's queued `goto` or `link` (the turn's changes stay,
    /// but leave no undo step, as in PuzzleScript Plus).
    pub(super) fn jump_queued(&mut self) {
        use super::commands::Queued;
        if self.turn.queue.has(Queued::Goto) {
            let name = self.turn.queue.goto().cloned().unwrap_or_default();
            let mut found = self.game.sections.iter().filter(|s| s.name.trim().eq_ignore_ascii_case(name.trim()));
            if let (Some(s), None) = (found.next(), found.next()) {
                let entry = s.first_entry;
                self.jump_to(entry);
            }
            return;
        }
        let Some(board) = self.play.board.as_ref() else { return };
        let cur = self.play.cur_level;
        let game = self.game.clone();
        let target = (0..board.cells()).filter(|&i| game.player.matches(board.cell(i))).find_map(|i| {
            let cell = board.cell(i);
            // The most recent link line above this level whose object is here.
            game.links.iter().rev().filter(|l| l.from_entry <= cur).find(|l| l.object.matches(cell)).map(|l| l.target)
        });
        let Some(Some(target)) = target else { return };
        let back = LinkReturn {
            entry: cur,
            board: Snapshot::of(board, self.play.options.as_ref()),
            restart_target: self.play.restart_target.clone(),
            earlier: self.play.earlier.len(),
        };
        self.play.links.push(back);
        self.jump_to(target);
    }

    /// Leave for `entry` without a win.
    fn jump_to(&mut self, entry: usize) {
        self.report.events.push(Event::Goto(entry));
        self.load_level(entry);
    }

    /// A win in a level reached by `link`: back to where the link was
    /// taken, and a turn with no input there (as PuzzleScript Next runs
    /// one). False when no link was taken.
    pub(super) fn return_from_link(&mut self) -> bool {
        let Some(back) = self.play.links.pop() else { return false };
        // With `allow_undo_level` the level's undo states were kept when the
        // link was taken: they come back with it.
        let kept = self.play.earlier.drain(back.earlier.min(self.play.earlier.len())..).next();
        self.play.backups = kept.filter(|e| e.entry == back.entry).map(|e| e.backups).unwrap_or_default();
        self.play.redo_stack.clear();
        self.play.cur_level = back.entry;
        self.mode.text_mode = false;
        self.report.events.push(Event::Goto(back.entry));
        self.restore(&back.board);
        self.play.restart_target = back.restart_target;
        self.process_input(None, super::turn::TurnMode::LevelStart);
        true
    }

    /// Undo with no undo state left in this level: with
    /// `allow_undo_level`, back into the level before, as it was before
    /// its last turn. False when there is none.
    pub(super) fn undo_into_earlier_level(&mut self) -> bool {
        let Some(earlier) = self.play.earlier.pop() else { return false };
        // Undoing back past a link's start forgets the link.
        if self.play.links.last().is_some_and(|l| l.earlier >= self.play.earlier.len()) {
            self.play.links.pop();
        }
        let EarlierLevel { entry, mut backups, restart_target } = earlier;
        let Some(snap) = backups.pop().or_else(|| restart_target.clone()) else { return false };
        self.play.cur_level = entry;
        self.play.backups = backups;
        self.play.restart_target = restart_target;
        self.mode.text_mode = false;
        self.report.events.push(Event::Goto(entry));
        self.restore(&snap);
        true
    }
}

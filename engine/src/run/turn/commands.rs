//! A turn's commands: queued as rules match, then run in the reference's
//! order once the rules are done (undo, goto/link, cancel, restart,
//! sounds, win, checkpoint, again, message).

use super::TurnMode;
use crate::compile::bits;
use crate::compile::{Command, Rule};
use crate::run::commands::Queued;
use crate::run::trace::{EventKind, QueuedCommand};
use crate::run::{AskedBy, Duplicates, Event, Session, Snapshot};
use crate::syntax::keywords::SoundEvent;
use std::sync::Arc;

impl Session {
    /// The reference's `queueCommands`: a cancel overrides everything, a
    /// restart everything but a cancel; each command is queued once. A
    /// `gosub` is not queued: it waits for its group to end, and a later one
    /// replaces it (PuzzleScript Next).
    pub(super) fn queue_commands(&mut self, rule: &Rule) {
        if rule.commands.is_empty() {
            return;
        }
        let pre_cancel = self.turn.queue.has(Queued::Cancel);
        let pre_restart = self.turn.queue.has(Queued::Restart);
        let cur_cancel = rule.commands.contains(&Command::Cancel);
        let cur_restart = rule.commands.contains(&Command::Restart);
        if pre_cancel || (pre_restart && !cur_cancel) {
            return;
        }
        if cur_cancel || cur_restart {
            self.turn.queue.clear();
            self.report.status = None;
        }
        for command in &rule.commands {
            let queued = match command {
                Command::Gosub(k) => {
                    self.turn.pending_gosub = Some((*k, rule.line));
                    continue;
                }
                // Set as the rule applies, as PuzzleScript Plus does.
                Command::Twiddle(option, value) => {
                    self.twiddle(*option, value);
                    continue;
                }
                Command::Status(text) => {
                    if !self.report.status_set {
                        self.report.status = Some(Arc::clone(text));
                        self.report.status_set = true;
                    }
                    continue;
                }
                // PuzzleScript Next logs as the rule applies, unqueued.
                Command::Log(text) => {
                    self.report.events.push(Event::Log { line: rule.line, text: text.to_string() });
                    continue;
                }
                Command::Goto(_) => Queued::Goto,
                Command::Link => Queued::Link,
                Command::Cancel => Queued::Cancel,
                Command::Restart => Queued::Restart,
                Command::Win => Queued::Win,
                Command::Again => Queued::Again,
                Command::Checkpoint => Queued::Checkpoint,
                Command::Message(_) => Queued::Message,
                Command::Undo => Queued::Undo,
                Command::Nosave => Queued::Nosave,
                Command::Quit => Queued::Quit,
                Command::Sound(k) => Queued::Sound(*k),
            };
            if self.turn.queue.push(queued, rule.line) {
                match command {
                    Command::Message(text) => self.turn.queue.set_message(Some(Arc::clone(text))),
                    Command::Goto(name) => self.turn.queue.set_goto(Some(Arc::clone(name))),
                    _ => {}
                }
                if self.trace.is_some() {
                    self.trace_event(EventKind::Command { line: rule.line, command: traced_command(queued) });
                }
            }
        }
    }

    /// The commands that end a turn before anything else is looked at:
    /// PuzzleScript Plus's `undo` (the turn is dropped and the state before
    /// the last one saved comes back, with the undo sound), then `goto` and
    /// `link` (the level is left at once, before a cancel or a win, and the
    /// turn is not undone). Gives `bak` back when there is none.
    fn undo_or_jump(&mut self, bak: Snapshot, keeps: bool) -> Result<(), Snapshot> {
        if self.turn.queue.has(Queued::Undo) {
            if keeps {
                self.spare(bak);
                self.do_undo(AskedBy::Game, Duplicates::Keep);
                self.play_event(SoundEvent::Undo);
            } else {
                self.play.backups.push(bak);
                self.do_undo(AskedBy::Game, Duplicates::Keep);
            }
        } else if self.turn.queue.has(Queued::Goto) || self.turn.queue.has(Queued::Link) {
            // A look-ahead only says the turn does something.
            if keeps {
                self.jump_queued();
            }
            self.spare(bak);
        } else {
            return Err(bak);
        }
        self.turn.queue.clear();
        Ok(())
    }

    /// The `create` and `destroy` animations (PuzzleScript Next's `afx:`)
    /// of a turn of play: an object in a cell at its end that was not there
    /// at its start (`before`) and did not move in, or the other way round.
    /// (PuzzleScript Next notes the cells its rules write; comparing the
    /// turn's two ends differs only for what appears and goes again.)
    fn note_afx_changes(&mut self, before: &Snapshot) {
        use crate::afx::{Animation, Event};
        let afx = &self.game.sounds.afx;
        if afx.create.is_empty() && afx.destroy.is_empty() {
            return;
        }
        let Some(board) = self.play.board.as_ref() else { return };
        if (before.width, before.height) != (board.width, board.height) {
            return;
        }
        let (ow, h) = (board.ow, board.height as isize);
        let moved = &self.report.moved;
        let moved_to = |i: usize, layer: usize| moved.iter().any(|m| m.cell == i && m.layer == layer);
        let moved_from = |i: usize, layer: usize| {
            moved.iter().any(|m| {
                let (dx, dy) = m.dir.delta();
                m.layer == layer && m.cell as isize - dx * h - dy == i as isize
            })
        };
        for i in 0..board.cells() {
            let (was, now) = (&before.objects[i * ow..(i + 1) * ow], board.cell(i));
            if was == now {
                continue;
            }
            for (list, event) in [(&afx.create, Event::Create), (&afx.destroy, Event::Destroy)] {
                for t in list {
                    let (had, has) = (bits::get_bit(was, t.object), bits::get_bit(now, t.object));
                    let hit = match event {
                        Event::Create => has && !had && !moved_to(i, t.layer),
                        _ => had && !has && !moved_from(i, t.layer),
                    };
                    if hit {
                        let a = Animation { cell: i, object: t.object, event, dir: 0, afx: t.afx };
                        self.report.animations.push(a);
                    }
                }
            }
        }
    }

    pub(super) fn process_command_queue(&mut self, bak: Snapshot, mode: TurnMode, had_input: bool) -> bool {
        let keeps = mode.keeps_changes();
        let bak = match self.undo_or_jump(bak, keeps) {
            Ok(()) => return true,
            Err(bak) => bak,
        };
        if self.turn.queue.has(Queued::Cancel) {
            if self.trace.is_some() {
                let line = self.turn.queue.line_of(Queued::Cancel);
                self.trace_event(EventKind::Cancel { line });
            }
            if keeps {
                self.output_commands();
            }
            let commands_left = self.turn.queue.has_other_than(Queued::Cancel);
            self.play.backups.push(bak);
            self.do_undo(AskedBy::Game, Duplicates::Keep);
            self.play_event(SoundEvent::Cancel);
            return commands_left;
        }
        if self.turn.queue.has(Queued::Restart) {
            if self.trace.is_some() {
                let line = self.turn.queue.line_of(Queued::Restart);
                self.trace_event(EventKind::Restart { line });
            }
            if keeps {
                self.output_commands();
            }
            self.play.backups.push(bak.clone());
            if keeps {
                self.do_restart(AskedBy::Game);
            }
        }
        let mut modified = false;
        let changed = self.play.board.as_ref().is_some_and(|b| b.objects != bak.objects);
        if changed && self.turn.record_moves {
            self.note_afx_changes(&bak);
        }
        if changed {
            if !keeps {
                self.play.backups.push(bak);
                self.do_undo(AskedBy::Game, Duplicates::Keep);
                return true;
            }
            if had_input && !self.turn.queue.has(Queued::Nosave) {
                self.play.backups.push(bak);
            } else {
                self.spare(bak);
            }
            self.play.redo_stack.clear();
            modified = true;
        } else {
            self.spare(bak);
        }
        if !keeps && (self.turn.queue.has(Queued::Win) || self.turn.queue.has(Queued::Restart)) {
            return true;
        }
        if keeps {
            let game = self.game.clone();
            for s in self.turn.seeds_cantmove.iter().chain(self.turn.seeds_move.iter()) {
                self.report.events.push(Event::Sound(s.clone()));
            }
            for (mask, seed) in &game.sounds.create {
                if bits::intersects(&self.turn.sfx_create, mask) {
                    self.report.events.push(Event::Sound(seed.clone()));
                }
            }
            for (mask, seed) in &game.sounds.destroy {
                if bits::intersects(&self.turn.sfx_destroy, mask) {
                    self.report.events.push(Event::Sound(seed.clone()));
                }
            }
            self.output_commands();
        }
        if keeps && self.turn.queue.has(Queued::Quit) {
            self.report.events.push(Event::Quit);
            self.turn.queue.clear();
            return modified;
        }
        if !self.mode.text_mode {
            self.check_win(mode.checks_win());
        }
        // `winning` is never set in the unit-testing flow the conformance
        // data was recorded with: a win advances the level at once.
        if self.turn.queue.has(Queued::Checkpoint) {
            if self.trace.is_some() {
                let line = self.turn.queue.line_of(Queued::Checkpoint);
                self.trace_event(EventKind::Checkpoint { line });
            }
            // With the options in force: a restart brings them back.
            if let Some(now) = self.play.saved() {
                self.play.restart_target = Some(now);
            }
            self.report.events.push(Event::Checkpoint);
        }
        if modified && self.turn.queue.has(Queued::Again) {
            let line = self.turn.queue.line_of(Queued::Again);
            // The look-ahead turn is not part of the story (the reference
            // does not log it either).
            let recorder = self.trace.take();
            // A traced session runs its look-ahead in full too.
            self.mode.tracing_probe = recorder.is_some();
            let again = self.process_input(None, TurnMode::Probe);
            self.mode.tracing_probe = false;
            self.trace = recorder;
            if again {
                self.mode.againing = true;
            }
            if self.trace.is_some() {
                // The reference's look-ahead logs what it logs whatever
                // the logging level: the caps it hits and its rigid
                // failures, before the again line.
                for kind in std::mem::take(&mut self.report.probe_notes) {
                    self.trace_event(kind);
                }
                self.trace_event(if again { EventKind::Again { line } } else { EventKind::AgainSkipped { line } });
            }
        }
        if self.trace.is_some() {
            self.trace_event(EventKind::TurnEnd);
        }
        self.turn.queue.clear();
        modified
    }

    /// Play the queued sounds and show the queued message, in queue order.
    pub(super) fn output_commands(&mut self) {
        let game = Arc::clone(&self.game);
        let message = self.turn.queue.message().cloned();
        for (c, _line) in self.turn.queue.iter() {
            match c {
                Queued::Sound(k) => {
                    let event = SoundEvent::Sfx(k);
                    if let Some(seed) = game.sounds.events.get(&event) {
                        self.report.events.push(Event::EventSound(event, seed.clone()));
                    }
                }
                Queued::Message => {
                    let text = message.as_deref().unwrap_or_default();
                    self.report.events.push(Event::Message(text.to_owned()));
                }
                _ => {}
            }
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
        Queued::Undo => QueuedCommand::Undo,
        Queued::Nosave => QueuedCommand::Nosave,
        Queued::Quit => QueuedCommand::Quit,
        Queued::Goto => QueuedCommand::Goto,
        Queued::Link => QueuedCommand::Link,
        Queued::Sound(k) => QueuedCommand::Sound(k),
    }
}

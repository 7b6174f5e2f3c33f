//! Inside the flow: keys handled per screen, the session's events turned
//! into screens, sounds and progress, the pause after a win, and the
//! timing of again turns, realtime ticks and key repeats. Everything here
//! is private to `play`; `mod.rs` holds the types and the public calls.

use std::time::Duration;

use super::{
    Checkpoint, Control, EntryNumber, MAX_INTERVAL, Mode, Output, PendingWin, Play, Progress, Step, TitleChoice,
    WIN_PAUSE, entry_number, level_select_items,
};
use crate::compile::{Level, LevelGrid};
use crate::run::{Event, Input, Session};
use crate::syntax::keywords::SoundEvent;

/// Levels the level select moves by with Left and Right.
const LEVEL_SELECT_PAGE: usize = 8;

fn interval(secs: f64, min: f64) -> Duration {
    let secs = if secs.is_finite() { secs } else { min };
    Duration::from_secs_f64(secs.clamp(min, MAX_INTERVAL))
}

impl Play {
    /// Move the clock on to `now`, counting time towards a realtime tick.
    pub(super) fn accrue(&mut self, now: Duration) {
        let now = now.max(self.now);
        if self.realtime_running() {
            self.autotick += now - self.now;
        }
        self.now = now;
    }

    /// The options as the level's rules have left them
    /// (`runtime_metadata_twiddling`), or the game's.
    fn live_metadata(&self) -> &crate::compile::Metadata {
        self.session.as_ref().map_or(&self.game.metadata, |s| s.metadata())
    }

    pub(super) fn realtime_interval(&self) -> Option<Duration> {
        let secs = self.live_metadata().realtime_interval.filter(|s| s.is_finite() && *s > 0.0)?;
        Some(interval(secs, 0.01))
    }

    /// Realtime ticks run while a level is played with no `again` pending.
    pub(super) fn realtime_running(&self) -> bool {
        matches!(self.mode, Mode::Playing) && self.again_due.is_none() && self.session.is_some() && !self.replay
    }

    pub(super) fn again_interval(&self) -> Duration {
        interval(self.live_metadata().again_interval, 0.0)
    }

    pub(super) fn repeat_interval(&self) -> Duration {
        interval(self.live_metadata().key_repeat_interval, 0.01)
    }

    /// Time between repeats: the repeat interval, shared among the keys
    /// held (divided by the square root of their number) except with
    /// `throttle_movement`, as the reference.
    pub(super) fn repeat_tick(&self) -> Duration {
        let base = self.repeat_interval();
        if self.game.metadata.has("throttle_movement") || self.held.len() < 2 {
            return base;
        }
        base.div_f64((self.held.len() as f64).sqrt())
    }

    pub(super) fn has(&self, option: &str) -> bool {
        self.game.metadata.has(option)
    }

    /// A control pressed (`fresh`) or repeating while held.
    pub(super) fn handle(&mut self, control: Control, fresh: bool, now: Duration) {
        if control == Control::Action {
            if fresh {
                self.ignore_held_action = false;
            } else if self.ignore_held_action || self.has("norepeat_action") {
                return;
            }
        }
        match &mut self.mode {
            Mode::Won { .. } => {}
            Mode::Paused(_) => self.pause_control(control, fresh, now),
            Mode::Title { choices, selected } => match control {
                Control::Up | Control::Down => {
                    *selected = if control == Control::Up {
                        selected.saturating_sub(1)
                    } else {
                        (*selected + 1).min(choices.len().saturating_sub(1))
                    };
                    self.generation += 1;
                }
                Control::Action if fresh => {
                    let index = *selected;
                    self.choose(index, now);
                }
                _ => {}
            },
            Mode::LevelSelect { items, selected } => match control {
                Control::Up | Control::Down | Control::Left | Control::Right => {
                    let last = items.len().saturating_sub(1);
                    *selected = match control {
                        Control::Up => selected.saturating_sub(1),
                        Control::Down => (*selected + 1).min(last),
                        Control::Left => selected.saturating_sub(LEVEL_SELECT_PAGE),
                        _ => (*selected + LEVEL_SELECT_PAGE).min(last),
                    };
                    self.generation += 1;
                }
                Control::Action if fresh => {
                    let index = *selected;
                    self.choose(index, now);
                }
                Control::Title | Control::Undo if fresh => {
                    self.enter_title();
                    if let Mode::Title { choices, selected } = &mut self.mode {
                        *selected = choices.iter().position(|c| *c == TitleChoice::LevelSelect).unwrap_or(0);
                    }
                }
                _ => {}
            },
            Mode::Ended => match control {
                Control::Action if fresh => self.enter_title(),
                Control::Title if fresh => self.to_title(now),
                _ => {}
            },
            Mode::Message { entry, .. } => match control {
                Control::Action if fresh => {
                    let entry = *entry;
                    self.dismiss_message(entry, now);
                }
                Control::Title if fresh && self.pauses() => self.enter_pause(),
                Control::Title if fresh => self.to_title(now),
                _ => {}
            },
            Mode::Playing => match control {
                Control::Title if fresh && self.pauses() => self.enter_pause(),
                Control::Title if fresh => self.to_title(now),
                Control::Title => {}
                Control::Undo => {
                    if let Some(session) = self.session.as_mut() {
                        session.undo();
                        self.played.push(Step::Undo);
                    }
                    self.after_turn(now);
                }
                Control::Restart if fresh => {
                    if let Some(session) = self.session.as_mut() {
                        session.restart();
                        self.played.push(Step::Restart);
                    }
                    self.after_turn(now);
                }
                Control::Restart => {}
                Control::Up | Control::Down | Control::Left | Control::Right | Control::Action => {
                    let Some(input) = control.input() else { return };
                    self.play_input(input, now);
                }
            },
        }
    }

    /// A move or action in a level: not while an `again` turn is pending,
    /// not the action key with `noaction`, not the same move again within
    /// the repeat interval with `throttle_movement`.
    pub(super) fn play_input(&mut self, input: Input, now: Duration) {
        if input != Input::Action && self.has("throttle_movement") {
            if let Some((last, at)) = self.last_move
                && last == input
                && now < at + self.repeat_interval()
            {
                return;
            }
            self.last_move = Some((input, now));
        }
        if self.again_due.is_some() || (input == Input::Action && self.has("noaction")) {
            return;
        }
        if let Some(session) = self.session.as_mut() {
            session.input(input);
            self.played.push(Step::Input(input));
        }
        self.after_turn(now);
    }

    pub(super) fn dismiss_message(&mut self, entry: bool, now: Duration) {
        self.generation += 1;
        self.sound_event(SoundEvent::CloseMessage);
        self.ignore_held_action = true;
        if entry {
            if self.entry + 1 < self.game.levels.len() {
                self.load_entry(self.entry + 1, None, now);
            } else {
                self.sound_event(SoundEvent::EndGame);
                self.game_over();
            }
            return;
        }
        self.mode = Mode::Playing;
        match self.pending_win.take() {
            Some(win) => self.begin_win_pause(win, now),
            None => self.schedule_again(now),
        }
    }

    pub(super) fn enter_title(&mut self) {
        self.generation += 1;
        let mut choices = Vec::new();
        if self.progress.can_continue(&self.game) {
            let entry = self.progress.entry;
            let level = entry_number(&self.game, entry).and_then(EntryNumber::level);
            choices.push(TitleChoice::Continue { entry, level });
        }
        // PuzzleScript Plus's `level_select` offers its sections from the
        // start (unless continue opens them, `continue_is_level_select`);
        // otherwise the select appears once a second level is reached.
        let plus = self.game.metadata.level_select.as_ref().filter(|_| !self.game.sections.is_empty());
        match plus {
            Some(o) if !o.continue_is_select => choices.push(TitleChoice::LevelSelect),
            Some(_) => {}
            None => {
                if level_select_items(&self.game, self.progress.reached).len() >= 2 {
                    choices.push(TitleChoice::LevelSelect);
                }
            }
        }
        choices.push(TitleChoice::NewGame);
        self.mode = Mode::Title { choices, selected: 0 };
        self.session = None;
        self.again_due = None;
        self.pending_win = None;
        self.won_tail.clear();
        self.ignore_held_action = true;
    }

    /// The level select, on the level the progress is at (or the first).
    pub(super) fn enter_level_select(&mut self) {
        self.generation += 1;
        let items = level_select_items(&self.game, self.progress.reached);
        let last = self.progress.entry;
        let selected = items.iter().rposition(|i| i.entry <= last).unwrap_or(0);
        self.mode = Mode::LevelSelect { items, selected };
        self.session = None;
        self.again_due = None;
        self.pending_win = None;
        self.won_tail.clear();
        self.ignore_held_action = true;
    }

    pub(super) fn game_over(&mut self) {
        self.generation += 1;
        self.mode = Mode::Ended;
        if !self.replay {
            // A replay keeps the session: its steps still go to it.
            self.session = None;
        }
        self.again_due = None;
        // Every level was reached, and the last section solved: the level
        // select offers them all.
        let reached = self.game.levels.len();
        self.set_progress(Progress { reached, ..Progress::default() });
    }

    /// Load entry `entry` (in range) in a new session; resume it from
    /// `checkpoint` when given and it fits.
    pub(super) fn load_entry(&mut self, entry: usize, checkpoint: Option<&Checkpoint>, now: Duration) {
        self.generation += 1;
        let mut session = self.new_session(entry);
        let events = session.take_events();
        let resumed = checkpoint.filter(|c| c.to_grid(&self.game).is_some_and(|grid| session.resume_from(&grid)));
        self.session = Some(session);
        self.entry = entry;
        self.played.clear();
        self.mode = Mode::Playing;
        self.again_due = None;
        self.pending_win = None;
        self.won_tail.clear();
        self.autotick = Duration::ZERO;
        self.ignore_held_action = true;
        self.expect_entry_message = false;
        self.absorb_all(events);
        if let Some(checkpoint) = resumed {
            self.set_progress(Progress { entry, reached: 0, checkpoint: Some(checkpoint.clone()) });
        }
        self.schedule_again(now);
    }

    /// After any call into the session: pass its events on. A win found in
    /// the turn shows the won board for [`WIN_PAUSE`] (after the rule's
    /// message, if the turn showed one) before the next entry's events.
    pub(super) fn after_turn(&mut self, now: Duration) {
        self.generation += 1;
        let Some(session) = self.session.as_mut() else { return };
        // A tween starts when a turn moved something or set off an
        // animation (undo, restart and a new level leave nothing to slide).
        self.tween_from = (!session.moved().is_empty() || !session.animations().is_empty()).then_some(now);
        let mut events = session.take_events();
        if self.replay {
            self.absorb_all(events);
            return;
        }
        if events.iter().any(|e| matches!(e, Event::Goto(_))) {
            self.absorb_all(events);
            self.schedule_again(now);
            return;
        }
        let change = events.iter().position(|e| matches!(e, Event::LevelChanged(_) | Event::GameWon));
        let Some(change) = change else {
            self.absorb_all(events);
            self.schedule_again(now);
            return;
        };
        // The sounds of the win and of the next entry go with it.
        let mut start = change;
        while start > 0 && matches!(&events[start - 1], Event::EventSound(event, _) if event.is_level_change()) {
            start -= 1;
        }
        let tail = events.split_off(start);
        // The turn won the level: the steps that did it are kept.
        self.last_win = Some((self.entry, std::mem::take(&mut self.played)));
        let board = session.won_board().or_else(|| session.board_grid());
        let board = board.unwrap_or(LevelGrid { width: 0, height: 0, cells: Vec::new() });
        self.absorb_all(events);
        self.again_due = None;
        let win = PendingWin { board, tail };
        if matches!(self.mode, Mode::Message { entry: false, .. }) {
            self.pending_win = Some(win);
        } else {
            self.begin_win_pause(win, now);
        }
    }

    pub(super) fn begin_win_pause(&mut self, win: PendingWin, now: Duration) {
        self.generation += 1;
        let PendingWin { board, mut tail } = win;
        // The end-of-level sound plays now, the next entry's after the pause.
        let ends = tail.iter().take_while(|e| matches!(e, Event::EventSound(SoundEvent::EndLevel, _))).count();
        let endlevel: Vec<Event> = tail.drain(..ends).collect();
        self.absorb_all(endlevel);
        self.won_tail = tail;
        self.mode = Mode::Won { until: now + WIN_PAUSE, board };
    }

    pub(super) fn finish_win(&mut self, now: Duration) {
        self.generation += 1;
        let tail = std::mem::take(&mut self.won_tail);
        self.mode = Mode::Playing;
        self.absorb_all(tail);
        self.ignore_held_action = true;
        // `again` turns the next level's start rules asked for.
        self.schedule_again(now);
    }

    pub(super) fn schedule_again(&mut self, now: Duration) {
        let pending = self.session.as_ref().is_some_and(Session::again_pending);
        self.again_due = (pending && matches!(self.mode, Mode::Playing)).then(|| now + self.again_interval());
    }

    pub(super) fn absorb_all(&mut self, events: Vec<Event>) {
        let mut changed = false;
        for event in events {
            // A checkpoint recorded after the level changed belongs to the
            // harness flow's quirk of running commands on the next level.
            if changed && event == Event::Checkpoint {
                continue;
            }
            changed |= matches!(event, Event::LevelChanged(_) | Event::GameWon);
            self.absorb(event);
        }
    }

    pub(super) fn absorb(&mut self, event: Event) {
        match event {
            Event::Sound(seed) => self.outputs.push(Output::Sound { seed, event: None }),
            Event::EventSound(event, seed) => self.outputs.push(Output::Sound { seed, event: Some(event) }),
            Event::Message(text) => {
                if std::mem::take(&mut self.expect_entry_message) {
                    return;
                }
                if !self.replay {
                    self.sound_event(SoundEvent::ShowMessage);
                }
                self.mode = Mode::Message { text, entry: false };
                self.ignore_held_action = true;
            }
            Event::Checkpoint => {
                let grid = self.session.as_ref().and_then(Session::board_grid);
                if let Some(grid) = grid {
                    let checkpoint = Checkpoint::of_grid(&self.game, &grid);
                    self.set_progress(Progress { entry: self.entry, reached: 0, checkpoint: Some(checkpoint) });
                }
            }
            Event::LevelChanged(entry) => {
                self.entry = entry;
                self.set_progress(Progress { entry, reached: 0, checkpoint: None });
                self.expect_entry_message = false;
                self.mode = match self.game.levels.get(entry) {
                    Some(Level::Message(text)) => {
                        self.expect_entry_message = true;
                        Mode::Message { text: text.clone(), entry: true }
                    }
                    _ => Mode::Playing,
                };
            }
            // A `goto`, `link`, the way back, or undo into the level
            // before: the entry changes without a win.
            Event::Goto(entry) => {
                self.played.clear();
                self.absorb(Event::LevelChanged(entry));
            }
            Event::Log { line, text } => self.outputs.push(Output::Log { line, text }),
            Event::GameWon => self.game_over(),
            // With `enable_pause`, PuzzleScript Next's `quit` opens the
            // pause menu.
            Event::Quit if self.pauses() => self.enter_pause(),
            Event::Quit => {
                self.sound_event(SoundEvent::TitleScreen);
                self.enter_title();
            }
            Event::LimitHit { limit, line } => self.outputs.push(Output::LimitHit { limit, line }),
        }
    }

    /// Keep `progress` (how far the player got only grows).
    pub(super) fn set_progress(&mut self, mut progress: Progress) {
        progress.reached = progress.reached.max(self.progress.reached).max(progress.entry);
        self.outputs.retain(|o| !matches!(o, Output::Progress(_)));
        self.outputs.push(Output::Progress(progress.clone()));
        self.progress = progress;
    }

    /// Queue the game's sound for a global event the flow itself drives
    /// (title screen, start of game, messages shown and closed, end).
    pub(super) fn sound_event(&mut self, event: SoundEvent) {
        if self.replay {
            return;
        }
        if let Some(seed) = self.game.sounds.events.get(&event) {
            self.outputs.push(Output::Sound { seed: seed.clone(), event: Some(event) });
        }
    }
}

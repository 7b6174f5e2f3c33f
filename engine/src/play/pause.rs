//! PuzzleScript Next's pause menu (`enable_pause`): Escape (or a rule's
//! `quit`) in a level or on a message stops the level where it is and
//! offers to resume it, replay it from the start (unless `norestart`),
//! open the level select (with `level_select`) or leave for the title
//! screen. The level's session is kept while the menu shows: no realtime
//! tick, `again` turn or tween runs until the level is resumed. Escape on
//! the menu leaves it as PuzzleScript Next does: for the level select in a
//! game with one, else the title screen.
//!
//! Where we differ from PuzzleScript Next, on purpose: pausing while
//! `again` turns are pending keeps them pending (they run after the
//! level is resumed); PuzzleScript Next undoes the turn instead.

use std::time::Duration;

use super::{Control, Mode, Play, Step};

/// A choice of the pause menu.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PauseChoice {
    /// Back to the level (or message) as it was.
    Resume,
    /// Restart the level (to its checkpoint, as the restart key does).
    Restart,
    /// Open the level select.
    LevelSelect,
    /// Leave for the title screen.
    Title,
}

impl PauseChoice {
    /// The words for it on the menu.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            PauseChoice::Resume => "Resume",
            PauseChoice::Restart => "Restart the level",
            PauseChoice::LevelSelect => "Select a level",
            PauseChoice::Title => "Back to the title screen",
        }
    }
}

/// The menu's state: its choices, the highlighted one, and the screen it
/// was opened from (a level or a message), shown again on resume.
#[derive(Debug)]
pub(super) struct Paused {
    pub(super) choices: Vec<PauseChoice>,
    pub(super) selected: usize,
    pub(super) back: Box<Mode>,
}

impl Play {
    /// Whether Escape (and `quit`) open the pause menu here: a game with
    /// `enable_pause`, in a level or on a message of one.
    pub(super) fn pauses(&self) -> bool {
        self.game.metadata.has_option(crate::options::PreludeOption::EnablePause)
            && !self.replay
            && self.session.is_some()
            && matches!(self.mode, Mode::Playing | Mode::Message { .. })
    }

    /// Open the pause menu over the level or message on screen.
    pub(super) fn enter_pause(&mut self) {
        self.generation += 1;
        let meta = &self.game.metadata;
        let mut choices = vec![PauseChoice::Resume];
        // A message of LEVELS has no level to restart.
        if !meta.has("norestart") && !matches!(self.mode, Mode::Message { entry: true, .. }) {
            choices.push(PauseChoice::Restart);
        }
        if meta.level_select.is_some() {
            choices.push(PauseChoice::LevelSelect);
        }
        choices.push(PauseChoice::Title);
        let back = std::mem::replace(&mut self.mode, Mode::Playing);
        self.mode = Mode::Paused(Paused { choices, selected: 0, back: Box::new(back) });
        self.again_due = None;
        self.held_pointer = None;
        self.ignore_held_action = true;
    }

    /// A control on the pause menu.
    pub(super) fn pause_control(&mut self, control: Control, fresh: bool, now: Duration) {
        let Mode::Paused(menu) = &mut self.mode else { return };
        match control {
            Control::Up | Control::Down => {
                menu.selected = if control == Control::Up {
                    menu.selected.saturating_sub(1)
                } else {
                    (menu.selected + 1).min(menu.choices.len().saturating_sub(1))
                };
                self.generation += 1;
            }
            Control::Action if fresh => {
                let index = menu.selected;
                self.choose_pause(index, now);
            }
            Control::Title if fresh => {
                if self.game.metadata.level_select.is_some() {
                    self.enter_level_select();
                } else {
                    self.to_title(now);
                }
            }
            _ => {}
        }
    }

    /// Take choice `index` of the pause menu.
    pub(super) fn choose_pause(&mut self, index: usize, now: Duration) {
        let Mode::Paused(menu) = &self.mode else { return };
        let Some(&choice) = menu.choices.get(index) else { return };
        match choice {
            PauseChoice::Resume => {
                self.generation += 1;
                let Mode::Paused(menu) = std::mem::replace(&mut self.mode, Mode::Playing) else { return };
                self.mode = *menu.back;
                self.autotick = Duration::ZERO;
                self.ignore_held_action = true;
                self.schedule_again(now);
            }
            PauseChoice::Restart => {
                self.mode = Mode::Playing;
                if let Some(session) = self.session.as_mut() {
                    session.restart();
                    self.played.push(Step::Restart);
                }
                self.autotick = Duration::ZERO;
                self.ignore_held_action = true;
                self.after_turn(now);
            }
            PauseChoice::LevelSelect => self.enter_level_select(),
            PauseChoice::Title => self.to_title(now),
        }
    }
}

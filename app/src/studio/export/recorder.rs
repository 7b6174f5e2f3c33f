//! "Record GIF" in the player: the inputs the player made while
//! recording, kept as a [`Recording`] the GIF export replays.
//!
//! Recording starts on the entry being played, from that entry's start
//! state as the engine loads it (the player's levels always load with the
//! engine's default seed, which the replay uses too). Moves, the action
//! key, undo and restart are kept, and the clicks that played a turn (a
//! mouse game's presses, drags and releases on a cell, as the flow
//! reports them); presses that reached no level (the title, a message)
//! are not.

use engine::play::Control;
use engine::run::{Click, Input};

use super::replay::Recording;
use engine::run::Step;

/// A recording in progress or finished.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Recorder {
    /// What was recorded.
    pub recording: Recording,
    /// Still recording.
    pub on: bool,
}

impl Recorder {
    /// Start recording on LEVELS entry `entry`.
    #[must_use]
    pub fn start(entry: usize) -> Self {
        Self { recording: Recording { level: entry, seed: None, steps: Vec::new() }, on: true }
    }

    /// A control the player pressed while a level was on screen.
    pub fn press(&mut self, control: Control) {
        if !self.on {
            return;
        }
        let step = match control {
            Control::Up => Step::Input(Input::Up),
            Control::Down => Step::Input(Input::Down),
            Control::Left => Step::Input(Input::Left),
            Control::Right => Step::Input(Input::Right),
            Control::Action => Step::Input(Input::Action),
            Control::Undo => Step::Undo,
            Control::Restart => Step::Restart,
            Control::Title => return,
        };
        self.recording.steps.push(step);
    }

    /// A mouse or touch event that played a turn on the level.
    pub fn click(&mut self, click: Click) {
        if self.on {
            self.recording.steps.push(Step::Click(click));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presses_and_clicks_become_steps_while_on() {
        let mut r = Recorder::start(2);
        r.press(Control::Right);
        r.press(Control::Title);
        r.press(Control::Undo);
        r.click(Click::press(3, 1));
        r.on = false;
        r.press(Control::Left);
        r.click(Click::press(0, 0));
        assert_eq!(r.recording.level, 2);
        assert_eq!(r.recording.steps, vec![Step::Input(Input::Right), Step::Undo, Step::Click(Click::press(3, 1))]);
    }
}

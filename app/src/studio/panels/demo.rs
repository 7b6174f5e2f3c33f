//! A solution shown in the player: its inputs one at a time, at a pace a
//! person can follow. Owns only the timing; the player applies the inputs,
//! holds them while the debugger is paused at a breakpoint (F8 goes on),
//! and says the level was won only when its board has won.

use std::time::Duration;

use engine::run::Step;

/// Time between two inputs of a shown solution.
pub const STEP: Duration = Duration::from_millis(300);
/// Time before the first input (the level appears first).
pub const LEAD_IN: Duration = Duration::from_millis(500);

/// What to do this frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tick {
    /// Nothing yet; look again after this long.
    Wait(Duration),
    /// Play this input (a key or a click) now.
    Play(Step),
    /// Every input has been played.
    Done,
}

/// A solution being shown.
#[derive(Clone, Debug)]
pub struct Demo {
    /// The LEVELS entry shown.
    entry: usize,
    inputs: Vec<Step>,
    next: usize,
    due: Option<Duration>,
}

impl Demo {
    /// Show `inputs` winning entry `entry` of LEVELS, the first after
    /// [`LEAD_IN`].
    #[must_use]
    pub fn new(entry: usize, inputs: Vec<Step>) -> Self {
        Self { entry, inputs, next: 0, due: None }
    }

    /// The LEVELS entry shown.
    #[must_use]
    pub fn entry(&self) -> usize {
        self.entry
    }

    /// Hold the next input back (the debugger is paused in a turn): it
    /// comes [`STEP`] after the pause ends, so the turn's end is seen.
    pub fn hold(&mut self, now: Duration) {
        self.due = Some(now + STEP);
    }

    /// What is due at `now` (the first call starts the clock); `ready`
    /// says the game can take an input (no `again` turn pending).
    pub fn tick(&mut self, now: Duration, ready: bool) -> Tick {
        let due = *self.due.get_or_insert(now + LEAD_IN);
        if self.next >= self.inputs.len() {
            return Tick::Done;
        }
        if now < due || !ready {
            return Tick::Wait(due.saturating_sub(now).max(Duration::from_millis(16)));
        }
        let input = self.inputs[self.next];
        self.next += 1;
        self.due = Some(now + STEP);
        Tick::Play(input)
    }

    /// Inputs played and in all.
    #[must_use]
    pub fn position(&self) -> (usize, usize) {
        (self.next, self.inputs.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::run::Input;

    #[test]
    fn inputs_come_one_per_step_after_the_lead_in() {
        let mut demo = Demo::new(1, vec![Step::Input(Input::Left), Step::Input(Input::Up)]);
        let t0 = Duration::from_secs(1);
        assert!(matches!(demo.tick(t0, true), Tick::Wait(_)));
        assert_eq!(demo.tick(t0 + LEAD_IN, true), Tick::Play(Step::Input(Input::Left)));
        assert!(matches!(demo.tick(t0 + LEAD_IN + STEP / 2, true), Tick::Wait(_)));
        // An again turn pending holds the next input back.
        assert!(matches!(demo.tick(t0 + LEAD_IN + STEP, false), Tick::Wait(_)));
        assert_eq!(demo.tick(t0 + LEAD_IN + STEP, true), Tick::Play(Step::Input(Input::Up)));
        assert_eq!(demo.position(), (2, 2));
        assert_eq!(demo.tick(t0 + LEAD_IN + STEP * 2, true), Tick::Done);
    }

    #[test]
    fn a_hold_delays_the_next_input_by_a_step() {
        let mut demo = Demo::new(0, vec![Step::Input(Input::Left), Step::Input(Input::Up)]);
        let t0 = Duration::from_secs(1);
        assert!(matches!(demo.tick(t0, true), Tick::Wait(_)));
        assert_eq!(demo.tick(t0 + LEAD_IN, true), Tick::Play(Step::Input(Input::Left)));
        // Paused for a long while after the first input.
        let resumed = t0 + LEAD_IN + STEP * 10;
        demo.hold(resumed);
        assert!(matches!(demo.tick(resumed, true), Tick::Wait(_)));
        assert_eq!(demo.tick(resumed + STEP, true), Tick::Play(Step::Input(Input::Up)));
    }
}

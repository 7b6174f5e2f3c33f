//! Playing a compiled game: a `Session` holds the level state and runs turns.

use crate::compile::Game;
use std::sync::Arc;

/// A player input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Input {
    /// Move up.
    Up,
    /// Move left.
    Left,
    /// Move down.
    Down,
    /// Move right.
    Right,
    /// The action key.
    Action,
}

/// Something the session tells its host.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// Play the sfxr sound with this seed.
    Sound(String),
}

/// One play-through of a game. (Placeholder until the runtime lands.)
#[derive(Debug)]
pub struct Session {
    _game: Arc<Game>,
}

impl Session {
    /// Load entry `level` of the LEVELS section, seeding the generator.
    #[must_use]
    pub fn new(game: Arc<Game>, _level: usize, _seed: Option<&str>) -> Self {
        Self { _game: game }
    }
    /// One turn with a player input.
    pub fn input(&mut self, _input: Input) {}
    /// One turn with no input (a realtime tick).
    pub fn tick(&mut self) {}
    /// Run one pending `again` turn, if any.
    pub fn run_again(&mut self) {}
    /// Whether the last turn asked for an `again` turn.
    #[must_use]
    pub fn again_pending(&self) -> bool {
        false
    }
    /// Undo the last turn.
    pub fn undo(&mut self) {}
    /// Restart the level (from the last checkpoint).
    pub fn restart(&mut self) {}
    /// The current level in the conformance dump format.
    #[must_use]
    pub fn dump(&self) -> String {
        String::new()
    }
    /// Events since the last call.
    pub fn take_events(&mut self) -> Vec<Event> {
        Vec::new()
    }
}

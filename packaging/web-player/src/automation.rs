//! The page's automation API (`window.puzzlewright.load/input/dump`): a
//! level played exactly as the conformance runner plays a recorded session
//! (`app/src/conformance/sim.rs`): load entry `level` with the random
//! generator seeded by `seed`, run pending `again` turns, then for each
//! input apply it and run the pending `again` turns before returning. A won
//! level advances at once and messages do not wait, as in the recordings.

use std::sync::Arc;

use engine::compile::Game;
use engine::run::{Input, Session};

/// More `again` turns in a row than this means the game never settles (the
/// conformance runner uses the same bound).
pub const AGAIN_LIMIT: usize = 10_000;

/// One input of the automation API, coded as in the conformance files.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// A move or the action key.
    Input(Input),
    /// Undo the last turn.
    Undo,
    /// Restart the level.
    Restart,
    /// A turn with no input (a realtime tick).
    Tick,
}

impl Step {
    /// The step for a conformance code: 0 up, 1 left, 2 down, 3 right,
    /// 4 action, 5 undo, 6 restart, 7 tick (the page maps the words
    /// `"undo"`, `"restart"` and `"tick"` to 5, 6 and 7).
    #[must_use]
    pub fn from_code(code: i32) -> Option<Step> {
        Some(match code {
            0 => Step::Input(Input::Up),
            1 => Step::Input(Input::Left),
            2 => Step::Input(Input::Down),
            3 => Step::Input(Input::Right),
            4 => Step::Input(Input::Action),
            5 => Step::Undo,
            6 => Step::Restart,
            7 => Step::Tick,
            _ => return None,
        })
    }
}

/// Apply `step` to `session` and run the `again` turns it asks for.
///
/// # Errors
/// When the game asks for more than [`AGAIN_LIMIT`] `again` turns in a row.
pub fn apply(session: &mut Session, step: Step) -> Result<(), String> {
    match step {
        Step::Input(input) => session.input(input),
        Step::Undo => session.undo(),
        Step::Restart => session.restart(),
        Step::Tick => session.tick(),
    }
    drain_again(session)
}

/// Run pending `again` turns until none is pending.
///
/// # Errors
/// When more than [`AGAIN_LIMIT`] are asked for in a row.
pub fn drain_again(session: &mut Session) -> Result<(), String> {
    for _ in 0..AGAIN_LIMIT {
        if !session.again_pending() {
            return Ok(());
        }
        session.run_again();
    }
    if session.again_pending() {
        return Err(format!("more than {AGAIN_LIMIT} again turns in a row"));
    }
    Ok(())
}

/// A session started the way the conformance runner starts one.
///
/// # Errors
/// When the first `again` turns never settle.
pub fn start(game: Arc<Game>, level: usize, seed: Option<&str>) -> Result<Session, String> {
    let mut session = Session::new(game, level, seed);
    drain_again(&mut session)?;
    Ok(session)
}

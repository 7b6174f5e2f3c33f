//! Searching a level for a winning sequence of inputs.
//!
//! A side module: it plays levels through the ordinary [`Session`] turn
//! code (so what it finds is what a player would see) and saves and
//! restores level states with [`Session::save_state`] and
//! [`Session::restore_state`]; nothing in `run` or `play` knows about it.
//!
//! The search (`search`) stores each distinct level state once: its objects
//! (and the restart target when the game has checkpoints), plus the random
//! generator when the game has random rules, so that replaying is exact.
//! Duplicates are found by a 64-bit hash and then an exact comparison of
//! the stored words, so two states are never confused. Breadth-first
//! search finds shortest solutions and proves levels unsolvable; weighted
//! A* with a distance estimate from the win conditions (`heuristic`) goes
//! deeper in the same time, and its novelty variant (states that put an
//! object somewhere new first) gets past the places where the estimate
//! stops improving. The default runs a short breadth-first search, then
//! the novelty search; in a level with one player, that search also keeps
//! a second queue that ranks states by pushes (turns that change more than
//! where the player is) and expands all of a state's walks at once.
//! Every solution is replayed by a fresh session before it is reported.
//!
//! The inputs are the arrows (and the action key when a rule looks at
//! it) and, in a game that listens to the mouse (PuzzleScript Plus's
//! `mouse_left` and the others, PuzzleScript Next's `mouse_clicks`), a
//! click on every cell of the level per button the game listens to (see
//! [`click_inputs`]); a solution is a list of [`Step`]s. A keyboard game's
//! inputs are the keys alone, searched as before clicks existed.

mod heuristic;
mod patterns;
mod portfolio;
mod predict;
mod search;
pub(crate) use search::only_player_moved;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_clicks;
#[cfg(test)]
mod tests_heuristic;
#[cfg(test)]
mod tests_walks;

pub use portfolio::{COMPANIONS, portfolio, solve_portfolio};

use crate::compile::{Command, Game, Level};
use crate::run::{Button, Click, Gesture, Input, Session, Step};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// How to explore a level.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Strategy {
    /// Breadth-first: shortest solutions, and proofs that none exists.
    Bfs,
    /// Weighted A*: states ordered by moves made plus `weight` times the
    /// estimated distance to a win. Also exhaustive when it runs out.
    AStar {
        /// How much the estimate counts against moves made (1 is plain A*).
        weight: u32,
    },
    /// Weighted A* that first takes novel states: those that put some
    /// object on a cell where no state of the same estimate found before
    /// had it. With a high weight it is a greedy search that keeps
    /// trying new places for things when the estimate stops improving.
    Novelty {
        /// The A* weight.
        weight: u32,
    },
    /// Breadth-first for the first `bfs_states` states (short levels get
    /// their shortest solutions, small ones their proofs), then the
    /// novelty search from the start with the time that is left.
    Auto {
        /// States the breadth-first phase may store.
        bfs_states: usize,
        /// The weight of the novelty search.
        weight: u32,
    },
}

/// Bounds and choices for one search.
#[derive(Debug, Clone, PartialEq)]
pub struct SolveOptions {
    /// How to explore.
    pub strategy: Strategy,
    /// Stop after this much time (`None`: no time bound).
    pub timeout: Option<Duration>,
    /// Stop after storing this many distinct states.
    pub max_states: usize,
    /// Stop when the estimated memory of stored states passes this.
    pub max_bytes: usize,
    /// The seed of the session (`None`: the session's default), which
    /// random rules draw from; replay uses the same.
    pub seed: Option<String>,
    /// How many `again` turns may follow one input before the move is
    /// given up as endless.
    pub again_limit: usize,
    /// Whether the novelty searches (`Novelty`, and `Auto` after its
    /// breadth-first phase) of a level with one player keep a second queue
    /// that ranks states by pushes (turns that change more than where the
    /// player is) and expands a state's walks at once (see `search`).
    pub walk_queue: bool,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            strategy: DEFAULT_STRATEGY,
            timeout: Some(Duration::from_millis(1000)),
            max_states: 20_000_000,
            max_bytes: 1 << 30,
            seed: None,
            again_limit: 500,
            walk_queue: true,
        }
    }
}

/// The strategy [`SolveOptions::default`] uses (measured on the corpus; see
/// `docs/solver.md`).
pub const DEFAULT_STRATEGY: Strategy = Strategy::Auto { bfs_states: 2000, weight: 10 };

/// A flag a host sets to stop a search from another thread.
#[derive(Debug, Clone, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A flag not yet set.
    #[must_use]
    pub fn new() -> Self {
        Cancel::default()
    }

    /// A flag shared with the host's own.
    #[must_use]
    pub fn from_flag(flag: Arc<AtomicBool>) -> Self {
        Cancel(flag)
    }

    /// Ask the search to stop.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether a stop was asked for.
    #[must_use]
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// How a search ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Status {
    /// These inputs win the level (checked by a fresh session).
    Solved {
        /// The inputs (keys and clicks), first to last.
        inputs: Vec<Step>,
    },
    /// Every reachable state was explored: no input sequence wins.
    Exhausted,
    /// The time ran out.
    Timeout,
    /// The state or memory bound was reached.
    StateLimit,
    /// The host cancelled the search.
    Cancelled,
    /// The entry is a message (or out of range), not a map.
    NotALevel,
    /// A map that cannot be played from its start: loading it moves on by
    /// itself (a win or a message at load), or its `again` turns at load
    /// run past the limit (an end screen's endless animation).
    Unplayable,
    /// The search found inputs that a fresh session did not win with: a
    /// bug in the solver or a game the engine does not replay the same
    /// way twice. Never reported as solved.
    ReplayFailed {
        /// The inputs that failed to replay.
        inputs: Vec<Step>,
    },
}

impl Status {
    /// A short lower-case word for the status, as the CLI prints it.
    #[must_use]
    pub fn word(&self) -> &'static str {
        match self {
            Status::Solved { .. } => "solved",
            Status::Exhausted => "exhausted",
            Status::Timeout => "timeout",
            Status::StateLimit => "limit",
            Status::Cancelled => "cancelled",
            Status::NotALevel => "not-a-level",
            Status::Unplayable => "unplayable",
            Status::ReplayFailed { .. } => "replay-failed",
        }
    }
}

/// What a search did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SolveReport {
    /// How it ended.
    pub status: Status,
    /// Distinct level states stored.
    pub states: usize,
    /// Turns simulated (each input tried from a stored state).
    pub turns: u64,
    /// Estimated bytes of the stored states at the end.
    pub bytes: usize,
    /// Time spent.
    pub elapsed: Duration,
}

/// A progress report, given to the callback now and then.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Distinct states stored so far.
    pub states: usize,
    /// Turns simulated so far.
    pub turns: u64,
    /// Time spent so far.
    pub elapsed: Duration,
}

/// Search entry `level` of the LEVELS section (messages counted, as in
/// [`Session::new`]) for a winning input sequence.
#[must_use]
pub fn solve(game: &Arc<Game>, level: usize, opts: &SolveOptions, cancel: &Cancel) -> SolveReport {
    solve_with_progress(game, level, opts, cancel, &mut |_| {})
}

/// Like [`solve`], calling `progress` every few thousand turns.
pub fn solve_with_progress(
    game: &Arc<Game>,
    level: usize,
    opts: &SolveOptions,
    cancel: &Cancel,
    progress: &mut dyn FnMut(&Progress),
) -> SolveReport {
    let started = std::time::Instant::now();
    if !matches!(game.levels.get(level), Some(Level::Map(_))) {
        return SolveReport { status: Status::NotALevel, states: 0, turns: 0, bytes: 0, elapsed: started.elapsed() };
    }
    let mut report = search::run(game, level, opts, cancel, progress, started);
    if let Status::Solved { inputs } = &report.status
        && !replay_wins(game, level, opts, inputs)
    {
        report.status = Status::ReplayFailed { inputs: inputs.clone() };
    }
    report.elapsed = started.elapsed();
    report
}

/// Whether `inputs`, played by a fresh session of `level` seeded as `opts`
/// says (each followed by its `again` turns), win the level at the last
/// input and not before.
#[must_use]
pub fn replay_wins(game: &Arc<Game>, level: usize, opts: &SolveOptions, inputs: &[Step]) -> bool {
    let Some(mut session) = start_session(game, level, opts) else { return false };
    for (k, &input) in inputs.iter().enumerate() {
        let last = k + 1 == inputs.len();
        match step(&mut session, input, level, opts.again_limit) {
            Outcome::Won => return last,
            Outcome::Moved if !last => {}
            _ => return false,
        }
    }
    false
}

/// Whether no move from the start of `level` leads anywhere because the
/// moves that change the level all set off `again` turns that never stop
/// (at least one does; the others change nothing): why such a level is
/// proven impossible, which a search's count of states alone does not say.
#[must_use]
pub fn every_move_loops(game: &Arc<Game>, level: usize, opts: &SolveOptions) -> bool {
    let Some(start) = start_session(game, level, opts) else { return false };
    let Some(before) = start.level_objects().map(<[_]>::to_vec) else { return false };
    let mut endless = 0;
    let keys = [Input::Up, Input::Down, Input::Left, Input::Right, Input::Action].map(Step::Input);
    let (width, height) = start.size();
    for input in keys.into_iter().chain(click_inputs(game, width, height)) {
        let Some(mut session) = start_session(game, level, opts) else { return false };
        match step(&mut session, input, level, opts.again_limit) {
            Outcome::Endless => endless += 1,
            Outcome::Won => return false,
            Outcome::Moved if session.level_objects().is_some_and(|o| o == &before[..]) => {}
            Outcome::Moved => return false,
        }
    }
    endless > 0
}

/// A fresh session of `level`, its pending `again` turns run; `None` when
/// the entry does not show a map.
fn start_session(game: &Arc<Game>, level: usize, opts: &SolveOptions) -> Option<Session> {
    let mut session = Session::new(Arc::clone(game), level, opts.seed.as_deref());
    let settled = session.settle(opts.again_limit).is_ok();
    (settled && session.level_index() == level && !session.text_mode() && !session.again_pending()).then_some(session)
}

/// What one input did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Outcome {
    /// The level was won (the session moved on).
    Won,
    /// The turn ended normally (the level may or may not have changed).
    Moved,
    /// `again` turns were still pending after the bound.
    Endless,
}

/// Play `input`, then its `again` turns (at most `again_limit`).
fn step(session: &mut Session, input: Step, level: usize, again_limit: usize) -> Outcome {
    input.apply(session);
    let settled = session.settle(again_limit).is_ok();
    if session.level_index() != level || session.text_mode() {
        Outcome::Won
    } else if !settled {
        Outcome::Endless
    } else {
        Outcome::Moved
    }
}

/// The clicks a search of a `width` x `height` level of `game` tries as
/// inputs: for each button the game listens to (left, then right), one
/// event on every cell, row by row from the top left. The event is the
/// press when the game listens to the button's presses, else its release
/// (a press that does nothing, then a release: a click a player can make
/// on any cell), else its drag (a press on a neighbour that does nothing,
/// then a move into the cell). A release or a drag after a press that
/// plays a turn needs that press first, so it is no input of its own.
/// Empty for a game that does not listen to the mouse.
#[must_use]
pub fn click_inputs(game: &Game, width: usize, height: usize) -> Vec<Step> {
    let mut out = Vec::new();
    for button in [Button::Left, Button::Right] {
        let listens = |gesture| Click { button, gesture, x: 0, y: 0 }.mark(&game.mouse).is_some();
        let Some(gesture) = [Gesture::Press, Gesture::Release, Gesture::Drag].into_iter().find(|&g| listens(g)) else {
            continue;
        };
        for y in 0..height {
            for x in 0..width {
                let (Ok(x), Ok(y)) = (u32::try_from(x), u32::try_from(y)) else { continue };
                out.push(Step::Click(Click { button, gesture, x, y }));
            }
        }
    }
    out
}

/// Whether any rule's left side looks at the action movement (requires it,
/// or requires its absence as `stationary` does). When none does, the
/// action key can only give a turn with no movement, which the search
/// leaves out.
#[must_use]
pub fn uses_action(game: &Game) -> bool {
    let action = Input::Action.direction().bit();
    let mut slot_bits = 0u64;
    for k in 0..crate::compile::bits::LAYERS_PER_WORD {
        slot_bits |= action << (k * 5);
    }
    game.all_rules().any(|rule| {
        rule.rows.iter().flat_map(|row| row.cells.iter()).any(|cell| match cell {
            crate::compile::PatternCell::Cell(p) => {
                p.mov_present.iter().chain(p.mov_missing.iter()).any(|w| w & slot_bits != 0)
            }
            crate::compile::PatternCell::Ellipsis => false,
        })
    })
}

/// Whether any rule draws from the random generator (a `random` group,
/// `random` objects or `randomdir` on a right side).
#[must_use]
pub fn uses_random(game: &Game) -> bool {
    game.all_rules().any(|rule| {
        rule.random
            || rule.rows.iter().flat_map(|row| row.cells.iter()).any(|cell| match cell {
                crate::compile::PatternCell::Cell(p) => {
                    p.replace.as_ref().is_some_and(crate::compile::Replacement::draws)
                }
                crate::compile::PatternCell::Ellipsis => false,
            })
    })
}

/// Whether any rule can move the restart target (a `checkpoint` command).
fn uses_checkpoint(game: &Game) -> bool {
    game.all_rules().any(|rule| rule.commands.contains(&Command::Checkpoint))
}

/// Whether no level of the game can ever be won: no win conditions and no
/// rule with a `win` command (its levels are reported exhausted at once).
#[must_use]
pub fn never_wins(game: &Game) -> bool {
    game.win_conditions.is_empty() && !game.all_rules().any(|rule| rule.commands.contains(&Command::Win))
}

//! The kept outcome of an `again` look-ahead, taken by the again turn that
//! follows it instead of running its rules a second time.

use crate::compile::Game;
use crate::run::Session;
use crate::run::board::Board;
use std::sync::Arc;

/// The outcome of the rule phase of an `again` look-ahead (the probe turn),
/// keyed by what that phase read: the game, the level's size and objects
/// and the random state (movements and rigid marks are all clear between
/// turns). The again turn that follows a probe normally starts from
/// exactly that state, and the rule phase is a pure function of it, so it
/// takes the probe's outcome instead of running every rule a second time
/// (again chains cost half as much). The command queue, sounds and win
/// checks after the phase still run as usual. A probe that drew random
/// numbers, or hit a limit, is not kept: the again turn starts from the
/// random state the probe left.
#[derive(Debug, Default)]
pub(crate) struct ProbeTurn {
    valid: bool,
    game: Option<Arc<Game>>,
    width: usize,
    height: usize,
    objects: Vec<u64>,
    rng: Option<crate::rng::Rng>,
    after: Option<Board>,
    queue: crate::run::commands::CommandQueue,
    sfx_create: Vec<u64>,
    sfx_destroy: Vec<u64>,
    seeds_move: Vec<String>,
    seeds_cantmove: Vec<String>,
}

/// Look-ahead outcomes kept for the turns without input that start where
/// one of them started: the again turn after a probe, and the probes of
/// an again chain that goes round a cycle of levels (each state's probe is
/// then run once).
#[derive(Debug, Default)]
pub(crate) struct ProbeCache {
    entries: Vec<ProbeTurn>,
    /// The entry the next kept probe replaces.
    next: usize,
    /// Turns that took a kept outcome (for tests).
    pub(crate) hits: usize,
}

/// Probe outcomes kept at once (again chains that cycle mostly go between
/// two states).
const PROBES_KEPT: usize = 4;

impl ProbeTurn {
    /// Whether a turn with no input from `board` and `rng` in `game` would
    /// run the same rule phase as this kept probe.
    fn fits(&self, game: &Arc<Game>, board: &Board, rng: &crate::rng::Rng) -> bool {
        self.valid
            && self.game.as_ref().is_some_and(|g| Arc::ptr_eq(g, game))
            && (self.width, self.height) == (board.width, board.height)
            && self.rng.as_ref() == Some(rng)
            && self.objects == board.objects
    }
}

impl ProbeCache {
    /// The kept probe whose rule phase a turn with no input from `board`
    /// (which must be still) and `rng` in `game` would run.
    pub(super) fn find(&self, game: &Arc<Game>, board: &Board, rng: &crate::rng::Rng) -> Option<usize> {
        self.entries.iter().position(|p| p.fits(game, board, rng))
    }

    /// Whether the probe started in entry `k` left the random state as it
    /// found it (`rng` is the state now): it drew no number.
    pub(super) fn drew_nothing(&self, k: usize, rng: &crate::rng::Rng) -> bool {
        self.entries.get(k).is_some_and(|p| p.rng.as_ref() == Some(rng))
    }

    /// Start keeping a probe from `board` and `rng`: the entry it will be
    /// kept in, with the starting state noted (and not yet valid).
    pub(super) fn begin(&mut self, board: &Board, rng: &crate::rng::Rng) -> usize {
        let k = self.next % PROBES_KEPT;
        if self.entries.len() <= k {
            self.entries.resize_with(k + 1, ProbeTurn::default);
        }
        let p = &mut self.entries[k];
        p.valid = false;
        p.width = board.width;
        p.height = board.height;
        p.objects.clone_from(&board.objects);
        copy_into(&mut p.rng, rng);
        k
    }
}

fn copy_into<T: Clone>(slot: &mut Option<T>, value: &T) {
    match slot {
        Some(v) => v.clone_from(value),
        None => *slot = Some(value.clone()),
    }
}

impl Session {
    /// Keep the rule phase just run by a probe turn in entry `k` (its
    /// starting state is already there).
    pub(super) fn keep_probe(&mut self, k: usize) {
        let Some(board) = self.play.board.as_ref() else { return };
        let Some(p) = self.caches.probe.entries.get_mut(k) else { return };
        p.game = Some(Arc::clone(&self.game));
        copy_into(&mut p.after, board);
        p.queue.clone_from(&self.turn.queue);
        p.sfx_create.clone_from(&self.turn.sfx_create);
        p.sfx_destroy.clone_from(&self.turn.sfx_destroy);
        p.seeds_move.clone_from(&self.turn.seeds_move);
        p.seeds_cantmove.clone_from(&self.turn.seeds_cantmove);
        p.valid = true;
        self.caches.probe.next = k + 1;
    }

    /// Put kept probe `k`'s outcome in place of running the rule phase.
    pub(super) fn take_probe(&mut self, k: usize) {
        let Some(p) = self.caches.probe.entries.get(k) else { return };
        if let (Some(board), Some(after)) = (self.play.board.as_mut(), p.after.as_ref()) {
            board.clone_from(after);
        }
        self.turn.queue.clone_from(&p.queue);
        self.turn.sfx_create.clone_from(&p.sfx_create);
        self.turn.sfx_destroy.clone_from(&p.sfx_destroy);
        self.turn.seeds_move.clone_from(&p.seeds_move);
        self.turn.seeds_cantmove.clone_from(&p.seeds_cantmove);
    }
}

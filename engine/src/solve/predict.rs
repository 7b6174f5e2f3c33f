//! Guessing which inputs will change nothing, so the search can try them
//! last.
//!
//! About a third of the turns a search plays change nothing: the player
//! walks into a wall, pushes a crate that cannot move. Whether a turn does
//! is decided by the rules, so it cannot be known without playing it; but
//! it can be guessed well from what surrounds the players. The memo
//! ([`NoopMemo`]) remembers, for each input and each picture of the cells
//! around every player (the players' own cells and their eight
//! neighbours), whether the last turn played from such a picture changed
//! anything. When the memo says an input from a state changed nothing
//! before, the search puts that input aside and plays it only once the
//! states that looked better are done; so a wrong guess delays a move but
//! never loses it, and a level that runs out of states is still proven
//! impossible.
//!
//! A step back (down after up, left after right) is learned apart, and
//! counts as changing nothing also when it leads to a state the search has
//! already found: after a plain walk it returns to where the player came
//! from, after a push it does not, and the picture tells the two apart.
//!
//! Some games act far from the players (a rule that counts turns, a
//! switch across the level): there the picture says little. The memo
//! checks itself: its first guesses, and one in [`SAMPLE_EVERY`] after
//! that, are played anyway, and it stops guessing for the rest of the
//! search once more than one in [`MAX_WRONG_IN`] of the checked guesses
//! was wrong (steps back and plain inputs keep separate counts: where a
//! step back often finds something new, plain guesses go on).

use crate::compile::ObjectMatch;
use rustc_hash::FxHasher;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher as _};

/// Guesses played anyway before any is trusted (fewer in tests, so that
/// small levels see guesses put aside).
const FIRST_CHECKS: u64 = if cfg!(test) { 4 } else { 32 };
/// After those, one guess in this many is played anyway.
const SAMPLE_EVERY: u64 = 32;
/// Guessing stops when more than one checked guess in this many was wrong.
const MAX_WRONG_IN: u64 = 10;
/// The memo stops learning new pictures beyond this many.
const MAX_ENTRIES: usize = 1 << 20;
/// More players than this: no guesses (the pictures would rarely repeat).
const MAX_PLAYERS: usize = 8;

#[cfg(test)]
thread_local! {
    /// Tests: every input the memo is asked about is put aside, as if every
    /// guess were "changes nothing" (so a search that lost put-aside inputs
    /// would find nothing).
    pub(super) static DEFER_EVERYTHING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// What the memo says about one input from one state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Guess {
    /// No guess: play the input.
    Play,
    /// It changed nothing before; play it anyway to check the memo.
    Check,
    /// It changed nothing before: put it aside.
    Defer,
}

/// What earlier turns did from each picture around the players.
pub(super) struct NoopMemo {
    seen: HashMap<u64, bool, BuildHasherDefault<FxHasher>>,
    player: ObjectMatch,
    obj_words: usize,
    width: usize,
    height: usize,
    /// The player cells of the state being expanded.
    players: Vec<usize>,
    /// How the guesses for plain inputs and for steps back have done.
    trust: [Trust; 2],
}

/// The record of one kind of guess.
#[derive(Clone, Copy)]
struct Trust {
    /// Guesses made, guesses checked by playing, and checked ones wrong.
    guesses: u64,
    checked: u64,
    wrong: u64,
    enabled: bool,
}

/// What an input is asked about: its picture (a hash), and whether it
/// steps back.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Picture {
    hash: u64,
    back: bool,
}

impl NoopMemo {
    /// A memo for a level of `width` x `height` cells of `obj_words` words.
    pub(super) fn new(player: &ObjectMatch, obj_words: usize, width: usize, height: usize) -> Self {
        NoopMemo {
            seen: HashMap::default(),
            player: player.clone(),
            obj_words: obj_words.max(1),
            width,
            height: height.max(1),
            players: Vec::new(),
            trust: [Trust { guesses: 0, checked: 0, wrong: 0, enabled: true }; 2],
        }
    }

    /// Whether the memo still guesses (it gives up on games where its
    /// guesses are often wrong).
    #[cfg(test)]
    pub(super) fn enabled(&self, back: bool) -> bool {
        self.trust[usize::from(back)].enabled
    }

    /// Note the player cells of `objects`, the state whose inputs are
    /// about to be asked about. Returns false when there is nothing to
    /// guess from (no player, or too many).
    pub(super) fn look_at(&mut self, objects: &[u64]) -> bool {
        self.players.clear();
        if !self.trust.iter().any(|t| t.enabled) {
            return false;
        }
        for (c, cell) in objects.chunks_exact(self.obj_words).enumerate() {
            if self.player.matches(cell) {
                if self.players.len() == MAX_PLAYERS {
                    self.players.clear();
                    return false;
                }
                self.players.push(c);
            }
        }
        !self.players.is_empty()
    }

    /// The picture of input `input` from `objects` (the state given to
    /// [`NoopMemo::look_at`]): the input, whether it steps back (`back`)
    /// and the 3x3 cells around each player, cells outside the level
    /// marked as such.
    pub(super) fn picture(&self, objects: &[u64], input: usize, back: bool) -> Picture {
        let (ow, h, w) = (self.obj_words, self.height, self.width);
        let mut hash = FxHasher::default();
        hash.write_usize(input);
        hash.write_u8(u8::from(back));
        hash.write_usize(self.players.len());
        for &c in &self.players {
            let (x, y) = (c / h, c % h);
            for dx in 0..3 {
                for dy in 0..3 {
                    let (Some(nx), Some(ny)) = ((x + dx).checked_sub(1), (y + dy).checked_sub(1)) else {
                        hash.write_u64(u64::MAX);
                        continue;
                    };
                    if nx >= w || ny >= h {
                        hash.write_u64(u64::MAX);
                        continue;
                    }
                    let n = nx * h + ny;
                    for &word in objects.get(n * ow..(n + 1) * ow).unwrap_or_default() {
                        hash.write_u64(word);
                    }
                }
            }
        }
        Picture { hash: hash.finish(), back }
    }

    /// The guess for a picture.
    pub(super) fn guess(&mut self, picture: Picture) -> Guess {
        let trust = &mut self.trust[usize::from(picture.back)];
        #[cfg(test)]
        if trust.enabled && DEFER_EVERYTHING.with(std::cell::Cell::get) {
            return Guess::Defer;
        }
        if !trust.enabled || self.seen.get(&picture.hash) != Some(&true) {
            return Guess::Play;
        }
        trust.guesses += 1;
        if trust.checked < FIRST_CHECKS || trust.guesses.is_multiple_of(SAMPLE_EVERY) {
            Guess::Check
        } else {
            Guess::Defer
        }
    }

    /// What a played input did: `changed_nothing` for the picture, which
    /// was guessed as `guess`.
    pub(super) fn learn(&mut self, picture: Picture, guess: Guess, changed_nothing: bool) {
        let trust = &mut self.trust[usize::from(picture.back)];
        if !trust.enabled {
            return;
        }
        if guess == Guess::Check {
            trust.checked += 1;
            if !changed_nothing {
                trust.wrong += 1;
                if trust.wrong * MAX_WRONG_IN > trust.checked.max(FIRST_CHECKS) {
                    trust.enabled = false;
                    return;
                }
            }
        }
        if self.seen.len() < MAX_ENTRIES || self.seen.contains_key(&picture.hash) {
            self.seen.insert(picture.hash, changed_nothing);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{FIRST_CHECKS, Guess, NoopMemo};
    use crate::compile::ObjectMatch;

    /// A memo for a 3x3 level of one-word cells whose player is object 0.
    fn memo() -> NoopMemo {
        NoopMemo::new(&ObjectMatch { aggregate: false, mask: vec![1].into_boxed_slice() }, 1, 3, 3)
    }

    #[test]
    fn guesses_only_from_what_it_saw_change_nothing() {
        let mut m = memo();
        // The player in the middle, a wall (object 1) above it.
        let state = [0, 2, 0, 0, 1, 0, 0, 0, 0];
        assert!(m.look_at(&state));
        let up = m.picture(&state, 0, false);
        let right = m.picture(&state, 3, false);
        assert_ne!(up, right);
        assert_eq!(m.guess(up), Guess::Play);
        m.learn(up, Guess::Play, true);
        m.learn(right, Guess::Play, false);
        assert_eq!(m.guess(right), Guess::Play);
        // Its first guesses are played anyway; then most are put aside.
        for _ in 0..FIRST_CHECKS {
            assert_eq!(m.guess(up), Guess::Check);
            m.learn(up, Guess::Check, true);
        }
        let deferred = (0..64).filter(|_| m.guess(up) == Guess::Defer).count();
        assert!(deferred > 50, "{deferred}");
        // Another picture (the wall elsewhere) is not guessed from this one.
        let other = [2, 0, 0, 0, 1, 0, 0, 0, 0];
        assert!(m.look_at(&other));
        assert_eq!(m.guess(m.picture(&other, 0, false)), Guess::Play);
        // No player, nothing to guess from.
        assert!(!m.look_at(&[0; 9]));
    }

    #[test]
    fn stops_guessing_when_its_checks_are_often_wrong() {
        let mut m = memo();
        let state = [0, 0, 0, 0, 1, 0, 0, 0, 0];
        assert!(m.look_at(&state));
        let p = m.picture(&state, 0, false);
        m.learn(p, Guess::Play, true);
        // A game that changes something every other turn from the same
        // picture (a rule away from the player).
        for k in 0..FIRST_CHECKS {
            let g = m.guess(p);
            if g == Guess::Play {
                break;
            }
            m.learn(p, g, k % 2 == 1);
            m.learn(p, Guess::Play, true);
        }
        assert!(!m.enabled(false));
        assert_eq!(m.guess(p), Guess::Play);
        // Steps back are trusted apart: still guessed from.
        assert!(m.enabled(true));
        let back = m.picture(&state, 0, true);
        m.learn(back, Guess::Play, true);
        assert_eq!(m.guess(back), Guess::Check);
    }
}

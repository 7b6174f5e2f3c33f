//! Kept solutions: a level's winning moves, written down when they were
//! found (by the author playing, or by the solver) and played again after
//! every change to the game, so an author learns at once when a rule change
//! breaks a level or opens a shorter way through it.
//!
//! This module is the engine's half: the moves as a short string
//! ([`parse_moves`], [`write_moves`]), a replay that says whether the moves
//! still win ([`replay`]), a fingerprint of the level after each move so a
//! later replay can say at which move it first went another way
//! ([`Replay::first_difference`]), and the level's text as written, which
//! tells whether the level itself changed since ([`level_text`]). The file
//! that holds them beside the game is the studio's (it reads and writes
//! files; the engine never does).

use crate::compile::{Game, Level};
use crate::run::Step;
use crate::run::{Input, Session};
use crate::syntax::ast::{Ast, LevelEntry};
use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

/// How many `again` turns one move may run before the replay calls it
/// endless (as the solver's default bound).
pub const AGAIN_LIMIT: usize = 500;

/// The letter of each move in a kept solution: `u` `d` `l` `r` the
/// directions, `x` the action key, `z` undo, `!` restart, `.` a turn with no
/// input (a realtime tick); `None` for a click, which [`write_moves`]
/// writes as its text in brackets: `(press 5 2)`.
#[must_use]
pub fn move_letter(step: Step) -> Option<char> {
    Some(match step {
        Step::Input(Input::Up) => 'u',
        Step::Input(Input::Down) => 'd',
        Step::Input(Input::Left) => 'l',
        Step::Input(Input::Right) => 'r',
        Step::Input(Input::Action) => 'x',
        Step::Undo => 'z',
        Step::Restart => '!',
        Step::Tick => '.',
        // Redo only replays what undo took back; a kept solution never
        // needs it, and writing it as undo's inverse would need history.
        Step::Redo => 'y',
        Step::Click(_) => return None,
    })
}

/// A letter that is not a move, and where it is (0-based, in characters).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadMove {
    /// Position of the letter in the string.
    pub at: usize,
    /// The letter.
    pub letter: char,
}

impl fmt::Display for BadMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' at position {} is not a move (moves are u d l r x, z for undo, ! for restart, . for a tick)",
            self.letter.escape_debug(),
            self.at + 1
        )
    }
}

impl std::error::Error for BadMove {}

/// Read moves written by [`write_moves`]. Spaces and line breaks are
/// ignored, so long solutions may be grouped for reading.
///
/// # Errors
/// The first character that is not a move letter.
pub fn parse_moves(text: &str) -> Result<Vec<Step>, BadMove> {
    let mut out = Vec::with_capacity(text.len());
    let mut chars = text.chars().enumerate();
    while let Some((at, letter)) = chars.next() {
        let step = match letter {
            '(' => {
                let inside: String = chars.by_ref().map(|(_, c)| c).take_while(|&c| c != ')').collect();
                inside.parse().map_err(|_| BadMove { at, letter })?
            }
            'u' | 'U' => Step::Input(Input::Up),
            'd' | 'D' => Step::Input(Input::Down),
            'l' | 'L' => Step::Input(Input::Left),
            'r' | 'R' => Step::Input(Input::Right),
            'x' | 'X' => Step::Input(Input::Action),
            'z' | 'Z' => Step::Undo,
            'y' | 'Y' => Step::Redo,
            '!' => Step::Restart,
            '.' => Step::Tick,
            c if c.is_whitespace() => continue,
            _ => return Err(BadMove { at, letter }),
        };
        out.push(step);
    }
    Ok(out)
}

/// The moves as a string of letters ([`move_letter`]).
#[must_use]
pub fn write_moves(steps: &[Step]) -> String {
    steps.iter().map(|&s| move_letter(s).map_or_else(|| format!("({s})"), String::from)).collect()
}

/// How a replay of kept moves ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The last move wins the level, as when the solution was kept.
    Wins {
        /// Moves played (all of them).
        moves: usize,
    },
    /// The level is won before the last move: a shorter way now exists.
    WinsEarly {
        /// The move (from 1) that won.
        at: usize,
        /// Moves the kept solution has.
        of: usize,
    },
    /// All moves were played and the level is not won.
    NotWon {
        /// Moves played.
        moves: usize,
    },
    /// A move's `again` turns never settled (more than [`AGAIN_LIMIT`]).
    Endless {
        /// The move (from 1).
        at: usize,
    },
    /// The entry is a message, or there is no such entry.
    NotALevel,
    /// Loading the level already moves on (a win or message at load) or
    /// its load-time `again` turns never settle.
    Unplayable,
}

impl Verdict {
    /// Whether the kept solution still does its job (wins, at the end or
    /// sooner).
    #[must_use]
    pub fn wins(self) -> bool {
        matches!(self, Verdict::Wins { .. } | Verdict::WinsEarly { .. })
    }
}

/// What a replay did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replay {
    /// How it ended.
    pub verdict: Verdict,
    /// The level's fingerprint ([`fingerprint`]) after each move played,
    /// in order (fewer than the moves when the replay stopped early).
    pub fingerprints: Vec<u32>,
}

impl Replay {
    /// The first move (from 1) after which this replay's level differs from
    /// the one `kept` records (fingerprints kept with the solution), or
    /// `None` when they agree as far as both go.
    #[must_use]
    pub fn first_difference(&self, kept: &[u32]) -> Option<usize> {
        self.fingerprints.iter().zip(kept).position(|(a, b)| a != b).map(|k| k + 1)
    }
}

/// Play `steps` on entry `entry` of the LEVELS section (messages counted,
/// from 0), with `seed` for games that use randomness (`None`: the
/// engine's fixed default, as everywhere), each move followed by its
/// `again` turns.
#[must_use]
pub fn replay(game: &Arc<Game>, entry: usize, seed: Option<&str>, steps: &[Step]) -> Replay {
    let mut fingerprints = Vec::with_capacity(steps.len());
    if !matches!(game.levels.get(entry), Some(Level::Map(_))) {
        return Replay { verdict: Verdict::NotALevel, fingerprints };
    }
    let mut session = Session::new(Arc::clone(game), entry, seed);
    if !settle(&mut session) || moved_on(&session, entry) {
        return Replay { verdict: Verdict::Unplayable, fingerprints };
    }
    for (k, &step) in steps.iter().enumerate() {
        step.apply(&mut session);
        if !settle(&mut session) {
            return Replay { verdict: Verdict::Endless { at: k + 1 }, fingerprints };
        }
        if moved_on(&session, entry) {
            // The board is gone once the level is won; the won board is
            // what this move made.
            fingerprints.push(session.won_board().map_or(0, |grid| grid_fingerprint(game, &grid.cells, grid.height)));
            let verdict = if k + 1 == steps.len() {
                Verdict::Wins { moves: k + 1 }
            } else {
                Verdict::WinsEarly { at: k + 1, of: steps.len() }
            };
            return Replay { verdict, fingerprints };
        }
        fingerprints.push(fingerprint(&session));
    }
    Replay { verdict: Verdict::NotWon { moves: steps.len() }, fingerprints }
}

/// How many moves of `steps` changed more than where the player is (a
/// push, in a Sokoban): the moves that did something besides walking. The
/// difficulty curve's second measure. Counts moves until the level is left
/// (the winning move counts when it pushed) or the replay stops.
#[must_use]
pub fn pushes(game: &Arc<Game>, entry: usize, seed: Option<&str>, steps: &[Step]) -> usize {
    if !matches!(game.levels.get(entry), Some(Level::Map(_))) {
        return 0;
    }
    let mut session = Session::new(Arc::clone(game), entry, seed);
    if !settle(&mut session) || moved_on(&session, entry) {
        return 0;
    }
    let words = game.obj_words.max(1);
    let player: Vec<u64> = (0..words).map(|w| game.player.mask.get(w).copied().unwrap_or(0)).collect();
    let differs_beyond_player = |a: &[u64], b: &[u64]| !crate::solve::only_player_moved(a, b, a.len(), &player);
    let mut count = 0;
    let mut before = session.save_state().map(|s| s.objects().to_vec()).unwrap_or_default();
    for &step in steps {
        step.apply(&mut session);
        if !settle(&mut session) {
            break;
        }
        if moved_on(&session, entry) {
            if session.won_board().is_some_and(|grid| differs_beyond_player(&before, &grid.cells)) {
                count += 1;
            }
            break;
        }
        let after = session.save_state().map(|s| s.objects().to_vec()).unwrap_or_default();
        if differs_beyond_player(&before, &after) {
            count += 1;
        }
        before = after;
    }
    count
}

/// Run pending `again` turns; false when they did not settle.
fn settle(session: &mut Session) -> bool {
    session.settle(AGAIN_LIMIT).is_ok()
}

/// Whether the session left the level (won it, or went to a message).
fn moved_on(session: &Session, entry: usize) -> bool {
    session.level_index() != entry || session.text_mode()
}

/// A 32-bit fingerprint of the level being played: which objects, by name,
/// are in which cell. Names rather than object numbers, so adding an
/// object elsewhere in the game does not change the fingerprint of a level
/// that does not hold it. Equal levels always give equal fingerprints;
/// different ones almost always differ.
#[must_use]
pub fn fingerprint(session: &Session) -> u32 {
    match session.save_state() {
        Some(state) => grid_fingerprint(session.game(), state.objects(), state.size().1),
        None => 0,
    }
}

/// [`fingerprint`] of cell masks laid out as the engine keeps them
/// (`x * height + y`, `obj_words` words per cell).
fn grid_fingerprint(game: &Game, cells: &[u64], height: usize) -> u32 {
    let words = game.obj_words.max(1);
    let mut hash = Fnv::new();
    hash.add(height as u64);
    for (i, cell) in cells.chunks(words).enumerate() {
        // Objects of a cell combine in any order.
        let mut here = 0u64;
        for id in 0..game.objects.len() {
            if crate::compile::bits::get_bit(cell, id) {
                let mut name = Fnv::new();
                name.add_bytes(game.objects[id].name.as_bytes());
                here = here.wrapping_add(name.finish());
            }
        }
        if here != 0 {
            hash.add(i as u64);
            hash.add(here);
        }
    }
    let h = hash.finish();
    (h ^ (h >> 32)) as u32
}

/// FNV-1a, 64 bits: stable across builds and machines, unlike std's
/// hasher, because fingerprints are written to files.
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
    fn add_bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
    fn add(&mut self, v: u64) {
        self.add_bytes(&v.to_le_bytes());
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

/// The map of LEVELS entry `entry` as written (its rows, lower-cased as the
/// parser keeps them, joined by line breaks), or `None` for a message or a
/// missing entry. Kept with a solution, it tells whether the level changed.
#[must_use]
pub fn level_text(ast: &Ast, entry: usize) -> Option<String> {
    match ast.levels.get(entry)? {
        LevelEntry::Map(map) => {
            Some(map.rows.iter().map(|row| row.iter().collect::<String>()).collect::<Vec<_>>().join("\n"))
        }
        LevelEntry::Message { .. } | LevelEntry::Goto { .. } => None,
    }
}

/// Which rule lines applied how often during move `at` (from 1) of
/// `steps` on entry `entry`, its `again` turns included; `None` when the
/// replay never gets to that move.
#[must_use]
pub fn rules_at_move(
    game: &Arc<Game>,
    entry: usize,
    seed: Option<&str>,
    steps: &[Step],
    at: usize,
) -> Option<BTreeMap<u32, usize>> {
    if at == 0 || at > steps.len() || !matches!(game.levels.get(entry), Some(Level::Map(_))) {
        return None;
    }
    let mut session = Session::new(Arc::clone(game), entry, seed);
    if !settle(&mut session) || moved_on(&session, entry) {
        return None;
    }
    for &step in &steps[..at - 1] {
        step.apply(&mut session);
        if !settle(&mut session) || moved_on(&session, entry) {
            return None;
        }
    }
    session.start_trace(crate::run::trace::DEFAULT_BUDGET);
    steps[at - 1].apply(&mut session);
    settle(&mut session);
    let trace = session.stop_trace()?;
    Some(trace.segments().iter().map(|seg| seg.rule_counts()).fold(BTreeMap::new(), |mut all, counts| {
        for (line, n) in counts {
            *all.entry(line).or_insert(0) += n;
        }
        all
    }))
}

/// How often each rule line applied over the whole of `steps` on entry
/// `entry` (load-time turns left out), for rule coverage: the lines a
/// game's kept solutions use, and by omission those none needs.
#[must_use]
pub fn rule_coverage(game: &Arc<Game>, entry: usize, seed: Option<&str>, steps: &[Step]) -> BTreeMap<u32, usize> {
    let mut all = BTreeMap::new();
    if !matches!(game.levels.get(entry), Some(Level::Map(_))) {
        return all;
    }
    let mut session = Session::new(Arc::clone(game), entry, seed);
    if !settle(&mut session) || moved_on(&session, entry) {
        return all;
    }
    session.start_trace(crate::run::trace::DEFAULT_BUDGET);
    for &step in steps {
        step.apply(&mut session);
        if !settle(&mut session) || moved_on(&session, entry) {
            break;
        }
    }
    if let Some(trace) = session.stop_trace() {
        for seg in trace.segments() {
            for (line, n) in seg.rule_counts() {
                *all.entry(line).or_insert(0) += n;
            }
        }
    }
    all
}

/// A move of a kept solution on which the game undid the player's turn or
/// put the level back to its start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Interruption {
    /// The move, counted from 1.
    pub at: usize,
    /// What happened.
    pub kind: InterruptionKind,
}

/// What interrupted a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InterruptionKind {
    /// A `cancel` command, from the rule on this line.
    Cancel(u32),
    /// A `restart` command, from the rule on this line.
    Restart(u32),
    /// `require_player_movement`: the player did not move, so the turn was undone.
    NoPlayerMovement,
}

impl fmt::Display for Interruption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            InterruptionKind::Cancel(line) => write!(f, "move {}: cancelled by the rule on line {line}", self.at),
            InterruptionKind::Restart(line) => write!(f, "move {}: restarted by the rule on line {line}", self.at),
            InterruptionKind::NoPlayerMovement => {
                write!(f, "move {}: undone, the player did not move (require_player_movement)", self.at)
            }
        }
    }
}

/// The moves of `steps` (played on entry `entry`) that a `cancel`, a
/// `restart` or `require_player_movement` interrupted, each with the rule
/// that did it, in order. Moves after the level is left are not played.
#[must_use]
pub fn interruptions(game: &Arc<Game>, entry: usize, seed: Option<&str>, steps: &[Step]) -> Vec<Interruption> {
    use crate::run::trace::EventKind;
    let mut found = Vec::new();
    if !matches!(game.levels.get(entry), Some(Level::Map(_))) {
        return found;
    }
    let mut session = Session::new(Arc::clone(game), entry, seed);
    if !settle(&mut session) || moved_on(&session, entry) {
        return found;
    }
    for (k, &step) in steps.iter().enumerate() {
        session.start_trace(crate::run::trace::DEFAULT_BUDGET);
        step.apply(&mut session);
        let settled = settle(&mut session);
        if let Some(trace) = session.stop_trace() {
            for event in trace.segments().iter().flat_map(|seg| &seg.events) {
                let kind = match event.kind {
                    EventKind::Cancel { line } => InterruptionKind::Cancel(line),
                    EventKind::Restart { line } => InterruptionKind::Restart(line),
                    EventKind::CancelNoMovement => InterruptionKind::NoPlayerMovement,
                    _ => continue,
                };
                found.push(Interruption { at: k + 1, kind });
            }
        }
        if !settled || moved_on(&session, entry) {
            break;
        }
    }
    found
}

/// Every source line that holds a rule of `game` (main, late and
/// subroutine rules), in order.
#[must_use]
pub fn rule_lines(game: &Game) -> Vec<u32> {
    let mut lines: Vec<u32> = game.all_rules().map(|r| r.line).collect();
    lines.sort_unstable();
    lines.dedup();
    lines
}

/// A rule that applied a different number of times on one move of a kept
/// solution before and after a change to the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleChange {
    /// The rule as written (trimmed), which is how the two builds' rules
    /// are matched: lines move when the author edits above them.
    pub text: String,
    /// Its line in the game now (`None`: it is no longer in the game).
    pub line_now: Option<u32>,
    /// Its line in the game as it was (`None`: it is new).
    pub line_before: Option<u32>,
    /// Applications on that move now.
    pub now: usize,
    /// Applications on that move before.
    pub before: usize,
}

/// One build of a game with the text it was built from, for comparing two
/// builds' behaviour on a move.
#[derive(Debug, Clone, Copy)]
pub struct Built<'a> {
    /// The compiled game.
    pub game: &'a Arc<Game>,
    /// Its source text (for the rules' lines).
    pub text: &'a str,
    /// The level's LEVELS entry in this build.
    pub entry: usize,
}

/// The rules whose applications on move `at` differ between `before` and
/// `now` (the rule lines whose behaviour changed there), in the order of
/// the game's text now, then the removed ones. Empty when either build
/// cannot play to that move.
#[must_use]
pub fn changed_rules(
    before: Built<'_>,
    now: Built<'_>,
    seed: Option<&str>,
    steps: &[Step],
    at: usize,
) -> Vec<RuleChange> {
    let (Some(old), Some(new)) = (
        rules_at_move(before.game, before.entry, seed, steps, at),
        rules_at_move(now.game, now.entry, seed, steps, at),
    ) else {
        return Vec::new();
    };
    let line_text = |text: &str, line: u32| -> String {
        text.lines().nth((line as usize).saturating_sub(1)).unwrap_or("").trim().to_owned()
    };
    // Applications per rule text, with the line it is on.
    let mut by_text: BTreeMap<String, RuleChange> = BTreeMap::new();
    for (line, n) in new {
        let text = line_text(now.text, line);
        let e = by_text.entry(text.clone()).or_insert(RuleChange {
            text,
            line_now: None,
            line_before: None,
            now: 0,
            before: 0,
        });
        e.line_now = Some(line);
        e.now += n;
    }
    for (line, n) in old {
        let text = line_text(before.text, line);
        let e = by_text.entry(text.clone()).or_insert(RuleChange {
            text,
            line_now: None,
            line_before: None,
            now: 0,
            before: 0,
        });
        e.line_before = Some(line);
        e.before += n;
    }
    // A rule that did not fire now may still be in the game: find its line.
    for change in by_text.values_mut() {
        if change.line_now.is_none() {
            change.line_now = now.text.lines().position(|l| l.trim() == change.text).map(|i| i as u32 + 1);
        }
    }
    let mut out: Vec<RuleChange> = by_text.into_values().filter(|c| c.now != c.before).collect();
    out.sort_by_key(|c| (c.line_now.is_none(), c.line_now, c.line_before));
    out
}

/// Fingerprints as kept in a file: eight hex digits each, space-separated.
#[must_use]
pub fn write_fingerprints(prints: &[u32]) -> String {
    prints.iter().map(|p| format!("{p:08x}")).collect::<Vec<_>>().join(" ")
}

/// Read [`write_fingerprints`]' form; `None` when a word is not hex.
#[must_use]
pub fn parse_fingerprints(text: &str) -> Option<Vec<u32>> {
    text.split_whitespace().map(|w| u32::from_str_radix(w, 16).ok()).collect()
}

#[cfg(test)]
mod tests;

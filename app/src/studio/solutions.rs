//! Solutions kept with a game: the file `NAME.solutions.json` beside
//! `NAME.txt`, and what its solutions do in the game as it is now.
//!
//! The file (documented for authors in `docs/solutions.md`) is JSON written
//! the same way every time, levels in order and one field per line, so a
//! change to it reads well in a diff:
//!
//! ```json
//! {
//!   "format": "puzzlewright-solutions",
//!   "version": 1,
//!   "levels": [
//!     {
//!       "level": 1,
//!       "map": ["#####", "#p*.#", "#####"],
//!       "solutions": [
//!         { "moves": "rr", "by": "solver", "states": "1a2b3c4d 5e6f7a8b" }
//!       ]
//!     }
//!   ]
//! }
//! ```
//!
//! `level` is the studio's Level N (the Nth map, from 1); `map` the level's
//! rows as written when the solution was kept (lower-cased), which is how a
//! solution finds its level again when levels are moved, and how we know a
//! level changed since; `moves` the inputs as letters (`u d l r x`, `z`
//! undo, `!` restart, `.` a tick: [`engine::kept`]); `by` who found them
//! (`player` or `solver`); `seed` the random seed, only for games that use
//! randomness; `states` a fingerprint of the level after each move, so a
//! replay that no longer wins can say where it first went another way.
//!
//! The engine replays; this module reads and writes the file (through
//! [`crate::writers::write_atomic`]) and turns replays into a verdict per
//! level, for the studio's level cards and `puzzlewright test` alike.

use anyhow::Context as _;
use engine::kept::{self, Built, RuleChange, Verdict};
use engine::play::entry_numbers;
use engine::run::Step;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The `format` field's value.
pub const FORMAT: &str = "puzzlewright-solutions";
/// The version this build writes (and the newest it reads).
pub const VERSION: u32 = 1;

/// Who found a solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum By {
    /// The author, playing.
    Player,
    /// The solver.
    Solver,
}

/// One kept solution.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Solution {
    /// The inputs as letters ([`engine::kept::write_moves`]).
    pub moves: String,
    /// Who found them.
    pub by: By,
    /// The random seed they were played with (games that use randomness).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<String>,
    /// Fingerprints of the level after each move
    /// ([`engine::kept::write_fingerprints`]).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub states: String,
}

/// The solutions of one level.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeptLevel {
    /// The studio's Level N when they were kept.
    pub level: usize,
    /// The level's rows when they were kept.
    pub map: Vec<String>,
    /// Its solutions, the first the one replayed first.
    pub solutions: Vec<Solution>,
}

/// The whole file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Solutions {
    /// Always [`FORMAT`].
    pub format: String,
    /// The version it was written in.
    pub version: u32,
    /// Levels with kept solutions, in level order.
    pub levels: Vec<KeptLevel>,
}

impl Default for Solutions {
    fn default() -> Self {
        Solutions { format: FORMAT.to_owned(), version: VERSION, levels: Vec::new() }
    }
}

/// Where the solutions of the game at `game` are kept: `NAME.solutions.json`
/// beside `NAME.txt` (beside `NAME` for a file with no extension).
#[must_use]
pub fn sidecar_path(game: &Path) -> PathBuf {
    game.with_extension("solutions.json")
}

impl Solutions {
    /// Read a solutions file; a missing file is an empty set.
    ///
    /// # Errors
    /// The file exists but cannot be read, is not a solutions file, or is
    /// from a newer version.
    pub fn load(path: &Path) -> anyhow::Result<Solutions> {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Solutions::default()),
            Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
        };
        Solutions::parse(&text).with_context(|| format!("{} is not a solutions file", path.display()))
    }

    /// Read the file's text.
    ///
    /// # Errors
    /// Not JSON of this shape, another format, a newer version, or moves
    /// that are not move letters.
    pub fn parse(text: &str) -> anyhow::Result<Solutions> {
        let s: Solutions = serde_json::from_str(text)?;
        anyhow::ensure!(s.format == FORMAT, "its format is \"{}\", not \"{FORMAT}\"", s.format);
        anyhow::ensure!(
            s.version <= VERSION,
            "it was written by a newer Puzzlewright (version {}; this one reads up to {VERSION})",
            s.version
        );
        for level in &s.levels {
            for sol in &level.solutions {
                kept::parse_moves(&sol.moves).with_context(|| format!("level {}", level.level))?;
            }
        }
        Ok(s)
    }

    /// The file's text: pretty JSON, levels in order, a final line break.
    #[must_use]
    pub fn to_json(&self) -> String {
        let mut sorted = self.clone();
        sorted.levels.sort_by_key(|l| l.level);
        let mut text = serde_json::to_string_pretty(&sorted).unwrap_or_default();
        text.push('\n');
        text
    }

    /// Write the file through the atomic writer.
    ///
    /// # Errors
    /// The folder cannot be written.
    pub fn save(&self, path: &Path) -> anyhow::Result<()> {
        crate::writers::write_atomic(path, self.to_json().as_bytes())
    }

    /// Keep `moves` for the map at LEVELS entry `entry` of `build` (replayed
    /// to record their fingerprints), after any solutions the level already
    /// has; moves already kept for it are not added twice. Returns whether
    /// something was added.
    pub fn keep(&mut self, build: &engine::Build, entry: usize, moves: &[Step], by: By, seed: Option<&str>) -> bool {
        let (Some(game), Some(map)) = (build.game.as_ref(), kept::level_text(&build.ast, entry)) else {
            return false;
        };
        let Some(level) = entry_numbers(game).get(entry).and_then(|&n| match n {
            engine::play::EntryNumber::Level(n) => Some(n),
            engine::play::EntryNumber::Message { .. } => None,
        }) else {
            return false;
        };
        let replay = kept::replay(game, entry, seed, moves);
        let map: Vec<String> = map.lines().map(str::to_owned).collect();
        let solution = Solution {
            moves: kept::write_moves(moves),
            by,
            seed: seed.map(str::to_owned),
            states: kept::write_fingerprints(&replay.fingerprints),
        };
        // Solutions kept on an older version of this level no longer
        // describe it: the new one replaces them.
        self.levels.retain(|l| l.level != level || l.map == map);
        match self.levels.iter_mut().find(|l| l.level == level) {
            Some(l) if l.solutions.iter().any(|s| s.moves == solution.moves) => false,
            Some(l) => {
                l.solutions.push(solution);
                true
            }
            None => {
                self.levels.push(KeptLevel { level, map, solutions: vec![solution] });
                self.levels.sort_by_key(|l| l.level);
                true
            }
        }
    }
}

/// What the kept solutions of one level do in the game now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Status {
    /// No solution is kept for this level.
    NoneKept,
    /// The first kept solution still wins, in this many moves (or sooner:
    /// `early` is the move that now wins, when before the last).
    Wins {
        /// Moves of the kept solution.
        moves: usize,
        /// The move that won, when the level is now won before the last.
        early: Option<usize>,
    },
    /// No kept solution wins any more.
    Broken {
        /// How the first kept solution ended.
        verdict: Verdict,
        /// The first move after which the level differs from when the
        /// solution was kept (from 1), when the file has its fingerprints.
        at: Option<usize>,
        /// Rules that applied differently on that move, when the build the
        /// solution was kept on is at hand.
        rules: Vec<RuleChange>,
    },
    /// The level's map differs from the one the solutions were kept on.
    LevelChanged,
}

/// One level's report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LevelReport {
    /// The studio's Level N.
    pub level: usize,
    /// Its LEVELS entry (from 0, messages counted).
    pub entry: usize,
    /// The verdict.
    pub status: Status,
    /// Which kept solution the verdict is about (its index in the file's
    /// list for this level; the first that still wins, else the first).
    pub solution: Option<Solution>,
}

/// Replay every kept solution against `build` (built from `text`). `before` is the build the
/// solutions were last seen winning on, with its text, when known: a broken
/// level then names the rules that behave differently on the move where it
/// first goes another way.
#[must_use]
pub fn check(
    build: &engine::Build,
    text: &str,
    solutions: &Solutions,
    before: Option<(&engine::Build, &str)>,
) -> Vec<LevelReport> {
    let Some(game) = build.game.as_ref() else { return Vec::new() };
    let numbers = entry_numbers(game);
    let maps_now: Vec<Option<String>> = (0..numbers.len()).map(|e| kept::level_text(&build.ast, e)).collect();
    let is_now = |rows: &[String]| maps_now.iter().flatten().any(|m| m.lines().eq(rows.iter().map(String::as_str)));
    let mut out = Vec::new();
    for (entry, number) in numbers.iter().enumerate() {
        let engine::play::EntryNumber::Level(level) = *number else { continue };
        let map = maps_now[entry].clone().unwrap_or_default();
        let rows: Vec<&str> = map.lines().collect();
        // The level's own solutions, or those of a level with the same map
        // kept under another number (levels were moved).
        let found = solutions
            .levels
            .iter()
            .find(|l| l.level == level && l.map == rows)
            .or_else(|| solutions.levels.iter().find(|l| l.map == rows));
        let Some(kept_level) = found.filter(|l| !l.solutions.is_empty()) else {
            // Solutions kept for this number on a map that is nowhere in
            // the game now: the level was edited since.
            let changed =
                solutions.levels.iter().any(|l| l.level == level && !l.solutions.is_empty() && !is_now(&l.map));
            let status = if changed { Status::LevelChanged } else { Status::NoneKept };
            out.push(LevelReport { level, entry, status, solution: None });
            continue;
        };
        out.push(check_level(Built { game, text, entry }, level, kept_level, before));
    }
    out
}

fn check_level(
    now: Built<'_>,
    level: usize,
    kept_level: &KeptLevel,
    before: Option<(&engine::Build, &str)>,
) -> LevelReport {
    let (game, entry) = (now.game, now.entry);
    let mut first_failure = None;
    for sol in &kept_level.solutions {
        let Ok(moves) = kept::parse_moves(&sol.moves) else { continue };
        let replay = kept::replay(game, entry, sol.seed.as_deref(), &moves);
        match replay.verdict {
            Verdict::Wins { moves } => {
                let status = Status::Wins { moves, early: None };
                return LevelReport { level, entry, status, solution: Some(sol.clone()) };
            }
            Verdict::WinsEarly { at, of } => {
                let status = Status::Wins { moves: of, early: Some(at) };
                return LevelReport { level, entry, status, solution: Some(sol.clone()) };
            }
            _ if first_failure.is_none() => first_failure = Some((sol, moves, replay)),
            _ => {}
        }
    }
    let Some((sol, moves, replay)) = first_failure else {
        let status = Status::Broken { verdict: Verdict::NotWon { moves: 0 }, at: None, rules: Vec::new() };
        return LevelReport { level, entry, status, solution: None };
    };
    let kept_prints = kept::parse_fingerprints(&sol.states).unwrap_or_default();
    let at = replay.first_difference(&kept_prints).or_else(|| {
        // Agreeing as far as the replay went but stopping short of the
        // kept length: the difference is the move after.
        (!kept_prints.is_empty() && replay.fingerprints.len() < kept_prints.len())
            .then_some(replay.fingerprints.len() + 1)
    });
    let rules = match (at, before) {
        (Some(at), Some((old, old_text))) => old
            .game
            .as_ref()
            .and_then(|old_game| {
                let old_entry = old_entry_of(old, &kept_level.map)?;
                Some(kept::changed_rules(
                    Built { game: old_game, text: old_text, entry: old_entry },
                    now,
                    sol.seed.as_deref(),
                    &moves,
                    at,
                ))
            })
            .unwrap_or_default(),
        _ => Vec::new(),
    };
    let status = Status::Broken { verdict: replay.verdict, at, rules };
    LevelReport { level, entry, status, solution: Some(sol.clone()) }
}

/// The entry of the old build whose map is `rows`.
fn old_entry_of(old: &engine::Build, rows: &[String]) -> Option<usize> {
    (0..old.ast.levels.len())
        .find(|&e| kept::level_text(&old.ast, e).is_some_and(|m| m.lines().eq(rows.iter().map(String::as_str))))
}

#[cfg(test)]
mod tests;

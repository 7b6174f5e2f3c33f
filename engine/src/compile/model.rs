//! The compiled rules, as a turn reads them: directions, commands, pattern
//! cells and replacements as bitset masks, rows with their quick keys,
//! rules, rule sets (groups and loop points), rigid-body tables and
//! subroutines. Data only: `rules.rs` lowers expanded rules to these, and
//! `settle.rs` answers, on first use, which groups settle in one pass and
//! which rules' matches stay (`Rule::matches_stay`, `RuleSet::settles`).

use super::bits::Words;
use crate::syntax::keywords::CommandWord;
use std::sync::{Arc, OnceLock};

/// When in a turn a rule runs: with the main rules (before movement), or
/// late (after movement, the `late` prefix). A subroutine has rules of
/// both; a `gosub` runs those of its caller's phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Phase {
    /// The main rules.
    Main,
    /// The `late` rules.
    Late,
}

/// A direction of movement, or the direction a rule scans in (never
/// `Action` there). Each value is the direction's movement bit in a layer's
/// slot of a movement mask.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Direction {
    /// Towards the top row.
    Up = 1,
    /// Towards the bottom row.
    Down = 2,
    /// Towards the first column.
    Left = 4,
    /// Towards the last column.
    Right = 8,
    /// The action key: a "movement" that goes nowhere.
    Action = 16,
}

impl Direction {
    /// The movement bit of this direction (as in a layer's slot).
    #[must_use]
    pub const fn bit(self) -> u64 {
        self as u64
    }

    /// Whether a scan in this direction walks along a row.
    #[must_use]
    pub const fn is_horizontal(self) -> bool {
        matches!(self, Direction::Left | Direction::Right)
    }

    /// The word for the direction, as a game writes it.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Direction::Up => "up",
            Direction::Down => "down",
            Direction::Left => "left",
            Direction::Right => "right",
            Direction::Action => "action",
        }
    }

    /// The direction a word names (`up`, `down`, `left`, `right`, `action`).
    #[must_use]
    pub fn from_word(word: &str) -> Option<Direction> {
        match word {
            "up" => Some(Direction::Up),
            "down" => Some(Direction::Down),
            "left" => Some(Direction::Left),
            "right" => Some(Direction::Right),
            "action" => Some(Direction::Action),
            _ => None,
        }
    }
}

pub use crate::syntax::keywords::SFX_COUNT;

/// A command a rule queues when it matches, resolved at compile time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `cancel`: the turn is undone.
    Cancel,
    /// `restart`: the level goes back to its start (or checkpoint).
    Restart,
    /// `win`: the level is won.
    Win,
    /// `again`: another turn runs without input, if this one changed something.
    Again,
    /// `checkpoint`: the level as it ends this turn becomes the restart point.
    Checkpoint,
    /// `message TEXT`: show a message.
    Message(Arc<str>),
    /// `sfxN` (N from 0 to 10): play the game's sound of that name.
    Sound(u8),
    /// `gosub NAME` (PuzzleScript Next): after the rule's group has run,
    /// run the rules of the subroutine with this index in
    /// [`super::Game::subroutines`].
    Gosub(usize),
    /// `OPTION VALUE` with `runtime_metadata_twiddling` (PuzzleScript
    /// Plus): set the option as the rule applies (`wipe` removes it,
    /// `default` restores the prelude's value).
    Twiddle(crate::options::PreludeOption, Arc<str>),
    /// `undo` (PuzzleScript Plus): the turn is dropped and the one before
    /// it undone, as if the player had pressed undo.
    Undo,
    /// `nosave` (PuzzleScript Plus): the turn leaves no undo step.
    Nosave,
    /// `quit` (PuzzleScript Plus): the player leaves the level for the
    /// title screen (or the level select).
    Quit,
    /// `status TEXT` (PuzzleScript Next): the status line under the level
    /// shows TEXT (the first one a turn sets), until the player's next
    /// input, an undo, a restart or another level.
    Status(Arc<str>),
    /// `goto NAME` (PuzzleScript Plus): after the turn, play jumps to the
    /// first entry of the section NAME (the name as written; the session
    /// looks it up in [`super::Game::sections`]). Not a win, not undone.
    Goto(Arc<str>),
    /// `link` (PuzzleScript Next): after the turn, a player standing on a
    /// `link` object of the LEVELS goes to its target; winning there comes
    /// back.
    Link,
    /// `log TEXT` (PuzzleScript Next): a line for the author's console;
    /// it changes nothing in play.
    Log(Arc<str>),
}

impl Command {
    /// The command word, as written in a rule.
    #[must_use]
    pub fn word(&self) -> &'static str {
        match self {
            Command::Cancel => CommandWord::Cancel,
            Command::Restart => CommandWord::Restart,
            Command::Win => CommandWord::Win,
            Command::Again => CommandWord::Again,
            Command::Checkpoint => CommandWord::Checkpoint,
            Command::Message(_) => CommandWord::Message,
            Command::Sound(k) => CommandWord::Sfx(*k),
            Command::Gosub(_) => CommandWord::Gosub,
            Command::Twiddle(o, _) => return o.keyword(),
            Command::Undo => CommandWord::Undo,
            Command::Nosave => CommandWord::Nosave,
            Command::Quit => CommandWord::Quit,
            Command::Status(_) => CommandWord::Status,
            Command::Goto(_) => CommandWord::Goto,
            Command::Link => CommandWord::Link,
            Command::Log(_) => CommandWord::Log,
        }
        .as_str()
    }

    /// Resolve a command as the parser read it. `subroutines` are the
    /// subroutine names in index order; `None` for a word that is not a
    /// command, or a `gosub` to no subroutine (which `check` reports).
    #[must_use]
    pub fn resolve(word: &str, argument: Option<&str>, subroutines: &[String]) -> Option<Command> {
        if let Some(o) = crate::options::PreludeOption::from_keyword(word).filter(|o| o.twiddleable()) {
            return Some(Command::Twiddle(o, Arc::from(argument.unwrap_or("").trim())));
        }
        let text = || Arc::from(argument.unwrap_or("").trim());
        Some(match CommandWord::parse(word)? {
            CommandWord::Cancel => Command::Cancel,
            CommandWord::Restart => Command::Restart,
            CommandWord::Win => Command::Win,
            CommandWord::Again => Command::Again,
            CommandWord::Checkpoint => Command::Checkpoint,
            CommandWord::Message => Command::Message(Arc::from(argument.unwrap_or(" "))),
            CommandWord::Gosub => {
                let name = subroutine_key(argument.unwrap_or(""));
                Command::Gosub(subroutines.iter().position(|s| *s == name)?)
            }
            CommandWord::Sfx(k) => Command::Sound(k),
            CommandWord::Undo => Command::Undo,
            CommandWord::Nosave => Command::Nosave,
            CommandWord::Quit => Command::Quit,
            CommandWord::Status => Command::Status(text()),
            CommandWord::Goto => Command::Goto(text()),
            CommandWord::Link => Command::Link,
            CommandWord::Log => Command::Log(text()),
        })
    }
}

/// The sound event a `sfxN` command plays (`"sfx0"`.. `"sfx10"`; `"sfx"`
/// past the end).
#[must_use]
pub fn sfx_name(k: u8) -> &'static str {
    crate::syntax::keywords::SoundEvent::Sfx(k).as_str()
}

/// How a subroutine name is compared: lower case, words separated by one
/// space (`subroutine Move  Tiles` is called by `gosub move tiles`).
#[must_use]
pub fn subroutine_key(name: &str) -> String {
    name.split_whitespace().map(str::to_lowercase).collect::<Vec<_>>().join(" ")
}

/// What one cell of a rule's left-hand side requires.
#[derive(Debug, Clone)]
pub struct CellPattern {
    /// Objects that must all be present.
    pub present: Words,
    /// Objects that must all be absent.
    pub missing: Words,
    /// For each single-layer property: at least one of these present.
    pub any_present: Vec<Words>,
    /// Movement bits that must all be set.
    pub mov_present: Words,
    /// Movement bits that must all be clear.
    pub mov_missing: Words,
    /// What the right-hand side does to the cell, when it does anything.
    pub replace: Option<Replacement>,
}

/// What a rule's right-hand side does to one matched cell.
#[derive(Debug, Clone)]
pub struct Replacement {
    /// Objects removed (before `obj_set`).
    pub obj_clear: Words,
    /// Objects added.
    pub obj_set: Words,
    /// Movement bits cleared (includes `mov_layers`).
    pub mov_clear: Words,
    /// Movement bits set.
    pub mov_set: Words,
    /// Layers whose movement the rule rewrites (for rigid bookkeeping).
    pub mov_layers: Words,
    /// Object ids one of which is spawned at random (`random prop`).
    pub random_objects: Vec<usize>,
    /// Layers given a random direction (`randomdir`).
    pub random_dir_layers: Vec<usize>,
}

impl Replacement {
    /// Whether it draws a random choice (an object of `random prop` or a
    /// `randomdir` direction) each time it is applied.
    #[must_use]
    pub fn draws(&self) -> bool {
        !self.random_objects.is_empty() || !self.random_dir_layers.is_empty()
    }
}

/// One cell of a pattern row.
#[derive(Debug, Clone)]
#[cfg_attr(
    target_pointer_width = "64",
    expect(
        clippy::large_enum_variant,
        reason = "only on 64-bit targets (the web player is 32-bit); matched in the innermost loop of every turn; boxing the big variant adds an indirection there"
    )
)]
pub enum PatternCell {
    /// A cell to match.
    Cell(CellPattern),
    /// `...`: any number of cells.
    Ellipsis,
}

/// One bracketed row of a rule.
#[derive(Debug, Clone)]
pub struct Row {
    /// The cells in scan order.
    pub cells: Vec<PatternCell>,
    /// Number of ellipses (0, 1 or 2).
    pub ellipses: usize,
    /// Number of non-ellipsis cells.
    pub len: usize,
    /// Objects the row requires somewhere (for quick rejection).
    pub obj_mask: Words,
    /// Movements the row requires somewhere (for quick rejection).
    pub mov_mask: Words,
    /// The same cells as single words, when the game fits one word of
    /// objects and one of movements and the row has no ellipsis: the
    /// matcher's fast path.
    pub narrow: Option<Box<[NarrowCell]>>,
    /// For rows without ellipses: one word of one cell to test before the
    /// whole row (most places fail there).
    pub key: Option<RowKey>,
    /// The properties the row's cells require (one of each must be on the
    /// board, and on any line the row matches in).
    pub any_masks: Box<[Box<[u64]>]>,
    /// For rows with a key: bit `k` set when cell `k` (of the first 64)
    /// needs no test once the key has passed (it requires nothing, or it
    /// is the key cell and the key is all it requires).
    pub untested: u64,
}

/// The matcher's first test of a row at a place, on one cell (the row's
/// most demanding): one word of objects that must all be there, one word
/// of which at least one must be (a property), and one word of movements
/// that must all be there.
#[derive(Debug, Clone, Copy)]
pub struct RowKey {
    /// The cell, counted from the row's first cell.
    pub cell: usize,
    /// Which object word the two object tests read.
    pub obj_word: usize,
    /// Objects of that word that must all be present.
    pub obj_all: u64,
    /// Objects of that word of which one must be present (0: no test).
    pub obj_any: u64,
    /// Which movement word the movement test reads.
    pub mov_word: usize,
    /// Movement bits of that word that must all be set.
    pub mov_bits: u64,
    /// These tests are all the key cell requires.
    pub whole: bool,
    /// The row is this one cell and these tests are all it requires: a
    /// place that passes them matches.
    pub decides: bool,
}

/// A [`CellPattern`] of a game with at most 64 objects and 12 layers.
#[derive(Debug, Clone)]
pub struct NarrowCell {
    /// Objects that must all be present.
    pub present: u64,
    /// Objects that must all be absent.
    pub missing: u64,
    /// Movement bits that must all be set.
    pub mov_present: u64,
    /// Movement bits that must all be clear.
    pub mov_missing: u64,
    /// For each single-layer property: at least one of these present.
    pub any_present: Box<[u64]>,
}

impl NarrowCell {
    /// Whether a cell with objects `o` and movements `m` matches.
    #[inline]
    #[must_use]
    pub fn admits(&self, o: u64, m: u64) -> bool {
        o & self.present == self.present
            && o & self.missing == 0
            && m & self.mov_present == self.mov_present
            && m & self.mov_missing == 0
            && self.any_present.iter().all(|&a| o & a != 0)
    }
}

/// A compiled, concrete rule.
#[derive(Debug, Clone)]
pub struct Rule {
    /// Scan direction (up, down, left or right).
    pub dir: Direction,
    /// The rows.
    pub rows: Vec<Row>,
    /// Whether the rule has a right-hand side.
    pub has_replacements: bool,
    /// Source line.
    pub line: u32,
    /// Group number (line of the group's first rule).
    pub group: u32,
    /// Marked `rigid`.
    pub rigid: bool,
    /// Rigid group index + 1 of the rule's group (0 when not rigid).
    pub rigid_index: u64,
    /// Commands in order.
    pub commands: Vec<Command>,
    /// Marked `random` (meaningful on a group's first rule).
    pub random: bool,
    /// Marked `global` (PuzzleScript Plus): matches all over the level
    /// even in a game with `local_radius`.
    pub global: bool,
    /// Marked `once` (PuzzleScript Next): when the rule applies, that alone
    /// does not send its group round for another pass (its matches are
    /// still all applied, and it is tried again on a pass another rule
    /// causes).
    pub once: bool,
    /// Union of the rows' object masks.
    pub rule_mask: Words,
    /// Union of the rows' movement masks.
    pub mov_mask: Words,
    /// The rows' property masks, each listed once (see [`Row::any_masks`]).
    pub any_masks: Box<[Box<[u64]>]>,
    /// A two-word test of the level masks that rejects most rules that
    /// cannot match, before the full test.
    pub quick: RuleKey,
    /// Whether no rewrite of the rule can make a cell stop matching one of
    /// its patterns, worked out on first use (see [`Rule::matches_stay`]).
    pub stays: StayCache,
}

/// One word of [`Rule::rule_mask`] and one of [`Rule::mov_mask`] (the
/// fullest of each): a level whose masks lack them cannot match the rule.
#[derive(Debug, Clone, Copy, Default)]
pub struct RuleKey {
    /// Which object word.
    pub obj_word: usize,
    /// Objects of that word the rule needs.
    pub obj_bits: u64,
    /// Which movement word.
    pub mov_word: usize,
    /// Movement bits of that word the rule needs.
    pub mov_bits: u64,
    /// Which object word of the objects some cell of the rule must lack.
    pub lack_word: usize,
    /// Objects of that word some cell must lack (0: no test).
    pub lack_bits: u64,
}

impl RuleKey {
    /// Whether a level where every cell holds the objects of `every` that
    /// are not in `except` has no match of the rule: some cell must lack
    /// one of them.
    #[inline]
    #[must_use]
    pub fn ruled_out(&self, every: &[u64], except: &[u64]) -> bool {
        let (Some(&e), Some(&x)) = (every.get(self.lack_word), except.get(self.lack_word)) else { return false };
        e & !x & self.lack_bits != 0
    }

    /// Whether level masks `objects` and `movements` hold the key's bits.
    #[inline]
    #[must_use]
    pub fn admits(&self, objects: &[u64], movements: &[u64]) -> bool {
        objects.get(self.obj_word).is_some_and(|&o| o & self.obj_bits == self.obj_bits)
            && movements.get(self.mov_word).is_some_and(|&m| m & self.mov_bits == self.mov_bits)
    }
}

/// Rules in groups, and where loops jump back to.
#[derive(Debug, Clone, Default)]
pub struct RuleSet {
    /// Groups in execution order.
    pub groups: Vec<Vec<Rule>>,
    /// For a group index, the group index an `endloop` after it returns to.
    pub loop_point: Vec<Option<usize>>,
    /// Where this set's groups start in the numbering of all non-late groups
    /// (main rules first, then each subroutine's), which rigid bodies use
    /// to name the group a failed movement bans.
    pub group_base: usize,
    /// For each group, the objects every one of its rules requires: a
    /// level without them runs none of the group.
    pub group_masks: Vec<Box<[u64]>>,
    /// For each group whose every rule requires some movement, the union
    /// of those movements (a level with none of them runs none of the
    /// group); empty for other groups.
    pub group_movements: Vec<Box<[u64]>>,
    /// For each group, whether a pass that changed the level leaves
    /// nothing for a next pass to change, so the turn may stop there
    /// (see [`RuleSet::settles`]).
    pub(crate) group_settles: SettleCache,
    /// For each group, whether its passes stop once every rule has been
    /// tried since the last change, as the reference's do: only a group
    /// where that shows (a `gosub`, which a rule that matched without a
    /// change would call again, or a `random` replacement or direction,
    /// which would draw again, in a PuzzleScript Plus/Next game) is marked;
    /// the others end with a full pass that changes nothing, to the same
    /// effect. A classic game's random groups keep their full passes, as
    /// the classic engine runs them.
    pub group_stops_early: Vec<bool>,
}

/// Rigid-body tables over all non-late groups (main rules and subroutines).
#[derive(Debug, Clone, Default)]
pub struct RigidInfo {
    /// Whether any group is rigid.
    pub any: bool,
    /// Rigid group index -> group, numbered as [`RuleSet::group_base`] says.
    pub rigid_to_group: Vec<usize>,
}

/// A PuzzleScript Next subroutine: the rules from a `subroutine NAME` line
/// to the next such line (or the end), run by `gosub NAME`. A call from the
/// main rules runs its non-late rules, a call from late rules its late rules.
#[derive(Debug, Clone, Default)]
pub struct Subroutine {
    /// The name as calls compare it (see [`subroutine_key`]).
    pub name: String,
    /// Line of the `subroutine` marker.
    pub line: u32,
    /// Its non-late rules.
    pub rules: RuleSet,
    /// Its late rules.
    pub late_rules: RuleSet,
}

/// A rule's [`Rule::matches_stay`], worked out the first time a turn asks
/// (building a game pays nothing for it; `settle.rs` works it out). Its
/// debug text does not show what has been worked out, so a game prints the
/// same before and after play.
#[derive(Clone, Default)]
pub struct StayCache(OnceLock<bool>);

impl StayCache {
    /// The answer, worked out by `work` the first time.
    #[inline]
    pub(crate) fn get_or_init(&self, work: impl FnOnce() -> bool) -> bool {
        *self.0.get_or_init(work)
    }
}

impl std::fmt::Debug for StayCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("StayCache")
    }
}

/// For each group of a rule set, whether it settles in one pass, worked
/// out the first time a turn asks (`settle.rs` works it out). Its debug
/// text does not show what has been worked out, so a game prints the same
/// before and after play.
#[derive(Clone, Default)]
pub struct SettleCache(Vec<OnceLock<bool>>);

impl SettleCache {
    /// Nothing worked out yet, for `groups` groups.
    pub(crate) fn new(groups: usize) -> Self {
        SettleCache((0..groups).map(|_| OnceLock::new()).collect())
    }

    /// Every one of `groups` groups answered `value` (tests compare play
    /// with and without the shortcut).
    #[cfg(test)]
    pub(crate) fn fixed(groups: usize, value: bool) -> Self {
        SettleCache((0..groups).map(|_| OnceLock::from(value)).collect())
    }

    /// The answer for group `gi`, worked out by `work` the first time;
    /// false for a group that is not there.
    #[inline]
    pub(crate) fn get_or_init(&self, gi: usize, work: impl FnOnce() -> bool) -> bool {
        self.0.get(gi).is_some_and(|c| *c.get_or_init(work))
    }
}

impl std::fmt::Debug for SettleCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SettleCache({} groups)", self.0.len())
    }
}

//! The level select: the levels a player has reached, offered from the
//! title screen to play again. Numbered as everywhere ("Level N" is the
//! Nth map from 1, see `numbering`), each with the message that leads
//! into it as a caption when one does.
//!
//! One list for every host (the docked player, the HTML page, the native
//! window). Which entries are listed and what is said about them is
//! decided here alone ([`level_select_items`]), so the options of
//! PuzzleScript Next's `level_select` (locked levels, solved marks,
//! section names, level names) can later be added as fields of
//! [`LevelItem`] and rules in that one function, without the hosts
//! changing how they show or choose an item.

use crate::compile::{Game, Level};

/// One level (or PuzzleScript Plus section) offered by the level select.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LevelItem {
    /// In a game with `level_select` and `section` lines: the section's
    /// name, whether it is solved (the player went on past its last
    /// entry) and whether it is locked (`level_select_lock`).
    pub section: Option<SectionMark>,
    /// The LEVELS entry choosing it loads: the first of the messages that
    /// lead into the level (so the player reads them again), else the map.
    pub entry: usize,
    /// The map's LEVELS entry.
    pub map: usize,
    /// Its number among maps, from 1 ("Level 3").
    pub level: usize,
    /// The first message leading into it, if one does.
    pub caption: Option<String>,
}

/// What the level select says about a section.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SectionMark {
    /// The section's name.
    pub name: String,
    /// Solved: the player went on past its last entry.
    pub solved: bool,
    /// Locked by `level_select_lock`: shown as stars, cannot be chosen.
    pub locked: bool,
    /// The mark of a solved section (`level_select_solve_symbol`).
    pub symbol: String,
}

impl LevelItem {
    /// `Level 3`, or `Level 3: Second stop` with a caption (whitespace in
    /// it folded to single spaces). A section is its solved mark (or a
    /// space) and its name, a locked one stars as long as the name.
    #[must_use]
    pub fn label(&self) -> String {
        if let Some(s) = &self.section {
            let mark = if s.solved { s.symbol.as_str() } else { " " };
            let name: String = if s.locked {
                "*".repeat(s.name.chars().count())
            } else {
                s.name.chars().take(SECTION_NAME_CHARS).collect()
            };
            return format!("{mark} {name}");
        }
        match &self.caption {
            Some(caption) => {
                let words: Vec<&str> = caption.split_whitespace().collect();
                format!("Level {}: {}", self.level, words.join(" "))
            }
            None => format!("Level {}", self.level),
        }
    }
}

/// The most characters of a section's name the list shows (as PuzzleScript Plus).
const SECTION_NAME_CHARS: usize = 24;

/// The levels of `game` a player who got as far as entry `reached` may
/// choose: every map whose first leading message (or the map itself) is
/// at or before `reached`, in order. In a game with `level_select` and
/// `section` lines (PuzzleScript Plus), every section instead, as
/// [`section_items`] says.
#[must_use]
pub fn level_select_items(game: &Game, reached: usize) -> Vec<LevelItem> {
    if game.metadata.level_select.is_some() && !game.sections.is_empty() {
        return section_items(game, reached);
    }
    let mut items = Vec::new();
    let mut maps = 0;
    // The first message of the run of messages just before the next map.
    let mut leading: Option<usize> = None;
    for (index, level) in game.levels.iter().enumerate() {
        match level {
            Level::Message(_) => {
                leading.get_or_insert(index);
            }
            // Past a `goto` entry the next map is reached by its own way.
            Level::Goto(_) => leading = None,
            Level::Map(_) => {
                maps += 1;
                let start = leading.take().unwrap_or(index);
                if start > reached {
                    break;
                }
                let caption = match game.levels.get(start) {
                    Some(Level::Message(text)) if start < index && !text.trim().is_empty() => Some(text.clone()),
                    _ => None,
                };
                items.push(LevelItem { section: None, entry: start, map: index, level: maps, caption });
            }
        }
    }
    items
}

/// PuzzleScript Plus's level select: one item per section, from its first
/// entry. A section is solved once the player has gone on past its last
/// entry (`reached` beyond it). With `level_select_lock`, sections after
/// the last solved one plus `level_select_unlocked_ahead` (1 when not
/// given) are locked, or with `level_select_unlocked_rollover N` those
/// past the solved count plus N; without the lock every section is open.
#[must_use]
pub fn section_items(game: &Game, reached: usize) -> Vec<LevelItem> {
    let Some(options) = &game.metadata.level_select else { return Vec::new() };
    let sections = &game.sections;
    let ends: Vec<usize> = sections.iter().skip(1).map(|s| s.first_entry).chain([game.levels.len()]).collect();
    // A finished game's progress is past its last entry: the last section
    // is solved too.
    let solved: Vec<bool> = ends.iter().map(|&end| reached >= end).collect();
    let unlocked_until: Option<usize> = options.lock.then(|| {
        let count = solved.iter().filter(|s| **s).count();
        match options.unlocked_rollover {
            Some(n) => (count + n).saturating_sub(1),
            None => solved.iter().rposition(|s| *s).map_or(0, |i| i + 1) + options.unlocked_ahead.saturating_sub(1),
        }
    });
    let numbers = super::numbering::number_entries(game.levels.iter().map(|l| matches!(l, Level::Map(_))));
    sections
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let map = (s.first_entry..ends[i])
                .find(|&e| matches!(game.levels.get(e), Some(Level::Map(_))))
                .unwrap_or(s.first_entry);
            LevelItem {
                section: Some(SectionMark {
                    name: s.name.clone(),
                    solved: solved[i],
                    locked: unlocked_until.is_some_and(|u| i > u),
                    symbol: options.solve_symbol.clone(),
                }),
                entry: s.first_entry,
                map,
                level: numbers.get(map).and_then(|n| n.level()).unwrap_or(1),
                caption: None,
            }
        })
        .collect()
}

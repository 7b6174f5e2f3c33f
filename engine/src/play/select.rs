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

/// One level offered by the level select.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LevelItem {
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

impl LevelItem {
    /// `Level 3`, or `Level 3: Second stop` with a caption (whitespace in
    /// it folded to single spaces).
    #[must_use]
    pub fn label(&self) -> String {
        match &self.caption {
            Some(caption) => {
                let words: Vec<&str> = caption.split_whitespace().collect();
                format!("Level {}: {}", self.level, words.join(" "))
            }
            None => format!("Level {}", self.level),
        }
    }
}

/// The levels of `game` a player who got as far as entry `reached` may
/// choose: every map whose first leading message (or the map itself) is
/// at or before `reached`, in order.
#[must_use]
pub fn level_select_items(game: &Game, reached: usize) -> Vec<LevelItem> {
    let mut items = Vec::new();
    let mut maps = 0;
    // The first message of the run of messages just before the next map.
    let mut leading: Option<usize> = None;
    for (index, level) in game.levels.iter().enumerate() {
        match level {
            Level::Message(_) => {
                leading.get_or_insert(index);
            }
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
                items.push(LevelItem { entry: start, map: index, level: maps, caption });
            }
        }
    }
    items
}

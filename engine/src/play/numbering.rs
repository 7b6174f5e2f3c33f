//! How LEVELS entries are numbered for people, one way everywhere (the
//! player's level picker, its title screen, the level editor, the
//! exports): maps are counted among maps only ("Level 3"), and a message
//! is a message, named by the level it leads into.

use crate::compile::{Game, Level};

/// What to call one entry of the LEVELS section.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryNumber {
    /// A map: its number among the maps, from 1.
    Level(usize),
    /// A message: the number of the first map after it (`None` when no map
    /// follows, e.g. a closing message).
    Message {
        /// Number of the next map, from 1.
        next_level: Option<usize>,
    },
}

impl EntryNumber {
    /// The number of the level this entry is or leads into.
    #[must_use]
    pub fn level(self) -> Option<usize> {
        match self {
            EntryNumber::Level(n) => Some(n),
            EntryNumber::Message { next_level } => next_level,
        }
    }
}

impl std::fmt::Display for EntryNumber {
    /// `Level 3`, `Message before level 3`, or `Closing message`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EntryNumber::Level(n) => write!(f, "Level {n}"),
            EntryNumber::Message { next_level: Some(n) } => write!(f, "Message before level {n}"),
            EntryNumber::Message { next_level: None } => write!(f, "Closing message"),
        }
    }
}

/// Number a LEVELS section given, for each entry in order, whether it is a
/// map (`true`) or a message (`false`). Works on the compiled game and on
/// the syntax tree alike.
#[must_use]
pub fn number_entries(is_map: impl IntoIterator<Item = bool>) -> Vec<EntryNumber> {
    let kinds: Vec<bool> = is_map.into_iter().collect();
    let mut out = Vec::with_capacity(kinds.len());
    let mut maps = 0;
    for &map in &kinds {
        if map {
            maps += 1;
            out.push(EntryNumber::Level(maps));
        } else {
            out.push(EntryNumber::Message { next_level: None });
        }
    }
    // Each message leads into the first map after it.
    let mut next = None;
    for (entry, &map) in out.iter_mut().zip(&kinds).rev() {
        match entry {
            EntryNumber::Level(n) if map => next = Some(*n),
            EntryNumber::Message { next_level } => *next_level = next,
            EntryNumber::Level(_) => {}
        }
    }
    out
}

/// The number of every entry of `game`'s LEVELS section.
#[must_use]
pub fn entry_numbers(game: &Game) -> Vec<EntryNumber> {
    number_entries(game.levels.iter().map(|l| matches!(l, Level::Map(_))))
}

/// The number of entry `index` of `game`'s LEVELS section.
#[must_use]
pub fn entry_number(game: &Game, index: usize) -> Option<EntryNumber> {
    entry_numbers(game).get(index).copied()
}

/// How many maps (levels, not messages) `game` has.
#[must_use]
pub fn level_count(game: &Game) -> usize {
    game.levels.iter().filter(|l| matches!(l, Level::Map(_))).count()
}

/// The LEVELS entry (from 0, messages counted) of Level `n` (the `n`th
/// map, from 1), when the game has that many maps.
#[must_use]
pub fn entry_of_level(game: &Game, n: usize) -> Option<usize> {
    let maps = game.levels.iter().enumerate().filter(|(_, l)| matches!(l, Level::Map(_)));
    n.checked_sub(1).and_then(|skip| maps.map(|(i, _)| i).nth(skip))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_n_is_found_among_the_entries() {
        let game = crate::build(
            "title t\n========\nOBJECTS\n========\nBackground\nblack\nPlayer\nwhite\n=======\nLEGEND\n=======\n. = Background\nP = Player\n=======\nSOUNDS\n=======\n\
             ================\nCOLLISIONLAYERS\n================\nBackground\nPlayer\n======\nRULES\n======\n==============\nWINCONDITIONS\n==============\n\
             =======\nLEVELS\n=======\nmessage hello\n\nP.\n\nmessage again\n\n.P\n",
        )
        .game
        .expect("the game builds");
        assert_eq!(entry_of_level(&game, 1), Some(1));
        assert_eq!(entry_of_level(&game, 2), Some(3));
        assert_eq!(entry_of_level(&game, 0), None);
        assert_eq!(entry_of_level(&game, 3), None);
    }

    #[test]
    fn maps_are_counted_among_maps_and_messages_name_the_next_map() {
        let n = number_entries([false, true, true, false, true, false]);
        assert_eq!(
            n,
            vec![
                EntryNumber::Message { next_level: Some(1) },
                EntryNumber::Level(1),
                EntryNumber::Level(2),
                EntryNumber::Message { next_level: Some(3) },
                EntryNumber::Level(3),
                EntryNumber::Message { next_level: None },
            ]
        );
        assert_eq!(n[2].to_string(), "Level 2");
        assert_eq!(n[3].to_string(), "Message before level 3");
        assert_eq!(n[5].to_string(), "Closing message");
        assert_eq!(n[3].level(), Some(3));
        assert!(number_entries([]).is_empty());
    }
}

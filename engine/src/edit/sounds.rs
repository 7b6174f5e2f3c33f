//! Sound edits: the SOUNDS line for an event.
//!
//! [`set_sound`] gives the smallest [`TextEdit`] that makes the game play a
//! given seed for an event: it replaces the seed of the event's existing line
//! (the last one, which is the one that counts), or adds a line at the end of
//! the SOUNDS section, or creates the section where PuzzleScript expects it
//! (after LEGEND, before COLLISIONLAYERS). Nothing else in the text changes.

use super::TextEdit;
use crate::syntax::ast::{Ast, Section, SoundDef};
use crate::syntax::keywords::{SoundDirection, SoundEvent, SoundVerb};

/// What an object's sound line reacts to, as the studio offers it (the
/// verbs of every game).
pub const OBJECT_VERBS: [SoundVerb; 5] = SoundVerb::CLASSIC;

/// Directions the studio offers for a `move`/`cantmove` line: every
/// direction word but `orthogonal` (the last), which is the same as
/// giving none.
pub const DIRECTIONS: &[SoundDirection] = match SoundDirection::ALL.split_last() {
    Some((_orthogonal, rest)) => rest,
    None => &[],
};

/// What a sound line is for: a game-wide event or an object's event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SoundTarget {
    /// A game-wide event such as `startgame` or `sfx3`.
    Event(SoundEvent),
    /// An object event: `crate move up`, `player cantmove`, `gem destroy`.
    Object {
        /// The object (or property) name.
        object: String,
        /// What it reacts to.
        verb: SoundVerb,
        /// Directions for `move`/`cantmove`; empty for "any".
        directions: Vec<SoundDirection>,
    },
}

impl SoundTarget {
    /// The words of the line before the seed, lower-cased.
    #[must_use]
    pub fn words(&self) -> Vec<String> {
        match self {
            Self::Event(e) => vec![e.as_str().to_owned()],
            Self::Object { object, verb, directions } => {
                let mut w = vec![object.to_lowercase(), verb.as_str().to_owned()];
                w.extend(directions.iter().map(|d| d.as_str().to_owned()));
                w
            }
        }
    }

    /// The event of a sound line (its words without the seed), if the line
    /// has the shape `event... seed` (an object's line with a verb and
    /// directions that are words of the language).
    #[must_use]
    pub fn of_line(def: &SoundDef) -> Option<(Self, i64)> {
        let (last, rest) = def.words.split_last()?;
        let seed = last.text.parse::<i64>().ok()?;
        let words: Vec<&str> = rest.iter().map(|w| w.text.as_str()).collect();
        let event = match words.as_slice() {
            [one] => Self::Event(SoundEvent::parse(&one.to_lowercase())?),
            [object, verb, dirs @ ..] => Self::Object {
                object: (*object).to_owned(),
                verb: SoundVerb::parse(&verb.to_lowercase())?,
                directions: dirs
                    .iter()
                    .map(|d| SoundDirection::parse(&d.to_lowercase()))
                    .collect::<Option<Vec<_>>>()?,
            },
            [] => return None,
        };
        Some((event, seed))
    }

    /// The line as it is written: `crate move up 1234`.
    #[must_use]
    pub fn line(&self, seed: i64) -> String {
        let mut w = self.words();
        w.push(seed.to_string());
        w.join(" ")
    }
}

/// Byte index of the end of the line holding `at` (the `\n`, or the text's end).
fn line_end(text: &str, at: usize) -> usize {
    text.get(at..).and_then(|rest| rest.find('\n')).map_or(text.len(), |i| at + i)
}

/// Byte index of the start of the line holding `at`.
fn line_start(text: &str, at: usize) -> usize {
    text.get(..at).and_then(|before| before.rfind('\n')).map_or(0, |i| i + 1)
}

/// Whether the line starting at `start` is a `=====` rule line.
fn is_rule_line(text: &str, start: usize) -> bool {
    let end = line_end(text, start);
    let line = text.get(start..end).unwrap_or("").trim();
    !line.is_empty() && line.chars().all(|c| c == '=')
}

/// The edit that makes `event` play `seed`: replaces the seed of the
/// event's last existing line, or adds a line to SOUNDS (creating the
/// section when it is missing). `None` when the text already says exactly
/// that.
#[must_use]
pub fn set_sound(text: &str, ast: &Ast, event: &SoundTarget, seed: i64) -> Option<TextEdit> {
    let want = event.words();
    let existing = ast.sounds.iter().rev().find(|def| {
        def.words.len() == want.len() + 1
            && def.words.iter().zip(&want).all(|(a, b)| a.text == *b)
            && def.words.last().is_some_and(|w| w.text.parse::<i64>().is_ok())
    });
    if let Some(def) = existing {
        let last = def.words.last()?;
        if last.text.parse::<i64>().ok() == Some(seed) {
            return None;
        }
        return Some(TextEdit::replace(last.span.start..last.span.end, seed.to_string()));
    }
    let line = event.line(seed);
    if let Some(last) = ast.sounds.last() {
        // After the last sound line (after any comment that ends it).
        return Some(TextEdit::insert(line_end(text, last.span.end), format!("\n{line}")));
    }
    if let Some((_, header)) = ast.sections.iter().find(|(s, _)| *s == Section::Sounds) {
        // An empty section: after the header and its underline, if any.
        let mut at = line_end(text, header.end);
        if at < text.len() && is_rule_line(text, at + 1) {
            at = line_end(text, at + 1);
        }
        return Some(TextEdit::insert(at, format!("\n{line}")));
    }
    // No section: create it before the first section that must follow it.
    let section = format!("=======\nSOUNDS\n=======\n\n{line}\n");
    if let Some((_, header)) = ast.sections.iter().find(|(s, _)| *s > Section::Sounds) {
        let mut at = line_start(text, header.start);
        if at > 0 {
            let prev = line_start(text, at - 1);
            if is_rule_line(text, prev) {
                at = prev;
            }
        }
        return Some(TextEdit::insert(at, format!("{section}\n")));
    }
    let sep = if text.is_empty() || text.ends_with('\n') { "\n" } else { "\n\n" };
    Some(TextEdit::insert(text.len(), format!("{sep}{section}")))
}

#[cfg(test)]
mod tests {
    use super::{SoundTarget, set_sound};
    use crate::syntax::keywords::{SoundDirection, SoundEvent, SoundVerb};
    use crate::syntax::parse;

    fn edited(text: &str, event: &SoundTarget, seed: i64) -> String {
        let (ast, _) = parse(text);
        let edit = set_sound(text, &ast, event, seed).expect("an edit");
        edit.apply(text).expect("edit fits")
    }

    fn crate_move_up() -> SoundTarget {
        SoundTarget::Object { object: "Crate".into(), verb: SoundVerb::Move, directions: vec![SoundDirection::Up] }
    }

    #[test]
    fn replaces_only_the_seed_of_the_existing_line() {
        let text = "title t\n\n=======\nSOUNDS\n=======\n\nsfx0 123 (boom)\nCrate MOVE up   4567 (push)\n\n=====\nRULES\n=====\n";
        let out = edited(text, &crate_move_up(), 99);
        assert_eq!(out, text.replace("4567", "99"));
        let (ast, _) = parse(text);
        assert!(set_sound(text, &ast, &crate_move_up(), 4567).is_none(), "same seed: no edit");
    }

    #[test]
    fn adds_a_line_after_the_last_sound_line() {
        let text = "=======\nSOUNDS\n=======\n\nsfx0 123 (boom)\n\n=====\nRULES\n=====\n";
        let out = edited(text, &SoundTarget::Event(SoundEvent::StartGame), 5);
        assert_eq!(out, "=======\nSOUNDS\n=======\n\nsfx0 123 (boom)\nstartgame 5\n\n=====\nRULES\n=====\n");
    }

    #[test]
    fn fills_an_empty_section_below_its_underline() {
        let text = "=======\nSOUNDS\n=======\n\n=====\nRULES\n=====\n";
        let out = edited(text, &SoundTarget::Event(SoundEvent::Sfx(3)), 77);
        assert_eq!(out, "=======\nSOUNDS\n=======\nsfx3 77\n\n=====\nRULES\n=====\n");
    }

    #[test]
    fn creates_the_section_before_collisionlayers() {
        let text = "title t\n\n======\nLEGEND\n======\n\n. = Background\n\n================\nCOLLISIONLAYERS\n================\n\nBackground\n";
        let out = edited(text, &crate_move_up(), 42);
        assert_eq!(
            out,
            "title t\n\n======\nLEGEND\n======\n\n. = Background\n\n=======\nSOUNDS\n=======\n\ncrate move up 42\n\n================\nCOLLISIONLAYERS\n================\n\nBackground\n"
        );
        let (ast, _) = parse(&out);
        assert_eq!(ast.sounds.len(), 1);
    }

    #[test]
    fn creates_the_section_at_the_end_when_nothing_follows() {
        assert_eq!(
            edited("title t", &SoundTarget::Event(SoundEvent::Sfx(10)), 1),
            "title t\n\n=======\nSOUNDS\n=======\n\nsfx10 1\n"
        );
        assert_eq!(edited("", &SoundTarget::Event(SoundEvent::Sfx(1)), 2), "\n=======\nSOUNDS\n=======\n\nsfx1 2\n");
    }

    #[test]
    fn of_line_reads_events_back() {
        let (ast, _) =
            parse("=======\nSOUNDS\n=======\nsfx4 12\nplayer cantmove left right 34\nendlevel 56\nbroken line\n");
        let events: Vec<_> = ast.sounds.iter().filter_map(SoundTarget::of_line).collect();
        assert_eq!(
            events,
            vec![
                (SoundTarget::Event(SoundEvent::Sfx(4)), 12),
                (
                    SoundTarget::Object {
                        object: "player".into(),
                        verb: SoundVerb::CantMove,
                        directions: vec![SoundDirection::Left, SoundDirection::Right]
                    },
                    34
                ),
                (SoundTarget::Event(SoundEvent::EndLevel), 56),
            ]
        );
    }

    /// Over every corpus game: after the edit, the parse has the intended
    /// line, and the text is the old text with one line inserted or one
    /// line's seed replaced (every other line byte-identical).
    #[test]
    fn corpus_edits_touch_only_the_sound_line() {
        let mut games = 0;
        for path in test_support::corpus_games() {
            let text = test_support::read(&path);
            games += 1;
            let (ast, _) = parse(&text);
            let mut events = vec![SoundTarget::Event(SoundEvent::Sfx(3)), SoundTarget::Event(SoundEvent::StartGame)];
            if let Some(obj) = ast.objects.first().map(|o| &o.name) {
                events.push(SoundTarget::Object {
                    object: obj.text.to_string(),
                    verb: SoundVerb::Move,
                    directions: vec![SoundDirection::Left],
                });
            }
            // An event the game already has, to exercise replacement.
            if let Some((ev, _)) = ast.sounds.iter().rev().find_map(SoundTarget::of_line) {
                events.push(ev);
            }
            for event in events {
                let seed = 31_337;
                let Some(edit) = set_sound(&text, &ast, &event, seed) else {
                    continue;
                };
                let out = edit.apply(&text).expect("edit fits");
                let (after, _) = parse(&out);
                let last = after.sounds.iter().rev().filter_map(SoundTarget::of_line).find(|(e, _)| *e == event);
                assert_eq!(last.map(|(_, s)| s), Some(seed), "{}: {event:?}", path.display());
                assert_eq!(after.sounds.len() - ast.sounds.len(), usize::from(edit.range.is_empty()));
                assert_only_one_line_changed(&text, &out, &event.line(seed), &path);
            }
        }
        assert!(games > 10, "corpus has games");
    }

    fn assert_only_one_line_changed(old: &str, new: &str, line: &str, path: &std::path::Path) {
        let a: Vec<&str> = old.split('\n').collect();
        let b: Vec<&str> = new.split('\n').collect();
        let pre = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
        let suf = a[pre..].iter().rev().zip(b[pre..].iter().rev()).take_while(|(x, y)| x == y).count();
        let old_mid = &a[pre..a.len() - suf];
        let new_mid = &b[pre..b.len() - suf];
        match (old_mid, new_mid) {
            // A replaced seed: one line, same apart from the number.
            ([o], [n]) => {
                let strip =
                    |s: &str| s.split_whitespace().filter(|w| w.parse::<i64>().is_err()).collect::<Vec<_>>().join(" ");
                assert_eq!(strip(o), strip(n), "{}", path.display());
                assert!(n.contains("31337"), "{}", path.display());
            }
            // An added line, or a new section holding it.
            ([], added) => assert!(added.contains(&line), "{}: {added:?}", path.display()),
            _ => panic!("{}: changed {old_mid:?} into {new_mid:?}", path.display()),
        }
    }
}

//! [`SoundSeed`]: a sound as a game names it, read once when the game is
//! compiled, so that no host parses seeds again (or drops one unnoticed).

use std::sync::Arc;

/// A sound seed of a game: its text as written (the reference records
/// seeds as text, so `007` stays `007` in a session's sound history) and
/// its value, which makes the sound.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SoundSeed {
    text: Arc<str>,
    value: i64,
}

impl SoundSeed {
    /// Read a seed: ASCII digits only, with a value that fits in an `i64`
    /// (up to 19 digits). `None` for anything else.
    #[must_use]
    pub fn parse(text: &str) -> Option<SoundSeed> {
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let value = text.parse::<i64>().ok()?;
        Some(SoundSeed { text: text.into(), value })
    }

    /// The seed of a value (the text is its decimal form).
    #[must_use]
    pub fn of_value(value: i64) -> SoundSeed {
        SoundSeed { text: value.to_string().into(), value }
    }

    /// The value: what [`super::sound_for_seed`] takes.
    #[must_use]
    pub fn value(&self) -> i64 {
        self.value
    }

    /// The text as the game wrote it.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The sound PuzzleScript plays for it.
    #[must_use]
    pub fn sound(&self) -> super::Sound {
        super::sound_for_seed(self.value)
    }
}

impl std::fmt::Display for SoundSeed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

#[cfg(test)]
mod tests {
    use super::SoundSeed;

    #[test]
    fn a_seed_keeps_its_text_and_reads_its_value_once() {
        let s = SoundSeed::parse("0036772507").expect("digits");
        assert_eq!(s.as_str(), "0036772507");
        assert_eq!(s.value(), 36_772_507);
        assert_eq!(s.to_string(), "0036772507");
        assert_eq!(SoundSeed::of_value(12).as_str(), "12");
        for bad in ["", "12a", "-5", " 5", "99999999999999999999"] {
            assert_eq!(SoundSeed::parse(bad), None, "{bad:?}");
        }
    }
}

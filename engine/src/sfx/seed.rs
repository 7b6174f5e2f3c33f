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
    /// Read a seed: ASCII digits, with a value that fits in an `i64` (up
    /// to 19 digits), and optionally PuzzleScript Plus/Next's volume after
    /// a colon in tenths (`142315:12`, digits and dots; see
    /// [`SoundSeed::volume`]). `None` for anything else. (`check` refuses
    /// the volume in a classic game.)
    #[must_use]
    pub fn parse(text: &str) -> Option<SoundSeed> {
        let (digits, volume) = text.split_once(':').unwrap_or((text, "0"));
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        if volume.is_empty() || !volume.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
            return None;
        }
        let value = digits.parse::<i64>().ok()?;
        Some(SoundSeed { text: text.into(), value })
    }

    /// Whether the seed carries a volume (`142315:12`).
    #[must_use]
    pub fn has_volume(&self) -> bool {
        self.text.contains(':')
    }

    /// The volume the seed asks for, 1 being the usual: its tenths after
    /// the colon (`:12` is 1.2, `:6` 0.6), read as PuzzleScript Next reads
    /// them (a number's leading part; none, or zero, is the usual volume).
    #[must_use]
    pub fn volume(&self) -> f64 {
        let Some((_, tenths)) = self.text.split_once(':') else { return 1.0 };
        // The longest leading part that is a number (`1.2.3` reads 1.2).
        let end = tenths.match_indices('.').nth(1).map_or(tenths.len(), |(i, _)| i);
        match tenths[..end].parse::<f64>() {
            Ok(v) if v > 0.0 && v.is_finite() => v / 10.0,
            _ => 1.0,
        }
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
        if self.has_volume() {
            super::sound_for_seed_at(self.value, self.volume())
        } else {
            super::sound_for_seed(self.value)
        }
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
        let loud = SoundSeed::parse("142315:12").expect("a seed with a volume");
        assert_eq!((loud.value(), loud.as_str(), loud.volume()), (142_315, "142315:12", 1.2));
        assert_eq!(SoundSeed::parse("5:0").map(|s| s.volume()), Some(1.0), "zero is the usual volume");
        assert_eq!(s.volume(), 1.0);
        let quiet = SoundSeed::parse("142315:6").expect("quieter").sound();
        let usual = SoundSeed::parse("142315").expect("usual").sound();
        let peak = |s: &crate::sfx::Sound| s.to_f32().iter().fold(0.0f32, |m, x| m.max(x.abs()));
        assert!(peak(&quiet) < peak(&usual), "a volume of 6 tenths plays quieter");
        for bad in ["", "12a", "-5", " 5", "99999999999999999999", "12:", ":5", "12:x", "12:3:4"] {
            assert_eq!(SoundSeed::parse(bad), None, "{bad:?}");
        }
    }
}

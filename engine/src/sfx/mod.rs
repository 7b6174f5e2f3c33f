//! Sound seeds -> sfxr parameters -> samples, as PuzzleScript makes them.
//!
//! A game names a sound by an integer seed (`sfx0 36772507`). The seed picks
//! a category ([`Category::of_seed`], `seed % 100 % 10`) and keys the RC4
//! generator ([`crate::rng::Rng`]) with `trunc(seed / 100)` as 32-bit decimal
//! text; the category's generator draws the [`Params`]
//! ([`params_for_seed`]). PuzzleScript then plays them at volume 0.25 and
//! 5512 Hz ([`Params::for_playback`], [`sound_for_seed`]): the synthesiser
//! ([`synth::render`]) runs at 44100 Hz and averages every 8 steps into one
//! sample.
//!
//! Everything here is pure and deterministic. Noise waves use our own
//! generator seeded from the sound seed (the reference's is unseeded), so a
//! noise sound is the same every time it plays.
//!
//! Playback: the browser does not play these samples raw. It copies each
//! one four times into a 22050 Hz buffer (so the effective rate is 5512.5 Hz)
//! and sends it through three Web Audio low-pass biquads at 1600 Hz
//! (default Q = 1). [`playback::browser_chain`] reproduces that chain for a
//! host that wants to sound the same; [`Sound`] itself is the unfiltered
//! signal the conformance data records.

mod generate;
mod math;
mod params;
pub mod playback;
mod seed;
mod similar;
pub mod synth;
pub mod wav;

pub use generate::{Category, fresh_seed, params_for_seed};
pub use params::{Params, Wave};
pub use seed::SoundSeed;
pub use similar::{distance, similar_seeds};

/// The volume PuzzleScript plays sounds at (gain `e^0.25 - 1`).
pub const PLAY_SOUND_VOL: f64 = 0.25;
/// The sample rate PuzzleScript plays sounds at.
pub const PLAY_SAMPLE_RATE: u32 = 5512;
/// The master volume (the reference's `masterVolume`).
pub const MASTER_VOLUME: f64 = 1.0;

/// A rendered sound: mono float samples at `sample_rate`.
#[derive(Debug, Clone, PartialEq)]
pub struct Sound {
    /// Samples, nominally in [-1, 1] (not clipped).
    pub samples: Vec<f64>,
    /// Samples per second.
    pub sample_rate: u32,
}

impl Sound {
    /// Renders `params` at their own sample rate; `noise_seed` seeds the
    /// noise table (only noise waves use it).
    #[must_use]
    pub fn render(params: &Params, noise_seed: u64) -> Self {
        let rate = params.sample_rate.clamp(1.0, f64::from(synth::SYNTH_RATE)) as u32;
        Self { samples: synth::render(params, noise_seed), sample_rate: rate }
    }

    /// The samples as unsigned 8-bit PCM, exactly as the reference converts
    /// them: `255 & floor(128 * clamp(s + 1, 0, 2))` (so +1.0 wraps to 0).
    #[must_use]
    pub fn to_u8(&self) -> Vec<u8> {
        self.samples.iter().map(|&s| sample_to_u8(s)).collect()
    }

    /// The samples as signed 16-bit PCM: clamped to [-1, 1], scaled by 32767
    /// and rounded.
    #[must_use]
    pub fn to_i16(&self) -> Vec<i16> {
        self.samples.iter().map(|&s| sample_to_i16(s)).collect()
    }

    /// The samples as `f32`, clamped to [-1, 1] (for an audio device).
    #[must_use]
    pub fn to_f32(&self) -> Vec<f32> {
        self.samples.iter().map(|&s| if s.is_nan() { 0.0 } else { s.clamp(-1.0, 1.0) as f32 }).collect()
    }

    /// Length in seconds.
    #[must_use]
    pub fn duration_secs(&self) -> f64 {
        self.samples.len() as f64 / f64::from(self.sample_rate.max(1))
    }
}

/// One float sample as the reference's 8-bit byte.
#[must_use]
pub fn sample_to_u8(s: f64) -> u8 {
    let v = (128.0 * (s + 1.0).clamp(0.0, 2.0)).floor();
    if v.is_nan() { 0 } else { (v as i64 & 255) as u8 }
}

/// One float sample as signed 16-bit PCM.
#[must_use]
pub fn sample_to_i16(s: f64) -> i16 {
    if s.is_nan() { 0 } else { (s.clamp(-1.0, 1.0) * 32767.0).round() as i16 }
}

/// The seed used for a sound's noise table: the sound seed's bits.
#[must_use]
pub fn noise_seed(seed: i64) -> u64 {
    seed as u64
}

/// The sound PuzzleScript plays for `seed`: generated parameters with the
/// playback settings (volume 0.25, 5512 Hz), rendered.
#[must_use]
pub fn sound_for_seed(seed: i64) -> Sound {
    Sound::render(&params_for_seed(seed).for_playback(), noise_seed(seed))
}

/// [`sound_for_seed`] at `volume` times the playback volume (PuzzleScript
/// Plus/Next's `seed:tenths`; the gain grows as `e^v - 1`, clipped).
#[must_use]
pub fn sound_for_seed_at(seed: i64, volume: f64) -> Sound {
    let mut params = params_for_seed(seed).for_playback();
    params.sound_vol = PLAY_SOUND_VOL * volume;
    Sound::render(&params, noise_seed(seed))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_conversion_matches_reference_edges() {
        assert_eq!(sample_to_u8(0.0), 128);
        assert_eq!(sample_to_u8(-1.0), 0);
        assert_eq!(sample_to_u8(-2.0), 0);
        assert_eq!(sample_to_u8(0.999), 255);
        assert_eq!(sample_to_u8(1.0), 0); // 256 & 255
        assert_eq!(sample_to_u8(f64::NAN), 0);
    }

    #[test]
    fn known_seed_renders_reference_length_and_start() {
        // sfx.json #0: 429 samples, first bytes from its base64 "6a52QV7O".
        let s = sound_for_seed(93260600);
        assert_eq!(s.sample_rate, 5512);
        assert_eq!(s.samples.len(), 429);
        assert_eq!(synth::sample_count(&params_for_seed(93260600).for_playback()), 429);
        assert_eq!(&s.to_u8()[..6], &[0xe9, 0xae, 0x76, 0x41, 0x5e, 0xce]);
    }

    #[test]
    fn noise_sounds_are_repeatable() {
        let mut seed = 1i64;
        while params_for_seed(seed).wave != Wave::Noise {
            seed += 1;
        }
        assert_eq!(sound_for_seed(seed), sound_for_seed(seed));
    }
}

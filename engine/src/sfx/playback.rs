//! The browser's playback chain, for hosts that want to sound like it.
//!
//! PuzzleScript writes each 5512 Hz sample four times into a 22050 Hz
//! buffer (an effective rate of 5512.5 Hz) and plays it through three
//! Web Audio `BiquadFilterNode`s, type low-pass, 1600 Hz, Q = 1 (the
//! default; Web Audio reads a low-pass Q in dB). At 44100 Hz that is each
//! sample held for 8 frames, then three identical biquads.

use super::Sound;

/// The output rate of [`browser_chain`].
pub const CHAIN_RATE: u32 = 44100;
/// The cutoff of each low-pass stage.
pub const CUTOFF_HZ: f64 = 1600.0;

/// One biquad low-pass section (Audio EQ Cookbook, Web Audio's Q in dB).
#[derive(Debug, Clone, Copy)]
struct Biquad {
    b0: f64,
    b1: f64,
    b2: f64,
    a1: f64,
    a2: f64,
    x1: f64,
    x2: f64,
    y1: f64,
    y2: f64,
}

impl Biquad {
    fn low_pass(cutoff: f64, q_db: f64, rate: f64) -> Self {
        let w0 = 2.0 * std::f64::consts::PI * cutoff / rate;
        let alpha = w0.sin() / (2.0 * 10f64.powf(q_db / 20.0));
        let cos = w0.cos();
        let a0 = 1.0 + alpha;
        Self {
            b0: (1.0 - cos) / 2.0 / a0,
            b1: (1.0 - cos) / a0,
            b2: (1.0 - cos) / 2.0 / a0,
            a1: -2.0 * cos / a0,
            a2: (1.0 - alpha) / a0,
            x1: 0.0,
            x2: 0.0,
            y1: 0.0,
            y2: 0.0,
        }
    }

    fn step(&mut self, x: f64) -> f64 {
        let y = self.b0 * x + self.b1 * self.x1 + self.b2 * self.x2 - self.a1 * self.y1 - self.a2 * self.y2;
        self.x2 = self.x1;
        self.x1 = x;
        self.y2 = self.y1;
        self.y1 = y;
        y
    }
}

/// `sound` as the browser plays it: held to 44100 Hz (8 frames per sample
/// at 5512 Hz; other rates hold `44100 / rate` frames, rounded) and low-passed
/// three times at 1600 Hz. Returns `f32` frames at [`CHAIN_RATE`].
#[must_use]
pub fn browser_chain(sound: &Sound) -> Vec<f32> {
    let hold = (f64::from(CHAIN_RATE) / f64::from(sound.sample_rate.max(1)) / 1.0).round().max(1.0) as usize;
    // 5512 Hz is really played at 5512.5 Hz: exactly 8 frames.
    let hold = if sound.sample_rate == super::PLAY_SAMPLE_RATE { 8 } else { hold };
    let rate = f64::from(CHAIN_RATE);
    let mut stages = [Biquad::low_pass(CUTOFF_HZ, 1.0, rate); 3];
    let mut out = Vec::with_capacity(sound.samples.len() * hold);
    for &s in &sound.samples {
        let s = if s.is_finite() { s } else { 0.0 };
        for _ in 0..hold {
            let y = stages.iter_mut().fold(s, |x, f| f.step(x));
            out.push(y.clamp(-1.0, 1.0) as f32);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dc_passes_and_length_is_eight_per_sample() {
        let sound = Sound { samples: vec![0.5; 2000], sample_rate: 5512 };
        let out = browser_chain(&sound);
        assert_eq!(out.len(), 16000);
        assert!((out[15999] - 0.5).abs() < 1e-3);
    }

    #[test]
    fn high_frequencies_are_damped() {
        // Alternating +-0.5 at 5512 Hz is a 2756 Hz square: well above 1600.
        let samples = (0..2000).map(|i| if i % 2 == 0 { 0.5 } else { -0.5 }).collect();
        let out = browser_chain(&Sound { samples, sample_rate: 5512 });
        let peak = out[8000..].iter().fold(0.0f32, |m, &v| m.max(v.abs()));
        assert!(peak < 0.35, "peak {peak}");
    }
}

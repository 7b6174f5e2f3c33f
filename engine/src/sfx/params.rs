//! The sfxr parameter set: one struct, its defaults, and by-name access
//! using the field names PuzzleScript (and our conformance data) use.

/// The six base waveforms of sfxr, numbered as in `wave_type`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Wave {
    /// 0: square wave with a variable duty cycle.
    #[default]
    Square,
    /// 1: falling sawtooth.
    Sawtooth,
    /// 2: sine.
    Sine,
    /// 3: noise (32 random values per period).
    Noise,
    /// 4: triangle.
    Triangle,
    /// 5: "breaker", a bent triangle (`|1 - 2 fp^2| - 1`).
    Breaker,
}

impl Wave {
    /// The wave with number `n` (0..=5); larger numbers clamp to `Breaker`.
    #[must_use]
    pub fn from_index(n: usize) -> Self {
        match n {
            0 => Self::Square,
            1 => Self::Sawtooth,
            2 => Self::Sine,
            3 => Self::Noise,
            4 => Self::Triangle,
            _ => Self::Breaker,
        }
    }

    /// The wave's number, as written in `wave_type`.
    #[must_use]
    pub fn index(self) -> usize {
        self as usize
    }

    /// A lower-case name for display.
    #[must_use]
    pub fn name(self) -> &'static str {
        ["square", "sawtooth", "sine", "noise", "triangle", "breaker"][self.index()]
    }
}

/// Declares `Params` with its float fields, plus by-name get/set over them.
macro_rules! params_struct {
    ($( $(#[$doc:meta])* $name:ident = $default:expr ),* $(,)?) => {
        /// A complete set of sfxr parameters. Values are nominally in [0, 1]
        /// (ramps and offsets in [-1, 1]), but generators may step outside
        /// and synthesis copes with any finite value.
        #[derive(Debug, Clone, PartialEq)]
        pub struct Params {
            /// Base waveform (`wave_type`).
            pub wave: Wave,
            $( $(#[$doc])* pub $name: f64, )*
        }

        impl Default for Params {
            /// sfxr's defaults (as the reference's `Params()` returns them).
            fn default() -> Self {
                Self { wave: Wave::Square, $( $name: $default, )* }
            }
        }

        impl Params {
            /// The float field names, in declaration order.
            pub const FLOAT_FIELDS: &'static [&'static str] = &[$( stringify!($name), )*];

            /// Every field as `(name, value)`, `wave_type` first.
            #[must_use]
            pub fn fields(&self) -> Vec<(&'static str, f64)> {
                let mut out = vec![("wave_type", self.wave.index() as f64)];
                $( out.push((stringify!($name), self.$name)); )*
                out
            }

            /// The value of the field called `name` (`wave_type` included).
            #[must_use]
            pub fn get(&self, name: &str) -> Option<f64> {
                match name {
                    "wave_type" => Some(self.wave.index() as f64),
                    $( stringify!($name) => Some(self.$name), )*
                    _ => None,
                }
            }

            /// Sets the field called `name`; false when there is none.
            /// `wave_type` takes the integer part (negative values give 0).
            pub fn set(&mut self, name: &str, value: f64) -> bool {
                match name {
                    "wave_type" => self.wave = Wave::from_index(value.max(0.0) as usize),
                    $( stringify!($name) => self.$name = value, )*
                    _ => return false,
                }
                true
            }
        }
    };
}

params_struct! {
    /// Attack time.
    p_env_attack = 0.0,
    /// Sustain time.
    p_env_sustain = 0.3,
    /// Sustain punch (extra volume at the start of sustain).
    p_env_punch = 0.0,
    /// Decay time.
    p_env_decay = 0.4,
    /// Start frequency.
    p_base_freq = 0.3,
    /// Minimum frequency cutoff.
    p_freq_limit = 0.0,
    /// Frequency slide (signed).
    p_freq_ramp = 0.0,
    /// Change of the slide (signed).
    p_freq_dramp = 0.0,
    /// Vibrato depth.
    p_vib_strength = 0.0,
    /// Vibrato speed.
    p_vib_speed = 0.0,
    /// Arpeggio frequency change (signed).
    p_arp_mod = 0.0,
    /// Arpeggio speed.
    p_arp_speed = 0.0,
    /// Square duty cycle.
    p_duty = 0.0,
    /// Duty sweep (signed).
    p_duty_ramp = 0.0,
    /// Repeat speed (0: no repeat).
    p_repeat_speed = 0.0,
    /// Phaser offset (signed).
    p_pha_offset = 0.0,
    /// Phaser sweep (signed).
    p_pha_ramp = 0.0,
    /// Low-pass cutoff (1: filter off).
    p_lpf_freq = 1.0,
    /// Low-pass cutoff sweep (signed).
    p_lpf_ramp = 0.0,
    /// Low-pass resonance.
    p_lpf_resonance = 0.0,
    /// High-pass cutoff.
    p_hpf_freq = 0.0,
    /// High-pass cutoff sweep (signed).
    p_hpf_ramp = 0.0,
    /// Volume setting; gain is `e^sound_vol - 1`. Generators leave 0.5;
    /// PuzzleScript plays with 0.25.
    sound_vol = 0.5,
    /// Output sample rate; synthesis runs at 44100 Hz and averages
    /// `floor(44100 / sample_rate)` samples into one.
    sample_rate = 44100.0,
    /// Nominal bit depth (informational; output is always float + 8-bit).
    bit_depth = 8.0,
}

impl Params {
    /// These parameters with PuzzleScript's playback settings:
    /// volume 0.25, 5512 Hz, 8 bits.
    #[must_use]
    pub fn for_playback(mut self) -> Self {
        self.sound_vol = super::PLAY_SOUND_VOL;
        self.sample_rate = f64::from(super::PLAY_SAMPLE_RATE);
        self.bit_depth = 8.0;
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn by_name_access_round_trips() {
        let mut p = Params::default();
        assert!(p.set("p_duty", 0.25));
        assert_eq!(p.get("p_duty"), Some(0.25));
        assert!(p.set("wave_type", 4.0));
        assert_eq!(p.wave, Wave::Triangle);
        assert!(!p.set("nope", 1.0));
        assert_eq!(p.fields().len(), 1 + Params::FLOAT_FIELDS.len());
        assert_eq!(Params::default().get("p_lpf_freq"), Some(1.0));
    }
}

//! The sfxr synthesiser: parameters -> float samples.
//!
//! Synthesis runs at 44100 Hz with 8x supersampling per step; every
//! `floor(44100 / sample_rate)` steps are averaged into one output sample,
//! scaled by `1/8`, the master volume (1) and the gain `e^sound_vol - 1`.
//! A last, possibly partial (even empty) group is always written, so a sound
//! whose envelope lasts `n` steps has `floor(n / summands) + 1` samples.
//!
//! Every step follows the reference's order exactly (repeat, arpeggio,
//! slide, vibrato, duty, envelope, phaser, high-pass; then per sub-sample
//! oscillator, low-pass, high-pass, phaser) so samples match bit for bit.
//! The one deliberate difference: the noise table is refilled from our own
//! generator seeded by the caller, where the reference uses an unseeded one.

use super::math::pow;
use super::params::{Params, Wave};
use std::f64::consts::PI;

/// The synthesis rate; output rates divide it.
pub const SYNTH_RATE: u32 = 44100;

/// The steps a sound's envelope lasts (attack + sustain + decay, at 44100 Hz).
fn envelope_lengths(p: &Params) -> [f64; 3] {
    let len = |x: f64| (x * x * 100000.0).floor();
    [len(p.p_env_attack), len(p.p_env_sustain), len(p.p_env_decay)]
}

/// Pitch state, reset whenever the sound repeats.
struct Tone {
    fperiod: f64,
    fmaxperiod: f64,
    fslide: f64,
    fdslide: f64,
    square_duty: f64,
    square_slide: f64,
    arp_mod: f64,
    arp_limit: f64,
}

impl Tone {
    fn new(p: &Params) -> Self {
        let arp_mod =
            if p.p_arp_mod >= 0.0 { 1.0 - pow(p.p_arp_mod, 2.0) * 0.9 } else { 1.0 + pow(p.p_arp_mod, 2.0) * 10.0 };
        let arp_limit =
            if p.p_arp_speed == 1.0 { 0.0 } else { (pow(1.0 - p.p_arp_speed, 2.0) * 20000.0 + 32.0).floor() };
        Self {
            fperiod: 100.0 / (p.p_base_freq * p.p_base_freq + 0.001),
            fmaxperiod: 100.0 / (p.p_freq_limit * p.p_freq_limit + 0.001),
            fslide: 1.0 - pow(p.p_freq_ramp, 3.0) * 0.01,
            fdslide: -pow(p.p_freq_dramp, 3.0) * 0.000001,
            square_duty: 0.5 - p.p_duty * 0.5,
            square_slide: -p.p_duty_ramp * 0.00005,
            arp_mod,
            arp_limit,
        }
    }
}

/// A small deterministic generator for the noise table (SplitMix64).
struct Noise {
    state: u64,
    table: [f64; 32],
}

impl Noise {
    fn new(seed: u64) -> Self {
        let mut n = Self { state: seed, table: [0.0; 32] };
        n.refill();
        n
    }

    fn next_unit(&mut self) -> f64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        (z >> 11) as f64 / (1u64 << 53) as f64
    }

    fn refill(&mut self) {
        for i in 0..32 {
            self.table[i] = self.next_unit() * 2.0 - 1.0;
        }
    }
}

/// Renders `p` to float samples at `p.sample_rate` (which should divide
/// 44100; rates above 44100 are treated as 44100). `noise_seed` seeds the
/// noise table, so noise sounds are repeatable. Samples are nominally in
/// [-1, 1] but are not clipped.
#[must_use]
#[expect(
    clippy::too_many_lines,
    reason = "the sfxr synthesis loop, one sample at a time, kept whole to follow the reference's order of operations"
)]
pub fn render(p: &Params, noise_seed: u64) -> Vec<f64> {
    let summands = if p.sample_rate > 0.0 { (f64::from(SYNTH_RATE) / p.sample_rate).floor().max(1.0) } else { 1.0 };
    let env_length = envelope_lengths(p);
    let total: f64 = env_length.iter().sum();
    let mut out = Vec::with_capacity((total / summands) as usize + 1);

    let mut tone = Tone::new(p);
    let rep_limit =
        if p.p_repeat_speed == 0.0 { 0.0 } else { (pow(1.0 - p.p_repeat_speed, 2.0) * 20000.0 + 32.0).floor() };
    let mut rep_time = 0.0;

    // Filters.
    let mut fltp = 0.0;
    let mut fltdp = 0.0;
    let mut fltw = pow(p.p_lpf_freq, 3.0) * 0.1;
    let fltw_d = 1.0 + p.p_lpf_ramp * 0.0001;
    let fltdmp = (5.0 / (1.0 + pow(p.p_lpf_resonance, 2.0) * 20.0) * (0.01 + fltw)).min(0.8);
    let lpf_on = p.p_lpf_freq != 1.0;
    let mut fltphp = 0.0;
    let mut flthp = pow(p.p_hpf_freq, 2.0) * 0.1;
    let flthp_d = 1.0 + p.p_hpf_ramp * 0.0003;

    // Vibrato.
    let mut vib_phase = 0.0;
    let vib_speed = pow(p.p_vib_speed, 2.0) * 0.01;
    let vib_amp = p.p_vib_strength * 0.5;

    // Envelope.
    let mut env_stage = 0usize;
    let mut env_time = 0.0;

    // Phaser.
    let mut fphase = pow(p.p_pha_offset, 2.0) * 1020.0;
    if p.p_pha_offset < 0.0 {
        fphase = -fphase;
    }
    let mut fdphase = pow(p.p_pha_ramp, 2.0);
    if p.p_pha_ramp < 0.0 {
        fdphase = -fdphase;
    }
    let mut ipp = 0usize;
    let mut phaser = [0.0f64; 1024];

    let mut noise = Noise::new(noise_seed);
    let gain = p.sound_vol.exp() - 1.0;
    let scale = |s: f64| s / 8.0 * super::MASTER_VOLUME * gain;

    let mut phase = 0.0f64;
    let mut sample_sum = 0.0;
    let mut num_summed = 0.0;
    let mut t = 0.0f64;
    loop {
        if rep_limit != 0.0 {
            rep_time += 1.0;
            if rep_time >= rep_limit {
                rep_time = 0.0;
                tone = Tone::new(p);
            }
        }
        // Single arpeggio step (t is not reset by repeats).
        if tone.arp_limit != 0.0 && t >= tone.arp_limit {
            tone.arp_limit = 0.0;
            tone.fperiod *= tone.arp_mod;
        }
        tone.fslide += tone.fdslide;
        tone.fperiod *= tone.fslide;
        if tone.fperiod > tone.fmaxperiod {
            tone.fperiod = tone.fmaxperiod;
        }
        let mut rfperiod = tone.fperiod;
        if vib_amp > 0.0 {
            vib_phase += vib_speed;
            rfperiod = tone.fperiod * (1.0 + vib_phase.sin() * vib_amp);
        }
        let mut period = rfperiod.floor();
        if period < 8.0 {
            period = 8.0;
        }
        tone.square_duty = (tone.square_duty + tone.square_slide).clamp(0.0, 0.5);

        // Envelope: advance, skipping empty stages; stop after the decay.
        env_time += 1.0;
        if env_time > env_length[env_stage] {
            env_time = 1.0;
            env_stage += 1;
            while env_stage < 3 && env_length[env_stage] == 0.0 {
                env_stage += 1;
            }
            if env_stage == 3 {
                break;
            }
        }
        let env_vol = match env_stage {
            0 => env_time / env_length[0],
            1 => 1.0 + (1.0 - env_time / env_length[1]) * 2.0 * p.p_env_punch,
            _ => 1.0 - env_time / env_length[2],
        };

        fphase += fdphase;
        let iphase = (fphase.floor().abs().min(1023.0)) as usize;

        if flthp_d != 0.0 {
            flthp = (flthp * flthp_d).clamp(0.00001, 0.1);
        }

        let mut sample = 0.0;
        for _ in 0..8 {
            phase += 1.0;
            if phase >= period {
                phase %= period;
                if p.wave == Wave::Noise {
                    noise.refill();
                }
            }
            let fp = phase / period;
            let mut sub = match p.wave {
                Wave::Square => {
                    if fp < tone.square_duty {
                        0.5
                    } else {
                        -0.5
                    }
                }
                Wave::Sawtooth => 1.0 - fp * 2.0,
                Wave::Sine => (fp * 2.0 * PI).sin(),
                Wave::Noise => {
                    let i = (phase * 32.0 / period).floor();
                    noise.table[(i.max(0.0) as usize).min(31)]
                }
                Wave::Triangle => (1.0 - fp * 2.0).abs() - 1.0,
                Wave::Breaker => (1.0 - fp * fp * 2.0).abs() - 1.0,
            };

            // Low-pass.
            let pp = fltp;
            fltw = (fltw * fltw_d).clamp(0.0, 0.1);
            if lpf_on {
                fltdp += (sub - fltp) * fltw;
                fltdp -= fltdp * fltdmp;
            } else {
                fltp = sub;
                fltdp = 0.0;
            }
            fltp += fltdp;

            // High-pass.
            fltphp += fltp - pp;
            fltphp -= fltphp * flthp;
            sub = fltphp;

            // Phaser.
            phaser[ipp & 1023] = sub;
            sub += phaser[(ipp + 1024 - iphase) & 1023];
            ipp = (ipp + 1) & 1023;

            sample += sub * env_vol;
        }

        sample_sum += sample;
        num_summed += 1.0;
        if num_summed >= summands {
            out.push(scale(sample_sum / summands));
            num_summed = 0.0;
            sample_sum = 0.0;
        }
        t += 1.0;
    }
    out.push(scale(sample_sum / summands));
    out
}

/// The number of samples `render` produces for `p`, without rendering.
#[must_use]
pub fn sample_count(p: &Params) -> usize {
    let summands = if p.sample_rate > 0.0 { (f64::from(SYNTH_RATE) / p.sample_rate).floor().max(1.0) } else { 1.0 };
    let total: f64 = envelope_lengths(p).iter().sum();
    (total / summands).floor() as usize + 1
}

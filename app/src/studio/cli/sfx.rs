//! `puzzlewright sfx SEED [--wav OUT] [--bits 8|16] [--samples] [--play]`: show the
//! sfxr parameters PuzzleScript generates for a sound seed, and optionally
//! write the sound (as the engine renders it, 5512 Hz mono) to a WAV file,
//! or `--play` it through the default output device as the studio does.

use anyhow::bail;
use engine::sfx;
use std::process::ExitCode;

/// `puzzlewright sfx`'s arguments.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The sound seed, as written in a game's SOUNDS section (a negative number is a seed too)
    #[arg(allow_negative_numbers = true)]
    pub seed: i64,
    /// Write the sound to this WAV file (5512 Hz mono)
    #[arg(long, value_name = "OUT.wav")]
    pub wav: Option<String>,
    /// Bits per sample of the WAV file: 8 or 16
    #[arg(long, value_name = "8|16", default_value_t = 8, value_parser = bits)]
    pub bits: u16,
    /// Print the samples (unsigned 8-bit) on one line
    #[arg(long)]
    pub samples: bool,
    /// Play the sound through the default output device, as the studio does
    #[arg(long)]
    pub play: bool,
}

/// `--bits`: 8 or 16.
fn bits(text: &str) -> anyhow::Result<u16> {
    match text {
        "8" => Ok(8),
        "16" => Ok(16),
        _ => anyhow::bail!("8 or 16"),
    }
}

/// Runs the `sfx` subcommand.
///
/// # Errors
/// The WAV file cannot be written, or no output device opens for `--play`.
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let seed = args.seed;
    let (wav, bits, print_samples, play) = (args.wav.clone(), args.bits, args.samples, args.play);
    let params = sfx::params_for_seed(seed);
    let category = sfx::Category::of_seed(seed);
    let sound = sfx::sound_for_seed(seed);
    println!("seed {seed}");
    println!("category {} ({})", category.index(), category.name());
    println!("wave_type {} ({})", params.wave.index(), params.wave.name());
    for (name, value) in params.fields().into_iter().skip(1) {
        println!("{name} {value}");
    }
    println!("samples {} at {} Hz ({:.3} s)", sound.samples.len(), sound.sample_rate, sound.duration_secs());
    if print_samples {
        let bytes = sound.to_u8();
        let line: Vec<String> = bytes.iter().map(u8::to_string).collect();
        println!("{}", line.join(" "));
    }
    if let Some(path) = wav {
        let file = if bits == 16 {
            sfx::wav::encode_i16(&sound.to_i16(), sound.sample_rate)
        } else {
            sfx::wav::encode_u8(&sound.to_u8(), sound.sample_rate)
        };
        // Through a temporary file and a rename, like every file the studio writes.
        crate::writers::write_atomic(std::path::Path::new(&path), &file)?;
        println!("wrote {path} ({bits}-bit mono, {} Hz)", sound.sample_rate);
    }
    if play {
        use crate::audio::{Audio as _, DeviceState, RodioAudio};
        let output = RodioAudio::new();
        output.open();
        if output.wait_for_device(std::time::Duration::from_secs(5)) != DeviceState::Open {
            bail!("no sound output device could be opened; nothing was played");
        }
        output.play(seed);
        // Let the sound finish (and the device drain) before exiting.
        std::thread::sleep(std::time::Duration::from_secs_f64(sound.duration_secs() + 0.4));
        println!("played {seed} ({:.3} s)", sound.duration_secs());
    }
    Ok(ExitCode::SUCCESS)
}

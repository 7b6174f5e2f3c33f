//! `puzzlewright sfx SEED [--wav OUT] [--bits 8|16] [--samples] [--play]`: show the
//! sfxr parameters PuzzleScript generates for a sound seed, and optionally
//! write the sound (as the engine renders it, 5512 Hz mono) to a WAV file,
//! or `--play` it through the default output device as the studio does.

use anyhow::{Context as _, bail};
use engine::sfx;
use std::process::ExitCode;

const USAGE: &str = "usage: puzzlewright sfx SEED [--wav OUT.wav] [--bits 8|16] [--samples] [--play]";

/// Runs the `sfx` subcommand with the arguments after `sfx`.
pub fn run(args: &[String]) -> anyhow::Result<ExitCode> {
    let mut seed = None;
    let mut wav = None;
    let mut bits = 8u16;
    let mut print_samples = false;
    let mut play = false;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--wav" => wav = Some(it.next().context("--wav needs a file name")?.clone()),
            "--bits" => {
                bits = match it.next().map(String::as_str) {
                    Some("8") => 8,
                    Some("16") => 16,
                    _ => bail!("--bits takes 8 or 16"),
                }
            }
            "--samples" => print_samples = true,
            "--play" => play = true,
            "-h" | "--help" => {
                println!("{USAGE}");
                return Ok(ExitCode::SUCCESS);
            }
            s if seed.is_none() && !s.starts_with("--") => {
                seed = Some(s.parse::<i64>().with_context(|| format!("`{s}` is not an integer seed"))?);
            }
            s => bail!("unexpected argument `{s}`\n{USAGE}"),
        }
    }
    let Some(seed) = seed else { bail!("sfx needs a SEED\n{USAGE}") };

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

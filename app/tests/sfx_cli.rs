//! End-to-end: `puzzlewright sfx SEED --wav OUT` writes exactly the engine's
//! samples.

use engine::sfx;
use std::path::PathBuf;
use std::process::Command;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("puzzlewright-sfx-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("create temp dir");
    dir
}

fn run_sfx(args: &[&str]) -> String {
    let out =
        Command::new(env!("CARGO_BIN_EXE_puzzlewright")).arg("sfx").args(args).output().expect("run puzzlewright");
    assert!(out.status.success(), "stderr: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("utf-8 output")
}

#[test]
fn eight_bit_wav_equals_engine_bytes() {
    let dir = temp_dir("u8");
    let path = dir.join("coin.wav");
    let stdout = run_sfx(&["93260600", "--wav", path.to_str().expect("utf-8 path")]);
    assert!(stdout.contains("category 0 (pickup)"), "{stdout}");
    assert!(stdout.contains("p_base_freq 0.5764722155301283"), "{stdout}");
    let file = std::fs::read(&path).expect("wav written");
    let wav = sfx::wav::decode(&file).expect("a valid wav");
    let sound = sfx::sound_for_seed(93260600);
    assert_eq!(wav.sample_rate, 5512);
    assert_eq!(wav.bits, 8);
    assert_eq!(wav.data, sound.to_u8());
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn sixteen_bit_wav_equals_engine_samples() {
    let dir = temp_dir("i16");
    let path = dir.join("laser.wav");
    run_sfx(&["58380801", "--bits", "16", "--wav", path.to_str().expect("utf-8 path")]);
    let wav = sfx::wav::decode(&std::fs::read(&path).expect("wav written")).expect("a valid wav");
    assert_eq!(wav.bits, 16);
    assert_eq!(wav.samples_i16(), sfx::sound_for_seed(58380801).to_i16());
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn bad_seed_is_an_error() {
    let out = Command::new(env!("CARGO_BIN_EXE_puzzlewright"))
        .args(["sfx", "notanumber"])
        .output()
        .expect("run puzzlewright");
    assert!(!out.status.success());
}

/// `--play` on a machine whose default ALSA device cannot be opened (a card
/// that does not exist): a clear error and a failing exit, no panic, and the
/// device complaint logged once.
#[test]
fn play_without_an_output_device_says_so_and_fails_cleanly() {
    let home = temp_dir("no-device");
    std::fs::write(home.join(".asoundrc"), "pcm.!default {\n    type hw\n    card 99\n}\n").expect("asoundrc");
    let out = Command::new(env!("CARGO_BIN_EXE_puzzlewright"))
        .args(["sfx", "93260600", "--play"])
        .env("HOME", &home)
        .output()
        .expect("run puzzlewright");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(stderr.contains("no sound output device could be opened; nothing was played"), "{stderr}");
    assert_eq!(stderr.matches("puzzlewright: no sound output (").count(), 1, "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    let _ = std::fs::remove_dir_all(home);
}

//! The HTML page plays a PuzzleScript Plus/Next seed at its volume
//! (`142315:5`): the buffer Web Audio is handed for it holds the engine's
//! samples at that volume, and a plain seed's the usual ones.

use super::*;

/// The level starts with 142315 at the usual volume; the player's move
/// plays the same seed at 5 tenths.
const LOUD_AND_QUIET: &str = "title Loud and quiet\n\nOBJECTS\nBackground\nblack\n\nPlayer\nwhite\n\n\
    LEGEND\n. = Background\nP = Player\n\nSOUNDS\nstartlevel 142315\nPlayer move 142315:5\n\n\
    COLLISIONLAYERS\nBackground\nPlayer\n\nRULES\n\nWINCONDITIONS\n\nLEVELS\nP..\n";

/// Run in the page before any key: every buffer source started from now on
/// is noted in `window.__pwPlayed` (its length and its samples' peak).
const LISTEN: &str = "(() => { window.__pwPlayed = []; \
    const start = AudioBufferSourceNode.prototype.start; \
    AudioBufferSourceNode.prototype.start = function (...a) { \
      const d = this.buffer.getChannelData(0); let peak = 0; \
      for (const v of d) peak = Math.max(peak, Math.abs(v)); \
      window.__pwPlayed.push({ length: d.length, peak }); \
      return start.apply(this, a); }; \
    return true; })()";

fn peak(sound: &engine::sfx::Sound) -> f64 {
    f64::from(sound.to_f32().iter().fold(0.0f32, |m, x| m.max(x.abs())))
}

#[test]
fn the_page_plays_a_seed_at_its_volume_in_chromium() {
    if skip_without_browser() {
        return;
    }
    let (dir, out) = page_file("volume", "volume", LOUD_AND_QUIET);
    let script = vec![
        json!({"eval": LISTEN, "name": "listening"}),
        json!({"key": "Enter"}),
        json!({"key": "ArrowRight"}),
        json!({"wait": 200}),
        json!({"eval": "window.__pwPlayed", "name": "played"}),
    ];
    let results = drive(&dir, &[json!({"page": out, "script": script})]);
    let _ = std::fs::remove_dir_all(&dir);
    let result = &results[0];
    assert_eq!(result["errors"], json!([]), "{result:#}");
    assert_eq!(result["evals"]["listening"], json!(true));
    let played = result["evals"]["played"].as_array().expect("the sounds started");
    let usual = engine::sfx::sound_for_seed(142_315);
    let quiet = engine::sfx::SoundSeed::parse("142315:5").expect("a seed").sound();
    // The page plays each sample four times at 22050 Hz.
    let want = [(usual.samples.len() * 4, peak(&usual)), (quiet.samples.len() * 4, peak(&quiet))];
    let got: Vec<(usize, f64)> = played
        .iter()
        .map(|p| (p["length"].as_u64().expect("length") as usize, p["peak"].as_f64().expect("peak")))
        .collect();
    // Lengths exactly; peaks to a float's rounding through JSON.
    let close = got.len() == want.len()
        && got.iter().zip(&want).all(|(g, w)| g.0 == w.0 && (g.1 - w.1).abs() <= 1e-6 * w.1.max(1e-9));
    assert!(close, "the level's sound, then the move's at 5 tenths: got {got:?}, want {want:?}");
    assert!(want[1].1 < 0.8 * want[0].1, "the quieter one peaks lower: {want:?}");
}

//! Sound cases (`sfx.json`): a seed's generated sfxr parameters, its sample
//! count, and (for non-noise sounds) its 8-bit samples.
//!
//! A case passes when every recorded parameter is within 1e-9 of ours, the
//! sample counts agree, and at least 99.5% of the 8-bit samples are equal.

use super::Outcome;
use crate::cases::SfxCase;
use base64::Engine as _;
use engine::sfx;

/// Parameter tolerance.
const PARAM_EPS: f64 = 1e-9;
/// The share of 8-bit samples that must be identical.
const MIN_SAME_SAMPLES: f64 = 0.995;

/// Replay one sound case: synthesise its seed and compare parameters and samples.
pub fn run(case: &SfxCase) -> Outcome {
    let seed = case.seed;
    let expected = &case.params;
    let params = sfx::params_for_seed(seed);
    let mut problems = Vec::new();
    for (name, want) in expected {
        let Some(want) = want.as_f64() else { continue };
        let got = if name == "seed" { Some(seed as f64) } else { params.get(name) };
        match got {
            None => problems.push(format!("{name}: we have no such parameter")),
            Some(got) if (got - want).abs() > PARAM_EPS => {
                problems.push(format!("{name}: expected {want}, got {got}"));
            }
            Some(_) => {}
        }
    }
    let sound = sfx::Sound::render(&params.clone().for_playback(), sfx::noise_seed(seed));
    if let Some(count) = case.sample_count
        && count as usize != sound.samples.len()
    {
        problems.push(format!("sample count: expected {count}, got {}", sound.samples.len()));
    }
    if let Some(b64) = &case.samples_u8_base64 {
        match base64::engine::general_purpose::STANDARD.decode(b64) {
            Err(e) => problems.push(format!("bad base64 in case: {e}")),
            Ok(want) => {
                let got = sound.to_u8();
                if let Some(p) = compare_bytes(&want, &got) {
                    problems.push(p);
                }
            }
        }
    }
    if problems.is_empty() {
        Outcome::pass()
    } else {
        Outcome::fail(format!(
            "{} ({}): {}",
            sfx::Category::of_seed(seed).name(),
            params.wave.name(),
            problems.join("; ")
        ))
    }
}

/// `None` when enough bytes agree; otherwise what differs.
fn compare_bytes(want: &[u8], got: &[u8]) -> Option<String> {
    let n = want.len().max(got.len());
    if n == 0 {
        return None;
    }
    let same = want.iter().zip(got).filter(|(a, b)| a == b).count();
    if same == n {
        return None;
    }
    let first = want.iter().zip(got).position(|(a, b)| a != b).unwrap_or(want.len().min(got.len()));
    let ratio = same as f64 / n as f64;
    let verdict = if ratio >= MIN_SAME_SAMPLES { "within tolerance" } else { "too many differ" };
    let msg = format!(
        "8-bit samples: {same}/{n} equal ({:.2}%), first difference at {first} (expected {:?}, got {:?})",
        ratio * 100.0,
        want.get(first),
        got.get(first)
    );
    (ratio < MIN_SAME_SAMPLES).then(|| format!("{msg}, {verdict}"))
}

//! Traces (`traces.json`): the play sessions of `corpus_walks.json` with
//! the reference's verbose log of every turn. A case passes when the dump,
//! the sounds and every segment of our recorded events (the load, then one
//! per input, each in the line format) match.

use super::Outcome;
use super::sim::{Tracing, check_end, play};
use crate::cases::PlayCase;

/// Where two lists of segments first differ, described for a report; None
/// when they are equal.
pub fn first_difference(case: &PlayCase, expected: &[Vec<String>], actual: &[Vec<String>]) -> Option<String> {
    let what = |k: usize| match k {
        0 => "the level load".to_owned(),
        k => format!("input {} ({})", k - 1, case.inputs.get(k - 1).map_or_else(String::new, |c| c.0.to_string())),
    };
    for k in 0..expected.len().max(actual.len()) {
        let (Some(want), Some(got)) = (expected.get(k), actual.get(k)) else {
            return Some(format!(
                "trace: {} segments expected, {} recorded (first missing: segment {k}, {})",
                expected.len(),
                actual.len(),
                what(k)
            ));
        };
        if want == got {
            continue;
        }
        let line = want.iter().zip(got).position(|(a, b)| a != b).unwrap_or(want.len().min(got.len()));
        let from = line.saturating_sub(3);
        let window = |v: &[String]| v[from.min(v.len())..(line + 4).min(v.len())].join(" | ");
        return Some(format!(
            "trace: segment {k} ({}) differs at line {line}: expected `{}`, recorded `{}`\n  expected: {}\n  recorded: {}",
            what(k),
            want.get(line).map_or("(end)", String::as_str),
            got.get(line).map_or("(end)", String::as_str),
            window(want),
            window(got),
        ));
    }
    None
}

/// Replay one traced session and compare its turn-by-turn log line by line.
pub fn run(case: &PlayCase) -> Outcome {
    let Some(expected) = &case.trace else {
        return Outcome::fail("the case has no `trace`");
    };
    let played = match play(case, Tracing::On) {
        Ok(p) => p,
        Err(e) => return Outcome::fail(format!("{e:#}")),
    };
    let mut problems = Vec::new();
    check_end(case, &played, &mut problems);
    if let Some(diff) = first_difference(case, expected, played.trace.as_deref().unwrap_or_default()) {
        problems.push(diff);
    }
    if problems.is_empty() { Outcome::pass() } else { Outcome::fail(problems.join("\n")) }
}

#[cfg(test)]
mod tests {
    use super::super::run_case;
    use engine::run::trace::session_case;
    use engine::run::{Input, Step};
    use serde_json::Value;

    fn shared(name: &str) -> String {
        test_support::read(&test_support::dir().join(name))
    }

    /// Cases of traces.json with a rule application, an again and a cancel
    /// among their events.
    fn sample_cases() -> Vec<Value> {
        let all: Vec<Value> = serde_json::from_str(&shared("conformance/traces.json")).expect("traces.json");
        let has = |c: &Value, word: &str| {
            c["trace"].as_array().is_some_and(|segs| {
                segs.iter().any(|s| {
                    s.as_array().is_some_and(|l| l.iter().any(|e| e.as_str().is_some_and(|e| e.starts_with(word))))
                })
            })
        };
        let mut picked = Vec::new();
        for word in ["rule ", "again ", "cancel ", "rigid-fail", "loop-cap"] {
            // The smallest such case keeps the test quick.
            let best = all
                .iter()
                .filter(|c| has(c, word))
                .min_by_key(|c| c["inputs"].as_array().map_or(0, Vec::len) * c["source"].as_str().map_or(0, str::len))
                .expect("a case");
            picked.push(best.clone());
        }
        picked
    }

    #[test]
    fn the_trace_is_really_compared() {
        for case in sample_cases() {
            assert!(run_case(&case).passed, "{} passes as recorded: {}", case["name"], run_case(&case).detail);
            let segments = case["trace"].as_array().expect("segments");
            // Change one event of the first non-empty segment, then drop one,
            // then add one: each must fail.
            let k = segments.iter().position(|s| s.as_array().is_some_and(|l| !l.is_empty())).expect("an event");
            let mut changed = case.clone();
            changed["trace"][k][0] = Value::from("turn sideways");
            let out = run_case(&changed);
            assert!(!out.passed, "{}: a changed event fails", case["name"]);
            assert!(
                out.detail.contains(&format!("segment {k}")) && out.detail.contains("turn sideways"),
                "{}",
                out.detail
            );
            let mut dropped = case.clone();
            dropped["trace"][k].as_array_mut().expect("lines").remove(0);
            assert!(!run_case(&dropped).passed, "{}: a missing event fails", case["name"]);
            let mut added = case.clone();
            added["trace"][k].as_array_mut().expect("lines").push(Value::from("end"));
            assert!(!run_case(&added).passed, "{}: an extra event fails", case["name"]);
            let mut fewer = case.clone();
            fewer["trace"].as_array_mut().expect("segments").pop();
            assert!(!run_case(&fewer).passed, "{}: a missing segment fails", case["name"]);
        }
    }

    #[test]
    fn a_saved_session_replays_green() {
        let source = shared("corpus/sokoban_basic.txt");
        let steps = [
            Step::Input(Input::Down),
            Step::Input(Input::Left),
            Step::Undo,
            Step::Redo,
            Step::Input(Input::Up),
            Step::Restart,
            Step::Undo,
            Step::Input(Input::Right),
            Step::Tick,
        ];
        let text = session_case("sokoban_basic L1", &source, 1, Some("42"), &steps).expect("a case");
        let case: Value = serde_json::from_str(&text).expect("valid JSON");
        assert_eq!(case["inputs"].as_array().map(Vec::len), Some(steps.len()));
        assert_eq!(case["trace"].as_array().map(Vec::len), Some(steps.len() + 1));
        let out = run_case(&case);
        assert!(out.passed, "{}", out.detail);
        // And the dump is compared too: another level's dump fails.
        let mut other = case.clone();
        other["expected"] = Value::from("0:x,\n");
        assert!(!run_case(&other).passed);
    }
}

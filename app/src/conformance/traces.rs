//! Traces (`traces.json`): the play sessions of `corpus_walks.json` with
//! the reference's verbose log of every turn. A case passes when the dump,
//! the sounds and every segment of our recorded events (the load, then one
//! per input, each in the line format) match.

use super::Outcome;
use super::sim::{check_end, play};
use serde_json::Value;

/// The expected segments of a case: a list of lists of lines.
fn expected_segments(case: &Value) -> Option<Vec<Vec<String>>> {
    case.get("trace")?
        .as_array()?
        .iter()
        .map(|seg| seg.as_array().map(|lines| lines.iter().map(|l| l.as_str().unwrap_or_default().to_owned()).collect()))
        .collect()
}

/// Where two lists of segments first differ, described for a report; None
/// when they are equal.
pub fn first_difference(case: &Value, expected: &[Vec<String>], actual: &[Vec<String>]) -> Option<String> {
    let inputs = case.get("inputs").and_then(Value::as_array);
    let what = |k: usize| match k {
        0 => "the level load".to_owned(),
        k => format!("input {} ({})", k - 1, inputs.and_then(|i| i.get(k - 1)).map_or_else(String::new, Value::to_string)),
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

pub fn run(case: &Value) -> Outcome {
    let Some(expected) = expected_segments(case) else {
        return Outcome::fail("`trace` is not a list of lists of lines");
    };
    let played = match play(case, true) {
        Ok(p) => p,
        Err(e) => return Outcome::fail(e),
    };
    let mut problems = Vec::new();
    check_end(case, &played, &mut problems);
    if let Some(diff) = first_difference(case, &expected, played.trace.as_deref().unwrap_or_default()) {
        problems.push(diff);
    }
    if problems.is_empty() { Outcome::pass() } else { Outcome::fail(problems.join("\n")) }
}

//! Diagnostics cases (`diagnostics.json`): we must refuse to run exactly
//! when the reference did, and report something on every line it flagged.

use super::Outcome;
use crate::cases::DiagnosticsCase;
use std::collections::BTreeSet;

/// The line number of a reference message of the form `line N : ...`.
fn flagged_line(message: &str) -> Option<u32> {
    let rest = message.trim_start().strip_prefix("line")?;
    let digits: String = rest.trim_start().chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// Replay one diagnostics case: build its source and compare the messages.
pub fn run(case: &DiagnosticsCase) -> Outcome {
    let reference_errors = case.error_count;
    let messages: Vec<&str> = case.messages.iter().map(String::as_str).collect();
    let build = engine::build(&case.source);
    let we_refuse = build.diagnostics.iter().any(engine::Diagnostic::is_error);
    let ours: BTreeSet<u32> = build.diagnostics.iter().map(|d| d.span.line).collect();
    // "line 0" is how the reference marks a message tied to no line (an
    // unknown palette, for one); such messages, like those with no line at
    // all, are met when we report anything.
    let theirs: BTreeSet<u32> = messages.iter().filter_map(|m| flagged_line(m)).filter(|&l| l > 0).collect();
    let lineless = messages.iter().any(|m| flagged_line(m).is_none_or(|l| l == 0));
    let missing: Vec<u32> = theirs.difference(&ours).copied().collect();
    let mut problems = Vec::new();
    if we_refuse != (reference_errors > 0) {
        problems.push(format!(
            "refusal differs: reference had {reference_errors} error(s), we {}",
            if we_refuse { "refuse" } else { "accept" }
        ));
    }
    if !missing.is_empty() {
        problems.push(format!("no diagnostic of ours on line(s) {missing:?}"));
    }
    if lineless && build.diagnostics.is_empty() {
        problems.push("the reference reported something not tied to a line; we reported nothing".to_owned());
    }
    if problems.is_empty() {
        return Outcome::pass();
    }
    let ours_text: Vec<String> = build
        .diagnostics
        .iter()
        .map(|d| format!("  line {}: {}: {}", d.span.line, d.severity.as_str(), d.message))
        .collect();
    Outcome::fail(format!(
        "{}\nreference:\n  {}\nours:\n{}",
        problems.join("\n"),
        messages.join("\n  "),
        ours_text.join("\n")
    ))
}

//! `puzzlewright conformance FILE.json...`: replay recorded behaviour of the
//! reference engine and count the cases we reproduce.
//!
//! Each file is a JSON array of cases of one kind; the kind is recognised
//! from the fields of the case (see `../shared/conformance/README.md`).

mod diagnostics;
mod sfx;
mod sim;

use anyhow::{Context as _, bail};
use serde_json::Value;
use std::process::ExitCode;

/// What running one case found.
pub struct Outcome {
    /// The case passed.
    pub passed: bool,
    /// For a failure: what was expected and what we produced.
    pub detail: String,
}

impl Outcome {
    fn pass() -> Self {
        Self { passed: true, detail: String::new() }
    }
    fn fail(detail: impl Into<String>) -> Self {
        Self { passed: false, detail: detail.into() }
    }
}

/// Run one case of whichever kind it is.
pub fn run_case(case: &Value) -> Outcome {
    if case.get("inputs").is_some() {
        sim::run(case)
    } else if case.get("messages").is_some() {
        diagnostics::run(case)
    } else if case.get("params").is_some() {
        sfx::run(case)
    } else {
        Outcome::fail("unrecognised case (no inputs, messages or params field)")
    }
}

/// A short name for a case in reports.
fn case_name(case: &Value, index: usize) -> String {
    match (case.get("name").and_then(Value::as_str), case.get("seed")) {
        (Some(name), _) => format!("#{index} {name}"),
        (None, Some(seed)) if case.get("params").is_some() => format!("#{index} seed {seed}"),
        _ => format!("#{index}"),
    }
}

pub fn run(args: &[String]) -> anyhow::Result<ExitCode> {
    let mut verbose = false;
    let mut allow_failures = false;
    let mut files = Vec::new();
    for a in args {
        match a.as_str() {
            "--verbose" | "-v" => verbose = true,
            "--allow-failures" => allow_failures = true,
            s if s.starts_with('-') => bail!("unknown option `{s}` for conformance"),
            s => files.push(s.to_owned()),
        }
    }
    if files.is_empty() {
        bail!("conformance needs at least one FILE.json");
    }
    let (mut total_pass, mut total_fail) = (0usize, 0usize);
    for file in &files {
        let text = std::fs::read_to_string(file).with_context(|| format!("cannot read {file}"))?;
        let cases: Vec<Value> =
            serde_json::from_str(&text).with_context(|| format!("{file} is not a JSON array"))?;
        let (mut pass, mut fail) = (0usize, 0usize);
        for (i, case) in cases.iter().enumerate() {
            let outcome = std::panic::catch_unwind(|| run_case(case))
                .unwrap_or_else(|_| Outcome::fail("the engine panicked"));
            if outcome.passed {
                pass += 1;
            } else {
                fail += 1;
                if verbose {
                    println!("FAIL {file} {}\n{}\n", case_name(case, i), outcome.detail);
                }
            }
        }
        println!("{file}: {pass} passed, {fail} failed");
        total_pass += pass;
        total_fail += fail;
    }
    println!("{total_pass} passed, {total_fail} failed");
    Ok(if total_fail == 0 || allow_failures { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

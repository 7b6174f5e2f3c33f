//! `puzzlewright conformance FILE.json...`: replay recorded behaviour of the
//! reference engine and count the cases we reproduce.
//!
//! Each file is a JSON array of cases of one kind, read as the typed cases
//! of [`crate::cases`] (see `../shared/conformance/README.md`).

pub mod diagnostics;
pub mod sfx;
pub mod sim;
pub mod traces;

use crate::cases::Case;
use anyhow::Context as _;
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
    match Case::from_value(case) {
        Ok(Case::Play(case)) if case.trace.is_some() => traces::run(&case),
        Ok(Case::Play(case)) => sim::run(&case),
        Ok(Case::Diagnostics(case)) => diagnostics::run(&case),
        Ok(Case::Sfx(case)) => sfx::run(&case),
        Err(e) => Outcome::fail(format!("{e:#}")),
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

/// Run every case, spread over the machine's cores (cases are
/// independent), and return each outcome with its time, in case order.
fn run_all(cases: &[Value]) -> Vec<(Outcome, std::time::Duration)> {
    let workers = std::thread::available_parallelism().map_or(1, std::num::NonZero::get).min(cases.len().max(1));
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut results: Vec<Option<(Outcome, std::time::Duration)>> = (0..cases.len()).map(|_| None).collect();
    let done = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                let mut mine = Vec::new();
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(case) = cases.get(i) else { break };
                    let started = std::time::Instant::now();
                    let outcome = std::panic::catch_unwind(|| run_case(case))
                        .unwrap_or_else(|_| Outcome::fail("the engine panicked"));
                    mine.push((i, outcome, started.elapsed()));
                }
                if let Ok(mut all) = done.lock() {
                    all.extend(mine);
                }
            });
        }
    });
    for (i, outcome, took) in done.into_inner().unwrap_or_default() {
        results[i] = Some((outcome, took));
    }
    results
        .into_iter()
        .map(|r| r.unwrap_or_else(|| (Outcome::fail("the case was not run"), std::time::Duration::ZERO)))
        .collect()
}

/// `puzzlewright conformance`'s arguments.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Recorded cases: JSON arrays in the format of ../shared/conformance/README.md
    #[arg(required = true, value_name = "FILE.json")]
    pub files: Vec<String>,
    /// Print every failing case with what was expected and what we produced
    #[arg(long, short)]
    pub verbose: bool,
    /// Exit 0 even when cases fail (CI compares the counts with its bars)
    #[arg(long)]
    pub allow_failures: bool,
    /// List the N slowest cases of each file on stderr
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub slowest: usize,
}

/// Run `puzzlewright conformance FILE.json...`.
///
/// # Errors
/// A file cannot be read or is not a list of cases.
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let (verbose, allow_failures, slowest, files) = (args.verbose, args.allow_failures, args.slowest, &args.files);
    let (mut total_pass, mut total_fail) = (0usize, 0usize);
    for file in files {
        let text = std::fs::read_to_string(file).with_context(|| format!("cannot read {file}"))?;
        let cases: Vec<Value> = serde_json::from_str(&text).with_context(|| format!("{file} is not a JSON array"))?;
        let (mut pass, mut fail) = (0usize, 0usize);
        let results = run_all(&cases);
        let mut times: Vec<(std::time::Duration, usize)> = Vec::new();
        for (i, (outcome, took)) in results.into_iter().enumerate() {
            times.push((took, i));
            if outcome.passed {
                pass += 1;
            } else {
                fail += 1;
                if verbose {
                    println!("FAIL {file} {}\n{}\n", case_name(&cases[i], i), outcome.detail);
                }
            }
        }
        println!("{file}: {pass} passed, {fail} failed");
        if slowest > 0 {
            times.sort_by_key(|t| std::cmp::Reverse(t.0));
            for (t, i) in times.iter().take(slowest) {
                eprintln!("  {:8.1} ms  {}", t.as_secs_f64() * 1000.0, case_name(&cases[*i], *i));
            }
        }
        total_pass += pass;
        total_fail += fail;
    }
    println!("{total_pass} passed, {total_fail} failed");
    Ok(if total_fail == 0 || allow_failures { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

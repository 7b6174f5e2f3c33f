//! `puzzlewright solve FILE [--level N | --entry K | --all] [--timeout-ms T]
//! [--threads N] [--seed S] [--json]`: search levels for winning inputs with `engine::solve`
//! (with `--threads N`, up to N strategies search each level side by side,
//! the first answer winning: `engine::solve::solve_portfolio`). One
//! line per level; with `--json` one object per line:
//! `{"level": N, "entry": K, "status": "solved", "inputs": [3,3,0], "states": S, "ms": T}`
//! (`level` as the studio numbers it, `entry` the raw LEVELS entry)
//! (inputs as the conformance files write them: the codes 0 up, 1 left,
//! 2 down, 3 right, 4 action, and a mouse game's clicks as their text,
//! `"press 5 2"`; the plain line lists the same, comma-separated, as
//! `export --gif --inputs` reads them). Without `--level`, every level is searched (messages are
//! skipped). A game with errors prints its errors and exits with 2.

use engine::compile::Level;
use engine::run::Step;
use engine::solve::{Cancel, SolveOptions, SolveReport, Status, solve_portfolio};
use std::process::ExitCode;
use std::time::Duration;

/// The time each level gets when `--timeout-ms` is not given.
const DEFAULT_TIMEOUT_MS: u64 = 1000;

/// `puzzlewright solve`'s arguments.
#[derive(Debug, clap::Args)]
#[command(after_help = super::NUMBERING)]
pub struct Args {
    /// The game
    pub file: String,
    /// One level (default: every level, messages skipped)
    #[command(flatten)]
    pub which: super::LevelChoice,
    /// Every level (the default; refused with --level or --entry)
    #[arg(long, conflicts_with_all = ["level", "entry"])]
    pub all: bool,
    /// Time for each level, in milliseconds
    #[arg(long, value_name = "T", default_value_t = DEFAULT_TIMEOUT_MS)]
    pub timeout_ms: u64,
    /// Search each level with up to N strategies side by side, the first answer winning
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub threads: u64,
    /// The random seed (default: the engine's fixed one)
    #[arg(long, value_name = "S")]
    pub seed: Option<String>,
    /// One JSON object per line: {"level": N, "entry": K, "status": ..., "inputs": [...], "states": S, "ms": T}
    #[arg(long)]
    pub json: bool,
}

/// Run `puzzlewright solve`.
///
/// # Errors
/// The game cannot be read, or the arguments are wrong.
pub fn run(o: &Args) -> anyhow::Result<ExitCode> {
    let loaded = crate::files::load_game(std::path::Path::new(&o.file))?;
    let build = engine::build(&loaded.text);
    let Some(game) = build.game else {
        let errors: Vec<_> = build.diagnostics.iter().filter(|d| d.is_error()).collect();
        for d in &errors {
            eprintln!("{}:{}:{}: error: {} [{}]", o.file, d.span.line, d.span.col, d.message, d.code);
        }
        eprintln!("{} error(s): the game does not compile, so it cannot be solved", errors.len());
        return Ok(ExitCode::from(2));
    };
    let levels: Vec<usize> = match o.which.entry_in(&game)? {
        Some(entry) => vec![entry],
        None => (0..game.levels.len()).filter(|&i| matches!(game.levels[i], Level::Map(_))).collect(),
    };
    let threads = usize::try_from(o.threads).unwrap_or(1);
    let opts = SolveOptions {
        timeout: Some(Duration::from_millis(o.timeout_ms)),
        seed: o.seed.clone(),
        ..SolveOptions::default()
    };
    let mut failed = false;
    let never_wins = engine::solve::never_wins(&game);
    for level in levels {
        let report = solve_portfolio(&game, level, &opts, threads, &Cancel::new(), &mut |_| {});
        failed |= matches!(report.status, Status::NotALevel | Status::ReplayFailed { .. });
        let line = if o.json {
            json_line(super::level_number(&game, level), level, &report)
        } else {
            plain_line(&super::entry_label(&game, level), &report, never_wins)
        };
        println!("{line}");
    }
    Ok(if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

/// The inputs of a solution (or of one that failed to replay).
fn steps(report: &SolveReport) -> &[Step] {
    match &report.status {
        Status::Solved { inputs } | Status::ReplayFailed { inputs } => inputs,
        _ => &[],
    }
}

/// The inputs as JSON values: a key's code, a click's text.
fn json_inputs(report: &SolveReport) -> Vec<serde_json::Value> {
    steps(report)
        .iter()
        .map(|s| s.code().map_or_else(|| serde_json::Value::from(s.to_string()), serde_json::Value::from))
        .collect()
}

/// The inputs comma-separated: `3,3,0`, `press 1 0,rpress 1 0`.
fn list(report: &SolveReport) -> String {
    let text = |s: &Step| s.code().map_or_else(|| s.to_string(), |c| c.to_string());
    steps(report).iter().map(text).collect::<Vec<_>>().join(",")
}

/// `level`: the studio's number of the entry (`None` for a message).
fn json_line(level: Option<usize>, entry: usize, report: &SolveReport) -> String {
    serde_json::json!({
        "level": level,
        "entry": entry,
        "status": report.status.word(),
        "inputs": json_inputs(report),
        "states": report.states,
        "ms": report.elapsed.as_millis() as u64,
    })
    .to_string()
}

/// One level's line; `never_wins` when the game has no way to be won (its
/// levels are exhausted at once, and the line says why).
fn plain_line(level: &str, report: &SolveReport, never_wins: bool) -> String {
    let figures = format!("{} states, {} ms", report.states, report.elapsed.as_millis());
    match &report.status {
        Status::Solved { inputs } => {
            let n = inputs.len();
            let noun = if n == 1 { "input" } else { "inputs" };
            format!("{level}: solved in {n} {noun}: {} ({figures})", list(report))
        }
        Status::Exhausted => {
            let why = if never_wins { ": the game has no win conditions and no `win` command" } else { "" };
            format!("{level}: exhausted, no input sequence wins{why} ({figures})")
        }
        Status::Timeout => format!("{level}: timeout ({figures})"),
        Status::StateLimit => format!("{level}: gave up at the state limit ({figures})"),
        Status::Cancelled => format!("{level}: cancelled ({figures})"),
        Status::NotALevel => format!("{level}: not a level (a message, or no such entry)"),
        Status::Unplayable => format!(
            "{level}: cannot be played from its start (loading it moves on by itself, or its again turns do not stop)"
        ),
        Status::ReplayFailed { .. } => {
            format!("{level}: error: the solution found did not win when replayed: {} ({figures})", list(report))
        }
    }
}

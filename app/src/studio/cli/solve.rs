//! `puzzlewright solve FILE [--level N] [--all] [--timeout-ms T] [--threads N]
//! [--seed S] [--json]`: search levels for winning inputs with `engine::solve`
//! (with `--threads N`, up to N strategies search each level side by side,
//! the first answer winning: `engine::solve::solve_portfolio`). One
//! line per level; with `--json` one object per line:
//! `{"level": N, "status": "solved", "inputs": [3,3,0], "states": K, "ms": T}`
//! (inputs in the conformance codes: 0 up, 1 left, 2 down, 3 right,
//! 4 action). Without `--level`, every level is searched (messages are
//! skipped). A game with errors prints its errors and exits with 2.

use anyhow::{Context as _, bail};
use engine::compile::Level;
use engine::solve::{Cancel, SolveOptions, SolveReport, Status, input_code, solve_portfolio};
use std::process::ExitCode;
use std::time::Duration;

/// The time each level gets when `--timeout-ms` is not given.
const DEFAULT_TIMEOUT_MS: u64 = 1000;

/// What the command was asked to do.
#[derive(Debug)]
struct Options {
    file: String,
    level: Option<usize>,
    timeout_ms: u64,
    seed: Option<String>,
    json: bool,
    threads: usize,
}

fn parse(args: &[String]) -> anyhow::Result<Options> {
    let mut o = Options {
        file: String::new(),
        level: None,
        timeout_ms: DEFAULT_TIMEOUT_MS,
        seed: None,
        json: false,
        threads: 1,
    };
    let mut file = None;
    let mut all = false;
    let mut args = args.iter();
    while let Some(a) = args.next() {
        match a.as_str() {
            "--level" => o.level = Some(args.next().and_then(|n| n.parse().ok()).context("--level needs a number")?),
            "--all" => all = true,
            "--timeout-ms" => {
                o.timeout_ms = args.next().and_then(|n| n.parse().ok()).context("--timeout-ms needs a number")?;
            }
            "--threads" => {
                o.threads = args
                    .next()
                    .and_then(|n| n.parse().ok())
                    .filter(|&n| n > 0)
                    .context("--threads needs a number of at least 1")?;
            }
            "--seed" => o.seed = Some(args.next().context("--seed needs a value")?.clone()),
            "--json" => o.json = true,
            s if s.starts_with('-') => bail!("unknown option `{s}` for solve"),
            s if file.is_none() => file = Some(s.to_owned()),
            s => bail!("solve takes one FILE (got `{s}` too)"),
        }
    }
    if all && o.level.is_some() {
        bail!("give --level N or --all, not both");
    }
    o.file = file.context("solve needs a FILE")?;
    Ok(o)
}

/// Run `puzzlewright solve`.
///
/// # Errors
/// The game cannot be read, or the arguments are wrong.
pub fn run(args: &[String]) -> anyhow::Result<ExitCode> {
    let o = parse(args)?;
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
    let levels: Vec<usize> = match o.level {
        Some(n) => vec![n],
        None => (0..game.levels.len()).filter(|&i| matches!(game.levels[i], Level::Map(_))).collect(),
    };
    let opts = SolveOptions {
        timeout: Some(Duration::from_millis(o.timeout_ms)),
        seed: o.seed.clone(),
        ..SolveOptions::default()
    };
    let mut failed = false;
    let never_wins = engine::solve::never_wins(&game);
    for level in levels {
        let report = solve_portfolio(&game, level, &opts, o.threads, &Cancel::new(), &mut |_| {});
        failed |= matches!(report.status, Status::NotALevel | Status::ReplayFailed { .. });
        println!("{}", if o.json { json_line(level, &report) } else { plain_line(level, &report, never_wins) });
    }
    Ok(if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

fn codes(report: &SolveReport) -> Vec<u8> {
    match &report.status {
        Status::Solved { inputs } | Status::ReplayFailed { inputs } => inputs.iter().map(|&i| input_code(i)).collect(),
        _ => Vec::new(),
    }
}

fn json_line(level: usize, report: &SolveReport) -> String {
    serde_json::json!({
        "level": level,
        "status": report.status.word(),
        "inputs": codes(report),
        "states": report.states,
        "ms": report.elapsed.as_millis() as u64,
    })
    .to_string()
}

/// One level's line; `never_wins` when the game has no way to be won (its
/// levels are exhausted at once, and the line says why).
fn plain_line(level: usize, report: &SolveReport, never_wins: bool) -> String {
    let figures = format!("{} states, {} ms", report.states, report.elapsed.as_millis());
    let list = |c: &[u8]| c.iter().map(u8::to_string).collect::<Vec<_>>().join(",");
    match &report.status {
        Status::Solved { inputs } => {
            let n = inputs.len();
            let noun = if n == 1 { "input" } else { "inputs" };
            format!("level {level}: solved in {n} {noun}: {} ({figures})", list(&codes(report)))
        }
        Status::Exhausted => {
            let why = if never_wins { ": the game has no win conditions and no `win` command" } else { "" };
            format!("level {level}: exhausted, no input sequence wins{why} ({figures})")
        }
        Status::Timeout => format!("level {level}: timeout ({figures})"),
        Status::StateLimit => format!("level {level}: gave up at the state limit ({figures})"),
        Status::Cancelled => format!("level {level}: cancelled ({figures})"),
        Status::NotALevel => format!("level {level}: not a level (a message, or no such entry)"),
        Status::Unplayable => format!(
            "level {level}: cannot be played from its start (loading it moves on by itself, or its again turns do not stop)"
        ),
        Status::ReplayFailed { .. } => {
            format!(
                "level {level}: error: the solution found did not win when replayed: {} ({figures})",
                list(&codes(report))
            )
        }
    }
}

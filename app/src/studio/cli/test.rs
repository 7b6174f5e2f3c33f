//! `puzzlewright test FILE [--update] [--json] [--before OLD.txt]
//! [--solver-ms T]`: replay every solution kept beside the game
//! (`NAME.solutions.json`, see [`crate::solutions`]) and say, one line per
//! level, whether it still wins. For an author's CI: the exit code is 0
//! when every kept solution wins, 1 when one is broken, 2 when the game
//! does not compile or the solutions file cannot be read.
//!
//! Each level with a kept solution is also given to the solver for a short
//! time (`--solver-ms`, 0 to skip): a solution shorter than the kept one is
//! reported as a shortcut (a warning, not a failure). With `--update`, the
//! solver's solutions are kept for the levels that have none (or whose map
//! changed), and the file is written. With `--before OLD.txt` (the game as
//! it was, say from version control), a broken level names the rules that
//! behave differently on the move where it first goes another way.

use crate::solutions::{By, LevelReport, Solutions, Status, check, sidecar_path};
use engine::kept::{RuleChange, Verdict};
use engine::run::Step;
use engine::solve::{Cancel, SolveOptions, Status as SolveStatus, solve};
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// The solver's time per level when not told otherwise.
pub const DEFAULT_SOLVER_MS: u64 = 250;

/// `puzzlewright test`'s arguments.
#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// The game; its solutions are kept beside it in FILE.solutions.json
    pub file: PathBuf,
    /// Keep the solver's solutions for levels that have none (or whose map changed), and write
    /// the file
    #[arg(long)]
    pub update: bool,
    /// One JSON object per level instead of a line of text
    #[arg(long)]
    pub json: bool,
    /// The game as it was (say from version control): a broken level names the rules that behave
    /// differently on the move where it first goes another way
    #[arg(long, value_name = "OLD")]
    pub before: Option<PathBuf>,
    /// The solver's time per level to look for shortcuts, in milliseconds (0: no solver)
    #[arg(long, value_name = "MS", default_value_t = DEFAULT_SOLVER_MS)]
    pub solver_ms: u64,
}

/// One level's result, with what the solver found.
struct Line {
    report: LevelReport,
    /// A solver solution shorter than the kept one.
    shortcut: Option<usize>,
    /// The kept solution's moves that a cancel, a restart or
    /// `require_player_movement` interrupted, with the rule responsible.
    interruptions: Vec<engine::kept::Interruption>,
}

/// Run the command.
///
/// # Errors
/// The game or an old version of it cannot be read, or the solutions file
/// cannot be read or written.
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let loaded = crate::files::load_game(&args.file)?;
    let build = engine::build(&loaded.text);
    let Some(game) = build.game.clone() else {
        let errors: Vec<_> = build.diagnostics.iter().filter(|d| d.is_error()).collect();
        for d in &errors {
            eprintln!("{}:{}:{}: error: {} [{}]", args.file.display(), d.span.line, d.span.col, d.message, d.code);
        }
        eprintln!("{} error(s): the game does not compile, so its solutions cannot be replayed", errors.len());
        return Ok(ExitCode::from(2));
    };
    let path = sidecar_path(&args.file);
    let mut solutions = match Solutions::load(&path) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{e:#}");
            return Ok(ExitCode::from(2));
        }
    };
    let before = match &args.before {
        Some(old) => {
            let text = crate::files::load_game(old)?.text;
            Some((engine::build(&text), text))
        }
        None => None,
    };
    let opts = |ms| SolveOptions { timeout: Some(Duration::from_millis(ms)), ..SolveOptions::default() };
    let solver_ms = args.solver_ms;
    let solve_level = |entry: usize| -> Option<Vec<Step>> {
        if solver_ms == 0 {
            return None;
        }
        match solve(&game, entry, &opts(solver_ms), &Cancel::new()).status {
            SolveStatus::Solved { inputs } => Some(inputs),
            _ => None,
        }
    };

    let mut kept_now = 0;
    if args.update {
        let reports = check(&build, &loaded.text, &solutions, None);
        for r in reports.iter().filter(|r| matches!(r.status, Status::NoneKept | Status::LevelChanged)) {
            if let Some(moves) = solve_level(r.entry) {
                kept_now += usize::from(solutions.keep(&build, r.entry, &moves, By::Solver, None));
            }
        }
        if kept_now > 0 {
            solutions.save(&path)?;
        }
    }

    let reports = check(&build, &loaded.text, &solutions, before.as_ref().map(|(b, t)| (b, t.as_str())));
    let mut broken = 0;
    let mut lines = Vec::with_capacity(reports.len());
    for report in reports {
        let shortcut = match (&report.status, &report.solution) {
            (Status::Wins { moves, .. }, Some(_)) => {
                solve_level(report.entry).map(|m| m.len()).filter(|&found| found < *moves)
            }
            _ => None,
        };
        let interruptions = match (&report.status, &report.solution) {
            (Status::Wins { .. }, Some(sol)) => engine::kept::parse_moves(&sol.moves)
                .map(|moves| engine::kept::interruptions(&game, report.entry, sol.seed.as_deref(), &moves))
                .unwrap_or_default(),
            _ => Vec::new(),
        };
        broken += usize::from(matches!(report.status, Status::Broken { .. }));
        lines.push(Line { report, shortcut, interruptions });
    }
    let mut out = std::io::stdout().lock();
    for line in &lines {
        let text = if args.json { json_line(line) } else { plain_line(line) };
        if writeln!(out, "{text}").is_err() {
            // A closed pipe (`| head`): the rest is not wanted.
            break;
        }
    }
    let count = |f: fn(&Status) -> bool| lines.iter().filter(|l| f(&l.report.status)).count();
    eprintln!(
        "{} level(s): {} win, {broken} broken, {} changed since kept, {} without a kept solution{}{}",
        lines.len(),
        count(|s| matches!(s, Status::Wins { .. })),
        count(|s| matches!(s, Status::LevelChanged)),
        count(|s| matches!(s, Status::NoneKept)),
        match lines.iter().filter(|l| l.shortcut.is_some()).count() {
            0 => String::new(),
            n => format!("; {n} shortcut(s)"),
        },
        if kept_now > 0 { format!("; kept {kept_now} new solution(s) in {}", path.display()) } else { String::new() },
    );
    Ok(if broken > 0 { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

fn by_word(by: By) -> &'static str {
    match by {
        By::Player => "player",
        By::Solver => "solver",
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn plain_line(line: &Line) -> String {
    let r = &line.report;
    let by = r.solution.as_ref().map(|s| format!(" (kept by the {})", by_word(s.by))).unwrap_or_default();
    let mut text = match &r.status {
        Status::NoneKept => format!("Level {}: no solution kept", r.level),
        Status::LevelChanged => format!("Level {}: the level changed since its solution was kept", r.level),
        Status::Wins { moves, early: None } => {
            format!("Level {}: wins in {}{by}", r.level, plural(*moves, "move", "moves"))
        }
        Status::Wins { moves, early: Some(at) } => format!(
            "Level {}: wins at move {at} of the {} kept{by}: a shorter way through",
            r.level,
            plural(*moves, "move", "moves")
        ),
        Status::Broken { verdict, at, rules } => {
            let how = match verdict {
                Verdict::NotWon { moves } => format!("not won after its {}", plural(*moves, "move", "moves")),
                Verdict::Endless { at } => format!("move {at} starts `again` turns that never stop"),
                Verdict::Unplayable => "the level moves on by itself as it loads".to_owned(),
                Verdict::NotALevel | Verdict::Wins { .. } | Verdict::WinsEarly { .. } => "no longer a level".to_owned(),
            };
            let mut t = format!("Level {}: BROKEN{by}: {how}", r.level);
            if let Some(at) = at {
                t.push_str(&format!("; it first goes another way at move {at}"));
            }
            for change in rules {
                t.push('\n');
                t.push_str(&rule_line(change));
            }
            t
        }
    };
    if let Some(n) = line.shortcut {
        text.push_str(&format!("; shortcut: the solver wins in {}", plural(n, "move", "moves")));
    }
    for interruption in &line.interruptions {
        text.push_str(&format!("\n    {interruption}"));
    }
    text
}

fn rule_line(c: &RuleChange) -> String {
    let place = match (c.line_now, c.line_before) {
        (Some(now), _) => format!("line {now}"),
        (None, Some(before)) => format!("removed (was line {before})"),
        (None, None) => "?".to_owned(),
    };
    format!("    {place}: applied {} now, {} before: {}", c.now, c.before, c.text)
}

fn json_line(line: &Line) -> String {
    let r = &line.report;
    let mut v = serde_json::json!({ "level": r.level, "entry": r.entry });
    let status = match &r.status {
        Status::NoneKept => "none",
        Status::LevelChanged => "changed",
        Status::Wins { moves, early } => {
            v["moves"] = (*moves).into();
            if let Some(at) = early {
                v["wins_at"] = (*at).into();
            }
            "wins"
        }
        Status::Broken { verdict, at, rules } => {
            if let Some(at) = at {
                v["differs_at"] = (*at).into();
            }
            if let Verdict::Endless { at } = verdict {
                v["endless_at"] = (*at).into();
            }
            v["rules"] = rules
                .iter()
                .map(|c| serde_json::json!({"text": c.text, "line": c.line_now, "line_before": c.line_before, "now": c.now, "before": c.before}))
                .collect();
            "broken"
        }
    };
    v["status"] = status.into();
    if let Some(sol) = &r.solution {
        v["by"] = by_word(sol.by).into();
        v["kept_moves"] = sol.moves.clone().into();
    }
    if let Some(n) = line.shortcut {
        v["shortcut"] = n.into();
    }
    if !line.interruptions.is_empty() {
        v["interruptions"] = line
            .interruptions
            .iter()
            .map(|i| {
                let (kind, line) = match i.kind {
                    engine::kept::InterruptionKind::Cancel(l) => ("cancel", Some(l)),
                    engine::kept::InterruptionKind::Restart(l) => ("restart", Some(l)),
                    engine::kept::InterruptionKind::NoPlayerMovement => ("no_player_movement", None),
                };
                serde_json::json!({"move": i.at, "kind": kind, "line": line})
            })
            .collect();
    }
    v.to_string()
}

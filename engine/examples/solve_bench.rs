//! The solver over a corpus, engine only (no GUI build needed): one line per
//! level and totals for one timeout, the states and turns per second and the
//! process's peak memory (VmHWM). Run in release, pinned to one core:
//! `taskset -c 0 cargo run --release -p engine --example solve_bench --
//! [DIR_OR_FILES...] [--timeout-ms T | --max-states N (no time bound: a deterministic run) [--cap-ms T]] [--strategy bfs|astar:W|auto:N:W] [--no-walk-queue] [--threads N] [--level N] [--quiet]`
//! (`--threads N`: the strategy and its companions side by side, `engine::solve::solve_portfolio`)
//! (the default directory is ../shared/corpus next to the repository).

use engine::compile::Level;
use engine::solve::{Cancel, SolveOptions, Status, Strategy, solve_portfolio};
use std::path::PathBuf;
use std::time::{Duration, Instant};

fn peak_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

fn parse_strategy(s: &str) -> Option<Strategy> {
    let parts: Vec<&str> = s.split(':').collect();
    match parts.as_slice() {
        ["bfs"] => Some(Strategy::Bfs),
        ["astar", w] => Some(Strategy::AStar { weight: w.parse().ok()? }),
        ["novelty", w] => Some(Strategy::Novelty { weight: w.parse().ok()? }),
        ["auto", n, w] => Some(Strategy::Auto { bfs_states: n.parse().ok()?, weight: w.parse().ok()? }),
        _ => None,
    }
}

fn files(args: &[String]) -> Vec<PathBuf> {
    let mut roots: Vec<PathBuf> = args.iter().map(PathBuf::from).collect();
    if roots.is_empty() {
        roots.push(test_support::corpus());
    }
    let mut out = Vec::new();
    for r in roots {
        if r.is_dir() {
            let mut v: Vec<PathBuf> =
                std::fs::read_dir(&r).map(|d| d.filter_map(Result::ok).map(|e| e.path()).collect()).unwrap_or_default();
            v.retain(|p| p.extension().is_some_and(|x| x == "txt"));
            v.sort();
            out.extend(v);
        } else {
            out.push(r);
        }
    }
    out
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut opts = SolveOptions::default();
    let mut quiet = false;
    let mut only_level: Option<usize> = None;
    let mut cap: Option<Duration> = None;
    let mut threads = 1;
    let mut k = 0;
    while k < args.len() {
        let flag = args[k].clone();
        let value = args.get(k + 1).cloned().unwrap_or_default();
        match flag.as_str() {
            "--timeout-ms" => opts.timeout = Some(Duration::from_millis(value.parse().expect("--timeout-ms N"))),
            "--max-states" => {
                opts.max_states = value.parse().expect("--max-states N");
                opts.timeout = None;
            }
            // With --max-states: a time cap for the slowest levels, so a
            // deterministic run does not spend minutes on a few of them.
            "--cap-ms" => cap = Some(Duration::from_millis(value.parse().expect("--cap-ms N"))),
            "--threads" => threads = value.parse().expect("--threads N"),
            "--level" => only_level = Some(value.parse().expect("--level N")),
            "--strategy" => opts.strategy = parse_strategy(&value).expect("--strategy bfs|astar:W|auto:N:W"),
            "--no-walk-queue" => {
                opts.walk_queue = false;
                args.remove(k);
                continue;
            }
            "--quiet" => {
                quiet = true;
                args.remove(k);
                continue;
            }
            _ => {
                k += 1;
                continue;
            }
        }
        args.drain(k..k + 2);
    }
    if cap.is_some() {
        opts.timeout = cap;
    }
    let (mut levels, mut solved, mut exhausted, mut timeout, mut other) = (0, 0, 0, 0, 0);
    let (mut states, mut turns, mut secs) = (0u64, 0u64, 0.0f64);
    let started = Instant::now();
    for path in files(&args) {
        let Ok(text) = std::fs::read_to_string(&path) else { continue };
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let Some(game) = engine::build(&text).game else { continue };
        for level in 0..game.levels.len() {
            if !matches!(game.levels[level], Level::Map(_)) || only_level.is_some_and(|l| l != level) {
                continue;
            }
            levels += 1;
            let r = solve_portfolio(&game, level, &opts, threads, &Cancel::new(), &mut |_| {});
            states += r.states as u64;
            turns += r.turns;
            secs += r.elapsed.as_secs_f64();
            let extra = match &r.status {
                Status::Solved { inputs } => {
                    solved += 1;
                    format!(" len={}", inputs.len())
                }
                Status::Exhausted => {
                    exhausted += 1;
                    String::new()
                }
                Status::Timeout => {
                    timeout += 1;
                    String::new()
                }
                _ => {
                    other += 1;
                    String::new()
                }
            };
            if !quiet {
                println!(
                    "{name}\t{level}\t{}\t{}\t{}\t{}{extra}",
                    r.status.word(),
                    r.states,
                    r.turns,
                    r.elapsed.as_millis()
                );
            }
        }
    }
    let pct = |n: usize| 100.0 * n as f64 / levels.max(1) as f64;
    println!(
        "TOTAL strategy={:?} threads={threads} timeout={:?} levels={levels} solved={solved} ({:.1}%) exhausted={exhausted} ({:.1}%) timeout={timeout} other={other}",
        opts.strategy,
        opts.timeout,
        pct(solved),
        pct(exhausted)
    );
    println!(
        "states/s={:.0} turns/s={:.0} search_s={secs:.1} wall_s={:.1} peak_rss={} MiB",
        states as f64 / secs.max(1e-9),
        turns as f64 / secs.max(1e-9),
        started.elapsed().as_secs_f64(),
        peak_kib() / 1024
    );
}

//! `puzzlewright bench compile|walks DIR`: the engine timed on the same work
//! as `scripts/bench/reference.js` times the reference engine, so that
//! `scripts/bench-vs-reference.sh` can print the two side by side.
//!
//! - `compile`: every game built warm in this one process (two unmeasured
//!   builds first), the median of its timed builds: at least `--repeat`
//!   of them, and more until they add up to `--min-ms` milliseconds
//!   (default 0), so that a game built in a tenth of a millisecond is not
//!   judged on a few milliseconds of the machine's life.
//!   `scripts/bench/reference.js` follows the same rule.
//! - `walks`: for each game, its first `--levels` maps, a walk of `--turns`
//!   inputs from the generator both sides share ([`bench_inputs`]), pending
//!   `again` turns drained after each input; building and loading are not
//!   timed. Each walk prints a digest of its final level dump so the two
//!   engines can be checked to have done the same work.
//!
//! `--threads N` spreads the games over N threads (default 1). Output: one
//! JSON object per line, in the order of the game files.

use anyhow::Context as _;
use engine::compile::Level;
use engine::run::{Session, Step};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// Most `again` turns drained after one input (the reference side uses the
/// same limit).
const AGAIN_LIMIT: usize = 1000;

/// 32-bit FNV-1a.
fn fnv1a(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5_u32, |h, &b| (h ^ u32::from(b)).wrapping_mul(0x0100_0193))
}

/// The inputs of a walk: FNV-1a of `"GAME:LEVEL"` seeds a 32-bit LCG; each
/// step draws `r = state >> 16`: `r % 100 < 2` restarts, `< 8` undoes, else
/// `r % 5` is a conformance input code (0 up, 1 left, 2 down, 3 right, 4
/// action).
fn bench_inputs(game: &str, level: usize, n: usize) -> Vec<Step> {
    let mut h = fnv1a(format!("{game}:{level}").as_bytes());
    (0..n)
        .map(|_| {
            h = h.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            let r = h >> 16;
            match (r % 100, r % 5) {
                (0..2, _) => Step::Restart,
                (2..8, _) => Step::Undo,
                (_, code) => Step::from_code(code.into()).unwrap_or(Step::Tick),
            }
        })
        .collect()
}

fn drain(session: &mut Session) {
    // The reference side stops at the same bound and plays on.
    let _ = session.settle(AGAIN_LIMIT);
}

/// What to time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Mode {
    /// Building every game (the median of timed builds)
    Compile,
    /// Long random walks of each game's first levels
    Walks,
}

/// `puzzlewright bench`'s arguments.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// What to time
    pub mode: Mode,
    /// A folder of games (every .txt in it)
    pub dir: PathBuf,
    /// compile: at least this many timed builds per game
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..))]
    pub repeat: u64,
    /// compile: and more builds until they add up to this many milliseconds
    #[arg(long, value_name = "MS", default_value_t = 0.0)]
    pub min_ms: f64,
    /// walks: inputs per walk
    #[arg(long, value_name = "N", default_value_t = 300)]
    pub turns: usize,
    /// walks: the first N levels (maps) of each game
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub levels: usize,
    /// Spread the games over N threads
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub threads: u64,
    /// Only these game files (names in DIR, comma-separated)
    #[arg(long, value_name = "A,B", value_delimiter = ',')]
    pub only: Option<Vec<String>>,
}

/// The arguments as the benchmarks use them.
struct Options {
    dir: PathBuf,
    repeat: usize,
    min_ms: f64,
    turns: usize,
    levels: usize,
    threads: usize,
    only: Option<Vec<String>>,
}

impl From<&Args> for Options {
    fn from(a: &Args) -> Self {
        Self {
            dir: a.dir.clone(),
            repeat: usize::try_from(a.repeat).unwrap_or(usize::MAX),
            min_ms: a.min_ms,
            turns: a.turns,
            levels: a.levels,
            threads: usize::try_from(a.threads).unwrap_or(1),
            only: a.only.clone(),
        }
    }
}

fn games(o: &Options) -> anyhow::Result<Vec<(String, String)>> {
    let mut names: Vec<String> = std::fs::read_dir(&o.dir)
        .with_context(|| format!("cannot list {}", o.dir.display()))?
        .filter_map(Result::ok)
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|n| Path::new(n).extension().is_some_and(|x| x == "txt"))
        .filter(|n| o.only.as_ref().is_none_or(|only| only.contains(n)))
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|n| {
            let bytes = std::fs::read(o.dir.join(&n)).with_context(|| format!("cannot read {n}"))?;
            Ok((n, String::from_utf8_lossy(&bytes).into_owned()))
        })
        .collect()
}

fn compile_lines(name: &str, source: &str, o: &Options) -> Vec<String> {
    let _ = engine::build(source);
    let _ = engine::build(source);
    let mut times: Vec<f64> = Vec::with_capacity(o.repeat);
    let mut total = 0.0;
    while times.len() < o.repeat || total < o.min_ms {
        let t = Instant::now();
        let b = engine::build(source);
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        drop(b);
        times.push(ms);
        total += ms;
    }
    times.sort_by(f64::total_cmp);
    vec![serde_json::json!({ "game": name, "ms": times[times.len() / 2], "builds": times.len() }).to_string()]
}

fn walk_lines(name: &str, source: &str, o: &Options) -> Vec<String> {
    let build = engine::build(source);
    let Some(game) = build.game.or(build.salvaged) else { return Vec::new() };
    let maps: Vec<usize> =
        game.levels.iter().enumerate().filter(|(_, l)| matches!(l, Level::Map(_))).map(|(i, _)| i).collect();
    let mut out = Vec::new();
    for &level in maps.iter().take(o.levels) {
        let mut session = Session::new(game.clone(), level, Some("bench"));
        drain(&mut session);
        let inputs = bench_inputs(name, level, o.turns);
        let t = Instant::now();
        for step in inputs {
            step.apply(&mut session);
            drain(&mut session);
            let _ = session.take_events();
        }
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        let dump = format!("{:08x}", fnv1a(session.dump().as_bytes()));
        out.push(
            serde_json::json!({ "game": name, "level": level, "inputs": o.turns, "ms": ms, "dump": dump }).to_string(),
        );
    }
    out
}

/// Run `puzzlewright bench ARGS`.
///
/// # Errors
/// DIR cannot be listed or a game read.
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let o = Options::from(args);
    let work: fn(&str, &str, &Options) -> Vec<String> = match args.mode {
        Mode::Compile => compile_lines,
        Mode::Walks => walk_lines,
    };
    let games = games(&o)?;
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results = std::sync::Mutex::new(vec![Vec::new(); games.len()]);
    std::thread::scope(|scope| {
        for _ in 0..o.threads.min(games.len().max(1)) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some((name, source)) = games.get(i) else { break };
                    let lines = work(name, source, &o);
                    if let Ok(mut r) = results.lock() {
                        r[i] = lines;
                    }
                }
            });
        }
    });
    for line in results.into_inner().unwrap_or_default().into_iter().flatten() {
        println!("{line}");
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_walk_generator_is_the_one_the_reference_script_uses() {
        // Values printed by scripts/bench/reference.js's benchInputs for
        // ("a.txt", 0, 40): the two generators must agree step for step.
        let got: Vec<String> = bench_inputs("a.txt", 0, 40)
            .into_iter()
            .map(|s| s.code().map_or_else(|| s.to_string(), |c| c.to_string()))
            .collect();
        assert_eq!(got.join(","), EXPECTED_A_TXT_0);
    }

    const EXPECTED_A_TXT_0: &str =
        "3,3,0,1,3,4,1,0,1,3,4,2,4,2,2,2,3,undo,undo,0,undo,2,1,1,2,1,1,0,2,3,1,0,2,4,1,0,4,0,4,2";
}

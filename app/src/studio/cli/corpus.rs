//! `puzzlewright corpus DIR`: every game in a folder must compile and every
//! one of its levels must load and take a turn without trouble.

use anyhow::Context as _;
use engine::run::{Input, Session};
use std::path::PathBuf;
use std::process::ExitCode;

/// `puzzlewright corpus`'s arguments.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A folder of games (every .txt in it)
    pub dir: PathBuf,
}

/// Run `puzzlewright corpus DIR`: build every game and play every level.
///
/// # Errors
/// DIR cannot be listed.
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let dir = &args.dir;
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .with_context(|| format!("cannot list {}", dir.display()))?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    let (mut good, mut bad) = (0usize, 0usize);
    for path in &files {
        let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
        let source = String::from_utf8_lossy(&bytes);
        match check_game(&source) {
            Ok(levels) => {
                good += 1;
                println!("ok   {} ({levels} levels)", path.display());
            }
            Err(why) => {
                bad += 1;
                println!("FAIL {}: {why}", path.display());
            }
        }
    }
    println!("{good} passed, {bad} failed");
    Ok(if bad == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

/// Compile, then load each level entry and play one turn of each input.
fn check_game(source: &str) -> anyhow::Result<usize> {
    let build = engine::build(source);
    let Some(game) = build.game else {
        match build.diagnostics.iter().find(|d| d.is_error()) {
            Some(d) => anyhow::bail!("does not compile: line {}: {}", d.span.line, d.message),
            None => anyhow::bail!("does not compile"),
        }
    };
    let entries = build.ast.levels.len();
    for level in 0..entries {
        let outcome = std::panic::catch_unwind(|| {
            let mut s = Session::new(game.clone(), level, Some("corpus"));
            for input in [Input::Right, Input::Down, Input::Left, Input::Up, Input::Action] {
                s.input(input);
                // A chain that never ends is the reference's hang, not a
                // failure of ours: play on after the bound.
                let _ = s.settle(1000);
            }
            s.undo();
            s.restart();
            s.dump()
        });
        if outcome.is_err() {
            anyhow::bail!("level entry {level} panicked");
        }
    }
    Ok(entries)
}

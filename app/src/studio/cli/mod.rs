//! The command line of `puzzlewright`, described once with clap's derive:
//! [`Cli`] is the whole grammar (the studio's `[FILE]` and one
//! [`Command`] per subcommand), and the help, the refusal of unknown or
//! conflicting options and the manual page ([`manual`]) are all generated
//! from it. Each subcommand's module holds its `Args` and its `run`; the
//! binary's `main.rs` only parses and dispatches. In the library so tests
//! can reuse their parts, such as the conformance runner's reading of
//! recorded cases.

pub mod bench;
pub mod check;
pub mod conformance;
pub mod corpus;
pub mod export;
pub mod sfx;
pub mod solve;
pub mod test;
pub mod trace;

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context as _, bail};
use clap::{Parser, Subcommand};
use engine::compile::Game;

/// How levels are numbered on the command line, said once for the help.
pub const NUMBERING: &str = "Levels are numbered as the studio numbers them: --level N is the Nth \
map of LEVELS, from 1 (messages are not levels). --entry K names a raw LEVELS entry instead, from 0 \
with messages counted, as the conformance files do. JSON output gives both (\"level\" and \"entry\").";

/// `puzzlewright`: a studio for PuzzleScript games, and the headless
/// commands that expose every engine capability.
#[derive(Debug, Parser)]
#[command(
    name = "puzzlewright",
    version,
    about = "A studio for PuzzleScript games, and commands to check, play, solve, test and export them",
    long_about = None,
    after_help = NUMBERING,
    args_conflicts_with_subcommands = true,
    disable_help_subcommand = false,
    max_term_width = 100
)]
pub struct Cli {
    /// What to do; without a command, the studio opens.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Open the studio on FILE (a new file if it does not exist); without
    /// it, on a built-in example.
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
}

/// Every subcommand, in the order the help lists them.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print every diagnostic as FILE:LINE:COL: severity: message [code], with the design checks'
    /// warnings; exit 1 when the game has errors
    Check(check::Args),
    /// Replay recorded reference behaviour (play sessions, diagnostics, sound seeds, traces) and
    /// print `N passed, M failed` per file and in total
    Conformance(conformance::Args),
    /// Compile every .txt game in DIR and load and play every level; exit 1 if any fails
    Corpus(corpus::Args),
    /// The sfxr sound of a seed: its category and parameters, its samples, a WAV file, or the
    /// sound played through the default output device
    Sfx(sfx::Args),
    /// Time building every game in DIR, or long random walks of its levels (for
    /// scripts/bench-vs-reference.sh)
    Bench(bench::Args),
    /// Print what happened inside every turn (rules applied, commands, movements), in the line
    /// format of traces.json
    Trace(trace::Args),
    /// Search levels for winning inputs: one line per level, or one JSON object per line
    Solve(solve::Args),
    /// Replay the solutions kept beside FILE (FILE.solutions.json): exit 0 when every one still
    /// wins, 1 when one is broken, 2 when the game does not compile
    Test(test::Args),
    /// Share the game: a one-file web page, a native executable, or an animated GIF of a play
    /// session
    Export(export::Args),
    /// Print the manual page (roff, for `man -l -`), generated from this same description
    #[command(hide = true)]
    Manual,
}

impl Command {
    /// Run the command.
    ///
    /// # Errors
    /// Whatever the command reports: a file that cannot be read or
    /// written, a game that does not compile where one must, a level
    /// that does not exist.
    pub fn run(&self) -> anyhow::Result<ExitCode> {
        match self {
            Command::Check(a) => check::run(a),
            Command::Conformance(a) => conformance::run(a),
            Command::Corpus(a) => corpus::run(a),
            Command::Sfx(a) => sfx::run(a),
            Command::Bench(a) => bench::run(a),
            Command::Trace(a) => trace::run(a),
            Command::Solve(a) => solve::run(a),
            Command::Test(a) => test::run(a),
            Command::Export(a) => export::run(a),
            Command::Manual => {
                use std::io::Write as _;
                let page = manual()?;
                std::io::stdout().write_all(&page).context("cannot write the manual page")?;
                Ok(ExitCode::SUCCESS)
            }
        }
    }
}

/// The manual page `puzzlewright(1)` in roff, with a section for every
/// subcommand, generated from [`Cli`].
///
/// # Errors
/// Never in practice (rendering into memory).
pub fn manual() -> anyhow::Result<Vec<u8>> {
    use clap::CommandFactory as _;
    let cli = Cli::command();
    let mut out = Vec::new();
    clap_mangen::Man::new(cli.clone()).render(&mut out)?;
    for sub in cli.get_subcommands().filter(|s| !s.is_hide_set() && s.get_name() != "help") {
        let name = sub.get_name();
        out.extend_from_slice(format!(".SH \"PUZZLEWRIGHT {}\"\n", name.to_uppercase()).as_bytes());
        let sub = sub.clone().name(format!("puzzlewright {name}"));
        let man = clap_mangen::Man::new(sub);
        man.render_synopsis_section(&mut out)?;
        man.render_description_section(&mut out)?;
        man.render_options_section(&mut out)?;
    }
    Ok(out)
}

/// Which level a command works on: `--level N` (the studio's Level N, the
/// Nth map from 1) or `--entry K` (the raw LEVELS entry from 0, messages
/// counted).
#[derive(Debug, Clone, Copy, Default, clap::Args)]
pub struct LevelChoice {
    /// The level, as the studio numbers it: the Nth map of LEVELS, from 1
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..), conflicts_with = "entry")]
    pub level: Option<u64>,
    /// The raw LEVELS entry instead, from 0, messages counted (as in the conformance files)
    #[arg(long, value_name = "K")]
    pub entry: Option<usize>,
}

impl LevelChoice {
    /// Level `n` (from 1).
    #[must_use]
    pub fn level(n: u64) -> Self {
        Self { level: Some(n), entry: None }
    }

    /// Whether either was given.
    #[must_use]
    pub fn given(&self) -> bool {
        self.level.is_some() || self.entry.is_some()
    }

    /// The entry asked for, `None` when neither option was given.
    ///
    /// # Errors
    /// The game has fewer maps than `--level`, or fewer entries than
    /// `--entry`.
    pub fn entry_in(&self, game: &Game) -> anyhow::Result<Option<usize>> {
        match (self.level, self.entry) {
            (Some(n), _) => {
                let maps = engine::play::level_count(game);
                let entry = usize::try_from(n).ok().and_then(|n| engine::play::entry_of_level(game, n));
                entry.map(Some).with_context(|| format!("there is no level {n}: the game has {maps} level(s)"))
            }
            (None, Some(k)) if k < game.levels.len() => Ok(Some(k)),
            (None, Some(k)) => {
                bail!("there is no entry {k}: LEVELS has {} entries (counted from 0)", game.levels.len())
            }
            (None, None) => Ok(None),
        }
    }

    /// The entry asked for, or Level 1 (the first map) when neither
    /// option was given.
    ///
    /// # Errors
    /// As [`LevelChoice::entry_in`], or the game has no map at all.
    pub fn entry_or_first_map(&self, game: &Game) -> anyhow::Result<usize> {
        match self.entry_in(game)? {
            Some(entry) => Ok(entry),
            None => {
                engine::play::entry_of_level(game, 1).context("the game has no level to play (LEVELS holds no map)")
            }
        }
    }
}

/// The studio's number of entry `entry` ("Level 3" is 3), for output:
/// a message is named by the level it leads into, or `None`.
#[must_use]
pub fn level_number(game: &Game, entry: usize) -> Option<usize> {
    engine::play::entry_number(game, entry).and_then(engine::play::EntryNumber::level)
}

/// How an entry is named in a line of text: `Level 3`, or for an entry
/// that is not a map `entry 4 (Message before level 3)`.
#[must_use]
pub fn entry_label(game: &Game, entry: usize) -> String {
    match engine::play::entry_number(game, entry) {
        Some(engine::play::EntryNumber::Level(n)) => format!("Level {n}"),
        Some(other) => format!("entry {entry} ({other})"),
        None => format!("entry {entry}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory as _;

    #[test]
    fn the_grammar_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn level_and_entry_conflict_and_levels_start_at_1() {
        let parse = |args: &[&str]| Cli::try_parse_from(std::iter::once("puzzlewright").chain(args.iter().copied()));
        assert!(parse(&["solve", "g.txt", "--level", "1", "--entry", "0"]).is_err());
        assert!(parse(&["solve", "g.txt", "--level", "0"]).is_err());
        let Ok(Cli { command: Some(Command::Solve(a)), .. }) = parse(&["solve", "g.txt", "--entry", "0"]) else {
            panic!("solve --entry 0 parses")
        };
        assert_eq!((a.which.level, a.which.entry), (None, Some(0)));
        let Ok(Cli { command: None, file: Some(f) }) = parse(&["game.txt"]) else { panic!("a file opens the studio") };
        assert_eq!(f, PathBuf::from("game.txt"));
    }

    #[test]
    fn the_manual_has_a_section_per_command() {
        let page = String::from_utf8(manual().expect("manual")).expect("roff is text");
        for name in ["CHECK", "CONFORMANCE", "CORPUS", "SFX", "BENCH", "TRACE", "SOLVE", "TEST", "EXPORT"] {
            assert!(page.contains(&format!(".SH \"PUZZLEWRIGHT {name}\"")), "{name}");
        }
        assert!(page.contains("\\-\\-solver\\-ms") || page.contains("solver-ms"), "options are listed");
        assert!(!page.contains("PUZZLEWRIGHT MANUAL"), "the hidden command stays hidden");
    }
}

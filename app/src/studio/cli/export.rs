//! `puzzlewright export FILE (--html OUT.html | --native OUT | --gif OUT.gif
//! [--level N | --entry K] [--seed S] [--inputs 3,3,0,undo,... | --case
//! CASE.json[:N]] [--scale K] [--no-messages])`: write a game as a one-file web page, a
//! native executable or an animated GIF of a session.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::export::{self, ExportKind, gif::GifOptions, replay::Recording};
use crate::writers::FileMode;
use anyhow::Context as _;

/// `puzzlewright export`'s arguments: exactly one of `--html`,
/// `--native` and `--gif`; the session options only with `--gif`.
#[derive(Debug, clap::Args)]
#[command(
    group = clap::ArgGroup::new("kind").required(true).args(["html", "native", "gif"]),
    after_help = super::NUMBERING
)]
pub struct Args {
    /// The game
    pub file: PathBuf,
    /// One self-contained web page that plays the game offline
    #[arg(long, value_name = "OUT.html")]
    pub html: Option<PathBuf>,
    /// One executable that opens straight into the game (for the platform this program runs on)
    #[arg(long, value_name = "OUT")]
    pub native: Option<PathBuf>,
    /// An animated GIF of a play session, replayed by the engine
    #[arg(long, value_name = "OUT.gif")]
    pub gif: Option<PathBuf>,
    /// GIF: where the session starts (default: Level 1, or the case's entry with --case)
    #[command(flatten)]
    pub which: super::LevelChoice,
    /// GIF: the random seed (default: the engine's fixed one, or the case's)
    #[arg(long, value_name = "S", conflicts_with_all = ["html", "native"])]
    pub seed: Option<String>,
    /// GIF: the inputs, comma-separated: 0 up, 1 left, 2 down, 3 right, 4 action (or those words),
    /// undo, restart, tick, and a mouse game's clicks on cells (press X Y, rpress X Y; as `solve`
    /// prints them). A session that starts on a message shows it, then plays the inputs in
    /// the level after it
    #[arg(long, value_name = "3,3,0,undo,...", conflicts_with_all = ["html", "native"], conflicts_with = "case")]
    pub inputs: Option<String>,
    /// GIF: the level, seed and inputs of a saved case in the conformance format: case N of the
    /// file's array, from 0 as `conformance --verbose` numbers them (default 0)
    #[arg(long, value_name = "CASES.json[:N]", conflicts_with_all = ["html", "native"])]
    pub case: Option<String>,
    /// GIF: each game pixel as KxK pixels, K from 1 to 16
    #[arg(long, value_name = "K", default_value_t = 4, conflicts_with_all = ["html", "native"],
          value_parser = clap::value_parser!(u16).range(1..=i64::from(crate::export::gif::MAX_SCALE)))]
    pub scale: u16,
    /// GIF: leave out the frames where a message fills the screen
    #[arg(long, conflicts_with_all = ["html", "native"])]
    pub no_messages: bool,
}

impl Args {
    /// What to write, and where.
    fn target(&self) -> (ExportKind, &Path) {
        match (&self.html, &self.native, &self.gif) {
            (Some(out), _, _) => (ExportKind::Html, out),
            (_, Some(out), _) => (ExportKind::Native, out),
            (_, _, Some(out)) => (ExportKind::Gif, out),
            // The group requires one; clap refuses the rest before here.
            (None, None, None) => (ExportKind::Gif, Path::new("")),
        }
    }
}

/// The session the GIF replays.
fn recording(args: &Args, game: &engine::compile::Game) -> anyhow::Result<Recording> {
    let mut rec = match &args.case {
        Some(spec) => {
            let (path, index) = match spec.rsplit_once(':') {
                Some((p, n)) if n.chars().all(|c| c.is_ascii_digit()) && !n.is_empty() => {
                    (p, n.parse().context("case number")?)
                }
                _ => (spec.as_str(), 0),
            };
            Recording::read_case_file(Path::new(path), index)?
        }
        None => Recording::default(),
    };
    // A case names its own entry unless --level or --entry is given.
    if args.case.is_none() || args.which.given() {
        rec.level = args.which.entry_or_first_map(game)?;
    }
    if let Some(list) = &args.inputs {
        rec.steps = export::replay::parse_steps(list)?;
    }
    if let Some(seed) = &args.seed {
        rec.seed = Some(seed.clone());
    }
    Ok(rec)
}

/// Run `puzzlewright export`.
///
/// # Errors
/// The game cannot be read or does not compile, the target is the game
/// itself or cannot be written, or the GIF's level does not exist.
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let (kind, out) = args.target();
    if args.which.given() && kind != ExportKind::Gif {
        anyhow::bail!("--level and --entry choose where a GIF starts: they are for --gif only");
    }
    let game_file = args.file.as_path();
    export::check_target(out, Some(game_file))?;
    let source = std::fs::read_to_string(game_file).with_context(|| format!("cannot read {}", game_file.display()))?;
    // The `load_images` files beside the game go inside it, so the export
    // needs no other file.
    let source = crate::pictures::embed(&source, Some(game_file));
    let written = match kind {
        ExportKind::Html => {
            if source.lines().any(|l| l.trim_start().to_ascii_lowercase().starts_with("load_images")) {
                eprintln!(
                    "note: the web page draws the pictures of `load_images` red: its player carries no PNG \
                     decoder (it would take the page past 500 KB); the studio, a native export and a GIF draw them"
                );
            }
            let page = export::html::page(&source)?;
            export::write_export(out, page.as_bytes(), Some(game_file), FileMode::Plain)?
        }
        ExportKind::Native => {
            let me = std::env::current_exe().context("cannot find this program's own file")?;
            let bytes = export::native::executable(&me, &source)?;
            export::write_export(out, &bytes, Some(game_file), FileMode::Executable)?
        }
        ExportKind::Gif => {
            let game = export::playable_game(&source)?;
            let rec = recording(args, &game)?;
            let options = GifOptions { scale: args.scale, messages: !args.no_messages };
            let bytes = export::gif::gif_of(&game, &rec, options)?;
            export::write_export(out, &bytes, Some(game_file), FileMode::Plain)?
        }
    };
    println!("{}", written.summary());
    Ok(ExitCode::SUCCESS)
}

//! `puzzlewright check FILE [--no-analysis]`: for a PuzzleScript Plus or
//! Next game first a `FILE:LINE:1: note: ...` naming the dialect and what
//! first needs it, then diagnostics as
//! `FILE:LINE:COL: severity: message [code]`, the build's and (unless
//! `--no-analysis`, or when the game has errors) the design checks of
//! `engine::analyze`, all in order of position.

use std::path::PathBuf;
use std::process::ExitCode;

/// `puzzlewright check`'s arguments.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game (a .txt, or an exported .html page, which gives up its source)
    pub file: PathBuf,
    /// Leave out the design checks' warnings (codes A0101...)
    #[arg(long)]
    pub no_analysis: bool,
}

/// Run `puzzlewright check FILE`: print its diagnostics.
///
/// # Errors
/// FILE cannot be read.
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let analysis = !args.no_analysis;
    let file = args.file.display();
    // The studio's loader: binary and huge files are refused, an exported
    // .html gives up its source, bytes that are not UTF-8 become U+FFFD.
    let loaded = crate::files::load_game(&args.file)?;
    if loaded.replaced > 0 {
        eprintln!("{file}: {} byte(s) that are not UTF-8 read as U+FFFD", loaded.replaced);
    }
    // `load_images` files are read beside the game.
    let build = crate::pictures::build(&loaded.text, Some(&args.file));
    let mut diagnostics = build.diagnostics.clone();
    if analysis {
        // Empty for a game with errors: those come first.
        diagnostics.extend(engine::analyze::analyze(&build, &engine::analyze::AnalyzeOptions::default()));
        diagnostics.sort_by_key(|d| (d.span.start, d.span.end));
    }
    // A PuzzleScript Plus/Next game is said to be one, with the line that
    // first needs that dialect; a classic game's output is as it always was.
    if let Some(need) = engine::dialect::needed(&build.ast) {
        println!(
            "{file}:{}:1: note: this game is written in {}: {} first needs it",
            need.line,
            need.dialect.name(),
            need.what
        );
    }
    for d in &diagnostics {
        println!("{file}:{}:{}: {}: {} [{}]", d.span.line, d.span.col, d.severity.as_str(), d.message, d.code);
    }
    let errors = diagnostics.iter().filter(|d| d.is_error()).count();
    let warnings = diagnostics.iter().filter(|d| d.severity == engine::Severity::Warning).count();
    eprintln!("{errors} error(s), {warnings} warning(s)");
    Ok(if errors > 0 { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

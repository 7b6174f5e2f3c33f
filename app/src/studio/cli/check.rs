//! `puzzlewright check FILE [--no-analysis]`: diagnostics as
//! `FILE:LINE:COL: severity: message [code]`, the build's and (unless
//! `--no-analysis`, or when the game has errors) the design checks of
//! `engine::analyze`, all in order of position.

use anyhow::bail;
use std::process::ExitCode;

/// Run `puzzlewright check FILE`: print its diagnostics.
///
/// # Errors
/// FILE cannot be read, or the arguments are wrong.
pub fn run(args: &[String]) -> anyhow::Result<ExitCode> {
    let analysis = !args.iter().any(|a| a == "--no-analysis");
    let files: Vec<&String> = args.iter().filter(|a| *a != "--no-analysis").collect();
    let [file] = files[..] else { bail!("check takes exactly one FILE") };
    // The studio's loader: binary and huge files are refused, an exported
    // .html gives up its source, bytes that are not UTF-8 become U+FFFD.
    let loaded = crate::files::load_game(std::path::Path::new(file))?;
    if loaded.replaced > 0 {
        eprintln!("{file}: {} byte(s) that are not UTF-8 read as U+FFFD", loaded.replaced);
    }
    let build = engine::build(&loaded.text);
    let mut diagnostics = build.diagnostics.clone();
    if analysis {
        // Empty for a game with errors: those come first.
        diagnostics.extend(engine::analyze::analyze(&build, &engine::analyze::AnalyzeOptions::default()));
        diagnostics.sort_by_key(|d| (d.span.start, d.span.end));
    }
    for d in &diagnostics {
        println!("{file}:{}:{}: {}: {} [{}]", d.span.line, d.span.col, d.severity.as_str(), d.message, d.code);
    }
    let errors = diagnostics.iter().filter(|d| d.is_error()).count();
    let warnings = diagnostics.iter().filter(|d| d.severity == engine::Severity::Warning).count();
    eprintln!("{errors} error(s), {warnings} warning(s)");
    Ok(if errors > 0 { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

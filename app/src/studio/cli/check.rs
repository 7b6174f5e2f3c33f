//! `puzzlewright check FILE`: diagnostics as `FILE:LINE:COL: severity: message`.

use anyhow::bail;
use std::process::ExitCode;

pub fn run(args: &[String]) -> anyhow::Result<ExitCode> {
    let [file] = args else { bail!("check takes exactly one FILE") };
    // The studio's loader: binary and huge files are refused, an exported
    // .html gives up its source, bytes that are not UTF-8 become U+FFFD.
    let loaded = crate::files::load_game(std::path::Path::new(file))?;
    if loaded.replaced > 0 {
        eprintln!("{file}: {} byte(s) that are not UTF-8 read as U+FFFD", loaded.replaced);
    }
    let build = engine::build(&loaded.text);
    for d in &build.diagnostics {
        println!(
            "{file}:{}:{}: {}: {} [{}]",
            d.span.line,
            d.span.col,
            d.severity.as_str(),
            d.message,
            d.code
        );
    }
    let errors = build.diagnostics.iter().filter(|d| d.is_error()).count();
    let warnings = build.diagnostics.iter().filter(|d| d.severity == engine::Severity::Warning).count();
    eprintln!("{errors} error(s), {warnings} warning(s)");
    Ok(if errors > 0 { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

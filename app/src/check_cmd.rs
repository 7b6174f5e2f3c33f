//! `puzzlewright check FILE`: diagnostics as `FILE:LINE:COL: severity: message`.

use anyhow::{Context as _, bail};
use std::process::ExitCode;

pub fn run(args: &[String]) -> anyhow::Result<ExitCode> {
    let [file] = args else { bail!("check takes exactly one FILE") };
    let bytes = std::fs::read(file).with_context(|| format!("cannot read {file}"))?;
    let source = String::from_utf8_lossy(&bytes);
    let build = engine::build(&source);
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

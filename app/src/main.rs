//! `puzzlewright`: the studio, and the headless commands that expose every
//! engine capability.
//!
//! The grammar is [`studio::cli::Cli`] (clap's derive): this file only
//! lets an exported game play itself, parses, and dispatches. The help,
//! the refusal of unknown or conflicting options and the manual page all
//! come from that one description.

use std::process::ExitCode;

use clap::Parser as _;

/// mimalloc serves the many small allocations of building a game and of
/// the solver far faster than the system allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// A command's output piped into a reader that stops early (`| head`)
/// ends the command quietly, as other command-line tools do, instead of
/// a panic report about a broken pipe.
fn end_quietly_when_the_reader_goes() {
    let report = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let text = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if text.starts_with("failed printing to stdout") && text.contains("Broken pipe") {
            std::process::exit(141);
        }
        report(info);
    }));
}

fn main() -> ExitCode {
    // Every command, the help and an exported game's --help alike.
    end_quietly_when_the_reader_goes();
    // An exported game (this program with a game attached) plays it, or
    // says that its game is gone.
    if let Some(game) = studio::export::native::embedded_game() {
        let args: Vec<String> = std::env::args().skip(1).collect();
        return match game.and_then(|game| studio::standalone::run(game, &args)) {
            Ok(code) => code,
            Err(err) => {
                eprintln!("{err:#}");
                ExitCode::from(2)
            }
        };
    }
    let cli = match studio::cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => {
            // The help and the version go to stdout (exit 0), mistakes to
            // stderr with the usage (exit 2); a closed stdout is not news.
            let _ = err.print();
            return ExitCode::from(u8::try_from(err.exit_code()).unwrap_or(2));
        }
    };
    let result = match &cli.command {
        Some(command) => command.run(),
        None => studio::run(cli.file.as_deref()),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            eprintln!("puzzlewright: {err:#}");
            ExitCode::from(2)
        }
    }
}

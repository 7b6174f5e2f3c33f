//! `puzzlewright`: the studio, and the headless commands that expose every
//! engine capability.
//!
//! [`COMMANDS`] is the one table of subcommands: the dispatcher, the check
//! of options and `puzzlewright help` all read it. Adding a subcommand is
//! one entry there; its synopsis names its options (`[--slowest N]` is an
//! option taking a value, `[--verbose|-v]` one with a short form), and an
//! option missing from the synopsis is refused before the command runs, so
//! the help can never fall behind what the commands accept.

use std::process::ExitCode;

/// mimalloc serves the many small allocations of building a game and of
/// the solver far faster than the system allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use studio::cli::{bench, check, conformance, corpus, export, sfx, solve, test, trace};

/// One subcommand: its name, synopsis, a line on what it does, and the
/// function that runs it with the arguments after its name.
struct Subcommand {
    name: &'static str,
    synopsis: &'static str,
    about: &'static str,
    run: fn(&[String]) -> anyhow::Result<ExitCode>,
}

/// Every subcommand, in the order `help` lists them.
const COMMANDS: &[Subcommand] = &[
    Subcommand {
        name: "check",
        synopsis: "FILE [--no-analysis]",
        about: "print every diagnostic as FILE:LINE:COL: severity: message [code], with the design checks' warnings (codes A0101...; --no-analysis leaves them out); exit 1 when the game has errors",
        run: check::run,
    },
    Subcommand {
        name: "conformance",
        synopsis: "[--verbose|-v] [--allow-failures] [--slowest N] FILE.json...",
        about: "replay recorded reference behaviour (play sessions, diagnostics, sound seeds) and print `N passed, M failed` per file and in total; --slowest lists the N slowest cases",
        run: conformance::run,
    },
    Subcommand {
        name: "corpus",
        synopsis: "DIR",
        about: "compile every .txt game in DIR and load and play every level; exit 1 if any fails",
        run: corpus::run,
    },
    Subcommand {
        name: "sfx",
        synopsis: "SEED [--wav OUT] [--bits 8|16] [--samples] [--play]",
        about: "the sfxr sound of a seed: its category and parameters, its samples, a WAV file, or the sound played through the default output device",
        run: sfx::run,
    },
    Subcommand {
        name: "bench",
        synopsis: "compile|walks DIR [--repeat N] [--min-ms MS] [--turns N] [--levels N] [--threads N] [--only A,B]",
        about: "time building every game in DIR, or long random walks of its levels, for scripts/bench-vs-reference.sh",
        run: bench::run,
    },
    Subcommand {
        name: "trace",
        synopsis: "FILE [--level N] [--seed S] [--inputs 3,3,0,undo,...] [--extras] [--case OUT.json]",
        about: "print what happened inside every turn (rules applied, commands, movements), in the line format of traces.json",
        run: trace::run,
    },
    Subcommand {
        name: "solve",
        synopsis: "FILE [--level N] [--all] [--timeout-ms T] [--threads N] [--seed S] [--json]",
        about: "search levels (all of them unless --level) for winning inputs: one line per level (solved with its inputs as 0-4 codes, exhausted, or timeout), or one JSON object per line with --json; --threads N searches each level with up to N strategies side by side, the first answer winning; exit 2 when the game has errors",
        run: solve::run,
    },
    Subcommand {
        name: "test",
        synopsis: "FILE [--update] [--json] [--before OLD] [--solver-ms MS]",
        about: "replay the solutions kept beside FILE (FILE.solutions.json): one line per level, exit 0 when every kept solution still wins, 1 when one is broken, 2 when the game does not compile; the solver reports shortcuts (--solver-ms per level, default 250, 0 for none), --update keeps its solutions for levels that have none, --before OLD names the rules that changed behaviour",
        run: |args| test::run(&test::TestArgs::parse(args)?),
    },
    Subcommand {
        name: "export",
        synopsis: "FILE [--html OUT.html] [--native OUT] [--gif OUT.gif] [--level N] [--seed S] [--inputs 3,3,0,...] [--case CASES.json:N] [--scale K] [--no-messages]",
        about: "share the game: a one-file web page, a native executable, or an animated GIF of a play session",
        run: export::run,
    },
];

/// What opening the studio looks like, for the help's first line.
const STUDIO_SYNOPSIS: &str = "[FILE]";
const STUDIO_ABOUT: &str = "open the studio on FILE (a new file if it does not exist), or on a built-in example";

/// An option a synopsis names: its spellings and whether a value follows.
#[derive(Debug, PartialEq, Eq)]
struct OptionSpec<'a> {
    names: Vec<&'a str>,
    takes_value: bool,
}

/// The options in `synopsis`: each `[-...]` group, its first word the
/// option (`|` between spellings), a second word its value.
fn options(synopsis: &str) -> Vec<OptionSpec<'_>> {
    synopsis
        .split('[')
        .skip(1)
        .filter_map(|group| group.split(']').next())
        .filter_map(|group| {
            let mut words = group.split_whitespace();
            let flag = words.next().filter(|w| w.starts_with('-'))?;
            Some(OptionSpec { names: flag.split('|').collect(), takes_value: words.next().is_some() })
        })
        .collect()
}

/// Refuse any option `command` does not name in its synopsis (a value
/// after an option that takes one is not an option, nor is a negative
/// number, which may be a seed).
fn check_options(command: &Subcommand, args: &[String]) -> Result<(), String> {
    let known = options(command.synopsis);
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        if !arg.starts_with('-') || arg == "-" || arg.parse::<f64>().is_ok() {
            continue;
        }
        match known.iter().find(|o| o.names.contains(&arg.as_str())) {
            Some(spec) if spec.takes_value => {
                it.next();
            }
            Some(_) => {}
            None => return Err(format!("unknown option `{arg}` for {}", command.name)),
        }
    }
    Ok(())
}

/// The help: the studio's line, then every subcommand from [`COMMANDS`].
fn help() -> String {
    let mut out = String::from("usage:\n");
    out.push_str(&format!("  puzzlewright {STUDIO_SYNOPSIS}\n      {STUDIO_ABOUT}\n"));
    for c in COMMANDS {
        out.push_str(&format!("  puzzlewright {} {}\n      {}\n", c.name, c.synopsis, c.about));
    }
    out.push_str("  puzzlewright help [COMMAND]\n      this text, or one command's part of it\n");
    out
}

fn help_for(command: &Subcommand) -> String {
    format!("usage: puzzlewright {} {}\n  {}", command.name, command.synopsis, command.about)
}

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
    let args: Vec<String> = std::env::args().skip(1).collect();
    // Every command, the help and an exported game's --help alike.
    end_quietly_when_the_reader_goes();
    // An exported game (this program with a game attached) plays it, or
    // says that its game is gone.
    if let Some(game) = studio::export::native::embedded_game() {
        return match game.and_then(|game| studio::standalone::run(game, &args)) {
            Ok(code) => code,
            Err(err) => {
                eprintln!("{err:#}");
                ExitCode::from(2)
            }
        };
    }
    let first = args.first().map(String::as_str);
    let command = first.and_then(|name| COMMANDS.iter().find(|c| c.name == name));
    let result = match (first, command) {
        (_, Some(command)) => {
            let rest = &args[1..];
            if rest.iter().any(|a| a == "--help" || a == "-h") {
                println!("{}", help_for(command));
                Ok(ExitCode::SUCCESS)
            } else if let Err(message) = check_options(command, rest) {
                eprintln!("puzzlewright: {message}\n{}", help_for(command));
                Ok(ExitCode::from(2))
            } else {
                (command.run)(rest)
            }
        }
        (Some("help" | "--help" | "-h"), None) => match args.get(1) {
            Some(name) => match COMMANDS.iter().find(|c| c.name == name) {
                Some(c) => {
                    println!("{}", help_for(c));
                    Ok(ExitCode::SUCCESS)
                }
                None => {
                    eprintln!("puzzlewright: no command `{name}`\n{}", help());
                    Ok(ExitCode::from(2))
                }
            },
            None => {
                print!("{}", help());
                Ok(ExitCode::SUCCESS)
            }
        },
        (Some(other), None) if other.starts_with('-') => {
            eprintln!("puzzlewright: unknown option `{other}`\n{}", help());
            Ok(ExitCode::from(2))
        }
        (file, None) => studio::run(file),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            eprintln!("puzzlewright: {err:#}");
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(args: &[&str]) -> Vec<String> {
        args.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn options_are_read_from_the_synopsis() {
        let specs = options("[--verbose|-v] [--allow-failures] [--slowest N] FILE.json...");
        assert_eq!(
            specs,
            vec![
                OptionSpec { names: vec!["--verbose", "-v"], takes_value: false },
                OptionSpec { names: vec!["--allow-failures"], takes_value: false },
                OptionSpec { names: vec!["--slowest"], takes_value: true },
            ]
        );
        assert!(options("FILE").is_empty());
    }

    #[test]
    fn only_options_in_the_table_pass() {
        let sfx = COMMANDS.iter().find(|c| c.name == "sfx").expect("sfx");
        assert_eq!(check_options(sfx, &strings(&["5", "--play", "--bits", "16", "--wav", "-x.wav"])), Ok(()));
        assert_eq!(check_options(sfx, &strings(&["-12"])), Ok(()), "a negative seed is not an option");
        assert!(check_options(sfx, &strings(&["5", "--loud"])).is_err());
        let conformance = COMMANDS.iter().find(|c| c.name == "conformance").expect("conformance");
        assert_eq!(check_options(conformance, &strings(&["-v", "--slowest", "3", "a.json"])), Ok(()));
    }

    #[test]
    fn the_help_lists_every_command_and_option() {
        let text = help();
        for c in COMMANDS {
            assert!(text.contains(&format!("puzzlewright {} {}", c.name, c.synopsis)), "{}", c.name);
            for o in options(c.synopsis) {
                for name in o.names {
                    assert!(text.contains(name), "{name}");
                }
            }
        }
    }
}

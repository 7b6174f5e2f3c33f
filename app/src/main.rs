//! `puzzlewright`: the studio (once it lands) and the headless commands that
//! expose every engine capability.

mod bench_cmd;
mod check_cmd;
mod conformance;
mod corpus_cmd;
mod export_cmd;
mod sfx_cmd;
mod trace_cmd;

use std::process::ExitCode;

const USAGE: &str = "\
usage:
  puzzlewright check FILE                 print diagnostics; exit 1 on errors
  puzzlewright conformance [--verbose] [--allow-failures] FILE.json...
                                          run recorded reference behaviour
  puzzlewright corpus DIR                 compile every .txt game in DIR and load
                                          every level; exit 1 if any fails
  puzzlewright sfx SEED [--wav OUT] [--bits 8|16] [--samples]
                                          print a sound seed's category and sfxr
                                          parameters; write the sound as a WAV
  puzzlewright bench compile|walks DIR [--repeat N] [--turns N] [--levels N] [--threads N] [--only A,B]
                                          time building games / long random walks, for
                                          scripts/bench-vs-reference.sh
  puzzlewright trace FILE [--level N] [--seed S] [--inputs 3,3,0,undo,...] [--extras] [--case OUT.json]
                                          print what happened inside every turn
  puzzlewright export FILE --html OUT.html | --native OUT | --gif OUT.gif [...]
                                          share the game (see `export --help`)
  puzzlewright help                       this text";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // An exported game (this program with a game appended) plays it.
    let embedded = studio::export::native::embedded_game();
    let result = match args.first().map(String::as_str) {
        _ if embedded.is_some() => studio::standalone::run(embedded.unwrap_or_default(), &args),
        Some("check") => check_cmd::run(&args[1..]),
        Some("conformance") => conformance::run(&args[1..]),
        Some("corpus") => corpus_cmd::run(&args[1..]),
        Some("sfx") => sfx_cmd::run(&args[1..]),
        Some("bench") => bench_cmd::run(&args[1..]),
        Some("trace") => trace_cmd::run(&args[1..]),
        Some("export") => export_cmd::run(&args[1..]),
        Some("help" | "--help" | "-h") => {
            println!("{USAGE}");
            Ok(ExitCode::SUCCESS)
        }
        Some(other) if other.starts_with('-') => {
            eprintln!("puzzlewright: unknown option `{other}`\n{USAGE}");
            Ok(ExitCode::from(2))
        }
        Some(_) | None => studio::run(args.first().map(String::as_str)),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            eprintln!("puzzlewright: {err:#}");
            ExitCode::from(2)
        }
    }
}

//! `puzzlewright export FILE --html OUT.html | --native OUT | --gif OUT.gif
//! [--level N] [--seed S] [--inputs 3,3,0,undo,...] [--case CASE.json[:N]]
//! [--scale K] [--no-messages]`: write a game as a one-file web page, a
//! native executable or an animated GIF of a session.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::export::{self, ExportKind, gif::GifOptions, replay::Recording};
use anyhow::{Context as _, bail};

/// The command's help.
pub const USAGE: &str = "\
usage: puzzlewright export FILE (--html OUT.html | --native OUT | --gif OUT.gif) [options]
  --html OUT.html      one self-contained web page that plays the game
  --native OUT         one executable that opens straight into the game
  --gif OUT.gif        an animated GIF of a session, replayed by the engine:
    --level N          the LEVELS entry it starts on, counting messages, from 1 (default 1)
    --seed S           the random seed (default: the engine's fixed one)
    --inputs LIST      the inputs, e.g. 3,3,0,undo,restart,tick (0 up, 1 left,
                       2 down, 3 right, 4 action)
    --case FILE.json[:N]  level, seed and inputs from a saved case in the
                       conformance format (case N of an array, default 0)
    --scale K          each game pixel as KxK pixels (1-16, default 4)
    --no-messages      leave out the frames where a message fills the screen";

struct Args {
    game: PathBuf,
    kind: ExportKind,
    out: PathBuf,
    level: Option<usize>,
    seed: Option<String>,
    inputs: Option<String>,
    case: Option<String>,
    options: GifOptions,
}

fn parse(args: &[String]) -> anyhow::Result<Args> {
    let mut game = None;
    let mut target: Option<(ExportKind, PathBuf)> = None;
    let (mut level, mut seed, mut inputs, mut case) = (None, None, None, None);
    let mut options = GifOptions::default();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().cloned().with_context(|| format!("{name} needs a value"));
        match arg.as_str() {
            flag @ ("--html" | "--native" | "--gif") => {
                let kind = match flag {
                    "--html" => ExportKind::Html,
                    "--native" => ExportKind::Native,
                    _ => ExportKind::Gif,
                };
                if target.is_some() {
                    bail!("give one of --html, --native or --gif");
                }
                target = Some((kind, PathBuf::from(value(flag)?)));
            }
            "--level" => {
                let n: usize = value("--level")?.parse().context("--level needs a number from 1")?;
                if n == 0 {
                    bail!("levels are counted from 1");
                }
                level = Some(n - 1);
            }
            "--seed" => seed = Some(value("--seed")?),
            "--inputs" => inputs = Some(value("--inputs")?),
            "--case" => case = Some(value("--case")?),
            "--scale" => {
                options.scale = value("--scale")?.parse().context("--scale needs a whole number")?;
            }
            "--no-messages" => options.messages = false,
            s if s.starts_with('-') => bail!("unknown option `{s}` for export\n{USAGE}"),
            s => {
                if game.replace(PathBuf::from(s)).is_some() {
                    bail!("give one game file\n{USAGE}");
                }
            }
        }
    }
    let game = game.with_context(|| format!("export needs a game file\n{USAGE}"))?;
    let (kind, out) = target.with_context(|| format!("export needs --html, --native or --gif\n{USAGE}"))?;
    if kind != ExportKind::Gif && (level.is_some() || seed.is_some() || inputs.is_some() || case.is_some()) {
        bail!("--level, --seed, --inputs and --case are for --gif");
    }
    if inputs.is_some() && case.is_some() {
        bail!("give --inputs or --case, not both");
    }
    Ok(Args { game, kind, out, level, seed, inputs, case, options })
}

fn recording(args: &Args) -> anyhow::Result<Recording> {
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
    if let Some(list) = &args.inputs {
        rec.steps = export::replay::parse_steps(list)?;
    }
    if let Some(level) = args.level {
        rec.level = level;
    }
    if let Some(seed) = &args.seed {
        rec.seed = Some(seed.clone());
    }
    Ok(rec)
}

/// Run `puzzlewright export`.
pub fn run(args: &[String]) -> anyhow::Result<ExitCode> {
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return Ok(ExitCode::SUCCESS);
    }
    let args = parse(args)?;
    export::check_target(&args.out, Some(&args.game))?;
    let source = std::fs::read_to_string(&args.game).with_context(|| format!("cannot read {}", args.game.display()))?;
    let written = match args.kind {
        ExportKind::Html => {
            let page = export::html::page(&source)?;
            export::write_export(&args.out, page.as_bytes(), Some(&args.game), false)?
        }
        ExportKind::Native => {
            let me = std::env::current_exe().context("cannot find this program's own file")?;
            let bytes = export::native::executable(&me, &source)?;
            export::write_export(&args.out, &bytes, Some(&args.game), true)?
        }
        ExportKind::Gif => {
            let game = export::playable_game(&source)?;
            let rec = recording(&args)?;
            let bytes = export::gif::gif_of(&game, &rec, args.options)?;
            export::write_export(&args.out, &bytes, Some(&args.game), false)?
        }
    };
    println!("{}", written.summary());
    Ok(ExitCode::SUCCESS)
}

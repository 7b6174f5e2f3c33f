//! `puzzlewright trace FILE [--level N] [--seed S] [--inputs 3,3,0,undo,...]
//! [--extras] [--case OUT.json]`: play a session and print what happened
//! inside every turn, in the line format of the conformance traces: one
//! group of lines per segment (the level load, then one per input, each
//! with the `again` turns it led to), under a `#` heading. `--extras` adds
//! our own events (gosub calls and returns, level loads); `--case` also
//! writes the session as a conformance case that `puzzlewright conformance`
//! replays.

use anyhow::{Context as _, bail};
use engine::compile::Game;
use engine::run::trace::{FormatOptions, LineFormat, session_case};
use engine::run::{Session, Step};
use std::fmt::Write as _;
use std::process::ExitCode;
use std::sync::Arc;

/// `puzzlewright trace`'s arguments.
#[derive(Debug, Clone, Default, clap::Args)]
#[command(after_help = super::NUMBERING)]
pub struct Args {
    /// The game
    pub file: String,
    /// The level to play (default: Level 1)
    #[command(flatten)]
    pub which: super::LevelChoice,
    /// The random seed (default: the engine's fixed one)
    #[arg(long, value_name = "S")]
    pub seed: Option<String>,
    /// The inputs, comma-separated: 0 up, 1 left, 2 down, 3 right, 4 action (or those words),
    /// undo, redo, restart, tick
    #[arg(long, value_name = "3,3,0,undo,...", value_delimiter = ',')]
    pub inputs: Vec<Step>,
    /// Add our own events: gosub calls and returns, level loads
    #[arg(long)]
    pub extras: bool,
    /// Also write the session as a conformance case to this file
    #[arg(long, value_name = "OUT.json")]
    pub case: Option<String>,
}

/// What the command works on: the arguments with the level found.
#[derive(Debug, Default)]
struct Options {
    file: String,
    level: usize,
    seed: Option<String>,
    steps: Vec<Step>,
    extras: bool,
}

/// The heading of segment `k`; `load` names the level loaded.
fn heading(k: usize, load: &str, steps: &[Step]) -> String {
    match k.checked_sub(1).and_then(|i| steps.get(i).map(|s| (i, s))) {
        None => format!("# load {load}"),
        Some((i, step)) => format!("# input {i}: {step}"),
    }
}

/// The game as the conformance runner plays it: even with errors, when
/// something could be compiled.
fn playable(source: &str) -> anyhow::Result<Arc<Game>> {
    let build = engine::build(source);
    match build.game.or(build.salvaged) {
        Some(g) => Ok(g),
        None => {
            let first = build.diagnostics.iter().find(|d| d.is_error());
            bail!(
                "the game does not compile{}",
                first.map_or_else(String::new, |d| format!(": line {}: {}", d.span.line, d.message))
            );
        }
    }
}

/// Play the session of `source` and write its events.
#[cfg(test)]
fn report(source: &str, o: &Options) -> anyhow::Result<String> {
    report_game(playable(source)?, o)
}

/// Play the session and write its events.
fn report_game(game: Arc<Game>, o: &Options) -> anyhow::Result<String> {
    if o.level >= game.levels.len() {
        bail!("the game has {} entries in LEVELS; entry {} is past the end", game.levels.len(), o.level);
    }
    let format = LineFormat::new(&game, FormatOptions { extras: o.extras });
    let load = match engine::play::entry_number(&game, o.level) {
        Some(engine::play::EntryNumber::Level(n)) => format!("Level {n} (entry {})", o.level),
        _ => super::entry_label(&game, o.level),
    };
    let mut session = Session::new_traced(game, o.level, o.seed.as_deref(), usize::MAX);
    let drain = |s: &mut Session, what: &str| -> anyhow::Result<()> {
        match s.settle(engine::run::trace::AGAIN_LIMIT) {
            Ok(_) => Ok(()),
            Err(endless) => bail!("{what} never stops running again turns ({endless})"),
        }
    };
    drain(&mut session, "the level load")?;
    for (k, step) in o.steps.iter().enumerate() {
        step.apply(&mut session);
        drain(&mut session, &format!("input {k}"))?;
    }
    let mut out = String::new();
    if let Some(trace) = session.trace() {
        for (k, seg) in trace.segments().iter().enumerate() {
            if k > 0 {
                out.push('\n');
            }
            let _ = writeln!(out, "{}", heading(k, &load, &o.steps));
            for line in format.segment(seg) {
                let _ = writeln!(out, "{line}");
            }
        }
    }
    Ok(out)
}

/// Run `puzzlewright trace`.
///
/// # Errors
/// The game cannot be read or the case written, or there is no such level.
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let source = std::fs::read_to_string(&args.file).with_context(|| format!("cannot read {}", args.file))?;
    let game = playable(&source)?;
    let level = args.which.entry_or_first_map(&game)?;
    let o = Options {
        file: args.file.clone(),
        level,
        seed: args.seed.clone(),
        steps: args.inputs.clone(),
        extras: args.extras,
    };
    print!("{}", report_game(game, &o)?);
    if let Some(out) = &args.case {
        let name = std::path::Path::new(&o.file)
            .file_name()
            .map_or_else(|| o.file.clone(), |n| n.to_string_lossy().into_owned());
        let case = session_case(&format!("{name} L{}", o.level), &source, o.level, o.seed.as_deref(), &o.steps)?;
        crate::writers::write_atomic(std::path::Path::new(out), format!("[\n{case}\n]\n").as_bytes())?;
        eprintln!("wrote {out}");
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::{Options, report};
    use engine::run::Input;
    use engine::run::Step;

    const GAME: &str = "title t
========
OBJECTS
========
Background
black
Player
white
Crate
orange
Wall
grey
=======
LEGEND
=======
. = Background
P = Player
C = Crate
W = Wall
================
COLLISIONLAYERS
================
Background
Player, Crate, Wall
======
RULES
======
[ > Player | Crate ] -> [ > Player | > Crate ]
==============
WINCONDITIONS
==============
=======
LEVELS
=======
P.CW
";

    #[test]
    fn options_are_read() {
        use crate::cli::{Cli, Command};
        use clap::Parser as _;
        let words = "puzzlewright trace g.txt --level 2 --seed abc --inputs 3,right,undo,redo,tick --extras";
        let Ok(Cli { command: Some(Command::Trace(o)), .. }) = Cli::try_parse_from(words.split_whitespace()) else {
            panic!("parses")
        };
        assert_eq!(o.file, "g.txt");
        assert_eq!(o.which.level, Some(2));
        assert_eq!(o.seed.as_deref(), Some("abc"));
        assert_eq!(
            o.inputs,
            [Step::Input(Input::Right), Step::Input(Input::Right), Step::Undo, Step::Redo, Step::Tick]
        );
        assert!(o.extras);
        assert!(Cli::try_parse_from("puzzlewright trace g.txt --inputs 3,jump".split_whitespace()).is_err());
        assert!(Cli::try_parse_from("puzzlewright trace --level 1".split_whitespace()).is_err());
    }

    #[test]
    fn prints_each_segment_in_the_line_format() {
        let o = Options {
            file: "g.txt".into(),
            steps: vec![Step::Input(Input::Right), Step::Input(Input::Right), Step::Undo],
            ..Options::default()
        };
        let out = report(GAME, &o).expect("report");
        // The first step reaches the crate; the push is blocked by the wall
        // (the rule still applies: it sets the crate's movement).
        let want = "# load Level 1 (entry 0)\n\n\
            # input 0: right\nturn right\nmovements\nend\n\n\
            # input 1: right\nturn right\nrule 28 right\nmovements\nend\n\n\
            # input 2: undo\nundo\n";
        assert_eq!(out, want);
    }

    #[test]
    fn extras_show_the_level_load() {
        let o = Options { file: "g.txt".into(), extras: true, ..Options::default() };
        let out = report(GAME, &o).expect("report");
        assert_eq!(out, "# load Level 1 (entry 0)\nlevel 0\n");
        let o = Options { file: "g.txt".into(), level: 5, ..Options::default() };
        assert!(report(GAME, &o).is_err());
    }
}

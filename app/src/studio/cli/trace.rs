//! `puzzlewright trace FILE [--level N] [--seed S] [--inputs 3,3,0,undo,...]
//! [--extras] [--case OUT.json]`: play a session and print what happened
//! inside every turn, in the line format of the conformance traces: one
//! group of lines per segment (the level load, then one per input, each
//! with the `again` turns it led to), under a `#` heading. `--extras` adds
//! our own events (gosub calls and returns, level loads); `--case` also
//! writes the session as a conformance case that `puzzlewright conformance`
//! replays.

use anyhow::{Context as _, bail};
use engine::run::Session;
use engine::run::trace::{FormatOptions, LineFormat, Step, session_case};
use std::fmt::Write as _;
use std::process::ExitCode;

/// What the command was asked to do.
#[derive(Debug, Default)]
struct Options {
    file: String,
    level: usize,
    seed: Option<String>,
    steps: Vec<Step>,
    extras: bool,
    case: Option<String>,
}

fn parse(args: &[String]) -> anyhow::Result<Options> {
    let mut o = Options::default();
    let mut file = None;
    let mut args = args.iter();
    while let Some(a) = args.next() {
        match a.as_str() {
            "--level" => o.level = args.next().and_then(|n| n.parse().ok()).context("--level needs a number")?,
            "--seed" => o.seed = Some(args.next().context("--seed needs a value")?.clone()),
            "--inputs" => {
                let list = args.next().context("--inputs needs a list such as 3,3,0,undo")?;
                for code in list.split(',').filter(|c| !c.trim().is_empty()) {
                    let step = Step::from_code(code).with_context(|| {
                        format!(
                            "unknown input `{code}` (use 0-4, up, left, down, right, action, undo, redo, restart, tick)"
                        )
                    })?;
                    o.steps.push(step);
                }
            }
            "--extras" => o.extras = true,
            "--case" => o.case = Some(args.next().context("--case needs an output file")?.clone()),
            s if s.starts_with('-') => bail!("unknown option `{s}` for trace"),
            s if file.is_none() => file = Some(s.to_owned()),
            s => bail!("trace takes one FILE (got `{s}` too)"),
        }
    }
    o.file = file.context("trace needs a FILE")?;
    Ok(o)
}

/// The heading of segment `k`.
fn heading(k: usize, level: usize, steps: &[Step]) -> String {
    match k.checked_sub(1).and_then(|i| steps.get(i).map(|s| (i, s))) {
        None => format!("# load level {level}"),
        Some((i, Step::Input(input))) => format!("# input {i}: {}", input.direction().word()),
        Some((i, Step::Tick)) => format!("# input {i}: tick"),
        Some((i, Step::Undo)) => format!("# input {i}: undo"),
        Some((i, Step::Redo)) => format!("# input {i}: redo"),
        Some((i, Step::Restart)) => format!("# input {i}: restart"),
    }
}

/// Play the session and write its events.
fn report(source: &str, o: &Options) -> anyhow::Result<String> {
    let build = engine::build(source);
    let game = match build.game.or(build.salvaged) {
        Some(g) => g,
        None => {
            let first = build.diagnostics.iter().find(|d| d.is_error());
            bail!(
                "the game does not compile{}",
                first.map_or_else(String::new, |d| format!(": line {}: {}", d.span.line, d.message))
            );
        }
    };
    if o.level >= game.levels.len() {
        bail!("the game has {} entries in LEVELS; --level {} is past the end", game.levels.len(), o.level);
    }
    let format = LineFormat::new(&game, FormatOptions { extras: o.extras });
    let mut session = Session::new_traced(game, o.level, o.seed.as_deref(), usize::MAX);
    let drain = |s: &mut Session, what: &str| -> anyhow::Result<()> {
        let mut n = 0;
        while s.again_pending() {
            s.run_again();
            n += 1;
            if n > engine::run::trace::AGAIN_LIMIT {
                bail!("{what} never stops running again turns");
            }
        }
        Ok(())
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
            let _ = writeln!(out, "{}", heading(k, o.level, &o.steps));
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
/// The game cannot be read or the case written, or the arguments are wrong.
pub fn run(args: &[String]) -> anyhow::Result<ExitCode> {
    let o = parse(args)?;
    let source = std::fs::read_to_string(&o.file).with_context(|| format!("cannot read {}", o.file))?;
    print!("{}", report(&source, &o)?);
    if let Some(out) = &o.case {
        let name = std::path::Path::new(&o.file)
            .file_name()
            .map_or_else(|| o.file.clone(), |n| n.to_string_lossy().into_owned());
        let case = session_case(&format!("{name} L{}", o.level), &source, o.level, o.seed.as_deref(), &o.steps)?;
        // Never half a file: write beside it, then rename over.
        let tmp = format!("{out}.tmp{}", std::process::id());
        std::fs::write(&tmp, format!("[\n{case}\n]\n")).with_context(|| format!("cannot write {tmp}"))?;
        std::fs::rename(&tmp, out).with_context(|| format!("cannot write {out}"))?;
        eprintln!("wrote {out}");
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::{Options, parse, report};
    use engine::run::Input;
    use engine::run::trace::Step;

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

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn options_are_read() {
        let o = parse(&args("g.txt --level 2 --seed abc --inputs 3,right,undo,redo,tick --extras")).expect("parse");
        assert_eq!(o.file, "g.txt");
        assert_eq!(o.level, 2);
        assert_eq!(o.seed.as_deref(), Some("abc"));
        assert_eq!(o.steps, [Step::Input(Input::Right), Step::Input(Input::Right), Step::Undo, Step::Redo, Step::Tick]);
        assert!(o.extras);
        assert!(parse(&args("g.txt --inputs 3,jump")).is_err());
        assert!(parse(&args("--level 1")).is_err());
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
        let want = "# load level 0\n\n\
            # input 0: right\nturn right\nmovements\nend\n\n\
            # input 1: right\nturn right\nrule 28 right\nmovements\nend\n\n\
            # input 2: undo\nundo\n";
        assert_eq!(out, want);
    }

    #[test]
    fn extras_show_the_level_load() {
        let o = Options { file: "g.txt".into(), extras: true, ..Options::default() };
        let out = report(GAME, &o).expect("report");
        assert_eq!(out, "# load level 0\nlevel 0\n");
        let o = Options { file: "g.txt".into(), level: 5, ..Options::default() };
        assert!(report(GAME, &o).is_err());
    }
}

//! Play sessions (`simulation.json`, `corpus_walks.json`): compile, load a
//! level, feed inputs, compare the final level dump and the sounds played.
//! `traces.rs` plays the same way with the recorder on.

use super::Outcome;
use crate::cases::PlayCase;
use anyhow::Context as _;
use engine::run::trace::{FormatOptions, LineFormat};
use engine::run::{Event, Session};

/// More again-turns in a row than this means the game never settles; the
/// reference would hang, we report a failure instead.
const AGAIN_LIMIT: usize = engine::run::trace::AGAIN_LIMIT;

fn drain_again(session: &mut Session) -> anyhow::Result<()> {
    session.settle(AGAIN_LIMIT)?;
    Ok(())
}

/// Whether a case is played with the recorder on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tracing {
    /// Only the end state and the sounds.
    Off,
    /// Also every segment's trace lines.
    On,
}

/// What playing a case produced.
pub struct Played {
    /// The final level dump.
    pub dump: String,
    /// The object sounds played, in order.
    pub sounds: Vec<String>,
    /// With the recorder on: each segment (the load, then one per input)
    /// in the line format of `traces.json`.
    pub trace: Option<Vec<Vec<String>>>,
}

/// Play a case's session: compile `source`, load `level` with `seed`, drain
/// `again` turns, apply each input and drain again. With `Tracing::On`,
/// record and write each segment's lines.
///
/// # Errors
/// Nothing could be compiled, or a step never stops running `again` turns.
pub fn play(case: &PlayCase, tracing: Tracing) -> anyhow::Result<Played> {
    let build = engine::build(&case.source);
    // The reference's own test harness plays a game even when it has logged
    // errors about it (unless nothing could be compiled), so replay does too.
    let Some(game) = build.game.clone().or(build.salvaged.clone()) else {
        anyhow::bail!("the game did not compile:\n  {}", build.first_errors(3));
    };
    let format = (tracing == Tracing::On).then(|| LineFormat::new(&game, FormatOptions::default()));
    let seed = case.seed.as_deref();
    let mut session = match tracing {
        // No budget: a case's whole trace is compared.
        Tracing::On => Session::new_traced(game, case.level, seed, usize::MAX),
        Tracing::Off => Session::new(game, case.level, seed),
    };
    let mut sounds: Vec<String> = Vec::new();
    let mut collect = |s: &mut Session| {
        for e in s.take_events() {
            if let Event::Sound(seed) = e {
                sounds.push(seed.to_string());
            }
        }
    };
    drain_again(&mut session)?;
    collect(&mut session);
    for (k, step) in case.steps().into_iter().enumerate() {
        step.apply(&mut session);
        drain_again(&mut session).with_context(|| format!("after input {k}"))?;
        collect(&mut session);
    }
    let trace = format
        .map(|f| session.trace().map(|t| t.segments().iter().map(|s| f.segment(s)).collect()).unwrap_or_default());
    Ok(Played { dump: session.dump(), sounds, trace })
}

/// Compare the dump and (when the case has them) the sounds.
pub fn check_end(case: &PlayCase, played: &Played, problems: &mut Vec<String>) {
    if played.dump != case.expected {
        problems.push(format!("level differs\nexpected:\n{}\nactual:\n{}", case.expected, played.dump));
    }
    if let Some(want) = &case.sounds
        && *want != played.sounds
    {
        problems.push(format!("sounds differ\nexpected: {want:?}\nactual:   {:?}", played.sounds));
    }
}

/// Replay one play session and compare the level it ends on.
pub fn run(case: &PlayCase) -> Outcome {
    let played = match play(case, Tracing::Off) {
        Ok(p) => p,
        Err(e) => return Outcome::fail(format!("{e:#}")),
    };
    let mut problems = Vec::new();
    check_end(case, &played, &mut problems);
    if problems.is_empty() { Outcome::pass() } else { Outcome::fail(problems.join("\n")) }
}

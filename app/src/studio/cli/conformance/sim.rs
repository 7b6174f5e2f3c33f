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
    // The reference's harness loads the level by compiling the game, and
    // its compile clears the sound history once the level is loaded: the
    // sounds of loading (`startlevel`, the `run_rules_on_level_start`
    // turn) are never in a case. The `again` turns after it are.
    let _ = session.take_events();
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

#[cfg(test)]
mod tests {
    use super::super::run_case;
    use engine::run::{Event, Input, Session};
    use serde_json::json;

    /// A game of ours that makes a sound as its level loads (a mark made
    /// under the player by a late rule, with `run_rules_on_level_start`)
    /// and one on a move (the mark made again where the player went).
    const GAME: &str = "title Start sounds\nrun_rules_on_level_start\n\nOBJECTS\nBackground\nblack\n\nPlayer\nwhite\n\n\
        Mark\nred\n\nLEGEND\n. = Background\nP = Player\n\nSOUNDS\nMark create 67890\n\n\
        COLLISIONLAYERS\nBackground\nMark\nPlayer\n\nRULES\nlate [ Player no Mark ] -> [ Player Mark ]\n\nWINCONDITIONS\n\nLEVELS\nP..\n";

    fn seeds(events: Vec<Event>) -> Vec<String> {
        events.into_iter().filter_map(|e| if let Event::Sound(s) = e { Some(s.to_string()) } else { None }).collect()
    }

    #[test]
    fn the_sounds_of_loading_the_level_are_not_in_a_case() {
        let game = engine::build(GAME).game.expect("the game builds");
        let mut session = Session::new(game, 0, Some("1"));
        let at_load = seeds(session.take_events());
        assert_eq!(at_load, ["67890"], "the level-start turn makes a mark, with its sound");
        session.input(Input::Right);
        let on_move = seeds(session.take_events());
        assert_eq!(on_move, ["67890"], "the move makes a mark");
        let case = |sounds: &[String]| {
            json!({"name": "start sounds", "source": GAME, "inputs": [3], "level": 0, "seed": "1",
                "expected": session.dump(), "sounds": sounds})
        };
        let out = run_case(&case(&on_move));
        assert!(out.passed, "the move's sounds alone, as the reference's harness records them: {}", out.detail);
        let with_load: Vec<String> = at_load.iter().chain(&on_move).cloned().collect();
        let out = run_case(&case(&with_load));
        assert!(!out.passed && out.detail.contains("sounds differ"), "{}", out.detail);
    }
}

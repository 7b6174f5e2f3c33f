//! Play sessions (`simulation.json`, `corpus_walks.json`): compile, load a
//! level, feed inputs, compare the final level dump and the sounds played.
//! `traces.rs` plays the same way with the recorder on.

use super::Outcome;
use engine::run::trace::{FormatOptions, LineFormat, Step};
use engine::run::{Event, Session};
use serde_json::Value;

/// More again-turns in a row than this means the game never settles; the
/// reference would hang, we report a failure instead.
const AGAIN_LIMIT: usize = engine::run::trace::AGAIN_LIMIT;

fn drain_again(session: &mut Session) -> Result<(), String> {
    session.settle(AGAIN_LIMIT).map(|_| ()).map_err(|endless| endless.to_string())
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

/// One input of a case: the reference's codes, plus our own `"redo"`.
fn step_of(input: &Value) -> Option<Step> {
    match input {
        Value::String(s) if matches!(s.as_str(), "undo" | "restart" | "tick" | "redo") => Step::from_code(s),
        Value::Number(n) => n.as_u64().filter(|&k| k <= 4).and_then(|k| Step::from_code(&k.to_string())),
        _ => None,
    }
}

/// A recorded play session, as a case of `simulation.json`,
/// `corpus_walks.json` or `traces.json` writes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordedSession<'a> {
    /// The game's text.
    pub source: &'a str,
    /// The level loaded first (counting messages too).
    pub level: usize,
    /// The random seed, if the recording fixed one.
    pub seed: Option<String>,
    /// The inputs, in order.
    pub steps: Vec<Step>,
    /// The object sounds the reference played, when the case lists them.
    pub sounds: Option<Vec<String>>,
}

/// Read a case's play session; `Err` names the first input that is not
/// one (the reference's codes 0-4, `undo`, `restart`, `tick`, or our `redo`).
pub fn recorded_session(case: &Value) -> Result<RecordedSession<'_>, String> {
    let source = case.get("source").and_then(Value::as_str).unwrap_or_default();
    // The recordings write the level index as a number, and a few as a string.
    let level = match case.get("level") {
        Some(Value::String(s)) => s.trim().parse().unwrap_or(0),
        Some(v) => v.as_u64().and_then(|n| usize::try_from(n).ok()).unwrap_or(0),
        None => 0,
    };
    let seed: Option<String> = match case.get("seed") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s.clone()),
        Some(other) => Some(other.to_string()),
    };
    let inputs = case.get("inputs").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
    let steps = inputs
        .iter()
        .enumerate()
        .map(|(k, input)| step_of(input).ok_or_else(|| format!("input {k}: unknown input {input}")))
        .collect::<Result<Vec<_>, _>>()?;
    let sounds = case
        .get("sounds")
        .and_then(Value::as_array)
        .map(|want| want.iter().map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_owned)).collect());
    Ok(RecordedSession { source, level, seed, steps, sounds })
}

/// Play a case's session: compile `source`, load `level` with `seed`, drain
/// `again` turns, apply each input and drain again. With `traced`, record
/// and write each segment's lines.
pub fn play(case: &Value, traced: bool) -> Result<Played, String> {
    let RecordedSession { source, level, seed, steps, .. } = recorded_session(case)?;
    let build = engine::build(source);
    // The reference's own test harness plays a game even when it has logged
    // errors about it (unless nothing could be compiled), so replay does too.
    let Some(game) = build.game.clone().or(build.salvaged.clone()) else {
        return Err(format!("the game did not compile:\n  {}", build.first_errors(3)));
    };
    let format = traced.then(|| LineFormat::new(&game, FormatOptions::default()));
    let mut session = if traced {
        // No budget: a case's whole trace is compared.
        Session::new_traced(game, level, seed.as_deref(), usize::MAX)
    } else {
        Session::new(game, level, seed.as_deref())
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
    for (k, &step) in steps.iter().enumerate() {
        step.apply(&mut session);
        drain_again(&mut session).map_err(|e| format!("after input {k}: {e}"))?;
        collect(&mut session);
    }
    let trace = format
        .map(|f| session.trace().map(|t| t.segments().iter().map(|s| f.segment(s)).collect()).unwrap_or_default());
    Ok(Played { dump: session.dump(), sounds, trace })
}

/// Compare the dump and (when the case has them) the sounds.
pub fn check_end(case: &Value, played: &Played, problems: &mut Vec<String>) {
    let expected = case.get("expected").and_then(Value::as_str).unwrap_or_default();
    if played.dump != expected {
        problems.push(format!("level differs\nexpected:\n{expected}\nactual:\n{}", played.dump));
    }
    if let Some(want) = recorded_session(case).ok().and_then(|r| r.sounds)
        && want != played.sounds
    {
        problems.push(format!("sounds differ\nexpected: {want:?}\nactual:   {:?}", played.sounds));
    }
}

/// Replay one play session and compare the level it ends on.
pub fn run(case: &Value) -> Outcome {
    let played = match play(case, false) {
        Ok(p) => p,
        Err(e) => return Outcome::fail(e),
    };
    let mut problems = Vec::new();
    check_end(case, &played, &mut problems);
    if problems.is_empty() { Outcome::pass() } else { Outcome::fail(problems.join("\n")) }
}

//! Play sessions (`simulation.json`, `corpus_walks.json`): compile, load a
//! level, feed inputs, compare the final level dump and the sounds played.

use super::Outcome;
use engine::run::{Event, Input, Session};
use serde_json::Value;

/// More again-turns in a row than this means the game never settles; the
/// reference would hang, we report a failure instead.
const AGAIN_LIMIT: usize = 10_000;

fn drain_again(session: &mut Session) -> Result<(), String> {
    let mut n = 0;
    while session.again_pending() {
        session.run_again();
        n += 1;
        if n > AGAIN_LIMIT {
            return Err(format!("more than {AGAIN_LIMIT} again turns in a row"));
        }
    }
    Ok(())
}

pub fn run(case: &Value) -> Outcome {
    let source = case.get("source").and_then(Value::as_str).unwrap_or_default();
    // The recordings write the level index as a number, and a few as a string.
    let level = match case.get("level") {
        Some(Value::String(s)) => s.trim().parse().unwrap_or(0),
        Some(v) => v.as_u64().unwrap_or(0) as usize,
        None => 0,
    };
    let seed: Option<String> = match case.get("seed") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s.clone()),
        Some(other) => Some(other.to_string()),
    };
    let expected = case.get("expected").and_then(Value::as_str).unwrap_or_default();
    let build = engine::build(source);
    // The reference's own test harness plays a game even when it has logged
    // errors about it (unless nothing could be compiled), so replay does too.
    let Some(game) = build.game.or(build.salvaged) else {
        let first: Vec<String> = build
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .take(3)
            .map(|d| format!("line {}: {}", d.span.line, d.message))
            .collect();
        return Outcome::fail(format!("the game did not compile:\n  {}", first.join("\n  ")));
    };
    let mut session = Session::new(game, level, seed.as_deref());
    let mut sounds: Vec<String> = Vec::new();
    let mut collect = |s: &mut Session| {
        for e in s.take_events() {
            if let Event::Sound(seed) = e {
                sounds.push(seed);
            }
        }
    };
    if let Err(e) = drain_again(&mut session) {
        return Outcome::fail(e);
    }
    collect(&mut session);
    let inputs = case.get("inputs").and_then(Value::as_array).cloned().unwrap_or_default();
    for (k, input) in inputs.iter().enumerate() {
        match input {
            Value::String(s) if s == "undo" => session.undo(),
            Value::String(s) if s == "restart" => session.restart(),
            Value::String(s) if s == "tick" => session.tick(),
            Value::Number(n) => match n.as_u64() {
                Some(0) => session.input(Input::Up),
                Some(1) => session.input(Input::Left),
                Some(2) => session.input(Input::Down),
                Some(3) => session.input(Input::Right),
                Some(4) => session.input(Input::Action),
                _ => return Outcome::fail(format!("input {k}: unknown code {n}")),
            },
            other => return Outcome::fail(format!("input {k}: unknown input {other}")),
        }
        if let Err(e) = drain_again(&mut session) {
            return Outcome::fail(format!("after input {k}: {e}"));
        }
        collect(&mut session);
    }
    let actual = session.dump();
    let mut problems = Vec::new();
    if actual != expected {
        problems.push(format!("level differs\nexpected:\n{expected}\nactual:\n{actual}"));
    }
    if let Some(want) = case.get("sounds").and_then(Value::as_array) {
        let want: Vec<String> =
            want.iter().map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_owned)).collect();
        if want != sounds {
            problems.push(format!("sounds differ\nexpected: {want:?}\nactual:   {sounds:?}"));
        }
    }
    if problems.is_empty() { Outcome::pass() } else { Outcome::fail(problems.join("\n")) }
}

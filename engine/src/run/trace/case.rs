//! "Save the session as a test": replay a session (game text, level, seed
//! and the steps played) and write it as one case of the conformance files
//! (`../shared/conformance/README.md`): the simulation case (`name`,
//! `source`, `inputs`, `expected` dump, `level`, `seed`, `sounds`) plus the
//! `trace` of `traces.json`, one list of lines for the load and one per
//! step. `puzzlewright conformance` replays such a file. Plain JSON text,
//! written here so the studio and the command line share it (the engine
//! has no JSON dependency).

use super::{FormatOptions, LineFormat};
use crate::json::write_string as json_string;
use crate::run::Step;
use crate::run::{Event, Session};
use std::fmt::Write as _;

/// Most `again` turns in a row a saved session may run after one step
/// (the conformance runner's bound).
pub const AGAIN_LIMIT: usize = 10_000;

/// Why a session could not be written as a case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CaseError {
    /// The game does not compile (the first error's line and message).
    DoesNotCompile(String),
    /// After this step (0: the load) the game kept asking for `again` turns.
    EndlessAgain(usize),
}

impl std::fmt::Display for CaseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CaseError::DoesNotCompile(e) => write!(f, "the game does not compile: {e}"),
            CaseError::EndlessAgain(0) => write!(f, "the level load never stops running again turns"),
            CaseError::EndlessAgain(k) => write!(f, "step {k} never stops running again turns"),
        }
    }
}

impl std::error::Error for CaseError {}

fn drain(session: &mut Session) -> bool {
    session.settle(AGAIN_LIMIT).is_ok()
}

/// Replay `steps` on entry `level` of the game `source`, seeded with
/// `seed`, draining `again` turns after the load and after each step as the
/// conformance runner does, and write the case as one JSON object (no line
/// breaks). The game is played as the runner plays it: even with errors,
/// when something could be compiled.
///
/// # Errors
/// When nothing could be compiled, or a step never stops running `again`
/// turns.
pub fn session_case(
    name: &str,
    source: &str,
    level: usize,
    seed: Option<&str>,
    steps: &[Step],
) -> Result<String, CaseError> {
    let build = crate::build(source);
    let Some(game) = build.game.or(build.salvaged) else {
        let first = build
            .diagnostics
            .iter()
            .find(|d| d.is_error())
            .map_or_else(String::new, |d| format!("line {}: {}", d.span.line, d.message));
        return Err(CaseError::DoesNotCompile(first));
    };
    let format = LineFormat::new(&game, FormatOptions::default());
    let mut session = Session::new_traced(game, level, seed, usize::MAX);
    let mut sounds: Vec<String> = Vec::new();
    let mut collect = |s: &mut Session| {
        for e in s.take_events() {
            if let Event::Sound(seed) = e {
                sounds.push(seed);
            }
        }
    };
    if !drain(&mut session) {
        return Err(CaseError::EndlessAgain(0));
    }
    collect(&mut session);
    for (k, step) in steps.iter().enumerate() {
        step.apply(&mut session);
        if !drain(&mut session) {
            return Err(CaseError::EndlessAgain(k + 1));
        }
        collect(&mut session);
    }
    let segments: Vec<Vec<String>> =
        session.trace().map(|t| t.segments().iter().map(|s| format.segment(s)).collect()).unwrap_or_default();
    let mut out = String::from("{\"name\": ");
    json_string(&mut out, name);
    out.push_str(", \"source\": ");
    json_string(&mut out, source);
    out.push_str(", \"inputs\": [");
    for (k, step) in steps.iter().enumerate() {
        if k > 0 {
            out.push_str(", ");
        }
        out.push_str(&step.json());
    }
    out.push_str("], \"expected\": ");
    json_string(&mut out, &session.dump());
    let _ = write!(out, ", \"level\": {level}, \"seed\": ");
    match seed {
        Some(s) => json_string(&mut out, s),
        None => out.push_str("null"),
    }
    out.push_str(", \"sounds\": ");
    json_strings(&mut out, &sounds);
    out.push_str(", \"trace\": [");
    for (k, seg) in segments.iter().enumerate() {
        if k > 0 {
            out.push_str(", ");
        }
        json_strings(&mut out, seg);
    }
    out.push_str("]}");
    Ok(out)
}

fn json_strings(out: &mut String, items: &[String]) {
    out.push('[');
    for (k, s) in items.iter().enumerate() {
        if k > 0 {
            out.push_str(", ");
        }
        json_string(out, s);
    }
    out.push(']');
}
